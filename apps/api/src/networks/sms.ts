import { NetworkError } from './errors.ts';
import { createNetworkHttp } from './http.ts';
import type { ConnectorOptions } from './types.ts';

/**
 * An SMS gateway through Twilio's Programmable Messaging API (api.twilio.com/2010-04-01), the shape
 * most SMS providers also offer: form-encoded To, From, Body; HTTP Basic with the account SID and
 * auth token; errors as {code, message, more_info, status}.
 */

export interface SmsGatewayOptions extends Omit<ConnectorOptions, 'token'> {
  accountSid: string;
  authToken: string;
  /** The sender: a phone number in E.164, an alphanumeric sender id, or a Messaging Service SID (MG...). */
  from: string;
}

export interface SmsGateway {
  readonly baseUrl: string;
  /** Sends one text; resolves with the gateway's message SID once it has accepted it. */
  send(request: { to: string; body: string }): Promise<{ sid: string }>;
}

/** Twilio error codes: https://www.twilio.com/docs/api/errors */
function twilioError(status: number, body: unknown): NetworkError {
  const answer = body as { code?: number; message?: string } | null;
  const code = answer?.code;
  const message = answer?.message ?? `HTTP ${status}`;
  const detail = { httpStatus: status, ...(code !== undefined ? { code } : {}) };
  if (status === 429 || code === 20429 || code === 14107)
    return new NetworkError('sms', 'rate_limited', message, detail);
  if (status >= 500) return new NetworkError('sms', 'network_down', message, detail);
  if (status === 401 || status === 403 || code === 20003)
    return new NetworkError('sms', 'unauthorized', message, detail);
  // Not a number that can take a text: invalid, a landline, unsubscribed (STOP), or a blocked region.
  if (code === 21211 || code === 21614 || code === 21610 || code === 21612 || code === 21408)
    return new NetworkError('sms', 'not_capable', message, detail);
  if (status === 404) return new NetworkError('sms', 'not_found', message, detail);
  return new NetworkError('sms', 'invalid_content', message, detail);
}

export function createSmsGateway(options: SmsGatewayOptions): SmsGateway {
  const authorization = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`;
  const http = createNetworkHttp({
    ...options,
    network: 'sms',
    headers: () => ({ authorization }),
    classify: twilioError,
  });
  const sender = options.from.startsWith('MG') ? 'MessagingServiceSid' : 'From';

  return {
    baseUrl: options.baseUrl,
    async send({ to, body }) {
      const form = new URLSearchParams({ To: to, [sender]: options.from, Body: body });
      const { body: answer } = await http.request({
        method: 'POST',
        path: `/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`,
        body: { bytes: Buffer.from(form.toString()), contentType: 'application/x-www-form-urlencoded' },
        // The Messages API has no idempotency key: never resend what it may have taken.
        retry: 'if-not-accepted',
      });
      const sid = (answer as { sid?: string } | null)?.sid;
      if (!sid) throw new NetworkError('sms', 'network_down', 'the answer named no message SID.');
      return { sid };
    },
  };
}
