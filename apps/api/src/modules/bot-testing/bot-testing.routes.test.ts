import {
  CHANNEL_TYPE,
  ROLES,
  type TConsoleMessage,
  type TConversation,
  type TTestDevice,
  ZConsoleMessage,
  ZConversation,
  ZTestDevice,
} from '@portico/domain';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openEventStream } from '../../../test/event-stream.ts';
import type { Subject } from '../../../test/factories.ts';
import { createTestApp, expectEnvelope, type TestApp, xsrfHeaders } from '../../../test/helpers.ts';
import { countQueries } from '../../../test/queries.ts';
import { mintAccessToken } from '../../../test/tokens.ts';
import { openDatabase, poolOf } from '../../platform/db/index.ts';
import { bots } from '../bots/bots.schema.ts';
import { CONSOLE_CHANNEL } from './bot-testing.service.ts';

/**
 * The whole loop on a listening app: add a device -> RBM tester invite on the mounted sandbox ->
 * the handset accepts -> the sandbox posts the answer to our webhook -> the device shows ACCEPTED;
 * a test message -> receipts; a tap on the handset -> webhook -> the console stream pushes it.
 */

const S = '/api/v1/secure';
let t: TestApp;

interface Caller {
  token: string;
  partnerId: string;
  userId: string;
}
let developer: Caller;
let stranger: Caller;
let readOnly: Caller;
let rcsBot: string;
let whatsappBot: string;
let draftBot: string;

beforeAll(async () => {
  t = await createTestApp({
    listen: true,
    env: {
      SANDBOX_BEHAVIOUR: JSON.stringify({
        deliveryDelayMs: 20,
        readDelayMs: 40,
        rateLimits: { enabled: false },
      }),
    },
  });
  const caller = async (subject: Subject, partnerId?: string): Promise<Caller> => {
    const account = await t.factories.account(subject, partnerId ? { partner: { partnerId } } : {});
    return {
      token: await t.tokenFor(account.user.userId),
      partnerId: account.partner.partnerId,
      userId: account.user.userId,
    };
  };
  developer = await caller(ROLES.DEVELOPER);
  stranger = await caller(ROLES.DEVELOPER);
  readOnly = await caller(ROLES.CHILD_AGGREGATOR_READONLY);
  const insert = async (partnerId: string, values: Partial<typeof bots.$inferInsert>) => {
    const [row] = await t.database.db
      .insert(bots)
      .values({ partnerId, channels: [CHANNEL_TYPE.rcs], status: 10, name: 'Test bot', ...values })
      .returning();
    if (!row) throw new Error('insert returned nothing');
    return row.botId;
  };
  rcsBot = await insert(developer.partnerId, {
    name: 'Chai Agent',
    rbmBrand: 'brands/chai',
    rbmAgent: 'brands/chai/agents/chai_agent_test',
  });
  whatsappBot = await insert(developer.partnerId, {
    name: 'Chai Orders',
    channels: [CHANNEL_TYPE.whatsapp],
    whatsappPhoneNumberId: 'pn-chai-orders',
  });
  draftBot = await insert(developer.partnerId, { name: 'Draft', status: -1 });
});
afterAll(() => t.close());

function call(who: Caller, options: InjectOptions) {
  return t.app.inject({
    ...options,
    headers: { authorization: `Bearer ${who.token}`, ...xsrfHeaders(), ...options.headers },
  });
}
const devices = (botId: string) => `${S}/bots/${botId}/test-devices`;

async function addDevice(botId: string, msisdn: string, channel: 'rcs' | 'whatsapp'): Promise<TTestDevice> {
  const response = await call(developer, {
    method: 'POST',
    url: devices(botId),
    payload: { msisdn, channel },
  });
  return ZTestDevice.parse(expectEnvelope(response, 201).data);
}
async function conversation(botId: string, deviceId: string): Promise<TConversation> {
  const response = await call(developer, {
    method: 'GET',
    url: `${devices(botId)}/${deviceId}/conversation`,
  });
  return ZConversation.parse(expectEnvelope(response, 200).data);
}
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 5000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() - started > timeoutMs) return value;
    await new Promise((resolve) => setTimeout(resolve, 40));
  }
}
const handset = (msisdn: string, path: string, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: `/sandbox/api/handsets/${encodeURIComponent(msisdn)}/${path}`,
    payload,
  });

