import { createHmac } from 'node:crypto';
import type { TestApp } from './helpers.ts';

/** Google posting an RBM event to our webhook, signed with the RBM client token as Google signs it. */
export function postRbmEvent(t: Pick<TestApp, 'app' | 'config'>, event: Record<string, unknown>) {
  const body = JSON.stringify({ message: { data: Buffer.from(JSON.stringify(event)).toString('base64') } });
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/network-events/rbm',
    payload: body,
    headers: {
      'content-type': 'application/json',
      'x-goog-signature': createHmac('sha512', t.config.networks.rbm.clientToken)
        .update(body)
        .digest('base64'),
    },
  });
}
