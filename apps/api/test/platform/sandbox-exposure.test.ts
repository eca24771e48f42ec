import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectEnvelope, type TestApp, WITHOUT_SANDBOX_ENV } from '../helpers.ts';

// Security finding 2 (sandbox exposed) and the sandbox half of finding 1 (free money): without
// DEMO=1 or SANDBOX=1 nothing of the sandboxes is reachable and their published secrets open nothing.
const PUBLISHED = {
  whatsappAppSecret: 'sandbox-whatsapp-app-secret',
  rbmClientToken: 'sandbox-rbm-client-token',
  maapWebhookToken: 'sandbox-maap-webhook-token',
};

const whatsappStatus = JSON.stringify({
  object: 'whatsapp_business_account',
  entry: [
    {
      id: 'waba',
      changes: [
        {
          field: 'messages',
          value: {
            messaging_product: 'whatsapp',
            metadata: { phone_number_id: '1' },
            statuses: [{ id: 'wamid.x', status: 'delivered', timestamp: '1760000000', recipient_id: '1' }],
          },
        },
      ],
    },
  ],
});

describe('without DEMO or SANDBOX', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { ...WITHOUT_SANDBOX_ENV, NODE_ENV: 'production' } });
  });
  afterAll(() => t.close());

  it('when anyone asks the sandbox for a handset or its config then nothing answers', async () => {
    for (const [method, url] of [
      ['GET', '/sandbox'],
      ['GET', '/sandbox/api/handsets/%2B919876543211'],
      ['PUT', '/sandbox/config'],
      ['GET', '/sandbox/web/saffronstays.example/privacy'],
      ['POST', '/sandbox/api/handsets/%2B919876543211/replies'],
    ] as const) {
      const response = await t.app.inject({ method, url, payload: method === 'GET' ? undefined : {} });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      // The envelope's 404 (it names the path asked for), never the sandbox's page or data.
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.body).not.toContain('msisdn');
    }
  });

  it('when a webhook is signed with a published sandbox secret then it is refused', async () => {
    const wa = await t.app.inject({
      method: 'POST',
      url: '/api/v1/network-events/whatsapp',
      headers: {
        'content-type': 'application/json',
        'x-hub-signature-256': `sha256=${createHmac('sha256', PUBLISHED.whatsappAppSecret).update(whatsappStatus).digest('hex')}`,
      },
      payload: whatsappStatus,
    });
    expectEnvelope(wa, 401);
    const rbmBody = JSON.stringify({
      message: {
        data: Buffer.from('{"eventType":"DELIVERED","eventId":"e1","messageId":"m1"}').toString('base64'),
      },
    });
    const rbm = await t.app.inject({
      method: 'POST',
      url: '/api/v1/network-events/rbm',
      headers: {
        'content-type': 'application/json',
        'x-goog-signature': createHmac('sha512', PUBLISHED.rbmClientToken).update(rbmBody).digest('base64'),
      },
      payload: rbmBody,
    });
    expectEnvelope(rbm, 401);
    const maap = await t.app.inject({
      method: 'POST',
      url: '/api/v1/network-events/maap',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${PUBLISHED.maapWebhookToken}` },
      payload: JSON.stringify({ event: 'messageStatus', RCSMessage: { msgId: 'm', status: 'delivered' } }),
    });
    expectEnvelope(maap, 401);
  });

  it('when the sandbox checkout is called then there is none: the payment provider is the real one', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/payments/sandbox/checkout/00000000-0000-4000-8000-000000000001',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=succeeded',
    });
    expect(response.statusCode).toBe(404);
    expect(response.headers.location).toBeUndefined();
  });

  it('when mail has no SMTP server then the dev mailbox is still not served', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/dev/mailbox/messages' });
    expect(page.body).not.toContain('"items"');
  });
});

describe('with SANDBOX=1', () => {
  it('when a handset is asked for then the sandbox answers', async () => {
    const t = await createTestApp();
    try {
      const response = await t.app.inject({ method: 'GET', url: '/sandbox/api/handsets/%2B919876543211' });
      expect(response.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