describe('test devices', () => {
  it('when an RCS device is added then the network invites it; the handset accepts and the webhook event shows ACCEPTED', async () => {
    const device = await addDevice(rcsBot, '+919822000011', 'rcs');
    expect(device).toMatchObject({ channel: 'rcs', msisdn: '+919822000011', invite_status: 'PENDING' });

    const accepted = await handset('+919822000011', 'invites', { agentId: 'chai_agent_test', accept: true });
    expect(accepted.statusCode).toBe(200);
    const seen = await until(
      () => conversation(rcsBot, device.device_id),
      (c) => c.device.invite_status === 'ACCEPTED',
    );
    expect(seen.device.invite_status).toBe('ACCEPTED');

    const refreshed = await call(developer, {
      method: 'POST',
      url: `${devices(rcsBot)}/${device.device_id}/refresh`,
    });
    expect(ZTestDevice.parse(expectEnvelope(refreshed, 200).data).invite_status).toBe('ACCEPTED');
  });

  it('when the invite is declined then it shows DECLINED and a resend makes it PENDING again', async () => {
    const device = await addDevice(rcsBot, '+919822000012', 'rcs');
    await handset('+919822000012', 'invites', { agentId: 'chai_agent_test', accept: false });
    const seen = await until(
      () => conversation(rcsBot, device.device_id),
      (c) => c.device.invite_status === 'DECLINED',
    );
    expect(seen.device.invite_status).toBe('DECLINED');
    const resent = await call(developer, {
      method: 'POST',
      url: `${devices(rcsBot)}/${device.device_id}/invite`,
    });
    expect(ZTestDevice.parse(expectEnvelope(resent, 200).data).invite_status).toBe('PENDING');
  });

  it('when the bot is asked for then its testable channels come back', async () => {
    const response = await call(developer, { method: 'GET', url: `${S}/bots/${rcsBot}/testing` });
    expect(expectEnvelope(response, 200).data).toEqual({
      bot_id: rcsBot,
      name: 'Chai Agent',
      channels: ['rcs'],
      testable: ['rcs'],
      invites_testers: true,
    });
    const draft = await call(developer, { method: 'GET', url: `${S}/bots/${draftBot}/testing` });
    expect((expectEnvelope(draft, 200).data as { testable: string[] }).testable).toEqual([]);
  });

  it('when the list is asked with a filter and search then only matching devices come back', async () => {
    const response = await call(developer, {
      method: 'GET',
      url: `${devices(rcsBot)}?invite_status=ACCEPTED&search=000011&sort=msisdn&order=asc`,
    });
    const data = expectEnvelope(response, 200).data as { items: TTestDevice[]; total: number };
    expect(data.total).toBe(1);
    expect(data.items[0]?.msisdn).toBe('+919822000011');
  });

  it('when the list is exported then Excel and PDF come with the filters applied', async () => {
    const pdf = await call(developer, {
      method: 'GET',
      url: `${devices(rcsBot)}/export?format=pdf&invite_status=ACCEPTED`,
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const xlsx = await call(developer, { method: 'GET', url: `${devices(rcsBot)}/export?format=xlsx` });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-disposition']).toMatch(/test-devices-\d{4}-\d{2}-\d{2}\.xlsx/);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expectEnvelope(await call(stranger, { method: 'GET', url: `${devices(rcsBot)}/export?format=pdf` }), 404);
  });

  it('when a number is bad, doubled, or the channel is missing then 4xx with a clear message', async () => {
    const bad = await call(developer, {
      method: 'POST',
      url: devices(rcsBot),
      payload: { msisdn: '98220', channel: 'rcs' },
    });
    expect(expectEnvelope(bad, 400).message).toMatch(/international format/);
    const twice = await call(developer, {
      method: 'POST',
      url: devices(rcsBot),
      payload: { msisdn: '+919822000011', channel: 'rcs' },
    });
    expect(expectEnvelope(twice, 409).message).toMatch(/already a test device/);
    const noChannel = await call(developer, {
      method: 'POST',
      url: devices(rcsBot),
      payload: { msisdn: '+919822000013', channel: 'whatsapp' },
    });
    expect(expectEnvelope(noChannel, 409).message).toMatch(/no WhatsApp channel/);
    const unregistered = await call(developer, {
      method: 'POST',
      url: devices(draftBot),
      payload: { msisdn: '+919822000013', channel: 'rcs' },
    });
    expect(expectEnvelope(unregistered, 409).message).toMatch(/not registered on RCS/);
  });

  it('when the network is down on an invite then 503 says why and no device is added', async () => {
    const configure = (serverErrorRatio: number) =>
      t.app.inject({ method: 'PUT', url: '/sandbox/config', payload: { serverErrorRatio } });
    expect((await configure(1)).statusCode).toBe(200);
    try {
      const response = await call(developer, {
        method: 'POST',
        url: devices(rcsBot),
        payload: { msisdn: '+919822000014', channel: 'rcs' },
      });
      expect(expectEnvelope(response, 503).message).toMatch(/unavailable/i);
    } finally {
      await configure(0);
    }
    const list = await call(developer, { method: 'GET', url: `${devices(rcsBot)}?search=000014` });
    expect((expectEnvelope(list, 200).data as { total: number }).total).toBe(0);
  });

  it('when another partner names the bot or its device then 404, and a read-only user changes nothing (403)', async () => {
    const [device] = (
      expectEnvelope(await call(developer, { method: 'GET', url: devices(rcsBot) }), 200).data as {
        items: TTestDevice[];
      }
    ).items;
    if (!device) throw new Error('no device');
    const base = `${devices(rcsBot)}/${device.device_id}`;
    expectEnvelope(await call(stranger, { method: 'GET', url: devices(rcsBot) }), 404);
    expectEnvelope(await call(stranger, { method: 'GET', url: `${base}/conversation` }), 404);
    expectEnvelope(await call(stranger, { method: 'DELETE', url: base }), 404);
    expectEnvelope(
      await call(stranger, {
        method: 'POST',
        url: `${base}/messages`,
        payload: { content: { kind: 'text', text: 'x' } },
      }),
      404,
    );
    // The stranger's own bot does not open the developer's device either.
    const [own] = await t.database.db
      .insert(bots)
      .values({
        partnerId: stranger.partnerId,
        channels: [CHANNEL_TYPE.rcs],
        status: 10,
        name: 'Other',
        rbmAgent: 'brands/o/agents/o',
      })
      .returning();
    expectEnvelope(
      await call(stranger, {
        method: 'GET',
        url: `${devices(own?.botId ?? '')}/${device.device_id}/conversation`,
      }),
      404,
    );
    expectEnvelope(
      await call(readOnly, {
        method: 'POST',
        url: devices(rcsBot),
        payload: { msisdn: '+919822000015', channel: 'rcs' },
      }),
      403,
    );
  });

  it('when a device is deleted then it is gone from the list', async () => {
    const device = await addDevice(rcsBot, '+919822000016', 'rcs');
    expectEnvelope(
      await call(developer, { method: 'DELETE', url: `${devices(rcsBot)}/${device.device_id}` }),
      200,
    );
    expectEnvelope(
      await call(developer, { method: 'GET', url: `${devices(rcsBot)}/${device.device_id}/conversation` }),
      404,
    );
  });

  it('when the capability is checked then RCS answers the features; a non-RCS number is not capable', async () => {
    const device = await addDevice(rcsBot, '+919822000017', 'rcs');
    const response = await call(developer, {
      method: 'POST',
      url: `${devices(rcsBot)}/${device.device_id}/capability`,
    });
    const data = expectEnvelope(response, 200).data as {
      capable: boolean;
      features: string[];
      device: TTestDevice;
    };
    expect(data.capable).toBe(true);
    expect(data.features).toContain('RICHCARD_STANDALONE');
    expect(data.device.checked_at).not.toBeNull();
  });
});

describe('test messages and the console', () => {
  it('when a rich card is sent and a suggestion tapped on the handset then the stream pushes the tap within a second', async () => {
    const [device] = (
      expectEnvelope(
        await call(developer, { method: 'GET', url: `${devices(rcsBot)}?invite_status=ACCEPTED` }),
        200,
      ).data as { items: TTestDevice[] }
    ).items;
    if (!device) throw new Error('no accepted device');
    const base = `${devices(rcsBot)}/${device.device_id}`;
    const sent = await call(developer, {
      method: 'POST',
      url: `${base}/messages`,
      payload: {
        content: {
          kind: 'rich_card',
          card: {
            title: 'Masala chai',
            description: 'Fresh today',
            suggestions: [{ type: 'reply', text: 'Order one', postbackData: 'order' }],
          },
        },
      },
    });
    const line = ZConsoleMessage.parse(expectEnvelope(sent, 201).data);
    expect(line).toMatchObject({ direction: 'out', status: 'sent' });
    const read = await until(
      () => conversation(rcsBot, device.device_id),
      (c) => c.items.some((i) => i.id === line.id && i.status === 'read'),
    );
    expect(read.items.find((i) => i.id === line.id)?.status).toBe('read');

    // Listen to the stream as the browser does (fetch with the bearer token), then tap on the handset.
    const controller = new AbortController();
    const stream = await fetch(`${t.config.PUBLIC_URL}${base}/stream`, {
      headers: { authorization: `Bearer ${developer.token}` },
      signal: controller.signal,
    });
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toMatch(/text\/event-stream/);
    const reader = stream.body?.getReader();
    if (!reader) throw new Error('no stream body');
    const pushed = (async () => {
      const decoder = new TextDecoder();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) throw new Error('stream ended');
        buffer += decoder.decode(value, { stream: true });
        for (const block of buffer.split('\n\n')) {
          const data = /^event: message\ndata: (.*)$/m.exec(block)?.[1];
          if (!data) continue;
          const message = ZConsoleMessage.parse(JSON.parse(data)) as TConsoleMessage;
          if (message.direction === 'in') return message;
        }
      }
    })();

    const thread = await t.app.inject({
      method: 'GET',
      url: `/sandbox/api/handsets/${encodeURIComponent(device.msisdn)}`,
    });
    const item = (thread.json() as { items: { id: string; cards?: unknown[] }[] }).items.find(
      (i) => i.id && i.cards,
    );
    if (!item) throw new Error('the card is not on the handset');
    const tappedAt = Date.now();
    expect(
      (await handset(device.msisdn, 'taps', { itemId: item.id, cardIndex: 0, suggestionIndex: 0 }))
        .statusCode,
    ).toBe(200);
    const tap = await pushed;
    expect(Date.now() - tappedAt).toBeLessThan(1000);
    expect(tap).toMatchObject({ direction: 'in', text: 'Order one', postback_data: 'order' });
    controller.abort();

    const after = await conversation(rcsBot, device.device_id);
    expect(after.items.filter((i) => i.direction === 'in').map((i) => i.text)).toContain('Order one');
  });

  it('when a WhatsApp bot sends and the user types a reply then the reply is tied to that bot and device', async () => {
    const device = await addDevice(whatsappBot, '+919822000021', 'whatsapp');
    expect(device.invite_status).toBeNull();
    const base = `${devices(whatsappBot)}/${device.device_id}`;
    const noCheckYet = await call(developer, { method: 'POST', url: `${base}/capability` });
    expect(expectEnvelope(noCheckYet, 409).message).toMatch(/send a test message first/);
    const invite = await call(developer, { method: 'POST', url: `${base}/invite` });
    expect(expectEnvelope(invite, 409).message).toMatch(/no tester invites/);
    const sent = await call(developer, {
      method: 'POST',
      url: `${base}/messages`,
      payload: { content: { kind: 'text', text: 'Your order is ready' } },
    });
    const line = ZConsoleMessage.parse(expectEnvelope(sent, 201).data);
    await until(
      () => conversation(whatsappBot, device.device_id),
      (c) => c.items.some((i) => i.id === line.id && i.status === 'read'),
    );
    expect((await handset(device.msisdn, 'replies', { text: 'Thanks!' })).statusCode).toBe(200);
    const replied = await until(
      () => conversation(whatsappBot, device.device_id),
      (c) => c.items.some((i) => i.direction === 'in'),
    );
    expect(replied.items.find((i) => i.direction === 'in')).toMatchObject({
      text: 'Thanks!',
      postback_data: null,
    });
    const capability = await call(developer, { method: 'POST', url: `${base}/capability` });
    expect((expectEnvelope(capability, 200).data as { capable: boolean }).capable).toBe(true);
  });

  it('when the content is a template or empty then 400 with the reason', async () => {
    const [device] = (
      expectEnvelope(await call(developer, { method: 'GET', url: devices(whatsappBot) }), 200).data as {
        items: TTestDevice[];
      }
    ).items;
    const base = `${devices(whatsappBot)}/${device?.device_id}`;
    const template = await call(developer, {
      method: 'POST',
      url: `${base}/messages`,
      payload: { content: { kind: 'template', templateName: 'hello' } },
    });
    expect(expectEnvelope(template, 400).message).toMatch(/template/i);
    const empty = await call(developer, {
      method: 'POST',
      url: `${base}/messages`,
      payload: { content: { kind: 'text', text: '  ' } },
    });
    expectEnvelope(empty, 400);
  });
});

