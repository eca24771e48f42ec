import {
  CHANNEL_TYPE,
  MAAP_AUDIO_EXAMPLE,
  MAAP_EXAMPLE_AUDIO_MSG_ID,
  MAAP_EXAMPLE_CARD_MSG_ID,
  MAAP_EXAMPLE_FILE_MSG_ID,
  MAAP_EXAMPLE_TEXT_MSG_ID,
  MAAP_FILE_EXAMPLE,
  MAAP_RICH_CARD_EXAMPLE,
  MAAP_TEXT_EXAMPLE,
  ZMaapCapabilities,
  ZMaapError,
  ZMaapMessageResponse,
  ZPartnerCredentialList,
} from '@portico/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEnvelope, type TestApp, xsrfHeaders } from '../../../test/helpers.ts';
import { type createMeteringForTest, walletFigures } from '../../../test/metering.ts';
import {
  AIRTEL_PRICE,
  AIRTEL_RECIPIENT,
  botWithAccessToken,
  createPartnerApiApp,
  developer,
  fundedDeveloper,
  type Owner,
  QUIET_SANDBOX,
  revokeCredential,
} from '../../../test/partner-api.ts';

/**
 * GSMA's MaaP Chatbot API shape on a listening app, through the MaaP connector to the mounted
 * sandbox: the API's request examples (text with chips, a rich card, a carousel) give MaaP's
 * answers; every refusal is in MaaP's error shape; sends are priced and charged exactly once per
 * msgId; revocation, read receipts, typing and capability go through and are not charged.
 */

const S = '/api/v1/secure';
const RATE = 5;
const PRICE = AIRTEL_PRICE;
const RECIPIENT = AIRTEL_RECIPIENT;
let t: TestApp;
let m: ReturnType<typeof createMeteringForTest>;
let developerToken: string;
let partnerId: string;
let stranger: Owner;
let serial = 0;

beforeAll(async () => {
  t = await createPartnerApiApp({ PARTNER_SEND_RATE_PER_SECOND: String(RATE) });
  ({ m, partnerId, developerToken } = await fundedDeveloper(t));
  stranger = await developer(t);
});
afterAll(() => t.close());

interface TestBot {
  botId: string;
  maapBotId: string;
  accessToken: string;
}

/** An RCS bot registered with GSMA's API type (launched unless told), with a credential and a token. */
async function botWithToken(options: { launched?: boolean; owner?: Owner } = {}): Promise<TestBot> {
  serial += 1;
  const maapBotId = `bot_partner_maap_${serial}`;
  const bot = await botWithAccessToken(
    t,
    options.owner ?? { id: partnerId, token: developerToken },
    {
      channels: [CHANNEL_TYPE.rcs],
      name: `MaaP ${serial}`,
      maapBotId,
    },
    { launched: options.launched, clientAuth: 'form' },
  );
  return { ...bot, maapBotId };
}

const base = (botId: string) => `/api/v1/partner/maap/bot/v1/${encodeURIComponent(botId)}`;
const auth = (bot: TestBot, headers: Record<string, string> = {}) => ({
  authorization: `Bearer ${bot.accessToken}`,
  'content-type': 'application/json',
  ...headers,
});

