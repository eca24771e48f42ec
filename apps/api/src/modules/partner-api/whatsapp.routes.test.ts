import {
  CHANNEL_TYPE,
  PARTNER_IDEMPOTENCY_KEY_TTL_HOURS,
  ZCloudApiError,
  ZCloudApiSendResponse,
} from '@portico/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ActionButtons, Body, Button, Document, Image, Interactive, Text } from 'whatsapp-api-js/messages';
import type { TestApp } from '../../../test/helpers.ts';
import { type createMeteringForTest, walletFigures } from '../../../test/metering.ts';
import {
  AIRTEL_PRICE,
  AIRTEL_RECIPIENT,
  botWithAccessToken,
  createPartnerApiApp,
  developer,
  fundedDeveloper,
  metaError,
  meteredCount as meteredCountOf,
  type Owner,
  revokeCredential,
  whatsappClient,
} from '../../../test/partner-api.ts';
import { createPartnerApiRepository } from './partner-api.repository.ts';
import { createPartnerIdempotency, requestHash } from './partner-idempotency.ts';

/**
 * The WhatsApp Cloud API shape on a listening app, through the connector to the mounted sandbox:
 * Meta's documented request examples give Meta's documented answers; every refusal is in Meta's
 * error shape; sends are priced, reserved and charged exactly.
 */

const RATE = 5;
let t: TestApp;
let m: ReturnType<typeof createMeteringForTest>;
let developerToken: string;
let partnerId: string;
let stranger: Owner;
let serial = 0;

const PRICE = AIRTEL_PRICE;
/** WhatsApp's wa_id: the number without its plus. */
const RECIPIENT = AIRTEL_RECIPIENT.slice(1);

beforeAll(async () => {
  t = await createPartnerApiApp({ PARTNER_SEND_RATE_PER_SECOND: String(RATE) });
  ({ m, partnerId, developerToken } = await fundedDeveloper(t));
  stranger = await developer(t);
});
afterAll(() => t.close());

interface TestBot {
  botId: string;
  phoneNumberId: string;
  accessToken: string;
}

/** A WhatsApp bot of the developer (launched unless told), with a credential and an access token. */
async function botWithToken(options: { launched?: boolean; owner?: Owner } = {}): Promise<TestBot> {
  serial += 1;
  const phoneNumberId = `pn-partner-api-${serial}`;
  const bot = await botWithAccessToken(
    t,
    options.owner ?? { id: partnerId, token: developerToken },
    {
      channels: [CHANNEL_TYPE.whatsapp],
      name: `Partner API ${serial}`,
      whatsappPhoneNumberId: phoneNumberId,
    },
    { launched: options.launched, clientAuth: 'form' },
  );
  return { ...bot, phoneNumberId };
}

