import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  CHANNEL_TYPE,
  ROLES,
  type TWebhookDelivery,
  WEBHOOK_MAX_ATTEMPTS,
  ZWebhookDeliveryList,
  ZWebhookSecret,
  ZWebhookSettings,
} from '@portico/domain';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Subject } from '../../../test/factories.ts';
import { createTestApp, expectEnvelope, type TestApp, xsrfHeaders } from '../../../test/helpers.ts';
import { postRbmEvent } from '../../../test/network-posts.ts';
import { bots } from '../bots/bots.schema.ts';
import { createPartnerWebhooksRepository, type NewDelivery } from './partner-webhooks.repository.ts';

/**
 * The whole path on a listening app with workers: a bot's webhook is verified on a local receiver,
 * the networks post events to our webhooks, and the receiver gets them in the bot's API shape,
 * signed the way each network documents, in order per conversation, retried, dead-lettered, replayed.
 */

const S = '/api/v1/secure';
let t: TestApp;

interface Caller {
  token: string;
  partnerId: string;
}
let developer: Caller;
let stranger: Caller;
let readOnly: Caller;
let rcsBot: string;
let whatsappBot: string;
let maapBot: string;
let draftBot: string;

interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}
let receiver: Server;
let receiverUrl: string;
let received: Received[] = [];
/** The verification challenges the receiver answered. */
const challenges: Received[] = [];
/** How the receiver answers a delivery (challenges are always echoed unless `echo` is off). */
let answer: (r: Received) => number = () => 200;
/** Deliveries the receiver does not answer (the attempt runs into WEBHOOK_TIMEOUT_MS). */
let hang: (r: Received) => boolean = () => false;
let echo = true;

function challengeAnswer(r: Received): string | null {
  if (!echo) return 'nope';
  if (r.method === 'GET') return new URL(r.url, 'http://x').searchParams.get('hub.challenge');
  const body = JSON.parse(r.body) as { secret?: string; challenge?: string; clientToken?: string };
  if (body.clientToken !== undefined && body.secret !== undefined) return body.secret;
  if (body.challenge !== undefined) return body.challenge;
  return null;
}

