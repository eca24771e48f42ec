import { createHmac } from 'node:crypto';
import { CHANNEL_TYPE, ROLES, ZCloudApiError, ZOptOut, ZOptOutList } from '@portico/domain';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEnvelope, type TestApp, xsrfHeaders } from '../../../test/helpers.ts';
import { postRbmEvent } from '../../../test/network-posts.ts';
import {
  AIRTEL_RECIPIENT,
  botWithAccessToken,
  createPartnerApiApp,
  developer,
  fundedDeveloper,
  type Owner,
} from '../../../test/partner-api.ts';
import { bots } from '../bots/bots.schema.ts';
import { RECIPIENT_OPTED_OUT } from '../partner-api/partner-sends.service.ts';
import { optOuts } from './audiences.schema.ts';

/**
 * The opt-out list: users' STOP / UNSUBSCRIBE messages and the network's unsubscribe event to a
 * partner's bot put the number on that partner's list (in network-messages' unit of work); the
 * partner lists, searches, exports, adds and removes; the partner API refuses an opted-out number
 * in the network's error shape and sends again once the number is removed.
 */

const S = '/api/v1/secure';
let t: TestApp;
let owner: Owner;
let stranger: Owner;
let whatsapp: { botId: string; accessToken: string };
let rcsBotId: string;

beforeAll(async () => {
  t = await createPartnerApiApp();
  const funded = await fundedDeveloper(t);
  owner = funded.owner;
  stranger = await developer(t);
  whatsapp = await botWithAccessToken(
    t,
    owner,
    { channels: [CHANNEL_TYPE.whatsapp], name: 'Chai WhatsApp', whatsappPhoneNumberId: 'pn-opt-out' },
    { clientAuth: 'form' },
  );
  const [rcs] = await t.database.db
    .insert(bots)
    .values({
      partnerId: owner.id,
      channels: [CHANNEL_TYPE.rcs],
      name: 'Chai RCS',
      status: 10,
      rbmAgent: 'brands/chai/agents/chai_optout',
    })
    .returning();
  rcsBotId = rcs?.botId ?? '';
});
afterAll(() => t.close());

const call = (who: Owner, options: InjectOptions) =>
  t.app.inject({
    ...options,
    headers: { authorization: `Bearer ${who.token}`, ...xsrfHeaders(), ...options.headers },
  });

async function list(who: Owner, query = '') {
  return ZOptOutList.parse(
    expectEnvelope(await call(who, { method: 'GET', url: `${S}/opt-outs?end=100${query}` }), 200).data,
  );
}

function postWhatsAppText(from: string, text: string) {
  const body = JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: 'waba',
        changes: [
          {
            field: 'messages',
            value: {
              metadata: { phone_number_id: 'pn-opt-out' },
              messages: [
                {
                  from,
                  id: `wamid.in.${Math.random()}`,
                  timestamp: '1764300000',
                  type: 'text',
                  text: { body: text },
                },
              ],
            },
          },
        ],
      },
    ],
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
const rbmText = (msisdn: string, text: string) => ({
  agentId: 'chai_optout',
  senderPhoneNumber: msisdn,
  messageId: `in-${Math.random()}`,
  sendTime: new Date().toISOString(),
  text,
});
const sendWhatsApp = (to: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/partner/whatsapp/v21.0/pn-opt-out/messages',
    headers: { authorization: `Bearer ${whatsapp.accessToken}`, 'content-type': 'application/json' },
    payload: JSON.stringify({
      messaging_product: 'whatsapp',
      to,
      type: 'text',
      text: { body: 'Your order shipped' },
    }),
  });

describe('users opting out through the networks', () => {
  it("when a user types STOP to the partner's RBM agent then the number is on the partner's list with the bot and the text", async () => {
    expectEnvelope(await postRbmEvent(t, rbmText('+919800000101', ' stop ')), 200);
    const { items } = await list(owner, '&search=9800000101');
    expect(items).toEqual([
      expect.objectContaining({
        msisdn: '+919800000101',
        source: 'stop_keyword',
        bot_id: rcsBotId,
        bot_name: 'Chai RCS',
        source_detail: 'stop',
      }),
    ]);
    // Another partner's list is its own.
    expect((await list(stranger)).total).toBe(0);
  });

  it('when the network reports an unsubscribe, or a WhatsApp user writes UNSUBSCRIBE, then the number is added; other text is not', async () => {
    expectEnvelope(
      await postRbmEvent(t, {
        ...rbmText('+919800000102', ''),
        text: undefined,
        eventType: 'UNSUBSCRIBE',
        eventId: `u-${Math.random()}`,
      }),
      200,
    );
    expect(await postWhatsAppText('919800000103', 'UNSUBSCRIBE')).toHaveProperty('statusCode', 200);
    expect(await postWhatsAppText('919800000104', 'stop sending me offers?')).toHaveProperty(
      'statusCode',
      200,
    );
    const numbers = Object.fromEntries((await list(owner)).items.map((o) => [o.msisdn, o.source]));
    expect(numbers['+919800000102']).toBe('network_unsubscribe');
    expect(numbers['+919800000103']).toBe('stop_keyword');
    expect(numbers['+919800000104']).toBeUndefined();
  });

  it('when the same STOP is delivered twice then the number is listed once with its first time', async () => {
    const event = rbmText('+919800000105', 'STOP');
    expectEnvelope(await postRbmEvent(t, event), 200);
    const first = (await list(owner, '&search=9800000105')).items;
    expectEnvelope(await postRbmEvent(t, { ...event, messageId: `${event.messageId}-again` }), 200);
    expect((await list(owner, '&search=9800000105')).items).toEqual(first);
  });
});