function send(
  bot: TestBot,
  body: unknown,
  options: { headers?: Record<string, string>; botId?: string } = {},
) {
  return t.app.inject({
    method: 'POST',
    url: `${base(options.botId ?? bot.maapBotId)}/messages`,
    headers: auth(bot, options.headers),
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

function setStatus(bot: TestBot, msgId: string, body: unknown, botId = bot.maapBotId) {
  return t.app.inject({
    method: 'PUT',
    url: `${base(botId)}/messages/${encodeURIComponent(msgId)}/status`,
    headers: auth(bot),
    payload: JSON.stringify(body),
  });
}

function maapError(response: { statusCode: number; body: string }, status: number) {
  expect(response.statusCode, response.body).toBe(status);
  const { error } = ZMaapError.parse(JSON.parse(response.body));
  expect(error.code).toBe(status);
  return error;
}

async function metered(botId: string) {
  const { rows } = await t.database.sql.query<{ message_id: string; status: string }>(
    'SELECT message_id, status FROM metered_messages WHERE bot_id = $1 ORDER BY created_at',
    [botId],
  );
  return rows;
}

async function handset(msisdn: string) {
  const thread = await t.app.inject({
    method: 'GET',
    url: `/sandbox/api/handsets/${encodeURIComponent(msisdn)}`,
  });
  return (
    thread.json() as {
      items: {
        id: string;
        sender: string;
        status: string;
        text?: string;
        cards?: { title?: string }[];
        file?: { url: string; name: string; mediaType: string; mimeType?: string };
        suggestions: { text: string }[];
      }[];
    }
  ).items;
}

const sandboxBehaviour = (behaviour: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: '/sandbox/config', payload: { ...QUIET_SANDBOX, ...behaviour } });

// Request bodies in the MaaP Chatbot API's shape: the exported examples (a text message with a
// suggested chip list, a general-purpose card, a file, an audio message) and a card carousel.
const contact = MAAP_TEXT_EXAMPLE.messageContact;
/** The text example under another msgId (none: Portico chooses one). */
const text = (msgId?: string) => {
  const { msgId: _example, ...message } = MAAP_TEXT_EXAMPLE.RCSMessage;
  return { ...MAAP_TEXT_EXAMPLE, RCSMessage: { ...(msgId ? { msgId } : {}), ...message } };
};
const CAROUSEL = {
  RCSMessage: {
    msgId: 'carousel-1',
    richcardMessage: {
      message: {
        generalPurposeCardCarousel: {
          layout: { cardWidth: 'MEDIUM_WIDTH' },
          content: [
            { title: 'Red', description: 'The red one' },
            { title: 'Blue', description: 'The blue one' },
          ],
        },
      },
    },
    suggestedChipList: { suggestions: [{ reply: { displayText: 'More', postback: { data: 'more' } } }] },
  },
  messageContact: contact,
};
const FILE = MAAP_FILE_EXAMPLE;
const AUDIO = MAAP_AUDIO_EXAMPLE;

describe("the bot's API info", () => {
  it("when a GSMA-type bot's credentials are listed then its endpoint is the MaaP shape's base URL and chatbot id", async () => {
    const bot = await botWithToken();
    const list = await t.app.inject({
      method: 'GET',
      url: `${S}/bots/${bot.botId}/credentials`,
      headers: { authorization: `Bearer ${developerToken}` },
    });
    expect(ZPartnerCredentialList.parse(expectEnvelope(list, 200).data).endpoints).toEqual([
      {
        api_type: 'gsma',
        id_name: 'botId',
        id: bot.maapBotId,
        base_url: `${t.config.PUBLIC_URL}/api/v1/partner/maap`,
      },
    ]);
  });
});

describe("the MaaP Chatbot API's examples", () => {
  it.each([
    ['text with suggested chips', MAAP_TEXT_EXAMPLE, MAAP_EXAMPLE_TEXT_MSG_ID],
    ['general-purpose card', MAAP_RICH_CARD_EXAMPLE, MAAP_EXAMPLE_CARD_MSG_ID],
    ['card carousel', CAROUSEL, 'carousel-1'],
    ['file by URL', FILE, MAAP_EXAMPLE_FILE_MSG_ID],
    ['audio message', AUDIO, MAAP_EXAMPLE_AUDIO_MSG_ID],
  ])(
    'when a %s is sent then 202 Accepted answers its msgId and the handset shows it',
    async (_name, body, msgId) => {
      const bot = await botWithToken();
      const response = await send(bot, body);
      expect(response.statusCode, response.body).toBe(202);
      expect(ZMaapMessageResponse.parse(response.json())).toEqual({
        RCSMessage: { msgId, status: 'pending' },
        messageContact: contact,
      });
      const item = (await handset(RECIPIENT)).find((i) => i.id === msgId && i.sender === bot.maapBotId);
      expect(item).toBeDefined();
      if (msgId === MAAP_EXAMPLE_TEXT_MSG_ID)
        expect(item?.text).toBe(MAAP_TEXT_EXAMPLE.RCSMessage.textMessage);
      if (msgId === MAAP_EXAMPLE_CARD_MSG_ID) expect(item?.cards?.[0]?.title).toBe('New sneakers');
      if (msgId === 'carousel-1') expect(item?.cards?.map((c) => c.title)).toEqual(['Red', 'Blue']);
      if (msgId === MAAP_EXAMPLE_FILE_MSG_ID) {
        expect(item?.file).toEqual({
          url: FILE.RCSMessage.fileMessage.fileUrl,
          name: 'spring-catalogue.pdf',
          mediaType: 'document',
          mimeType: 'application/pdf',
        });
        expect(item?.suggestions.map((s) => s.text)).toEqual(['Order']);
      }
      if (msgId === MAAP_EXAMPLE_AUDIO_MSG_ID)
        expect(item?.file).toMatchObject({ name: 'welcome.m4a', mediaType: 'audio', mimeType: 'audio/mp4' });
      expect(await metered(bot.botId)).toEqual([{ message_id: msgId, status: 'sent' }]);
    },
  );

  it('when no msgId is given then Portico chooses one and answers it', async () => {
    const bot = await botWithToken();
    const response = await send(bot, text());
    expect(response.statusCode, response.body).toBe(202);
    const { msgId } = ZMaapMessageResponse.parse(response.json()).RCSMessage;
    expect(msgId).toMatch(/^[0-9a-f-]{36}$/);
    expect((await metered(bot.botId)).map((r) => r.message_id)).toEqual([msgId]);
  });

  it('when the same msgId is sent again then it is accepted again, sent and charged once', async () => {
    const bot = await botWithToken();
    const before = await walletFigures(t.database, partnerId);
    expect((await send(bot, text('order-7'))).statusCode).toBe(202);
    const again = await send(bot, text('order-7'));
    expect(again.statusCode, again.body).toBe(202);
    expect(ZMaapMessageResponse.parse(again.json()).RCSMessage.msgId).toBe('order-7');
    expect(await metered(bot.botId)).toHaveLength(1);
    expect((await handset(RECIPIENT)).filter((i) => i.id === 'order-7')).toHaveLength(1);
    const after = await walletFigures(t.database, partnerId);
    expect(after.balance - after.reserved).toBe(before.balance - before.reserved - PRICE);
  });

  it('when sends are settled then the wallet is debited exactly their price and nothing stays reserved', async () => {
    const bot = await botWithToken();
    const before = await walletFigures(t.database, partnerId);
    for (let i = 0; i < 3; i += 1) expect((await send(bot, text(`settle-${i}`))).statusCode).toBe(202);
    await m.metering.settleBatches();
    const after = await walletFigures(t.database, partnerId);
    // Earlier cases' sends (already reserved) are charged by the same settlement.
    expect(after.balance - after.reserved).toBe(before.balance - before.reserved - 3n * PRICE);
    expect(after.debits - before.debits).toBe(before.reserved + 3n * PRICE);
    expect(after.reserved).toBe(0n);
    expect(after.charges).toBe(after.debits);
  });
});

describe("refusals in MaaP's error shape", () => {
  it('when the body is malformed then 400, never a 500, and nothing is reserved', async () => {
    const bot = await botWithToken();
    maapError(await send(bot, '{"RCSMessage":'), 400);
    maapError(await send(bot, { RCSMessage: { textMessage: 'x' } }), 400);
    const badContact = maapError(
      await send(bot, { ...text('a'), messageContact: { userContact: '919810012345' } }),
      400,
    );
    expect(badContact.message).toMatch(/userContact/);
    maapError(
      await send(bot, {
        RCSMessage: { textMessage: 'x', ...MAAP_RICH_CARD_EXAMPLE.RCSMessage },
        messageContact: contact,
      }),
      400,
    );
    const location = maapError(
      await send(bot, {
        RCSMessage: { geolocationPushMessage: { pos: '12.97,77.59' } },
        messageContact: contact,
      }),
      400,
    );
    expect(location.message).toMatch(/not supported/);
    // Files: MaaP's required MIME type, an https URL, an audio type for audioMessage, one content.
    const { fileMIMEType: _type, ...untyped } = FILE.RCSMessage.fileMessage;
    const noType = maapError(
      await send(bot, { RCSMessage: { fileMessage: untyped }, messageContact: contact }),
      400,
    );
    expect(noType.message).toMatch(/fileMIMEType/);
    for (const fileMessage of [
      { ...FILE.RCSMessage.fileMessage, fileUrl: 'http://cdn.example.com/a.pdf' },
      { ...FILE.RCSMessage.fileMessage, fileMIMEType: 'pdf' },
      { ...FILE.RCSMessage.fileMessage, fileSize: -1 },
      { ...FILE.RCSMessage.fileMessage, fileName: 'folder/a.pdf' },
    ])
      maapError(await send(bot, { RCSMessage: { fileMessage }, messageContact: contact }), 400);
    const notAudio = maapError(
      await send(bot, {
        RCSMessage: { audioMessage: { ...AUDIO.RCSMessage.audioMessage, fileMIMEType: 'video/mp4' } },
        messageContact: contact,
      }),
      400,
    );
    expect(notAudio.message).toMatch(/audio type/);
    maapError(
      await send(bot, { RCSMessage: { ...FILE.RCSMessage, textMessage: 'x' }, messageContact: contact }),
      400,
    );
    maapError(
      await send(bot, { RCSMessage: { textMessage: 'x'.repeat(3073) }, messageContact: contact }),
      400,
    );
    // Our message rules: a chip's text is at most 25 characters.
    const longChip = {
      RCSMessage: {
        textMessage: 'Hi',
        suggestedChipList: {
          suggestions: [{ reply: { displayText: 'x'.repeat(26), postback: { data: 'p' } } }],
        },
      },
      messageContact: contact,
    };
    maapError(await send(bot, longChip), 400);
    maapError(
      await send(bot, { RCSMessage: { isTyping: 'active', textMessage: 'x' }, messageContact: contact }),
      400,
    );
    maapError(await send(bot, { RCSMessage: { isTyping: 'idle' }, messageContact: contact }), 400);
    const noContact = await t.app.inject({
      method: 'PUT',
      url: `${base(bot.maapBotId)}/messages/x/status`,
      headers: auth(bot),
      payload: JSON.stringify({ RCSMessage: { status: 'displayed' } }),
    });
    maapError(noContact, 400);
    maapError(await setStatus(bot, 'x', { RCSMessage: { status: 'delivered' } }), 400);
    expect(await metered(bot.botId)).toEqual([]);
  });

  it('when the token is missing, wrong or revoked then 401', async () => {
    const bot = await botWithToken();
    maapError(await send(bot, text('u'), { headers: { authorization: '' } }), 401);
    maapError(await send(bot, text('u'), { headers: { authorization: 'Bearer not.a.token' } }), 401);
    maapError(await send(bot, text('u'), { headers: { authorization: `Bearer ${developerToken}` } }), 401);
    await revokeCredential(t, { id: partnerId, token: developerToken }, bot.botId);
    maapError(await send(bot, text('u')), 401);
    maapError(await setStatus(bot, 'u', { RCSMessage: { status: 'cancelled' } }), 401);
    expect(await metered(bot.botId)).toEqual([]);
  });

  it("when the path names another bot's chatbot then 404, ours or another partner's", async () => {
    const bot = await botWithToken();
    const other = await botWithToken();
    const strangers = await botWithToken({ owner: stranger });
    maapError(await send(bot, text('n'), { botId: other.maapBotId }), 404);
    maapError(await send(bot, text('n'), { botId: strangers.maapBotId }), 404);
    maapError(await send(strangers, text('n'), { botId: bot.maapBotId }), 404);
    maapError(await send(bot, text('n'), { botId: 'bot_nobody' }), 404);
    const capability = await t.app.inject({
      method: 'GET',
      url: `${base(other.maapBotId)}/contactCapabilities?userContact=${encodeURIComponent(RECIPIENT)}`,
      headers: auth(bot),
    });
    maapError(capability, 404);
    expect(await metered(bot.botId)).toEqual([]);
  });

  it('when a Google-type RCS bot calls the MaaP shape then 404: it has no MaaP chatbot', async () => {
    serial += 1;
    const rbm = await botWithAccessToken(
      t,
      { id: partnerId, token: developerToken },
      { channels: [CHANNEL_TYPE.rcs], name: `RBM ${serial}`, rbmAgent: `brands/b/agents/a_${serial}` },
      { clientAuth: 'form' },
    );
    const rbmBot = { ...rbm, maapBotId: `a_${serial}` };
    maapError(await send(rbmBot, text('g')), 404);
  });

  it('when the bot is not launched then a test device added on the portal is reached without any invite (MaaP has none); any other contact is 403', async () => {
    const bot = await botWithToken({ launched: false });
    // The partner adds the number on the portal, as the test console does: no invite on MaaP.
    const added = await t.app.inject({
      method: 'POST',
      url: `${S}/bots/${bot.botId}/test-devices`,
      headers: { authorization: `Bearer ${developerToken}`, ...xsrfHeaders() },
      payload: { channel: 'rcs', msisdn: RECIPIENT },
    });
    const device = expectEnvelope(added, 201).data as { invite_status: string | null };
    expect(device.invite_status).toBeNull();
    const refused = maapError(
      await send(bot, { ...text('td-1'), messageContact: { userContact: '+919810012346' } }),
      403,
    );
    expect(refused.message).toMatch(/test devices/);
    expect((await send(bot, text('td-2'))).statusCode).toBe(202);
    expect((await metered(bot.botId)).map((r) => r.message_id)).toEqual(['td-2']);
  });

  it('when more than the rate is sent in a second then 429, and those are not charged', async () => {
    const bot = await botWithToken();
    const answers = await Promise.all(
      Array.from({ length: RATE + 3 }, (_, i) => send(bot, text(`rate-${i}`))),
    );
    const limited = answers.filter((a) => a.statusCode === 429);
    expect(limited.length).toBeGreaterThanOrEqual(3);
    for (const a of limited) maapError(a, 429);
    expect(await metered(bot.botId)).toHaveLength(answers.length - limited.length);
  });

  it('when the wallet cannot cover the message then 402 and nothing is sent or reserved', async () => {
    const owner = await developer(t);
    const bot = await botWithToken({ owner });
    const error = maapError(await send(bot, text('poor-1')), 402);
    expect(error.message).toMatch(/wallet/);
    expect(await metered(bot.botId)).toEqual([]);
    expect((await walletFigures(t.database, owner.id)).reserved).toBe(0n);
    expect((await handset(RECIPIENT)).some((i) => i.id === 'poor-1')).toBe(false);
  });

  it('when the contact has no RCS then the network refuses in the same shape (404) and nothing is charged', async () => {
    const bot = await botWithToken();
    const error = maapError(
      await send(bot, { ...text('nc-1'), messageContact: { userContact: '+919810012340' } }),
      404,
    );
    expect(error.message).toMatch(/not RCS-capable/);
    expect(await metered(bot.botId)).toEqual([{ message_id: 'nc-1', status: 'released' }]);
  });
});

describe('revocation, read receipts, typing and capability (not charged)', () => {
  it('when an undelivered message is cancelled then it leaves the handset, and its charge stays', async () => {
    const bot = await botWithToken();
    expect((await send(bot, text('revoke-1'))).statusCode).toBe(202);
    const before = await walletFigures(t.database, partnerId);
    const cancelled = await setStatus(bot, 'revoke-1', { RCSMessage: { status: 'cancelled' } });
    expect(cancelled.statusCode, cancelled.body).toBe(204);
    expect((await handset(RECIPIENT)).some((i) => i.id === 'revoke-1')).toBe(false);
    // The network accepted it: still sent (then charged), not released, and nothing more reserved.
    expect(await metered(bot.botId)).toEqual([{ message_id: 'revoke-1', status: 'sent' }]);
    expect(await walletFigures(t.database, partnerId)).toEqual(before);
  });

  it("when the message is unknown, another bot's or already delivered then 404", async () => {
    const bot = await botWithToken();
    const other = await botWithToken();
    maapError(await setStatus(bot, 'never-sent', { RCSMessage: { status: 'cancelled' } }), 404);
    expect((await send(other, text('theirs-1'))).statusCode).toBe(202);
    maapError(await setStatus(bot, 'theirs-1', { RCSMessage: { status: 'cancelled' } }), 404);
    expect((await handset(RECIPIENT)).some((i) => i.id === 'theirs-1')).toBe(true);

    await sandboxBehaviour({ receipts: true, deliveryDelayMs: 0, readDelayMs: null });
    try {
      expect((await send(bot, text('delivered-1'))).statusCode).toBe(202);
      for (let i = 0; i < 100; i += 1) {
        if ((await handset(RECIPIENT)).find((x) => x.id === 'delivered-1')?.status === 'delivered') break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const error = maapError(
        await setStatus(bot, 'delivered-1', { RCSMessage: { status: 'cancelled' } }),
        404,
      );
      expect(error.message).toMatch(/delivered/);
    } finally {
      await sandboxBehaviour({});
    }
  });

  it("when the chatbot marks the user's message displayed then the handset shows it read; typing reaches the user", async () => {
    const bot = await botWithToken();
    const msisdn = '+919810012348';
    expect((await send(bot, { ...text('ask-1'), messageContact: { userContact: msisdn } })).statusCode).toBe(
      202,
    );
    const replied = await t.app.inject({
      method: 'POST',
      url: `/sandbox/api/handsets/${encodeURIComponent(msisdn)}/replies`,
      payload: { text: 'Hello bot' },
    });
    const userMessage = (replied.json() as { item: { id: string } }).item.id;
    const read = await setStatus(bot, userMessage, {
      RCSMessage: { status: 'displayed' },
      messageContact: { userContact: msisdn },
    });
    expect(read.statusCode, read.body).toBe(204);
    expect((await handset(msisdn)).find((i) => i.id === userMessage)?.status).toBe('read');
    maapError(
      await setStatus(bot, 'usr_unknown', {
        RCSMessage: { status: 'displayed' },
        messageContact: { userContact: msisdn },
      }),
      404,
    );

    const typing = await send(bot, {
      RCSMessage: { isTyping: 'active' },
      messageContact: { userContact: msisdn },
    });
    expect(typing.statusCode, typing.body).toBe(202);
    expect(await metered(bot.botId)).toEqual([{ message_id: 'ask-1', status: 'sent' }]);
  });

  it("when the contact's capabilities are asked then MaaP's list answers, 404 without RCS, 400 for a bad number", async () => {
    const bot = await botWithToken();
    const capabilities = (userContact: string) =>
      t.app.inject({
        method: 'GET',
        url: `${base(bot.maapBotId)}/contactCapabilities?userContact=${encodeURIComponent(userContact)}`,
        headers: auth(bot),
      });
    const answer = await capabilities(RECIPIENT);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(ZMaapCapabilities.parse(answer.json()).capabilities).toContain('chatBotCommunication');
    maapError(await capabilities('+919810012340'), 404);
    maapError(await capabilities('12345'), 400);
    expect(await metered(bot.botId)).toEqual([]);
  });
});
