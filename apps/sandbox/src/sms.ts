import { randomBytes } from 'node:crypto';
import { isE164 } from '@portico/domain';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { SandboxContext } from './context.ts';

/**
 * An SMS gateway in the shape of Twilio's Programmable Messaging API, served under /sandbox/sms:
 * POST /2010-04-01/Accounts/{AccountSid}/Messages.json, form-encoded To, From (or
 * MessagingServiceSid) and Body, HTTP Basic auth with the account SID and auth token; 201 with the
 * Message resource, or {code, message, more_info, status} with the documented error codes.
 * Status callbacks and inbound messages are not imitated (the platform sends one-time passwords).
 */

export const SMS_ERRORS = {
  auth: { code: 20003, http: 401, message: 'Authenticate' },
  notFound: { code: 20404, http: 404, message: 'The requested resource was not found' },
  tooManyRequests: { code: 20429, http: 429, message: 'Too Many Requests' },
  serviceUnavailable: { code: 20503, http: 503, message: 'Service Unavailable' },
  invalidTo: { code: 21211, http: 400, message: "Invalid 'To' Phone Number" },
  fromRequired: { code: 21603, http: 400, message: "A 'From' phone number is required" },
  bodyRequired: { code: 21602, http: 400, message: 'Message body is required' },
  bodyTooLong: {
    code: 21617,
    http: 400,
    message: 'The concatenated message body exceeds the 1600 character limit',
  },
} as const;
type SmsErrorKind = keyof typeof SMS_ERRORS;

export class SmsError extends Error {
  constructor(
    readonly kind: SmsErrorKind,
    detail?: string,
  ) {
    super(detail ?? SMS_ERRORS[kind].message);
  }
}

const MAX_BODY = 1600;
/** GSM-7 fits 160 characters in one part, 153 when split; anything else is UCS-2 (70 / 67). */
const GSM7 = /^[\n\r -_a-z£¥èéùìòÇØøÅåΔΦΓΛΩΠΨΣΘΞÆæßÉ¡ÄÖÑÜ§¿äöñüà^{}\\[~\]|€]*$/;

export function segmentsOf(body: string): number {
  const [single, part] = GSM7.test(body) ? [160, 153] : [70, 67];
  return body.length <= single ? 1 : Math.ceil(body.length / part);
}

function sendError(reply: FastifyReply, error: SmsError) {
  const spec = SMS_ERRORS[error.kind];
  return reply.code(spec.http).send({
    code: spec.code,
    message: error.message,
    more_info: `https://www.twilio.com/docs/errors/${spec.code}`,
    status: spec.http,
  });
}

/** The account SID and auth token of an `Authorization: Basic` header. */
function basicCredentials(request: FastifyRequest): { sid: string; token: string } | null {
  const encoded = /^Basic\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  if (!encoded) return null;
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon > 0 ? { sid: decoded.slice(0, colon), token: decoded.slice(colon + 1) } : null;
}

const rfc2822 = (at: Date) => at.toUTCString().replace('GMT', '+0000');

export function smsPlugin(ctx: SandboxContext): FastifyPluginAsync {
  return async (app) => {
    // Twilio takes application/x-www-form-urlencoded; the host app may already parse it.
    if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) {
      app.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string', bodyLimit: 64 * 1024 },
        (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
      );
    }
    app.setErrorHandler(async (error: unknown, _request, reply) =>
      sendError(
        reply,
        error instanceof SmsError ? error : new SmsError('notFound', (error as Error).message),
      ),
    );

    app.post<{ Params: { accountSid: string } }>(
      '/2010-04-01/Accounts/:accountSid/Messages.json',
      async (request, reply) => {
        const { accountSid } = request.params;
        const credentials = basicCredentials(request);
        const expected = ctx.credentials.sms;
        if (
          !credentials ||
          credentials.sid !== accountSid ||
          !credentials.token ||
          (expected !== undefined && credentials.token !== expected)
        )
          throw new SmsError('auth');
        if (ctx.chance(ctx.behaviour.serverErrorRatio)) throw new SmsError('serviceUnavailable');

        const form = (request.body ?? {}) as Record<string, unknown>;
        const field = (name: string) => (typeof form[name] === 'string' ? (form[name] as string) : '');
        const to = field('To').trim();
        const from = field('From').trim() || field('MessagingServiceSid').trim();
        const body = field('Body');
        if (!isE164(to))
          throw new SmsError('invalidTo', `The 'To' number ${to} is not a valid phone number.`);
        if (!from) throw new SmsError('fromRequired');
        if (!body) throw new SmsError('bodyRequired');
        if (body.length > MAX_BODY) throw new SmsError('bodyTooLong');
        const { rateLimits } = ctx.behaviour;
        if (rateLimits.enabled && !ctx.store.takeToken(`sms|${accountSid}`, rateLimits.smsPerSecond))
          throw new SmsError('tooManyRequests');

        const sid = `SM${randomBytes(16).toString('hex')}`;
        const at = new Date();
        ctx.store.addItem(to, {
          id: sid,
          network: 'sms',
          sender: from,
          direction: 'received',
          at: at.toISOString(),
          text: body,
          suggestions: [],
          status: 'delivered',
        });
        const uri = `/2010-04-01/Accounts/${accountSid}/Messages/${sid}.json`;
        return reply.code(201).send({
          account_sid: accountSid,
          api_version: '2010-04-01',
          body,
          date_created: rfc2822(at),
          date_sent: null,
          date_updated: rfc2822(at),
          direction: 'outbound-api',
          error_code: null,
          error_message: null,
          from: field('From').trim() || null,
          messaging_service_sid: field('MessagingServiceSid').trim() || null,
          num_media: '0',
          num_segments: String(segmentsOf(body)),
          price: null,
          price_unit: 'USD',
          sid,
          status: 'queued',
          subresource_uris: { media: uri.replace('.json', '/Media.json') },
          to,
          uri,
        });
      },
    );
  };
}