beforeAll(async () => {
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      const r = { method: request.method ?? '', url: request.url ?? '', headers: request.headers, body };
      const challenge = challengeAnswer(r);
      if (challenge !== null) {
        challenges.push(r);
        response.end(challenge);
        return;
      }
      received.push(r);
      response.statusCode = answer(r);
      if (hang(r)) setTimeout(() => response.end(), 3000);
      else response.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/events`;

  t = await createTestApp({
    listen: true,
    env: {
      PORTICO_ROLE: 'all',
      WEBHOOK_RETRY_BASE_MS: '10',
      WEBHOOK_TIMEOUT_MS: '1000',
      SANDBOX_BEHAVIOUR: JSON.stringify({ rateLimits: { enabled: false } }),
    },
  });
  const caller = async (subject: Subject): Promise<Caller> => {
    const account = await t.factories.account(subject);
    return { token: await t.tokenFor(account.user.userId), partnerId: account.partner.partnerId };
  };
  developer = await caller(ROLES.DEVELOPER);
  stranger = await caller(ROLES.DEVELOPER);
  readOnly = await caller(ROLES.CHILD_AGGREGATOR_READONLY);
  const insert = async (values: Partial<typeof bots.$inferInsert>) => {
    const [row] = await t.database.db
      .insert(bots)
      .values({
        partnerId: developer.partnerId,
        channels: [CHANNEL_TYPE.rcs],
        status: 10,
        name: 'Bot',
        ...values,
      })
      .returning();
    if (!row) throw new Error('insert returned nothing');
    return row.botId;
  };
  rcsBot = await insert({
    name: 'Chai Agent',
    rbmBrand: 'brands/chai',
    rbmAgent: 'brands/chai/agents/chai_hook',
  });
  whatsappBot = await insert({
    name: 'Chai Orders',
    channels: [CHANNEL_TYPE.whatsapp],
    whatsappPhoneNumberId: 'pn-chai-hook',
  });
  maapBot = await insert({ name: 'Chai MaaP', maapBotId: 'chai-maap-hook' });
  draftBot = await insert({ name: 'Draft', status: -1 });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});
beforeEach(() => {
  received = [];
  answer = () => 200;
  hang = () => false;
  echo = true;
});

function call(who: Caller, options: InjectOptions) {
  return t.app.inject({
    ...options,
    headers: { authorization: `Bearer ${who.token}`, ...xsrfHeaders(), ...options.headers },
  });
}
const hook = (botId: string) => `${S}/bots/${botId}/webhook`;
async function setWebhook(botId: string) {
  const response = await call(developer, { method: 'PUT', url: hook(botId), payload: { url: receiverUrl } });
  return ZWebhookSettings.extend({ secret: ZWebhookSecret.shape.secret.nullable() }).parse(
    expectEnvelope(response, 200).data,
  );
}
async function log(botId: string, query = ''): Promise<TWebhookDelivery[]> {
  const response = await call(developer, { method: 'GET', url: `${hook(botId)}/deliveries?end=100${query}` });
  return ZWebhookDeliveryList.parse(expectEnvelope(response, 200).data).items;
}
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() - started > timeoutMs) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

// ---- the networks posting to our webhooks (their own signatures) ----
function postWhatsAppMessage(message: Record<string, unknown>) {
  const body = JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [{ id: 'waba', changes: [{ field: 'messages', value: { messages: [message] } }] }],
  });
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/network-events/whatsapp',
    payload: body,
    headers: {
      'content-type': 'application/json',
      'x-hub-signature-256': `sha256=${createHmac('sha256', t.config.networks.whatsapp.appSecret).update(body).digest('hex')}`,
    },
  });
}
function postMaapEvent(event: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/network-events/maap',
    payload: JSON.stringify(event),
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${t.config.networks.maap.webhookToken}`,
    },
  });
}
const tap = (n: number, msisdn = '+919800000001') => ({
  agentId: 'chai_hook',
  senderPhoneNumber: msisdn,
  messageId: `tap-${msisdn}-${n}-${Math.random()}`,
  sendTime: new Date().toISOString(),
  suggestionResponse: { postbackData: `choice-${n}`, text: `Choice ${n}`, type: 'REPLY' },
});
const eventOf = (r: Received) => {
  const push = JSON.parse(r.body) as { message: { data: string } };
  return JSON.parse(Buffer.from(push.message.data, 'base64').toString()) as { senderPhoneNumber?: string };
};
const postbackOf = (r: Received) => {
  const push = JSON.parse(r.body) as { message: { data: string } };
  const event = JSON.parse(Buffer.from(push.message.data, 'base64').toString()) as {
    suggestionResponse: { postbackData: string };
  };
  return event.suggestionResponse.postbackData;
};