describe("the partner's own list", () => {
  it('when the partner adds a number in national form then it is stored in E.164, listed, searched and exported', async () => {
    const added = ZOptOut.parse(
      expectEnvelope(
        await call(owner, { method: 'POST', url: `${S}/opt-outs`, payload: { msisdn: '+91 98000 00201' } }),
        200,
      ).data,
    );
    expect(added).toMatchObject({ msisdn: '+919800000201', source: 'partner', bot_id: null });
    expect((await list(owner, '&source=partner')).items.map((o) => o.msisdn)).toEqual(['+919800000201']);
    const xlsx = await call(owner, { method: 'GET', url: `${S}/opt-outs/export?format=xlsx&search=0201` });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const pdf = await call(owner, { method: 'GET', url: `${S}/opt-outs/export?format=pdf` });
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('when the number is not a phone number then the answer is 400 naming the field', async () => {
    const response = await call(owner, {
      method: 'POST',
      url: `${S}/opt-outs`,
      payload: { msisdn: 'call me' },
    });
    expect(expectEnvelope(response, 400).message).toMatch(/valid mobile number/);
  });

  it("when another partner removes the number then it is 404 and the number stays; the owner's removal works once", async () => {
    const url = `${S}/opt-outs/${encodeURIComponent('+919800000201')}`;
    expectEnvelope(await call(stranger, { method: 'DELETE', url }), 404);
    expectEnvelope(await call(owner, { method: 'DELETE', url }), 200);
    expectEnvelope(await call(owner, { method: 'DELETE', url }), 404);
  });

  it('when a read-only child user adds a number then the server refuses it', async () => {
    const child = await t.factories.account(ROLES.CHILD_AGGREGATOR_READONLY);
    const token = await t.tokenFor(child.user.userId);
    const response = await call(
      { id: child.partner.partnerId, token },
      { method: 'POST', url: `${S}/opt-outs`, payload: { msisdn: '+919800000301' } },
    );
    expectEnvelope(response, 403);
  });
});

describe('the sort by a column header', () => {
  it('when the list is sorted by a field then it comes in that order both ways; the default is the latest first', async () => {
    const sorter = await developer(t);
    const [bot] = await t.database.db
      .insert(bots)
      .values({ partnerId: sorter.id, channels: [CHANNEL_TYPE.rcs], name: 'Zebra Bot', status: 10 })
      .returning();
    const at = (day: number) => new Date(Date.UTC(2026, 0, day));
    await t.database.db.insert(optOuts).values([
      { partnerId: sorter.id, msisdn: '+919800000003', source: 'partner', optedOutAt: at(1) },
      {
        partnerId: sorter.id,
        msisdn: '+919800000001',
        source: 'stop_keyword',
        botId: bot?.botId,
        optedOutAt: at(3),
      },
      { partnerId: sorter.id, msisdn: '+919800000002', source: 'network_unsubscribe', optedOutAt: at(2) },
    ]);
    const numbers = async (query: string) => (await list(sorter, query)).items.map((o) => o.msisdn.slice(-1));
    expect(await numbers('')).toEqual(['1', '2', '3']);
    expect(await numbers('&sort=opted_out_at&order=asc')).toEqual(['3', '2', '1']);
    expect(await numbers('&sort=msisdn&order=asc')).toEqual(['1', '2', '3']);
    expect(await numbers('&sort=msisdn&order=desc')).toEqual(['3', '2', '1']);
    // By the source's label ("Added by you", "STOP message", "Unsubscribed on the network"), not its code.
    expect(await numbers('&sort=source&order=asc')).toEqual(['3', '1', '2']);
    expect(await numbers('&sort=source&order=desc')).toEqual(['2', '1', '3']);
    // Numbers with no bot come after those with one going up.
    expect((await numbers('&sort=bot_name&order=asc'))[0]).toBe('1');
    const xlsx = await call(sorter, { method: 'GET', url: `${S}/opt-outs/export?format=xlsx&sort=source` });
    expect(xlsx.statusCode).toBe(200);
  });

  it('when the sort or the order is not one the list knows then the answer is 400 saying which fields are', async () => {
    const bad = await call(owner, { method: 'GET', url: `${S}/opt-outs?sort=event_id` });
    expect(expectEnvelope(bad, 400).message).toMatch(
      /sort must be one of opted_out_at, msisdn, source, bot_name/,
    );
    expectEnvelope(await call(owner, { method: 'GET', url: `${S}/opt-outs?order=sideways` }), 400);
    expectEnvelope(await call(owner, { method: 'GET', url: `${S}/opt-outs/export?format=xlsx&sort=x` }), 400);
  });
});

describe('the partner API and the list', () => {
  it("when a partner API send names an opted-out number then Meta's error shape refuses it before pricing; removed, it sends", async () => {
    expectEnvelope(
      await call(owner, { method: 'POST', url: `${S}/opt-outs`, payload: { msisdn: AIRTEL_RECIPIENT } }),
      200,
    );
    const refused = await sendWhatsApp(AIRTEL_RECIPIENT.slice(1));
    expect(refused.statusCode, refused.body).toBe(400);
    const { error } = ZCloudApiError.parse(JSON.parse(refused.body));
    expect(error.code).toBe(100);
    expect(error.error_data?.details).toBe(RECIPIENT_OPTED_OUT);
    const { rows } = await t.database.sql.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM metered_messages WHERE bot_id = $1',
      [whatsapp.botId],
    );
    expect(rows[0]?.n).toBe(0);

    expectEnvelope(
      await call(owner, { method: 'DELETE', url: `${S}/opt-outs/${encodeURIComponent(AIRTEL_RECIPIENT)}` }),
      200,
    );
    const sent = await sendWhatsApp(AIRTEL_RECIPIENT.slice(1));
    expect(sent.statusCode, sent.body).toBe(200);
  });
});
