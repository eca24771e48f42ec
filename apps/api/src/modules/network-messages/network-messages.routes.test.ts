import { createHmac } from 'node:crypto';
import { type TNetworkEvent, type TNetworkMessage, ZNetworkHealth, ZNetworkMessage } from '@portico/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectEnvelope, type TestApp } from '../../../test/helpers.ts';
import { createConnectors, resolveNetworks } from '../../networks/index.ts';
import { createNetworkMessagesRepository } from './network-messages.repository.ts';
import { createNetworkMessagesService } from './network-messages.service.ts';

/**
 * The whole loop on a listening app: test send -> connector -> mounted sandbox -> receipts ->
 * signed webhook -> stored event -> message status; and the webhooks on their own.
 */

const SEND = '/api/v1/secure/network-messages/test';
const ADMIN = 'SUPER_ADMIN_PORTICO';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    listen: true,
    env: {
      SANDBOX_BEHAVIOUR: JSON.stringify({
        deliveryDelayMs: 30,
        readDelayMs: 60,
        rateLimits: { enabled: false },
      }),
    },
  });
});
afterAll(() => t.close());

async function send(payload: unknown, subject: Parameters<TestApp['injectAs']>[0] = ADMIN) {
  return t.injectAs(subject, { method: 'POST', url: SEND, payload: payload as object });
}
async function messageOf(id: string): Promise<TNetworkMessage> {
  const body = expectEnvelope(
    await t.injectAs(ADMIN, { method: 'GET', url: `/api/v1/secure/network-messages/${id}` }),
    200,
  );
  return ZNetworkMessage.parse(body.data);
}
async function untilStatus(id: string, status: string, timeoutMs = 5000): Promise<TNetworkMessage> {
  const started = Date.now();
  for (;;) {
    const message = await messageOf(id);
    if (message.status === status || Date.now() - started > timeoutMs) return message;
    await new Promise((resolve) => setTimeout(resolve, 30));
  }
}
async function events(network: string): Promise<TNetworkEvent[]> {
  const body = expectEnvelope(
    await t.injectAs(ADMIN, {
      method: 'GET',
      url: `/api/v1/secure/network-events?network=${network}&start=0&end=500`,
    }),
    200,
  );
  return (body.data as { items: TNetworkEvent[] }).items;
}

const richCard = {
  kind: 'rich_card',
  card: {
    title: 'Festive offer',
    description: '20% off this week',
    media: { fileUrl: 'https://example.com/offer.png', height: 'MEDIUM' },
    suggestions: [{ type: 'reply', text: 'Tell me more', postbackData: 'more' }],
  },
  suggestions: [{ type: 'open_url', text: 'Shop', postbackData: 'shop', url: 'https://example.com/shop' }],
};