describe('webhook update', () => {
  it('when the URL echoes the RBM challenge then it is set, and the new signing secret is answered once', async () => {
    const settings = await setWebhook(rcsBot);
    expect(settings).toMatchObject({ url: receiverUrl, networks: ['rbm'] });
    expect(settings.verified_at).not.toBeNull();
    expect(settings.secret).toMatch(/^[\w-]{32}$/);
    expect(settings.secret_hint).toBe(settings.secret?.slice(-4));
    const again = await setWebhook(rcsBot);
    expect(again.secret).toBeNull();
    const read = ZWebhookSettings.parse(
      expectEnvelope(await call(developer, { method: 'GET', url: hook(rcsBot) }), 200).data,
    );
    expect(read).not.toHaveProperty('secret');
  });

  it('when the URL does not echo the challenge then it is refused with a 400 saying how to answer', async () => {
    echo = false;
    const response = await call(developer, {
      method: 'PUT',
      url: hook(maapBot),
      payload: { url: receiverUrl },
    });
    expect(expectEnvelope(response, 400).message).toMatch(/could not be verified.*challenge/);
  });

  it('when the bot is not registered on a network then it is a 409', async () => {
    const response = await call(developer, {
      method: 'PUT',
      url: hook(draftBot),
      payload: { url: receiverUrl },
    });
    expect(expectEnvelope(response, 409).message).toMatch(/not registered on a network/);
  });

  it('when the URL is not http(s) then it is a 400, never a 500', async () => {
    const response = await call(developer, {
      method: 'PUT',
      url: hook(rcsBot),
      payload: { url: 'file:///etc/passwd' },
    });
    expectEnvelope(response, 400);
  });

  it('when another partner or a read-only user tries then it is 404 or 403 and nothing changes', async () => {
    expectEnvelope(await call(stranger, { method: 'GET', url: hook(rcsBot) }), 404);
    expectEnvelope(
      await call(stranger, { method: 'PUT', url: hook(rcsBot), payload: { url: 'https://example.com/x' } }),
      404,
    );
    expectEnvelope(await call(stranger, { method: 'POST', url: `${hook(rcsBot)}/secret` }), 404);
    expectEnvelope(await call(readOnly, { method: 'POST', url: `${hook(rcsBot)}/secret` }), 403);
  });

  it('when the secret is rotated then the new one signs the next delivery', async () => {
    await setWebhook(rcsBot);
    const rotated = ZWebhookSecret.parse(
      expectEnvelope(await call(developer, { method: 'POST', url: `${hook(rcsBot)}/secret` }), 200).data,
    );
    expectEnvelope(await postRbmEvent(t, tap(1, '+919800000099')), 200);
    const [delivery] = await until(
      async () => received,
      (r) => r.length >= 1,
    );
    if (!delivery) throw new Error('nothing delivered');
    const push = JSON.parse(delivery.body) as { message: { data: string } };
    const expected = createHmac('sha512', rotated.secret)
      .update(Buffer.from(push.message.data, 'base64'))
      .digest('base64');
    expect(delivery.headers['x-goog-signature']).toBe(expected);
  });
});

