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
import { decodeJwt } from 'jose';
import { authorize } from '../../platform/auth/policy.ts';
import type { TokenVerifier } from '../../platform/auth/types.ts';
import { sendTable } from '../../platform/export/tables.ts';
import { ok } from '../../platform/http/envelope.ts';
import { AppError } from '../../platform/http/errors.ts';
import { bearerToken, userOf } from '../../platform/http/secure-scope.ts';
import { testDevicesTable } from './bot-testing.export.ts';
import { type BotTestingService, presentDevice, presentLine } from './bot-testing.service.ts';
import { type ConsoleUpdate, createConsoleFeeds } from './console-feed.ts';

const tags = ['bot-testing'];

/** A comment line this often keeps proxies from closing an idle stream. */
const KEEP_ALIVE_MS = 15_000;
/**
 * How often an idle console checks its access token again (signed out, the user disabled, the role
 * changed); it checks it before every read too. A refused token ends the stream within this time
 * plus the verifier's memory (decision 0006), and it ends at the token's expiry in any case.
 */
export const CONSOLE_TOKEN_RECHECK_MS = 30_000;

/** The longest delay a timer takes (setTimeout's limit, about 24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** The `exp` of a token the secure scope has just verified, in ms (0 when it has none). */
function expiryOf(token: string): number {
  try {
    const { exp } = decodeJwt(token);
    return typeof exp === 'number' ? exp * 1000 : 0;
  } catch {
    return 0;
  }
}

/** Secure routes: a bot's test devices, invites, capability, test messages and the console. */
export function botTestingRoutes(service: BotTestingService, verifier: TokenVerifier): FastifyPluginAsyncZod {
  return async (app) => {
    const base = '/bots/:botId/test-devices';
    // Open console streams, ended before the server closes (a stream never ends on its own, and
    // the server's close waits for open connections).
    const streams = new Set<() => void>();
    const feeds = createConsoleFeeds(service, app.log);
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
        const token = bearerToken(request) ?? '';
        const { botId, deviceId } = request.params;
        const { device } = await service.ownDevice(user, botId, deviceId);
        // Start after the newest line: the page loads the conversation, then listens for what follows.
        const since = new Date();
        const start = await service.conversation(user, botId, device.deviceId, 1);
        const cursor = { seq: Number(start.items.at(-1)?.id ?? 0), since };

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
        send('device', presentDevice(device));

        let closed = false;
        const timers: ReturnType<typeof setTimeout>[] = [];
        const intervals: ReturnType<typeof setInterval>[] = [];
        let leave: (() => Promise<void>) | null = null;
        /** Ends the stream, saying why (the page opens it again with a fresh token when it has one). */
        const stop = (reason = 'closed') => {
          if (closed) return;
          closed = true;
          for (const timer of timers) clearTimeout(timer);
          for (const interval of intervals) clearInterval(interval);
          streams.delete(stop);
          if (reason !== 'closed') send('end', { reason });
          raw.end();
          void leave?.().catch((error: unknown) =>
            request.log.warn({ err: error }, 'bot console stream left its feed badly'),
          );
        };
        /**
         * Whether the token is refused now (signed out, revoked, the user disabled, no longer allowed
         * to read bots). A verifier that cannot answer (5xx) refuses nothing: it is asked again later.
         */
        const refused = async () => {
          try {
            authorize(await verifier.verify(token), 'bots.read');
            return false;
          } catch (error) {
            return !(error instanceof AppError && error.httpStatus >= 500);
          }
        };
        // Each update is shown in turn, once the token is checked again.
        let shown = Promise.resolve();
        const show = (update: ConsoleUpdate) => {
          shown = shown.then(async () => {
            if (closed) return;
            if (await refused()) return stop('token-refused');
            if (update.device === null) return stop('device-removed');
            if (update.device) send('device', presentDevice(update.device));
            for (const line of update.lines) send('message', presentLine(line));
          });
        };
        // An idle stream checks its token now and then too; it ends when the token expires.
        intervals.push(
          setInterval(async () => {
            if (!closed && (await refused())) stop('token-refused');
          }, CONSOLE_TOKEN_RECHECK_MS),
          setInterval(() => raw.write(': ping\n\n'), KEEP_ALIVE_MS),
        );
        const expiresAt = expiryOf(token);
        if (expiresAt > 0)
          timers.push(
            setTimeout(
              () => stop('token-expired'),
              Math.min(Math.max(0, expiresAt - Date.now()), MAX_TIMER_MS),
            ),
          );
        streams.add(stop);
        request.raw.on('close', () => stop());
        try {
          leave = await feeds.join(device, cursor, show);
        } catch (error) {
          request.log.error({ err: error }, 'bot console stream could not listen');
          return stop('unavailable');
        }
        if (closed) await leave();
      },
    );
  };
}