describe('POST network-messages/test: the loop through the sandbox', () => {
  it('when an RBM rich card is sent then it is stored, sent, and moves to read as receipts arrive', async () => {
    const response = await send({ network: 'rbm', recipient: '+919811111111', content: richCard });
    const created = ZNetworkMessage.parse(expectEnvelope(response, 201).data);
    expect(created).toMatchObject({
      network: 'rbm',
      status: 'sent',
      sender: 'portico-test-agent',
      recipient: '+919811111111',
    });
    expect(created.network_message_id).toBe(created.message_id);
    const read = await untilStatus(created.message_id, 'read');
    expect(read.status).toBe('read');
    const rbmEvents = (await events('rbm')).filter((e) => e.network_message_id === created.message_id);
    expect(rbmEvents.map((e) => e.status).sort()).toEqual(['delivered', 'read']);
    expect(rbmEvents.every((e) => e.applied && e.message_id === created.message_id)).toBe(true);
  });

  it('when a MaaP carousel is sent then it reaches read (displayed)', async () => {
    const response = await send({
      network: 'maap',
      recipient: '+919811111112',
      content: {
        kind: 'carousel',
        cards: [richCard.card, { ...richCard.card, title: 'Second' }],
        suggestions: [],
      },
    });
    const created = ZNetworkMessage.parse(expectEnvelope(response, 201).data);
    expect((await untilStatus(created.message_id, 'read')).status).toBe('read');
  });

  it('when a WhatsApp text is sent then the wamid is recorded and statuses sent -> delivered -> read apply', async () => {
    const response = await send({
      network: 'whatsapp',
      recipient: '+919811111113',
      content: { kind: 'text', text: 'Hello' },
    });
    const created = ZNetworkMessage.parse(expectEnvelope(response, 201).data);
    expect(created.network_message_id).toMatch(/^wamid\./);
    expect((await untilStatus(created.message_id, 'read')).status).toBe('read');
  });

  it('when the WhatsApp number cannot receive then the message ends failed with 131026', async () => {
    const response = await send({
      network: 'whatsapp',
      recipient: '+919811111119',
      content: { kind: 'text', text: 'Hello' },
    });
    const created = ZNetworkMessage.parse(expectEnvelope(response, 201).data);
    const failed = await untilStatus(created.message_id, 'failed');
    expect(failed).toMatchObject({ status: 'failed', error_code: '131026' });
  });

  it('when WhatsApp throughput is exceeded in "fail" mode then the message is accepted and ends failed with 130429', async () => {
    const behaviour = { deliveryDelayMs: 30, readDelayMs: 60 };
    const configure = (rateLimits: Record<string, unknown>) =>
      t.app.inject({ method: 'PUT', url: '/sandbox/config', payload: { ...behaviour, rateLimits } });
    expect(
      (await configure({ enabled: true, whatsappPerSecond: 1, whatsappOverLimit: 'fail' })).statusCode,
    ).toBe(200);
    try {
      const sent = await Promise.all(
        [1, 2].map(async () =>
          ZNetworkMessage.parse(
            expectEnvelope(
              await send({
                network: 'whatsapp',
                recipient: '+919811111117',
                content: { kind: 'text', text: 'Burst' },
              }),
              201,
            ).data,
          ),
        ),
      );
      const final = await Promise.all(
        sent.map((m) => untilStatus(m.message_id, m === sent[0] ? 'read' : 'failed')),
      );
      const failed = final.filter((m) => m.status === 'failed');
      expect(failed).toHaveLength(1);
      expect(failed[0]?.error_code).toBe('130429');
    } finally {
      await configure({ enabled: false });
    }
  });

  it('when the number is not RCS-capable then 422 names the network error and the message is recorded failed', async () => {
    const response = await send({
      network: 'rbm',
      recipient: '+919811111110',
      content: { kind: 'text', text: 'Hi' },
    });
    const body = expectEnvelope(response, 422);
    expect(body.message).toMatch(/^Google RBM: \+919811111110 cannot receive RCS messages\.$/);
    const data = body.data as { kind: string; message_id: string };
    expect(data.kind).toBe('not_capable');
    expect(await messageOf(data.message_id)).toMatchObject({ status: 'failed', error_code: 'NOT_FOUND' });
  });

  it('when a slice is sent together then each message has its own outcome, in order', async () => {
    const messages = createNetworkMessagesService({
      database: t.database,
      repository: createNetworkMessagesRepository(t.database),
      connectors: createConnectors(resolveNetworks(t.config.networks, t.database), t.app.log),
    });
    const { user } = await t.accountOf(ADMIN);
    const recipients = ['+919811111121', '+919811111120', '+919811111122'];
    const outcomes = await messages.sendAll(
      { ...user, role: null },
      recipients.map((recipient) => ({
        network: 'rbm' as const,
        sender: 'portico-test-agent',
        recipient,
        content: { kind: 'text' as const, text: 'Together', suggestions: [] },
        purpose: 'campaign' as const,
      })),
    );
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const [sent, refused] = outcomes;
    if (sent?.status !== 'fulfilled' || refused?.status !== 'rejected') throw new Error('unreachable');
    expect(sent.value).toMatchObject({ status: 'sent', recipient: '+919811111121' });
    const refusal = refused.reason as { data: { kind: string; message_id: string } };
    expect(refusal.data.kind).toBe('not_capable');
    expect(await messageOf(refusal.data.message_id)).toMatchObject({
      status: 'failed',
      recipient: '+919811111120',
    });
    expect((await untilStatus(sent.value.message_id, 'read')).status).toBe('read');
  });

  it('when WhatsApp is asked for a rich card then 422 invalid content', async () => {
    const body = expectEnvelope(
      await send({ network: 'whatsapp', recipient: '+919811111113', content: richCard }),
      422,
    );
    expect((body.data as { kind: string }).kind).toBe('invalid_content');
  });

  it.each([
    [
      { network: 'rbm', recipient: '98111', content: { kind: 'text', text: 'x' } },
      "Invalid field 'recipient'",
    ],
    [
      { network: 'sms', recipient: '+919811111111', content: { kind: 'text', text: 'x' } },
      "Invalid field 'network'",
    ],
    [
      { network: 'rbm', recipient: '+919811111111', content: { kind: 'text', text: '' } },
      "Invalid field 'content.text'",
    ],
    [
      { network: 'rbm', recipient: '+919811111111', content: { kind: 'carousel', cards: [richCard.card] } },
      "Invalid field 'content.cards'",
    ],
  ])('when the request is invalid (%j) then 400 names the field', async (payload, message) => {
    const body = expectEnvelope(await send(payload), 400);
    expect(body.message).toContain(message);
  });

  it('lists messages newest first with a total, and shows connector health', async () => {
    const body = expectEnvelope(
      await t.injectAs(ADMIN, { method: 'GET', url: '/api/v1/secure/network-messages?start=0&end=2' }),
      200,
    );
    const list = body.data as { items: TNetworkMessage[]; total: number };
    expect(list.items).toHaveLength(2);
    expect(list.total).toBeGreaterThanOrEqual(6);
    const health = ZNetworkHealth.parse(
      expectEnvelope(await t.injectAs(ADMIN, { method: 'GET', url: '/api/v1/secure/network-health' }), 200)
        .data,
    );
    const rbm = health.connectors.find((c) => c.network === 'rbm');
    expect(rbm?.requests).toBeGreaterThan(0);
    expect(rbm?.failuresByKind.not_found).toBeGreaterThanOrEqual(1);
  });
});

