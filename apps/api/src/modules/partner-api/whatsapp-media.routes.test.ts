import { createHash } from 'node:crypto';
import { CHANNEL_TYPE, ZCloudApiMedia, ZCloudApiMediaId, ZCloudApiSendResponse } from '@portico/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Image, Location, Reaction, Text } from 'whatsapp-api-js/messages';
import type { TestApp } from '../../../test/helpers.ts';
import {
  AIRTEL_RECIPIENT,
  botWithAccessToken,
  createPartnerApiApp,
  developer,
  fundedDeveloper,
  metaError,
  meteredCount as meteredCountOf,
  type Owner,
  whatsappClient,
} from '../../../test/partner-api.ts';

/**
 * The WhatsApp Cloud API calls besides sends (issue 25, point 5) on a listening app, through the
 * connector to the mounted sandbox: media upload, retrieval, download and deletion (the bot's own
 * media only: another partner's is 404), sends by media id, marking a user's message read with the
 * typing indicator, reactions, location and contacts messages; and whatsapp-api-js doing the same.
 */

let t: TestApp;
let owner: Owner;
let stranger: Owner;
let serial = 0;
const RECIPIENT = AIRTEL_RECIPIENT.slice(1);
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

beforeAll(async () => {
  t = await createPartnerApiApp();
  ({ owner } = await fundedDeveloper(t));
  stranger = await developer(t);
});
afterAll(() => t.close());

interface TestBot {
  botId: string;
  phoneNumberId: string;
  accessToken: string;
}

async function botOf(who: Owner = owner): Promise<TestBot> {
  serial += 1;
  const phoneNumberId = `${106_540_352_250_000 + serial}`;
  const bot = await botWithAccessToken(
    t,
    who,
    { channels: [CHANNEL_TYPE.whatsapp], name: `Media ${serial}`, whatsappPhoneNumberId: phoneNumberId },
    { clientAuth: 'basic' },
  );
  return { ...bot, phoneNumberId };
}

const auth = (bot: TestBot) => ({ authorization: `Bearer ${bot.accessToken}` });

