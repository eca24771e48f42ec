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
  ZTestMessageRequest,
} from '@portico/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendTable } from '../../platform/export/tables.ts';
import { ok } from '../../platform/http/envelope.ts';
import { userOf } from '../../platform/http/secure-scope.ts';
import { testDevicesTable } from './bot-testing.export.ts';
import { type BotTestingService, presentDevice, presentLine } from './bot-testing.service.ts';

const tags = ['bot-testing'];

/** How often the console stream looks at the database for the device's new events (server side). */
export const CONSOLE_TICK_MS = 400;
/** A comment line this often keeps proxies from closing an idle stream. */
const KEEP_ALIVE_MS = 15_000;

/** Secure routes: a bot's test devices, invites, capability, test messages and the console. */
export function botTestingRoutes(service: BotTestingService): FastifyPluginAsyncZod {
  return async (app) => {
    const base = '/bots/:botId/test-devices';
    // Open console streams, ended before the server closes (a stream never ends on its own, and
    // the server's close waits for open connections).
    const streams = new Set<() => void>();
    app.addHook('preClose', async () => {
      for (const stop of [...streams]) stop();
    });

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
            'Server-sent events of the console: `message` (a new line or a receipt), `device` (e.g. the invite was answered). The server watches the database; the browser never polls.',
          params: ZTestDeviceParams,
        },
      },
      async (request, reply) => {
        const user = userOf(request);
        const { botId, deviceId } = request.params;
        const { bot, device } = await service.ownDevice(user, botId, deviceId);
        // Start after the newest line: the page loads the conversation, then listens for what follows.
        const since = new Date();
        const start = await service.conversation(user, bot.id, device.deviceId, 1);
        let cursor = { seq: Number(start.items.at(-1)?.id ?? 0), since };
        let current = device;

        reply.hijack();
        const raw = reply.raw;
        raw.writeHead(200, {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-cache, no-transform',
          connection: 'keep-alive',
          'x-accel-buffering': 'no',
        });
        const send = (event: string, data: unknown) =>
          raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
        send('device', presentDevice(current));

        let closed = false;
        let running = false;
        const tick = async () => {
          if (closed || running) return;
          running = true;
          try {
            const now = new Date();
            const { device: next, lines } = await service.tick(bot, current, cursor);
            if (next.updatedAt.getTime() !== current.updatedAt.getTime()) send('device', presentDevice(next));
            current = next;
            for (const line of lines) send('message', presentLine(line));
            const newest = lines.reduce((max, l) => Math.max(max, l.seq), cursor.seq);
            // Receipts are looked for since the start of this tick (a change during it is seen again).
            cursor = { seq: newest, since: now };
          } catch (error) {
            request.log.warn({ err: error }, 'bot console stream tick failed');
          } finally {
            running = false;
          }
        };
        const timer = setInterval(() => void tick(), CONSOLE_TICK_MS);
        const keepAlive = setInterval(() => raw.write(': ping\n\n'), KEEP_ALIVE_MS);
        const stop = () => {
          if (closed) return;
          closed = true;
          clearInterval(timer);
          clearInterval(keepAlive);
          streams.delete(stop);
          raw.end();
        };
        streams.add(stop);
        request.raw.on('close', stop);
      },
    );
  };
}