// ---- webhooks on their own ----
const WA_SECRET = 'sandbox-whatsapp-app-secret';
const RBM_TOKEN = 'sandbox-rbm-client-token';
const waSign = (body: string, secret = WA_SECRET) =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
const rbmSign = (body: string, token = RBM_TOKEN) =>
  createHmac('sha512', token).update(body).digest('base64');
const waStatus = (wamid: string, status: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
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
              statuses: [
                { id: wamid, status, timestamp: '1760000000', recipient_id: '919811111114', ...extra },
              ],
            },
          },
        ],
      },
    ],
  });
const postWebhook = (network: string, body: string, headers: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/network-events/${network}`,
    payload: body,
    headers: { 'content-type': 'application/json', ...headers },
  });
const rbmPush = (event: Record<string, unknown>) =>
  JSON.stringify({
    message: { data: Buffer.from(JSON.stringify(event)).toString('base64'), messageId: '1' },
    subscription: 's',
  });

describe('webhooks', () => {
  it('when a signature is wrong or missing then 401 and nothing is stored', async () => {
    const before = (await events('whatsapp')).length;
    const body = waStatus('wamid.bad', 'delivered');
    expectEnvelope(
      await postWebhook('whatsapp', body, { 'x-hub-signature-256': waSign(body, 'not-the-secret') }),
      401,
    );
    expectEnvelope(await postWebhook('whatsapp', body, {}), 401);
    const rbmBody = rbmPush({ eventType: 'DELIVERED', eventId: 'e-bad', messageId: 'm' });
    expectEnvelope(await postWebhook('rbm', rbmBody, { 'x-goog-signature': rbmSign(rbmBody, 'wrong') }), 401);
    const maapBody = JSON.stringify({
      event: 'messageStatus',
      RCSMessage: { msgId: 'm', status: 'delivered' },
    });
    expectEnvelope(await postWebhook('maap', maapBody, { authorization: 'Bearer wrong' }), 401);
    expect((await events('whatsapp')).length).toBe(before);
  });

  it('when the same event is delivered twice then it is stored once and acknowledged both times', async () => {
    const body = waStatus('wamid.dup', 'delivered');
    const first = expectEnvelope(
      await postWebhook('whatsapp', body, { 'x-hub-signature-256': waSign(body) }),
      200,
    );
    const second = expectEnvelope(
      await postWebhook('whatsapp', body, { 'x-hub-signature-256': waSign(body) }),
      200,
    );
    expect(first.data).toEqual({ stored: 1, applied: 0 });
    expect(second.data).toEqual({ stored: 0, applied: 0 });
    expect((await events('whatsapp')).filter((e) => e.network_message_id === 'wamid.dup')).toHaveLength(1);
  });

  it('when events arrive before their message then they are kept, and applied (never backwards) when it appears', async () => {
    const wamid = 'wamid.early';
    for (const status of ['read', 'delivered', 'sent']) {
      const body = waStatus(wamid, status);
      expectEnvelope(await postWebhook('whatsapp', body, { 'x-hub-signature-256': waSign(body) }), 200);
    }
    const kept = (await events('whatsapp')).filter((e) => e.network_message_id === wamid);
    expect(kept).toHaveLength(3);
    expect(kept.every((e) => !e.applied)).toBe(true);

    // The send that learns the wamid (as the WhatsApp connector's answer does) reconciles them.
    const repository = createNetworkMessagesRepository(t.database);
    const messages = createNetworkMessagesService({
      database: t.database,
      repository,
      connectors: createConnectors(resolveNetworks(t.config.networks, t.database), t.app.log),
    });
    const { user, partner } = await t.accountOf(ADMIN);
    await repository.insertMessages([
      {
        messageId: 'early-1',
        partnerId: partner.partnerId,
        createdBy: user.userId,
        network: 'whatsapp',
        sender: '1',
        recipient: '+919811111114',
        content: { kind: 'text', text: 'x', suggestions: [] },
        networkMessageId: null,
      },
    ]);
    const accepted = await messages.accept('early-1', 'whatsapp', wamid);
    expect(accepted.status).toBe('read');
    expect(
      (await events('whatsapp')).filter((e) => e.network_message_id === wamid).every((e) => e.applied),
    ).toBe(true);

    // A late failure after delivery does not undo it.
    const late = waStatus(wamid, 'failed', { errors: [{ code: 131026, title: 'Message undeliverable' }] });
    expectEnvelope(await postWebhook('whatsapp', late, { 'x-hub-signature-256': waSign(late) }), 200);
    expect((await messageOf('early-1')).status).toBe('read');
  });

  it('when deliveries arrive together then they share units of work, and one that fails fails alone', async () => {
    let units = 0;
    const messages = createNetworkMessagesService({
      database: {
        transaction: ((work: () => Promise<unknown>) => {
          units += 1;
          return t.database.transaction(work);
        }) as typeof t.database.transaction,
      },
      repository: createNetworkMessagesRepository(t.database),
      connectors: createConnectors(resolveNetworks(t.config.networks, t.database), t.app.log),
    });
    messages.onEventsStored(async (stored) => {
      if (stored.some((e) => e.dedupeKey.endsWith('poison'))) throw new Error('the listener refuses it');
    });
    const delivery = (key: string) => [
      {
        network: 'rbm',
        dedupeKey: key,
        kind: 'status',
        networkMessageId: key,
        status: 'delivered',
        payload: {},
      },
    ];
    const stored = async () =>
      (
        await t.database.sql.query<{ k: string }>(
          "SELECT dedupe_key AS k FROM network_events WHERE dedupe_key LIKE 'together-%' ORDER BY 1",
        )
      ).rows.map((r) => r.k);

    // Twelve at once: the first alone, the eleven that came while it ran in one more.
    const first = Array.from({ length: 12 }, (_, i) => `together-a${String(i).padStart(2, '0')}`);
    const counts = await Promise.all(first.map((key) => messages.ingest(delivery(key))));
    expect(counts.every((c) => c.stored === 1)).toBe(true);
    expect(units).toBe(2);
    // A redelivery in a unit of its own and in the same list is stored once.
    const again = await Promise.all([first[0], first[0]].map((key) => messages.ingest(delivery(key ?? ''))));
    expect(again.map((c) => c.stored)).toEqual([0, 0]);

    // One delivery its listener refuses: the unit it shared fails, each of its deliveries is tried
    // alone, and only the refused one fails (the network delivers it again).
    const second = ['together-b1', 'together-b2', 'together-poison', 'together-b3'];
    const outcomes = await Promise.allSettled(second.map((key) => messages.ingest(delivery(key))));
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect(await stored()).toEqual([...first, 'together-b1', 'together-b2', 'together-b3']);
  });

  it('when RBM events come out of order then the status stays at the furthest (READ then DELIVERED)', async () => {
    const created = ZNetworkMessage.parse(
      expectEnvelope(
        await send({ network: 'rbm', recipient: '+919811111115', content: { kind: 'text', text: 'Hi' } }),
        201,
      ).data,
    );
    for (const [eventId, eventType] of [
      ['ooo-read', 'READ'],
      ['ooo-delivered', 'DELIVERED'],
    ]) {
      const body = rbmPush({
        agentId: 'a',
        senderPhoneNumber: '+919811111115',
        eventType,
        eventId,
        messageId: created.message_id,
        sendTime: new Date().toISOString(),
      });
      expectEnvelope(await postWebhook('rbm', body, { 'x-goog-signature': rbmSign(body) }), 200);
    }
    expect((await messageOf(created.message_id)).status).toBe('read');
  });

  it('when a person taps a suggestion or unsubscribes then the user event is stored', async () => {
    const tap = rbmPush({
      agentId: 'a',
      senderPhoneNumber: '+919811111116',
      messageId: 'user-1',
      suggestionResponse: { postbackData: 'more', text: 'Tell me more', type: 'REPLY' },
    });
    expectEnvelope(await postWebhook('rbm', tap, { 'x-goog-signature': rbmSign(tap) }), 200);
    const stop = rbmPush({
      agentId: 'a',
      senderPhoneNumber: '+919811111116',
      eventType: 'UNSUBSCRIBE',
      eventId: 'unsub-1',
      messageId: 'user-2',
    });
    expectEnvelope(await postWebhook('rbm', stop, { 'x-goog-signature': rbmSign(stop) }), 200);
    const maapReply = JSON.stringify({
      event: 'response',
      RCSMessage: {
        msgId: 'maap-user-1',
        suggestedResponse: { response: { reply: { displayText: 'Yes', postback: { data: 'yes' } } } },
      },
      messageContact: { userContact: '+919811111116' },
    });
    expectEnvelope(
      await postWebhook('maap', maapReply, { authorization: 'Bearer sandbox-maap-webhook-token' }),
      200,
    );
    const stored = [...(await events('rbm')), ...(await events('maap'))].filter(
      (e) => e.sender === '+919811111116',
    );
    expect(stored.map((e) => [e.kind, e.postback_data]).sort()).toEqual([
      ['suggestion_response', 'more'],
      ['suggestion_response', 'yes'],
      ['unsubscribe', null],
    ]);
  });

  it("when Google verifies the RBM webhook then the secret is echoed; WhatsApp's challenge is answered", async () => {
    const body = JSON.stringify({ clientToken: RBM_TOKEN, secret: 'echo-me' });
    const response = await postWebhook('rbm', body, {});
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ secret: 'echo-me' });
    expect(
      (await postWebhook('rbm', JSON.stringify({ clientToken: 'other', secret: 'x' }), {})).statusCode,
    ).toBe(401);

    const challenge = await t.app.inject({
      method: 'GET',
      url: '/api/v1/network-events/whatsapp?hub.mode=subscribe&hub.verify_token=sandbox-whatsapp-verify-token&hub.challenge=12345',
    });
    expect(challenge.statusCode).toBe(200);
    expect(challenge.body).toBe('12345');
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/v1/network-events/whatsapp?hub.mode=subscribe&hub.verify_token=nope&hub.challenge=1',
    });
    expect(refused.statusCode).toBe(401);
  });

  it('when the mounted handset page is posted a form (the API parses forms) then 415', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/sandbox/api/handsets/${encodeURIComponent('+919811111111')}/replies`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'text=forged',
    });
    expect(response.statusCode).toBe(415);
  });

  it('when a body is not the network shape then 400', async () => {
    const body = JSON.stringify({ hello: 'world' });
    expectEnvelope(await postWebhook('whatsapp', body, { 'x-hub-signature-256': waSign(body) }), 400);
  });
});