function send(
  bot: TestBot,
  body: unknown,
  headers: Record<string, string> = {},
  phoneNumberId = bot.phoneNumberId,
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/partner/whatsapp/v21.0/${phoneNumberId}/messages`,
    headers: { authorization: `Bearer ${bot.accessToken}`, 'content-type': 'application/json', ...headers },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

const meteredCount = (botId: string) => meteredCountOf(t, botId);

// Meta's documented request bodies (Cloud API reference, "Messages": text, template, interactive reply buttons).
const TEXT = {
  messaging_product: 'whatsapp',
  recipient_type: 'individual',
  to: RECIPIENT,
  type: 'text',
  text: { preview_url: false, body: 'text-message-content' },
};
const TEMPLATE = {
  messaging_product: 'whatsapp',
  to: RECIPIENT,
  type: 'template',
  template: { name: 'hello_world', language: { code: 'en_US' } },
};
const INTERACTIVE = {
  messaging_product: 'whatsapp',
  recipient_type: 'individual',
  to: RECIPIENT,
  type: 'interactive',
  interactive: {
    type: 'button',
    body: { text: 'BUTTON_TEXT' },
    action: {
      buttons: [
        { type: 'reply', reply: { id: 'UNIQUE_BUTTON_ID_1', title: 'BUTTON_TITLE_1' } },
        { type: 'reply', reply: { id: 'UNIQUE_BUTTON_ID_2', title: 'BUTTON_TITLE_2' } },
      ],
    },
  },
};

// Meta's documented media samples ("Image messages", "Document messages"), by link.
const IMAGE = {
  messaging_product: 'whatsapp',
  recipient_type: 'individual',
  to: RECIPIENT,
  type: 'image',
  image: {
    link: 'https://www.luckyshrub.com/assets/succulents/aloe.png',
    caption: 'The best succulent ever?',
  },
};
const DOCUMENT = {
  messaging_product: 'whatsapp',
  recipient_type: 'individual',
  to: RECIPIENT,
  type: 'document',
  document: {
    link: 'https://www.luckyshrub.com/invoices/FmOzfD9cKf/lucky-shrub-invoice.pdf',
    caption: 'Lucky Shrub Invoice',
    filename: 'lucky-shrub-invoice.pdf',
  },
};

async function handset(msisdn: string) {
  const thread = await t.app.inject({
    method: 'GET',
    url: `/sandbox/api/handsets/${encodeURIComponent(msisdn)}`,
  });
  return (
    thread.json() as {
      items: {
        id: string;
        text?: string;
        file?: { url: string; name: string; mediaType: string; mimeType?: string };
      }[];
    }
  ).items;
}

describe("Meta's documented examples", () => {
  it.each([
    ['text', TEXT],
    ['interactive reply buttons', INTERACTIVE],
  ])(
    "when a %s message is sent then Meta's response shape answers with the contact and message id",
    async (_name, body) => {
      const bot = await botWithToken();
      const response = await send(bot, body);
      expect(response.statusCode, response.body).toBe(200);
      const answer = ZCloudApiSendResponse.parse(response.json());
      expect(answer).toMatchObject({
        messaging_product: 'whatsapp',
        contacts: [{ input: RECIPIENT, wa_id: RECIPIENT }],
      });
      expect(answer.messages[0]?.id).toMatch(/^wamid\./);
    },
  );

  it('when an image and a document are sent by link then each is answered with its wamid, reaches the handset with its caption, and is reserved once', async () => {
    const bot = await botWithToken();
    const before = await walletFigures(t.database, partnerId);
    const ids: string[] = [];
    for (const body of [IMAGE, DOCUMENT]) {
      const response = await send(bot, body);
      expect(response.statusCode, response.body).toBe(200);
      ids.push(ZCloudApiSendResponse.parse(response.json()).messages[0]?.id ?? '');
    }
    const items = await handset(`+${RECIPIENT}`);
    const shown = ids.map((id) => items.find((i) => i.id === id)).map((i) => [i?.text, i?.file]);
    expect(shown).toEqual([
      [
        'The best succulent ever?',
        { url: IMAGE.image.link, name: 'aloe.png', mediaType: 'image', mimeType: 'image/png' },
      ],
      [
        'Lucky Shrub Invoice',
        {
          url: DOCUMENT.document.link,
          name: 'lucky-shrub-invoice.pdf',
          mediaType: 'document',
          mimeType: 'application/pdf',
        },
      ],
    ]);
    expect(await meteredCount(bot.botId)).toBe(2);
    const after = await walletFigures(t.database, partnerId);
    expect(before.balance - before.reserved - (after.balance - after.reserved)).toBe(2n * PRICE);
  });

  it("when a template the number does not have is sent then the network's (#132001) comes back and nothing is charged", async () => {
    const bot = await botWithToken();
    const error = metaError(await send(bot, TEMPLATE), 404, 132001);
    // Meta's wording: the code's title in the message, the template named in the details.
    expect(error.message).toBe('(#132001) Template name does not exist in the translation');
    expect(error.error_data).toEqual({
      messaging_product: 'whatsapp',
      details: 'template name (hello_world) does not exist in en_US',
    });
    const { rows } = await t.database.sql.query<{ status: string }>(
      'SELECT status FROM metered_messages WHERE bot_id = $1',
      [bot.botId],
    );
    expect(rows.map((r) => r.status)).toEqual(['released']);
  });

  it('when sends are settled then the wallet is debited exactly their price and nothing stays reserved', async () => {
    const bot = await botWithToken();
    const before = await walletFigures(t.database, partnerId);
    for (let i = 0; i < 3; i += 1) expect((await send(bot, TEXT)).statusCode).toBe(200);
    await m.metering.settleBatches();
    const after = await walletFigures(t.database, partnerId);
    // Earlier cases' sends (already reserved) are charged by the same settlement.
    expect(after.balance - after.reserved).toBe(before.balance - before.reserved - 3n * PRICE);
    expect(after.debits - before.debits).toBe(before.reserved + 3n * PRICE);
    expect(after.reserved).toBe(0n);
    expect(after.charges).toBe(after.debits);
  });
});

describe("refusals in Meta's error shape", () => {
  it('when the body is malformed then (#100) Invalid parameter, HTTP 400, and nothing is reserved', async () => {
    const bot = await botWithToken();
    metaError(await send(bot, '{"messaging_product": "whatsapp", "to":'), 400, 100);
    const missing = metaError(
      await send(bot, { messaging_product: 'whatsapp', type: 'text', text: { body: 'x' } }),
      400,
      100,
    );
    expect(missing.error_data?.details).toMatch(/to/);
    const noText = metaError(
      await send(bot, { messaging_product: 'whatsapp', to: RECIPIENT, type: 'text' }),
      400,
      100,
    );
    expect(noText.error_data?.details).toMatch(/text/);
    metaError(
      await send(bot, { ...TEXT, type: 'location', location: { latitude: 91, longitude: 2 } }),
      400,
      100,
    );
    metaError(await send(bot, { ...TEXT, text: { body: 'x'.repeat(4097) } }), 400, 100);
    const badVersion = await t.app.inject({
      method: 'POST',
      url: `/api/v1/partner/whatsapp/latest/${bot.phoneNumberId}/messages`,
      headers: { authorization: `Bearer ${bot.accessToken}`, 'content-type': 'application/json' },
      payload: JSON.stringify(TEXT),
    });
    metaError(badVersion, 400, 100);
    expect(await meteredCount(bot.botId)).toBe(0);
  });

  it("when media breaks Meta's rules then (#100) Invalid parameter names the field, HTTP 400, and nothing is reserved", async () => {
    const bot = await botWithToken();
    const details = async (body: unknown) =>
      metaError(await send(bot, body), 400, 100).error_data?.details ?? '';
    const { image, ...noImage } = IMAGE;
    expect(await details(noImage)).toMatch(/image/);
    expect(await details({ ...IMAGE, image: { caption: image.caption } })).toMatch(/image: .*id or link/);
    expect(await details({ ...IMAGE, image: { ...image, caption: 'x'.repeat(1025) } })).toMatch(
      /image\.caption/,
    );
    expect(await details({ ...IMAGE, image: { ...image, link: 'ftp://x.example/a.png' } })).toMatch(
      /image\.link/,
    );
    expect(await details({ ...IMAGE, image: { ...image, link: 'http://x.example/a.png' } })).toMatch(/https/);
    // A filename only on documents, a caption not on audio or stickers: refused, not dropped.
    expect(await details({ ...IMAGE, image: { ...image, filename: 'aloe.png' } })).toMatch(/filename/);
    const audio = { ...TEXT, type: 'audio', audio: { link: 'https://x.example/a.mp3', caption: 'Listen' } };
    expect(await details(audio)).toMatch(/caption/);
    expect(
      await details({ ...DOCUMENT, document: { ...DOCUMENT.document, filename: '../secrets/invoice.pdf' } }),
    ).toMatch(/document\.filename/);
    expect(await meteredCount(bot.botId)).toBe(0);
  });

  it('when media is sent by an id the bot did not upload then it is not found, and nothing is reserved', async () => {
    const bot = await botWithToken();
    const error = metaError(await send(bot, { ...IMAGE, image: { id: '1013859600285441' } }), 404, 100);
    expect(error.error_data?.details).toMatch(/^Object with ID '1013859600285441' does not exist/);
    metaError(await send(bot, { ...TEXT, type: 'sticker', sticker: { id: '7' } }), 404, 100);
    metaError(await send(bot, { ...TEXT, type: 'sticker', sticker: { id: 'not-an-id' } }), 400, 100);
    expect(await meteredCount(bot.botId)).toBe(0);
  });

  it('when the token is missing, wrong or revoked then (#190), HTTP 401', async () => {
    const bot = await botWithToken();
    metaError(await send(bot, TEXT, { authorization: '' }), 401, 190);
    metaError(await send(bot, TEXT, { authorization: 'Bearer not.a.token' }), 401, 190);
    metaError(await send(bot, TEXT, { authorization: `Bearer ${developerToken}` }), 401, 190);
    await revokeCredential(t, { id: partnerId, token: developerToken }, bot.botId);
    metaError(await send(bot, TEXT), 401, 190);
  });

  it("when the path names another bot's number then 404 (#100, subcode 33), ours or another partner's", async () => {
    const bot = await botWithToken();
    const other = await botWithToken();
    const error = metaError(await send(bot, TEXT, {}, other.phoneNumberId), 404, 100);
    expect(error.error_subcode).toBe(33);
    metaError(await send(bot, TEXT, {}, 'pn-nobody'), 404, 100);
    const strangers = await botWithToken({ owner: stranger });
    metaError(await send(strangers, TEXT, {}, bot.phoneNumberId), 404, 100);
    expect(await meteredCount(bot.botId)).toBe(0);
  });

  it('when the bot is not launched then only its test devices are reached (#131030 otherwise)', async () => {
    const bot = await botWithToken({ launched: false });
    await t.database.sql.query(
      `INSERT INTO bot_test_devices (bot_id, partner_id, channel, msisdn) VALUES ($1, $2, 'whatsapp', $3)`,
      [bot.botId, partnerId, `+${RECIPIENT}`],
    );
    const error = metaError(await send(bot, { ...TEXT, to: '919810012399' }), 400, 131030);
    expect(error.message).toBe('(#131030) Recipient phone number not in allowed list');
    expect((await send(bot, TEXT)).statusCode).toBe(200);
    expect(await meteredCount(bot.botId)).toBe(1);
  });

  it('when more than the rate is sent in a second then (#130429), HTTP 429, and those are not charged', async () => {
    const bot = await botWithToken();
    const answers = await Promise.all(Array.from({ length: RATE + 3 }, () => send(bot, TEXT)));
    const limited = answers.filter((a) => a.statusCode === 429);
    expect(limited.length).toBeGreaterThanOrEqual(3);
    for (const a of limited) metaError(a, 429, 130429);
    expect(await meteredCount(bot.botId)).toBe(answers.length - limited.length);
  });

  it('when the wallet cannot cover the message then (#131042) and nothing is sent or reserved', async () => {
    const owner = await developer(t);
    const bot = await botWithToken({ owner });
    metaError(await send(bot, TEXT), 400, 131042);
    expect(await meteredCount(bot.botId)).toBe(0);
    expect((await walletFigures(t.database, owner.id)).reserved).toBe(0n);
  });
});

describe('Idempotency-Key (decision 0026): the first answer again', () => {
  const keyRow = async (botId: string, key: string) => {
    const { rows } = await t.database.sql.query<{ status: number | null }>(
      'SELECT status FROM partner_idempotency_keys WHERE bot_id = $1 AND key = $2',
      [botId, key],
    );
    return rows;
  };

  it('when a send is retried with the same key and body then the first answer comes back, and nothing is sent or charged again', async () => {
    const bot = await botWithToken();
    const before = await walletFigures(t.database, partnerId);
    const first = await send(bot, TEXT, { 'idempotency-key': 'order-42' });
    expect(first.statusCode, first.body).toBe(200);
    const again = await send(bot, TEXT, { 'idempotency-key': 'order-42' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await meteredCount(bot.botId)).toBe(1);
    const after = await walletFigures(t.database, partnerId);
    expect(after.balance - after.reserved).toBe(before.balance - before.reserved - PRICE);
  });

  it("when the network refused the first request then the retry gets the network's refusal again, not sent again", async () => {
    const bot = await botWithToken();
    const first = await send(bot, TEMPLATE, { 'idempotency-key': 'tpl-1' });
    metaError(first, 404, 132001);
    const again = await send(bot, TEMPLATE, { 'idempotency-key': 'tpl-1' });
    metaError(again, 404, 132001);
    expect(again.json()).toEqual(first.json());
  });

  it('when the key comes again with another body then (#100) with 422 says so, and nothing is sent', async () => {
    const bot = await botWithToken();
    expect((await send(bot, TEXT, { 'idempotency-key': 'order-43' })).statusCode).toBe(200);
    const other = { ...TEXT, text: { body: 'Another message' } };
    const error = metaError(await send(bot, other, { 'idempotency-key': 'order-43' }), 422, 100);
    expect(error.error_data?.details).toBe(
      "Idempotency-Key 'order-43' was already used with a different request. Use a new key for a new message.",
    );
    expect(await meteredCount(bot.botId)).toBe(1);
  });

  it('when the first request with the key is still in flight then (#100) with 409 says it is still being processed', async () => {
    const bot = await botWithToken();
    await t.database.sql.query(
      'INSERT INTO partner_idempotency_keys (bot_id, key, request_hash) VALUES ($1, $2, $3)',
      [bot.botId, 'order-44', requestHash(bot.phoneNumberId, TEXT)],
    );
    const error = metaError(await send(bot, TEXT, { 'idempotency-key': 'order-44' }), 409, 100);
    expect(error.error_data?.details).toContain('is still being processed');
    expect(await meteredCount(bot.botId)).toBe(0);
  });

  it('when the first request was refused before anything was sent then the key is free and the retry is sent', async () => {
    const owner = await developer(t);
    const bot = await botWithToken({ owner });
    metaError(await send(bot, TEXT, { 'idempotency-key': 'order-45' }), 400, 131042);
    expect(await keyRow(bot.botId, 'order-45')).toEqual([]);
    await m.ledger.credit({
      partnerId: owner.id,
      idempotencyKey: 'fund-45',
      amount: PRICE,
      description: 'Top-up',
    });
    expect((await send(bot, TEXT, { 'idempotency-key': 'order-45' })).statusCode).toBe(200);
    expect(await keyRow(bot.botId, 'order-45')).toEqual([{ status: 200 }]);
  });

  it('when a key is older than PARTNER_IDEMPOTENCY_KEY_TTL_HOURS then it is new again, and the sweep deletes expired keys', async () => {
    const bot = await botWithToken();
    expect((await send(bot, TEXT, { 'idempotency-key': 'old' })).statusCode).toBe(200);
    expect((await send(bot, TEXT, { 'idempotency-key': 'fresh' })).statusCode).toBe(200);
    const expire = (key: string) =>
      t.database.sql.query(
        `UPDATE partner_idempotency_keys SET created_at = now() - make_interval(hours => $3 + 1)
          WHERE bot_id = $1 AND key = $2`,
        [bot.botId, key, PARTNER_IDEMPOTENCY_KEY_TTL_HOURS],
      );
    await expire('old');
    const sweep = createPartnerIdempotency(createPartnerApiRepository(t.database));
    expect(await sweep.sweep()).toBe(1);
    expect(await keyRow(bot.botId, 'old')).toEqual([]);
    // The key is new again (another body is no mismatch); metering still knows the message id, so
    // the message is not sent twice.
    const error = metaError(
      await send(bot, { ...TEXT, text: { body: 'New' } }, { 'idempotency-key': 'old' }),
      409,
      100,
    );
    expect(error.error_data?.details).toContain('was already accepted');
    expect(await meteredCount(bot.botId)).toBe(2);
    expect(await keyRow(bot.botId, 'fresh')).toEqual([{ status: 200 }]);
  });
});

describe('a WhatsApp Cloud API client we did not write (whatsapp-api-js)', () => {
  const clientOf = (bot: TestBot) => whatsappClient(t, bot.accessToken);

  it("when it sends a text and reply buttons then both are accepted, answered in Meta's shape and charged once each", async () => {
    const bot = await botWithToken();
    const before = await walletFigures(t.database, partnerId);
    const client = clientOf(bot);
    const text = await client.sendMessage(bot.phoneNumberId, RECIPIENT, new Text('Your order has shipped'));
    const buttons = await client.sendMessage(
      bot.phoneNumberId,
      RECIPIENT,
      new Interactive(
        new ActionButtons(new Button('track', 'Track it'), new Button('help', 'Get help')),
        new Body('Where next?'),
      ),
    );
    for (const answer of [text, buttons]) {
      expect(ZCloudApiSendResponse.parse(answer).messages[0]?.id).toMatch(/^wamid\./);
    }
    expect(await meteredCount(bot.botId)).toBe(2);
    const after = await walletFigures(t.database, partnerId);
    expect(before.balance - before.reserved - (after.balance - after.reserved)).toBe(2n * PRICE);
  });

  it('when it sends an image and a document by link then both are accepted and charged once each; by an id it did not upload it gets (#100), not found', async () => {
    const bot = await botWithToken();
    const client = clientOf(bot);
    const image = await client.sendMessage(
      bot.phoneNumberId,
      RECIPIENT,
      new Image('https://www.luckyshrub.com/assets/succulents/aloe.png', false, 'Aloe'),
    );
    const document = await client.sendMessage(
      bot.phoneNumberId,
      RECIPIENT,
      new Document('https://www.luckyshrub.com/invoices/a.pdf', false, 'Your invoice', 'invoice.pdf'),
    );
    for (const answer of [image, document])
      expect(ZCloudApiSendResponse.parse(answer).messages[0]?.id).toMatch(/^wamid\./);
    expect(await meteredCount(bot.botId)).toBe(2);
    const byId = await client.sendMessage(bot.phoneNumberId, RECIPIENT, new Image('1013859600285441', true));
    expect(ZCloudApiError.parse(byId).error.code).toBe(100);
    expect(await meteredCount(bot.botId)).toBe(2);
  });

  it("when its token is wrong then the library gets Meta's OAuth error (#190) and nothing is sent", async () => {
    const bot = await botWithToken();
    const client = clientOf({ ...bot, accessToken: 'not-a-token' });
    const answer = await client.sendMessage(bot.phoneNumberId, RECIPIENT, new Text('hello'));
    expect(ZCloudApiError.parse(answer).error.code).toBe(190);
    expect(await meteredCount(bot.botId)).toBe(0);
  });
});
