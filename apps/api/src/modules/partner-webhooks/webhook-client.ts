import { randomBytes } from 'node:crypto';
import type { Network } from '@portico/domain';
import { Agent, request } from 'undici';
import { BadRequestError } from '../../platform/http/errors.ts';
import { assertReachable, checkedLookup } from './webhook-address.ts';

/** What a webhook answered (or why it could not be reached). */
export interface WebhookAnswer {
  status: number | null;
  latencyMs: number;
  /** The first few KB of the answer's body. */
  text: string;
  error: string | null;
}

const ANSWER_LIMIT = 4096;

/**
 * The one HTTP client for partner webhooks: every socket connects only to an address the SSRF
 * guard checked, a slow webhook is cut off after `timeoutMs`, and a redirect is not followed.
 */
export function createWebhookClient({
  allowPrivate,
  timeoutMs,
}: {
  allowPrivate: boolean;
  timeoutMs: number;
}) {
  const dispatcher = new Agent({
    connect: { lookup: checkedLookup(allowPrivate), timeout: timeoutMs },
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
    connections: 64,
  });

  async function call(
    method: 'GET' | 'POST',
    url: string,
    init: { body?: string; headers?: Record<string, string> } = {},
  ): Promise<WebhookAnswer> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    try {
      // A literal IP never goes through lookup: check it here (a name is checked on connect).
      await assertReachable(url, allowPrivate);
      const answer = await request(url, {
        method,
        dispatcher,
        headers: { 'user-agent': 'Portico-Webhooks/1.0', ...init.headers },
        ...(init.body !== undefined ? { body: init.body } : {}),
        signal: AbortSignal.timeout(timeoutMs),
      });
      let text = '';
      for await (const chunk of answer.body) {
        if (text.length < ANSWER_LIMIT) text += chunk.toString();
      }
      return {
        status: answer.statusCode,
        latencyMs: elapsed(),
        text: text.slice(0, ANSWER_LIMIT),
        error: null,
      };
    } catch (error) {
      const message =
        error instanceof BadRequestError
          ? error.message
          : error instanceof Error && error.name === 'TimeoutError'
            ? `no answer within ${timeoutMs} ms`
            : error instanceof Error
              ? error.message
              : String(error);
      return { status: null, latencyMs: elapsed(), text: '', error: message };
    }
  }

  return {
    post: (url: string, init: { body: string; headers: Record<string, string> }) => call('POST', url, init),
    get: (url: string) => call('GET', url),
    close: () => dispatcher.close(),
  };
}
export type WebhookClient = ReturnType<typeof createWebhookClient>;

/**
 * The verification challenge, in the network's own way (docs/decisions/0024-partner-webhooks.md):
 * - RBM: POST {clientToken, secret}; the webhook answers 200 with the secret as plain text;
 * - WhatsApp: GET ?hub.mode=subscribe&hub.verify_token=<token>&hub.challenge=<n>; it echoes the challenge;
 * - MaaP (no standard check): POST {event: 'webhookVerification', challenge} with the Bearer
 *   token; it answers 200 with the challenge as plain text.
 * Throws a 400 naming what the webhook answered when it does not pass.
 */
export async function verifyWebhook(
  client: WebhookClient,
  url: string,
  network: Network,
  token: string,
): Promise<void> {
  const challenge = randomBytes(16).toString('hex');
  let answer: WebhookAnswer;
  if (network === 'whatsapp') {
    const target = new URL(url);
    target.searchParams.set('hub.mode', 'subscribe');
    target.searchParams.set('hub.verify_token', token);
    target.searchParams.set('hub.challenge', challenge);
    answer = await client.get(target.toString());
  } else if (network === 'rbm') {
    answer = await client.post(url, {
      body: JSON.stringify({ clientToken: token, secret: challenge }),
      headers: { 'content-type': 'application/json' },
    });
  } else {
    answer = await client.post(url, {
      body: JSON.stringify({ event: 'webhookVerification', challenge }),
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    });
  }
  if (answer.error) throw new BadRequestError(`The webhook could not be verified: ${answer.error}.`);
  if (answer.status !== 200 || answer.text.trim() !== challenge)
    throw new BadRequestError(
      `The webhook could not be verified: it answered ${answer.status} without echoing the challenge (${NETWORK_WAY[network]}).`,
    );
}

const NETWORK_WAY: Record<Network, string> = {
  rbm: 'answer the POST {clientToken, secret} with the secret as plain text, as for Google RBM',
  maap: 'answer the POST {event: "webhookVerification", challenge} with the challenge as plain text',
  whatsapp: 'answer the GET with hub.challenge as plain text, as for Meta',
};
