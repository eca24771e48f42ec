/**
 * A partner's webhook for the journeys: a local HTTP server that passes the networks' verification
 * (Meta's GET hub.challenge, Google's {clientToken, secret} POST) and keeps every other delivery.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Delivery {
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface WebhookReceiver {
  /** The URL to set as the webhook (the path names the journey). */
  url: string;
  /** What arrived after the verification, oldest first. */
  deliveries: Delivery[];
  close(): Promise<void>;
}

export async function startWebhookReceiver(path: string): Promise<WebhookReceiver> {
  const deliveries: Delivery[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      // Meta's verification (a bot with WhatsApp too): GET ?hub.challenge=... -> the challenge.
      const challenge = new URL(request.url ?? '/', 'http://receiver').searchParams.get('hub.challenge');
      if (request.method === 'GET' && challenge) {
        response.end(challenge);
        return;
      }
      const parsed = body ? (JSON.parse(body) as { clientToken?: string; secret?: string }) : {};
      // Google's one-time verification: {clientToken, secret} -> the secret as plain text.
      if (parsed.clientToken !== undefined && parsed.secret !== undefined) {
        response.end(parsed.secret);
        return;
      }
      deliveries.push({ headers: request.headers, body });
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`,
    deliveries,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