function multipart(fields: Record<string, string>, file?: { type: string; bytes: Buffer; name: string }) {
  const boundary = 'test-boundary-42';
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const head = Buffer.from(
    parts.join('') +
      (file
        ? `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${file.name}"\r\ncontent-type: ${file.type}\r\n\r\n`
        : ''),
  );
  return {
    payload: Buffer.concat([
      head,
      file?.bytes ?? Buffer.alloc(0),
      Buffer.from(`${file ? '\r\n' : ''}--${boundary}--\r\n`),
    ]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

async function upload(
  bot: TestBot,
  fields: Record<string, string>,
  file?: { type: string; bytes: Buffer; name: string },
) {
  const body = multipart(fields, file);
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/partner/whatsapp/v21.0/${bot.phoneNumberId}/media`,
    headers: { ...auth(bot), 'content-type': body.contentType },
    payload: body.payload,
  });
}

/** POST /messages with Meta's body as given (a read names no recipient). */
const post = (bot: TestBot, body: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/partner/whatsapp/v21.0/${bot.phoneNumberId}/messages`,
    headers: { ...auth(bot), 'content-type': 'application/json' },
    payload: JSON.stringify({ messaging_product: 'whatsapp', ...body }),
  });

const send = (bot: TestBot, body: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/partner/whatsapp/v21.0/${bot.phoneNumberId}/messages`,
    headers: { ...auth(bot), 'content-type': 'application/json' },
    payload: JSON.stringify({ messaging_product: 'whatsapp', to: RECIPIENT, ...body }),
  });

const meteredCount = (botId: string) => meteredCountOf(t, botId);

/** The user writes back on the sandbox's handset: the wamid of the user's message. */
async function userReply(text: string): Promise<string> {
  const reply = await t.app.inject({
    method: 'POST',
    url: `/sandbox/api/handsets/${encodeURIComponent(AIRTEL_RECIPIENT)}/replies`,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ text }),
  });
  expect(reply.statusCode, reply.body).toBe(200);
  return (reply.json() as { item: { id: string } }).item.id;
}

async function handsetItem(id: string) {
  const answer = await t.app.inject({
    method: 'GET',
    url: `/sandbox/api/handsets/${encodeURIComponent(AIRTEL_RECIPIENT)}`,
  });
  const items = (answer.json() as { items: Array<{ id: string; status: string; text?: string }> }).items;
  return items.find((item) => item.id === id);
}

describe('WhatsApp media: upload, retrieval, download, deletion', () => {
  it('when the bot uploads an image then it gets an id, sends the image by it (charged), reads and fetches it, and deletes it', async () => {
    const bot = await botOf();
    const uploaded = await upload(
      bot,
      { messaging_product: 'whatsapp', type: 'image/png' },
      { type: 'image/png', bytes: PNG, name: 'dot.png' },
    );
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const { id } = ZCloudApiMediaId.parse(uploaded.json());
    expect(id).toMatch(/^\d+$/);

    const info = await t.app.inject({
      method: 'GET',
      url: `/api/v1/partner/whatsapp/v21.0/${id}`,
      headers: auth(bot),
    });
    expect(info.statusCode, info.body).toBe(200);
    const media = ZCloudApiMedia.parse(info.json());
    expect(media).toMatchObject({
      id,
      mime_type: 'image/png',
      file_size: PNG.length,
      sha256: createHash('sha256').update(PNG).digest('hex'),
    });
    // The url is on Portico and answers the bytes to the same bearer token, as Meta's does.
    const url = new URL(media.url);
    expect(url.origin).toBe(new URL(t.config.PUBLIC_URL).origin);
    const bytes = await t.app.inject({ method: 'GET', url: url.pathname, headers: auth(bot) });
    expect(bytes.statusCode).toBe(200);
    expect(bytes.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(bytes.rawPayload, PNG)).toBe(0);

    const before = await meteredCount(bot.botId);
    const sent = await send(bot, { type: 'image', image: { id, caption: 'A dot' } });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(ZCloudApiSendResponse.parse(sent.json()).messages[0]?.id).toMatch(/^wamid\./);
    expect(await meteredCount(bot.botId)).toBe(before + 1);

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/partner/whatsapp/v21.0/${id}`,
      headers: auth(bot),
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ success: true });
    metaError(
      await t.app.inject({ method: 'GET', url: `/api/v1/partner/whatsapp/v21.0/${id}`, headers: auth(bot) }),
      404,
      100,
    );
    // Gone: a send by its id finds nothing and is not charged.
    metaError(await send(bot, { type: 'image', image: { id } }), 404, 100);
    expect(await meteredCount(bot.botId)).toBe(before + 1);
  });

  it("when another partner's bot names the media then retrieval, download, deletion and sends are 404", async () => {
    const bot = await botOf();
    const { id } = ZCloudApiMediaId.parse(
      (
        await upload(
          bot,
          { messaging_product: 'whatsapp' },
          { type: 'application/pdf', bytes: Buffer.from('%PDF-1.4 x'), name: 'a.pdf' },
        )
      ).json(),
    );
    const other = await botOf(stranger);
    for (const method of ['GET', 'DELETE'] as const)
      metaError(
        await t.app.inject({ method, url: `/api/v1/partner/whatsapp/v21.0/${id}`, headers: auth(other) }),
        404,
        100,
      );
    metaError(
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/partner/whatsapp/media-download/${id}`,
        headers: auth(other),
      }),
      404,
      100,
    );
    metaError(await send(other, { type: 'document', document: { id, filename: 'a.pdf' } }), 404, 100);
    expect(await meteredCount(other.botId)).toBe(0);
    // Still the owner's.
    const info = await t.app.inject({
      method: 'GET',
      url: `/api/v1/partner/whatsapp/v21.0/${id}`,
      headers: auth(bot),
    });
    expect(info.statusCode).toBe(200);
  });

  it("when the upload is not what Meta takes then it is refused in Meta's shape", async () => {
    const bot = await botOf();
    const wrongType = metaError(
      await upload(
        bot,
        { messaging_product: 'whatsapp' },
        { type: 'application/zip', bytes: Buffer.from('PK'), name: 'a.zip' },
      ),
      400,
      100,
    );
    expect(wrongType.error_data?.details).toContain("'application/zip'");
    metaError(await upload(bot, { messaging_product: 'whatsapp' }), 400, 100);
    metaError(await upload(bot, {}, { type: 'image/png', bytes: PNG, name: 'dot.png' }), 400, 100);
    const notMultipart = await t.app.inject({
      method: 'POST',
      url: `/api/v1/partner/whatsapp/v21.0/${bot.phoneNumberId}/media`,
      headers: { ...auth(bot), 'content-type': 'application/json' },
      payload: '{}',
    });
    metaError(notMultipart, 400, 100);
    metaError(await send(bot, { type: 'image', image: { id: 'not-a-media-id' } }), 400, 100);
    // A wrong token: Meta's 190, before the body is read.
    metaError(await upload({ ...bot, accessToken: 'nope' }, { messaging_product: 'whatsapp' }), 401, 190);
  });
});

describe('WhatsApp read, typing, reactions, location and contacts', () => {
  it("when the bot marks the user's message read with the typing indicator then the phone shows it read, not charged", async () => {
    const bot = await botOf();
    expect((await send(bot, { type: 'text', text: { body: 'Hello' } })).statusCode).toBe(200);
    const wamid = await userReply('Hi, where is my order?');
    const before = await meteredCount(bot.botId);
    const read = await post(bot, { status: 'read', message_id: wamid, typing_indicator: { type: 'text' } });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toEqual({ success: true });
    expect((await handsetItem(wamid))?.status).toBe('read');
    expect(await meteredCount(bot.botId)).toBe(before);

    // Bad input in Meta's shape: no message id, an unknown typing type, a message the number never got.
    metaError(await post(bot, { status: 'read' }), 400, 100);
    metaError(
      await post(bot, { status: 'read', message_id: wamid, typing_indicator: { type: 'audio' } }),
      400,
      100,
    );
    metaError(await post(bot, { status: 'read', message_id: 'wamid.unknown' }), 400, 100);
    // Another partner's number.
    const other = await botOf(stranger);
    metaError(
      await t.app.inject({
        method: 'POST',
        url: `/api/v1/partner/whatsapp/v21.0/${bot.phoneNumberId}/messages`,
        headers: { ...auth(other), 'content-type': 'application/json' },
        payload: JSON.stringify({ messaging_product: 'whatsapp', status: 'read', message_id: wamid }),
      }),
      404,
      100,
    );
  });

  it('when the bot reacts, sends a location and a contact card then each is delivered and charged once', async () => {
    const bot = await botOf();
    const wamid = ZCloudApiSendResponse.parse(
      (await send(bot, { type: 'text', text: { body: 'Your table is booked' } })).json(),
    ).messages[0]?.id;
    const before = await meteredCount(bot.botId);
    const reaction = await send(bot, { type: 'reaction', reaction: { message_id: wamid, emoji: '👍' } });
    expect(reaction.statusCode, reaction.body).toBe(200);
    const location = await send(bot, {
      type: 'location',
      location: { latitude: 19.076, longitude: 72.8777, name: 'Chai Point', address: 'Linking Road, Mumbai' },
    });
    expect(location.statusCode, location.body).toBe(200);
    const contacts = await send(bot, {
      type: 'contacts',
      contacts: [
        {
          name: { formatted_name: 'Asha Rao', first_name: 'Asha' },
          phones: [{ phone: '+919876543210', type: 'WORK' }],
        },
      ],
    });
    expect(contacts.statusCode, contacts.body).toBe(200);
    expect(await meteredCount(bot.botId)).toBe(before + 3);
    const shown = await Promise.all(
      [location, contacts].map(
        async (r) => (await handsetItem(ZCloudApiSendResponse.parse(r.json()).messages[0]?.id ?? ''))?.text,
      ),
    );
    expect(shown[0]).toContain('Chai Point, Linking Road, Mumbai');
    expect(shown[1]).toContain('Asha Rao +919876543210');

    // Bad input: a latitude off the globe, a contact without a name, a reaction without its message.
    metaError(await send(bot, { type: 'location', location: { latitude: 91, longitude: 0 } }), 400, 100);
    metaError(await send(bot, { type: 'contacts', contacts: [{ phones: [{ phone: '+1' }] }] }), 400, 100);
    metaError(await send(bot, { type: 'reaction', reaction: { emoji: '👍' } }), 400, 100);
    expect(await meteredCount(bot.botId)).toBe(before + 3);
  });
});

describe('a WhatsApp Cloud API client we did not write (whatsapp-api-js): media by id, read, reactions', () => {
  const clientOf = (bot: TestBot) => whatsappClient(t, bot.accessToken);

  it('when it uploads an image, sends it by id, marks the reply read and reacts then Portico answers each as Meta does', async () => {
    const bot = await botOf();
    const client = clientOf(bot);
    const form = new FormData();
    form.append('file', new Blob([PNG], { type: 'image/png' }), 'dot.png');
    const uploaded = (await client.uploadMedia(bot.phoneNumberId, form)) as { id?: string };
    expect(uploaded.id).toMatch(/^\d+$/);
    const media = (await client.retrieveMedia(uploaded.id ?? '')) as { url?: string; mime_type?: string };
    expect(media.mime_type).toBe('image/png');
    const fetched = await client.fetchMedia(media.url ?? '');
    expect(Buffer.compare(Buffer.from(await fetched.arrayBuffer()), PNG)).toBe(0);

    const image = await client.sendMessage(
      bot.phoneNumberId,
      RECIPIENT,
      new Image(uploaded.id ?? '', true, 'A dot'),
    );
    expect(ZCloudApiSendResponse.parse(image).messages[0]?.id).toMatch(/^wamid\./);
    const place = await client.sendMessage(
      bot.phoneNumberId,
      RECIPIENT,
      new Location(72.8777, 19.076, 'Chai Point', 'Linking Road, Mumbai'),
    );
    expect(ZCloudApiSendResponse.parse(place).messages[0]?.id).toMatch(/^wamid\./);
    await client.sendMessage(bot.phoneNumberId, RECIPIENT, new Text('Anything else?'));
    const wamid = await userReply('Thanks!');
    expect(await client.markAsRead(bot.phoneNumberId, wamid, 'text')).toEqual({ success: true });
    expect((await handsetItem(wamid))?.status).toBe('read');
    const reacted = await client.sendMessage(bot.phoneNumberId, RECIPIENT, new Reaction(wamid, '👍'));
    expect(ZCloudApiSendResponse.parse(reacted).messages[0]?.id).toMatch(/^wamid\./);
    expect(await meteredCount(bot.botId)).toBe(4);
    expect(await client.deleteMedia(uploaded.id ?? '')).toEqual({ success: true });
  });
});