/** An open console stream, read as the browser reads it. */
async function openStream(token: string, base: string) {
  const stream = await openEventStream(`${t.config.PUBLIC_URL}${base}/stream`, token);
  expect(stream.response.status).toBe(200);
  return stream;
}

describe('the console stream', () => {
  const sendText = (base: string, text: string, who: Caller = developer) =>
    call(who, { method: 'POST', url: `${base}/messages`, payload: { content: { kind: 'text', text } } });

  it('when a console is open and nothing happens then the server reads nothing for it', async () => {
    const device = await addDevice(whatsappBot, '+919822000031', 'whatsapp');
    const base = `${devices(whatsappBot)}/${device.device_id}`;
    const queries = countQueries(t.database);
    const stream = await openStream(developer.token, base);
    await stream.next((e) => e.event === 'device');
    await new Promise((resolve) => setTimeout(resolve, 300));
    queries.start();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    queries.stop();
    const consoleReads = [...queries.stats.byText.keys()].filter((text) =>
      /bot_console_lines|bot_test_devices|network_events/.test(text),
    );
    expect(consoleReads).toEqual([]);

    // A change is pushed: a message sent from another tab reaches this one.
    expectEnvelope(await sendText(base, 'Pushed, not polled'), 201);
    const pushed = await stream.next((e) => e.event === 'message');
    expect(pushed.data).toMatchObject({
      direction: 'out',
      content: { kind: 'text', text: 'Pushed, not polled' },
    });
    stream.close();
  });

  // Another instance shares the database only on PostgreSQL (PGlite lives in one process).
  it.skipIf(inject('testDatabase').kind === 'pglite')(
    'when another instance stores a line and notifies then the open console shows it',
    async () => {
      const device = await addDevice(whatsappBot, '+919822000032', 'whatsapp');
      const base = `${devices(whatsappBot)}/${device.device_id}`;
      const stream = await openStream(developer.token, base);
      await stream.next((e) => e.event === 'device');
      const url = (poolOf(t.database)?.options as { connectionString?: string } | undefined)
        ?.connectionString;
      const other = await openDatabase({ url, poolSize: 1 });
      try {
        await other.transaction(async () => {
          await other.sql.query(
            `INSERT INTO bot_console_lines (device_id, bot_id, direction, text) VALUES ($1, $2, 'in', 'From elsewhere')`,
            [device.device_id, whatsappBot],
          );
          await other.notify(CONSOLE_CHANNEL, device.device_id);
        });
      } finally {
        await other.close();
      }
      const line = await stream.next((e) => e.event === 'message');
      expect(line.data).toMatchObject({ direction: 'in', text: 'From elsewhere' });
      stream.close();
    },
  );

  it('when its access token expires then the stream ends, saying so', async () => {
    const device = await addDevice(whatsappBot, '+919822000033', 'whatsapp');
    const token = await mintAccessToken(t.database, t.config, { sub: developer.userId }, { expiresIn: 2 });
    const stream = await openStream(token, `${devices(whatsappBot)}/${device.device_id}`);
    const end = await stream.next((e) => e.event === 'end');
    expect(end.data).toEqual({ reason: 'token-expired' });
  });

  it('when its access token is revoked then the stream ends at the next change, saying so', async () => {
    const device = await addDevice(whatsappBot, '+919822000034', 'whatsapp');
    const base = `${devices(whatsappBot)}/${device.device_id}`;
    const token = await t.tokenFor(developer.userId);
    const stream = await openStream(token, base);
    await stream.next((e) => e.event === 'device');
    const revoked = await t.app.inject({
      method: 'POST',
      url: '/oidc/token/revocation',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ token, client_id: t.config.OIDC_CLIENT_ID }).toString(),
    });
    expect(revoked.statusCode).toBe(200);
    // Another tab of the same user, signed in separately, changes the conversation.
    expectEnvelope(await sendText(base, 'After the sign-out'), 201);
    const end = await stream.next((e) => e.event === 'end');
    expect(end.data).toEqual({ reason: 'token-refused' });
    expect(stream.events.some((e) => e.event === 'message')).toBe(false);
  });

  it('when the device is removed then its open console ends', async () => {
    const device = await addDevice(whatsappBot, '+919822000035', 'whatsapp');
    const base = `${devices(whatsappBot)}/${device.device_id}`;
    const stream = await openStream(developer.token, base);
    await stream.next((e) => e.event === 'device');
    expectEnvelope(await call(developer, { method: 'DELETE', url: base }), 200);
    const end = await stream.next((e) => e.event === 'end');
    expect(end.data).toEqual({ reason: 'device-removed' });
  });
});
