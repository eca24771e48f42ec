import {
  TESTER_INVITE_LABELS,
  ZConsoleMessage,
  ZConversation,
  ZConversationQuery,
  ZEnvelope,
  ZNoData,
  ZTestBot,
  ZTestDevice,
  ZTestDeviceBotParams,
  ZTestDeviceCapability,
  ZTestDeviceList,
  ZTestDeviceParams,
  ZTestDeviceRequest,
  ZTestDevicesExportQuery,
  ZTestDevicesQuery,
  ZTestMessagePrice,
  ZTestMessageRequest,
} from '@portico/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TokenVerifier } from '../../platform/auth/types.ts';
import { sendTable } from '../../platform/export/tables.ts';
import { ok } from '../../platform/http/envelope.ts';
import { eventStreams } from '../../platform/http/event-stream.ts';
import { userOf } from '../../platform/http/secure-scope.ts';
import type { PlatformMetrics } from '../../platform/metrics/metrics.ts';
import { testDevicesTable } from './bot-testing.export.ts';
import { type BotTestingService, presentDevice, presentLine } from './bot-testing.service.ts';
import { type ConsoleUpdate, createConsoleFeeds } from './console-feed.ts';

const tags = ['bot-testing'];

/** Secure routes: a bot's test devices, invites, capability, test messages and the console. */
export function botTestingRoutes(
  service: BotTestingService,
  verifier: TokenVerifier,
  metrics?: Pick<PlatformMetrics, 'streamOpened'>,
): FastifyPluginAsyncZod {
  return async (app) => {
    const base = '/bots/:botId/test-devices';
    // Open console streams: token checks, keep-alive, ended before the server closes.
    const streams = eventStreams(app, verifier, metrics && (() => metrics.streamOpened('console')));
    const feeds = createConsoleFeeds(service, app.log);

    app.get(
      '/bots/:botId/testing',
      {
        config: { action: 'bots.read' },
        schema: {
          tags,
          summary: 'The bot as the console shows it: its name and the channels it can be tested on',
          params: ZTestDeviceBotParams,
          response: { 200: ZEnvelope(ZTestBot) },
        },
      },
      async (request) => ok(await service.bot(userOf(request), request.params.botId)),
    );

    app.get(
      base,
      {
        config: { action: 'bots.read' },
        schema: {
          tags,
          summary:
            "A bot's test devices (search by number, filter by channel and invite state, sort, window)",
          params: ZTestDeviceBotParams,
          querystring: ZTestDevicesQuery,
          response: { 200: ZEnvelope(ZTestDeviceList) },
        },
      },
      async (request) => ok(await service.list(userOf(request), request.params.botId, request.query)),
    );

    app.get(
      `${base}/export`,
      {
        config: { action: 'bots.read' },
        schema: {
          tags,
          summary: "The bot's test devices as Excel (xlsx) or PDF, filters applied",
          params: ZTestDeviceBotParams,
          querystring: ZTestDevicesExportQuery,
        },
      },
      async (request, reply) => {
        const { format, ...filters } = request.query;
        const { bot, items } = await service.exportRows(userOf(request), request.params.botId, filters);
        const described =
          [
            filters.channel ? `channel ${filters.channel === 'rcs' ? 'RCS' : 'WhatsApp'}` : null,
            filters.invite_status
              ? `invite ${TESTER_INVITE_LABELS[filters.invite_status].toLowerCase()}`
              : null,
            filters.search ? `search "${filters.search}"` : null,
          ]
            .filter(Boolean)
            .join(', ') || 'All devices';
        return sendTable(
          reply,
          format,
          'test-devices',
          testDevicesTable(items, { botName: bot.name, filters: described, generatedAt: new Date() }),
        );
      },
    );

    app.post(
      base,
      {
        config: { action: 'bots.test' },
        schema: {
          tags,
          summary:
            'Adds a test device; on RCS (Google RBM) the network invites the number as a tester (PENDING until the user answers). A network failure answers 502/503 with its reason and adds nothing.',
          params: ZTestDeviceBotParams,
          body: ZTestDeviceRequest,
          response: { 201: ZEnvelope(ZTestDevice) },
        },
      },
      async (request, reply) =>
        reply.code(201).send(ok(await service.add(userOf(request), request.params.botId, request.body))),
    );

    app.delete(
      `${base}/:deviceId`,
      {
        config: { action: 'bots.test' },
        schema: {
          tags,
          summary: 'Removes a test device and its console conversation',
          params: ZTestDeviceParams,
          response: { 200: ZEnvelope(ZNoData) },
        },
      },
      async (request) => {
        await service.remove(userOf(request), request.params.botId, request.params.deviceId);
        return ok(null);
      },
    );

    app.post(
      `${base}/:deviceId/invite`,
      {
        config: { action: 'bots.test' },
        schema: {
          tags,
          summary: 'Sends the RCS tester invite again (409 on WhatsApp and MaaP, which have no testers)',
          params: ZTestDeviceParams,
          response: { 200: ZEnvelope(ZTestDevice) },
        },
      },
      async (request) =>
        ok(await service.resendInvite(userOf(request), request.params.botId, request.params.deviceId)),
    );

    app.post(
      `${base}/:deviceId/refresh`,
      {
        config: { action: 'bots.test' },
        schema: {
          tags,
          summary: "Asks the network for the tester invite's state now",
          params: ZTestDeviceParams,
          response: { 200: ZEnvelope(ZTestDevice) },
        },
      },
      async (request) =>
        ok(await service.refresh(userOf(request), request.params.botId, request.params.deviceId)),
    );

    app.post(
      `${base}/:deviceId/capability`,
      {
        config: { action: 'bots.test' },
        schema: {
          tags,
          summary:
            "Checks the number's capability: RCS features from the network; WhatsApp from the delivery of a test message",
          params: ZTestDeviceParams,
          response: { 200: ZEnvelope(ZTestDeviceCapability) },
        },
      },
      async (request) =>
        ok(await service.capability(userOf(request), request.params.botId, request.params.deviceId)),
    );

    app.post(
      `${base}/:deviceId/messages`,
      {
        config: { action: 'bots.test' },
        schema: {
          tags,
          summary:
            'Sends a test message (text, rich card, carousel, suggestions) or a console answer to the device through the network',
          params: ZTestDeviceParams,
          body: ZTestMessageRequest,
          response: { 201: ZEnvelope(ZConsoleMessage) },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(
            ok(
              await service.send(
                userOf(request),
                request.params.botId,
                request.params.deviceId,
                request.body.content,
              ),
            ),
          ),
    );

    app.get(
      `${base}/:deviceId/price`,
      {
        config: { action: 'bots.read' },
        schema: {
          tags,
          summary:
            "What a console message to the device would cost the launched bot through the partner API (the bot's message type, or the country's WhatsApp rate card); test messages are not charged",
          params: ZTestDeviceParams,
          response: { 200: ZEnvelope(ZTestMessagePrice) },
        },
      },
      async (request) =>
        ok(await service.price(userOf(request), request.params.botId, request.params.deviceId)),
    );

    app.get(
      `${base}/:deviceId/conversation`,
      {
        config: { action: 'bots.read' },
        schema: {
          tags,
          summary:
            'The console conversation with the device: sent messages with receipts, typed and tapped replies',
          params: ZTestDeviceParams,
          querystring: ZConversationQuery,
          response: { 200: ZEnvelope(ZConversation) },
        },
      },
      async (request) =>
        ok(
          await service.conversation(
            userOf(request),
            request.params.botId,
            request.params.deviceId,
            request.query.limit,
          ),
        ),
    );

    app.get(
      `${base}/:deviceId/stream`,
      {
        config: { action: 'bots.read' },
        schema: {
          tags,
          summary:
            'Server-sent events of the console: `message` (a new line or a receipt), `device` (e.g. the invite was answered), `end` (why the server ended it: the token expired or was refused, the device was removed). The database notifies the server of each change (LISTEN/NOTIFY); nobody polls.',
          params: ZTestDeviceParams,
        },
      },
      async (request, reply) => {
        const user = userOf(request);
        const { botId, deviceId } = request.params;
        const { device } = await service.ownDevice(user, botId, deviceId);
        // Start after the newest line: the page loads the conversation, then listens for what follows.
        const since = new Date();
        const start = await service.conversation(user, botId, device.deviceId, 1);
        const cursor = { seq: Number(start.items.at(-1)?.id ?? 0), since };

        const stream = streams.open(request, reply, 'bots.read');
        stream.send('device', presentDevice(device));
        // Each update is shown in turn, once the token is checked again.
        let shown = Promise.resolve();
        const show = (update: ConsoleUpdate) => {
          shown = shown.then(async () => {
            if (stream.closed) return;
            if (await stream.refused()) return stream.stop('token-refused');
            if (update.device === null) return stream.stop('device-removed');
            if (update.device) stream.send('device', presentDevice(update.device));
            for (const line of update.lines) stream.send('message', presentLine(line));
          });
        };
        try {
          stream.onStop(await feeds.join(device, cursor, show));
        } catch (error) {
          request.log.error({ err: error }, 'bot console stream could not listen');
          stream.stop('unavailable');
        }
      },
    );
  };
}