describe('delivery', () => {
  it("when a user taps on RBM then the partner's webhook gets Google's Pub/Sub push, X-Goog-Signature verified Google's way", async () => {
    const { secret } = ZWebhookSecret.parse(
      expectEnvelope(await call(developer, { method: 'POST', url: `${hook(rcsBot)}/secret` }), 200).data,
    );
    expectEnvelope(await postRbmEvent(t, tap(7, '+919800000007')), 200);
    const got = await until(
      async () => received,
      (r) => r.length >= 1,
    );
    const [delivery] = got;
    if (!delivery) throw new Error('nothing delivered');
    // Google's guide: base64(HMAC-SHA512(clientToken, base64-decoded message.data)).
    const push = JSON.parse(delivery.body) as { message: { data: string; messageId: string } };
    const eventBytes = Buffer.from(push.message.data, 'base64');
    expect(delivery.headers['x-goog-signature']).toBe(
      createHmac('sha512', secret).update(eventBytes).digest('base64'),
    );
    expect(JSON.parse(eventBytes.toString())).toMatchObject({
      agentId: 'chai_hook',
      senderPhoneNumber: '+919800000007',
      suggestionResponse: { postbackData: 'choice-7' },
    });
    const [row] = await until(
      () => log(rcsBot, '&kind=suggestion_response'),
      (rows) => rows[0]?.status === 'delivered',
    );
    expect(row).toMatchObject({
      status: 'delivered',
      attempts: 1,
      response_code: 200,
      msisdn: '+919800000007',
    });
    expect(row?.latency_ms).toBeGreaterThanOrEqual(0);
  });

  it("when a WhatsApp bot's URL is set then Meta's challenge carries a verify token apart from the signing secret, shown on the page", async () => {
    const verifyTokenOf = (r: Received | undefined) =>
      new URL(r?.url ?? '/', 'http://x').searchParams.get('hub.verify_token');
    challenges.length = 0;
    const first = await setWebhook(whatsappBot);
    expect(first.verify_token).toMatch(/^pvt_[A-Za-z0-9_-]{24}$/);
    expect(challenges.at(-1)?.method).toBe('GET');
    expect(verifyTokenOf(challenges.at(-1))).toBe(first.verify_token);
    const { secret } = ZWebhookSecret.parse(
      expectEnvelope(await call(developer, { method: 'POST', url: `${hook(whatsappBot)}/secret` }), 200).data,
    );
    expect(first.verify_token).not.toBe(secret);

    // The partner chooses one, as on Meta's dashboard; saving the URL again keeps it, rotating the secret too.
    const chosen = await call(developer, {
      method: 'PUT',
      url: hook(whatsappBot),
      payload: { url: receiverUrl, verify_token: 'my-meta-verify-token' },
    });
    expect(expectEnvelope(chosen, 200).data).toMatchObject({ verify_token: 'my-meta-verify-token' });
    expect(verifyTokenOf(challenges.at(-1))).toBe('my-meta-verify-token');
    expectEnvelope(await call(developer, { method: 'POST', url: `${hook(whatsappBot)}/secret` }), 200);
    const again = await setWebhook(whatsappBot);
    expect(again.verify_token).toBe('my-meta-verify-token');
    expect(verifyTokenOf(challenges.at(-1))).toBe('my-meta-verify-token');

    const refused = await call(developer, {
      method: 'PUT',
      url: hook(whatsappBot),
      payload: { url: receiverUrl, verify_token: 'has space' },
    });
    expect(expectEnvelope(refused, 400).message).toContain('verify token');
  });

  it("when a WhatsApp user writes then the webhook gets Meta's shape with X-Hub-Signature-256", async () => {
    const settings = await setWebhook(whatsappBot);
    expect(settings.networks).toEqual(['whatsapp']);
    const { secret } = ZWebhookSecret.parse(
      expectEnvelope(await call(developer, { method: 'POST', url: `${hook(whatsappBot)}/secret` }), 200).data,
    );
    expectEnvelope(
      await postWhatsAppMessage({
        id: `wamid.in-${Date.now()}`,
        from: '919800000055',
        type: 'button',
        context: { from: 'pn-chai-hook', id: 'wamid.out' },
        button: { text: 'Yes', payload: 'yes' },
      }),
      200,
    );
    const [delivery] = await until(
      async () => received,
      (r) => r.length >= 1,
    );
    if (!delivery) throw new Error('nothing delivered');
    expect(delivery.headers['x-hub-signature-256']).toBe(
      `sha256=${createHmac('sha256', secret).update(delivery.body).digest('hex')}`,
    );
    expect(JSON.parse(delivery.body)).toMatchObject({
      object: 'whatsapp_business_account',
      entry: [
        {
          changes: [
            {
              field: 'messages',
              value: { metadata: { phone_number_id: 'pn-chai-hook' }, messages: [{ from: '919800000055' }] },
            },
          ],
        },
      ],
    });
  });

  it('when a MaaP user writes then the webhook gets the MaaP event with the bearer token', async () => {
    await setWebhook(maapBot);
    const { secret } = ZWebhookSecret.parse(
      expectEnvelope(await call(developer, { method: 'POST', url: `${hook(maapBot)}/secret` }), 200).data,
    );
    expectEnvelope(
      await postMaapEvent({
        event: 'message',
        botId: 'chai-maap-hook',
        RCSMessage: { msgId: `maap-in-${Date.now()}`, textMessage: 'Hello' },
        messageContact: { userContact: '+919800000066' },
      }),
      200,
    );
    const [delivery] = await until(
      async () => received,
      (r) => r.length >= 1,
    );
    expect(delivery?.headers.authorization).toBe(`Bearer ${secret}`);
    expect(JSON.parse(delivery?.body ?? '{}')).toMatchObject({ RCSMessage: { textMessage: 'Hello' } });
  });

  it('when the first event of a conversation fails twice then the next ones wait, and all arrive in order', async () => {
    await setWebhook(rcsBot);
    const msisdn = '+919800000010';
    let failures = 0;
    answer = (r) => (postbackOf(r) === 'choice-1' && failures++ < 2 ? 503 : 200);
    for (const n of [1, 2, 3]) expectEnvelope(await postRbmEvent(t, tap(n, msisdn)), 200);
    const mine = () => received.filter((x) => eventOf(x).senderPhoneNumber === msisdn);
    await until(
      async () => mine(),
      (r) => r.length >= 5,
    );
    // Every attempt, in arrival order: 1 (503), 1 (503), 1, 2, 3: nothing overtook the failing head.
    expect(mine().map(postbackOf)).toEqual(['choice-1', 'choice-1', 'choice-1', 'choice-2', 'choice-3']);
    const rows = await until(
      () => log(rcsBot, '&status=delivered'),
      (r) => r.filter((x) => x.msisdn === msisdn).length === 3,
    );
    const first = rows.find((x) => x.msisdn === msisdn && x.attempts === 3);
    expect(first).toMatchObject({ status: 'delivered', response_code: 200 });
    // The log reads newest first, or oldest first when its time header is clicked.
    const ids = (items: TWebhookDelivery[]) =>
      items.filter((x) => x.msisdn === msisdn).map((x) => x.delivery_id);
    const newest = ids(await log(rcsBot, '&status=delivered'));
    expect(ids(await log(rcsBot, '&status=delivered&sort=created_at&order=asc'))).toEqual(
      [...newest].reverse(),
    );
  });

  it('when the webhook keeps failing then the delivery is dead-lettered after the retries, and replay delivers it', async () => {
    await setWebhook(rcsBot);
    const msisdn = '+919800000020';
    answer = () => 500;
    expectEnvelope(await postRbmEvent(t, tap(5, msisdn)), 200);
    const rows = await until(
      () => log(rcsBot, '&status=dead'),
      (r) => r.some((x) => x.msisdn === msisdn),
      30_000,
    );
    const dead = rows.find((x) => x.msisdn === msisdn);
    expect(dead).toMatchObject({ status: 'dead', attempts: WEBHOOK_MAX_ATTEMPTS, response_code: 500 });
    expect(received.filter((x) => eventOf(x).senderPhoneNumber === msisdn)).toHaveLength(
      WEBHOOK_MAX_ATTEMPTS,
    );
    if (!dead) throw new Error('not dead-lettered');

    answer = () => 200;
    const replayUrl = `${hook(rcsBot)}/deliveries/${dead.delivery_id}/replay`;
    expectEnvelope(await call(readOnly, { method: 'POST', url: replayUrl }), 403);
    expectEnvelope(await call(stranger, { method: 'POST', url: replayUrl }), 404);
    const replayed = expectEnvelope(await call(developer, { method: 'POST', url: replayUrl }), 200).data;
    expect(replayed).toMatchObject({ status: 'pending', attempts: 0 });
    const after = await until(
      () => log(rcsBot),
      (r) => r.find((x) => x.delivery_id === dead.delivery_id)?.status === 'delivered',
    );
    expect(after.find((x) => x.delivery_id === dead.delivery_id)).toMatchObject({
      status: 'delivered',
      attempts: 1,
    });
    const again = await call(developer, { method: 'POST', url: replayUrl });
    expect(expectEnvelope(again, 409).data).toEqual({ status: 'delivered' });
  }, 60_000);

  it("when one bot's webhook hangs with many conversations waiting then the partner's other bot is delivered in turn, not after them", async () => {
    await setWebhook(rcsBot);
    await setWebhook(maapBot);
    const isRbm = (r: Received) => 'message' in (JSON.parse(r.body) as object);
    hang = isRbm;
    // Sixteen conversations on the hanging bot (four rounds of the partner's four slots), then one
    // on the other bot.
    const msisdns = Array.from({ length: 16 }, (_, n) => `+9198000002${String(n).padStart(2, '0')}`);
    try {
      for (const msisdn of msisdns) expectEnvelope(await postRbmEvent(t, tap(1, msisdn)), 200);
      expectEnvelope(
        await postMaapEvent({
          event: 'message',
          botId: 'chai-maap-hook',
          RCSMessage: { msgId: `maap-turn-${Date.now()}`, textMessage: 'Still there?' },
          messageContact: { userContact: '+919800000299' },
        }),
        200,
      );
      const rbmConversations = () =>
        new Set(received.filter(isRbm).map((r) => eventOf(r).senderPhoneNumber)).size;
      let rbmBefore = -1;
      await until(
        async () => {
          if (rbmBefore < 0 && received.some((r) => !isRbm(r))) rbmBefore = rbmConversations();
          return rbmBefore;
        },
        (n) => n >= 0,
      );
      // The other bot had its turn in the next slot that freed after its job was taken, ahead of
      // the hanging bot's backlog (each of its attempts waits out the 1 s time-out). The hanging
      // bot's first requests were under way by then; how many had reached the receiver depends on
      // the machine's load (a slot is taken before its request arrives), so only one is certain.
      expect(rbmBefore).toBeGreaterThanOrEqual(1);
      expect(rbmBefore).toBeLessThan(msisdns.length);
    } finally {
      // The hanging bot answers again: every conversation is delivered, so no later test sees them.
      hang = () => false;
      await until(
        () => log(rcsBot, '&status=delivered'),
        (rows) => msisdns.every((m) => rows.some((x) => x.msisdn === m)),
        30_000,
      );
    }
  }, 60_000);

  it('when a conversation waits for its head to be retried then the sweep leaves it, and takes one whose head is due', async () => {
    const repository = createPartnerWebhooksRepository(t.database);
    // On a bot without a webhook, so the sweep running meanwhile delivers nothing anywhere.
    const row = (conversation: string, fields: Partial<NewDelivery>) =>
      repository.insertDelivery({
        botId: draftBot,
        partnerId: developer.partnerId,
        network: 'rbm',
        kind: 'message',
        conversation,
        body: { event: {}, address: 'chai_hook' },
        ...fields,
      });
    const waiting = `${draftBot}:+919800000400`;
    const due = `${draftBot}:+919800000401`;
    await row(waiting, { status: 'retrying', attempts: 1, nextAttemptAt: new Date(Date.now() + 600_000) });
    await row(waiting, {});
    await row(due, {});
    try {
      const found = (await repository.dueConversations(1000)).map((c) => c.conversation);
      expect(found).toContain(due);
      expect(found).not.toContain(waiting);
    } finally {
      await t.database.sql.query('DELETE FROM partner_webhook_deliveries WHERE conversation = ANY($1)', [
        [waiting, due],
      ]);
    }
  });

  it('when a test ping is sent then it arrives in the network shape and is logged as ping', async () => {
    await setWebhook(rcsBot);
    expectEnvelope(await call(developer, { method: 'POST', url: `${hook(rcsBot)}/ping` }), 200);
    const [delivery] = await until(
      async () => received,
      (r) => r.length >= 1,
    );
    const push = JSON.parse(delivery?.body ?? '{}') as { message: { data: string } };
    expect(JSON.parse(Buffer.from(push.message.data, 'base64').toString())).toMatchObject({
      agentId: 'chai_hook',
      eventType: 'PORTICO_TEST_PING',
    });
    const rows = await until(
      () => log(rcsBot, '&kind=ping'),
      (r) => r[0]?.status === 'delivered',
    );
    expect(rows[0]).toMatchObject({ kind: 'ping', status: 'delivered' });
  });

  it("when an event belongs to another partner's bot then this partner's webhook never sees it", async () => {
    await setWebhook(rcsBot);
    expectEnvelope(
      await postRbmEvent(t, { ...tap(9, '+919800000030'), agentId: 'someone_elses_agent' }),
      200,
    );
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(received).toHaveLength(0);
  });

  it('when the log is exported then Excel and PDF come back', async () => {
    const xlsx = await call(developer, {
      method: 'GET',
      url: `${hook(rcsBot)}/deliveries/export?format=xlsx`,
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toMatch(/spreadsheetml/);
    const pdf = await call(developer, {
      method: 'GET',
      url: `${hook(rcsBot)}/deliveries/export?format=pdf&status=delivered`,
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
  });
});
