import { randomUUID } from 'node:crypto';
import { CHANNEL_TYPE, ZGoogleApiError, ZRbmAgentEvent, ZRbmFile } from '@portico/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/helpers.ts';
import { type createMeteringForTest, walletFigures } from '../../../test/metering.ts';
import {
  AIRTEL_PRICE,
  AIRTEL_RECIPIENT,
  botWithAccessToken,
  createPartnerApiApp,
  developer,
  fundedDeveloper,
  type Owner,
} from '../../../test/partner-api.ts';
import { multipartRelated } from '../../networks/rbm.ts';

/**
 * Google's RBM revoke (phones.agentMessages.delete), agent events (phones.agentEvents.create) and
 * files (files.create) on a listening app, through the RBM connector to the mounted sandbox:
 * Google's documented requests give Google's answers, the handset shows what happened, nothing of
 * it is charged (a revoked message's charge stays), and refusals come in Google's error shape.
 */

const PRICE = AIRTEL_PRICE;
const RECIPIENT = AIRTEL_RECIPIENT;
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
let t: TestApp;
let m: ReturnType<typeof createMeteringForTest>;
let developerToken: string;
let partnerId: string;
let serial = 0;

beforeAll(async () => {
  t = await createPartnerApiApp();
  ({ m, partnerId, developerToken } = await fundedDeveloper(t));
});
afterAll(() => t.close());

interface TestAgent {
  botId: string;
  agentId: string;
  accessToken: string;
}

/** A bot with an RBM agent of the partner (launched unless said) and a partner token of its own. */
async function agentWithToken(options: { launched?: boolean; owner?: Owner } = {}): Promise<TestAgent> {
  serial += 1;
  const agentId = `rbm_extras_${serial}`;
  const agent = await botWithAccessToken(
    t,
    options.owner ?? { id: partnerId, token: developerToken },
    {
      channels: [CHANNEL_TYPE.rcs],
      name: `RBM extras ${serial}`,
      rbmBrand: 'brands/partner',
      rbmAgent: `brands/partner/agents/${agentId}`,
    },
    { launched: options.launched, clientAuth: 'basic' },
  );
  return { ...agent, agentId };
}

const phone = (msisdn: string) => `/api/v1/partner/rbm/v1/phones/${encodeURIComponent(msisdn)}`;
const auth = (agent: TestAgent) => ({ authorization: `Bearer ${agent.accessToken}` });

function send(agent: TestAgent, messageId: string, body: unknown = TEXT, msisdn = RECIPIENT) {
  return t.app.inject({
    method: 'POST',
    url: `${phone(msisdn)}/agentMessages?${new URLSearchParams({ messageId, agentId: agent.agentId })}`,
    headers: { ...auth(agent), 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
}

function revoke(agent: TestAgent, messageId: string, msisdn = RECIPIENT, agentId = agent.agentId) {
  return t.app.inject({
    method: 'DELETE',
    url: `${phone(msisdn)}/agentMessages/${encodeURIComponent(messageId)}?agentId=${agentId}`,
    headers: auth(agent),
  });
}

function agentEvent(agent: TestAgent, body: unknown, query: Record<string, string>, msisdn = RECIPIENT) {
  return t.app.inject({
    method: 'POST',
    url: `${phone(msisdn)}/agentEvents?${new URLSearchParams({ agentId: agent.agentId, ...query })}`,
    headers: { ...auth(agent), 'content-type': 'application/json' },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

function upload(
  agent: TestAgent,
  bytes: Uint8Array,
  contentType: string,
  query: Record<string, string> = {},
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/partner/rbm/upload/v1/files?${new URLSearchParams({ agentId: agent.agentId, ...query })}`,
    headers: { ...auth(agent), 'content-type': contentType },
    payload: Buffer.from(bytes),
  });
}

function fileByUrl(agent: TestAgent, body: unknown) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/partner/rbm/v1/files?agentId=${agent.agentId}`,
    headers: { ...auth(agent), 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
}

function googleError(response: { statusCode: number; body: string }, status: number, googleStatus: string) {
  expect(response.statusCode, response.body).toBe(status);
  const { error } = ZGoogleApiError.parse(JSON.parse(response.body));
  expect(error).toMatchObject({ code: status, status: googleStatus });
  return error;
}

interface HandsetItem {
  id: string;
  sender: string;
  direction: string;
  status: string;
  cards?: Array<{ mediaUrl?: string }>;
}
async function handset(msisdn: string): Promise<HandsetItem[]> {
  const response = await fetch(`${t.config.PUBLIC_URL}/sandbox/api/handsets/${encodeURIComponent(msisdn)}`);
  return ((await response.json()) as { items: HandsetItem[] }).items;
}
const configureSandbox = (behaviour: Record<string, unknown>) =>
  fetch(`${t.config.PUBLIC_URL}/sandbox/config`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ rateLimits: { enabled: false }, receipts: false, ...behaviour }),
  });
const spendable = async () => {
  const w = await walletFigures(t.database, partnerId);
  return w.balance - w.reserved;
};

// Google's documented examples (RBM "Send messages" and "Send events").
const TEXT = { contentMessage: { text: 'Hello, world!' } };

describe("revoke (phones.agentMessages.delete) in Google's shape", () => {
  it('when a message not yet delivered is revoked then 200 {}, the handset never shows it, and its charge stays', async () => {
    const agent = await agentWithToken();
    const before = await spendable();
    expect((await send(agent, 'revoke-1')).statusCode).toBe(200);
    expect((await handset(RECIPIENT)).some((i) => i.id === 'revoke-1')).toBe(true);

    const revoked = await revoke(agent, 'revoke-1');
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json()).toEqual({});
    expect((await handset(RECIPIENT)).some((i) => i.id === 'revoke-1')).toBe(false);
    // Charged once for the send, nothing more and nothing back: the network accepted the message.
    expect(await spendable()).toBe(before - PRICE);
    // Revoked already: the network holds it no more.
    googleError(await revoke(agent, 'revoke-1'), 404, 'NOT_FOUND');
  });

  it('when the message is unknown, or sent to another number, then 404 NOT_FOUND', async () => {
    const agent = await agentWithToken();
    googleError(await revoke(agent, 'never-sent'), 404, 'NOT_FOUND');
    expect((await send(agent, 'revoke-2')).statusCode).toBe(200);
    googleError(await revoke(agent, 'revoke-2', '+919810012349'), 404, 'NOT_FOUND');
    expect((await handset(RECIPIENT)).some((i) => i.id === 'revoke-2')).toBe(true);
  });

  it("when another partner's or another bot's message is named then 404 NOT_FOUND and it stays on the handset", async () => {
    const agent = await agentWithToken();
    const sibling = await agentWithToken();
    const stranger = await developer(t);
    const other = await agentWithToken({ owner: stranger });
    await m.ledger.credit({
      partnerId: stranger.id,
      idempotencyKey: 'fund-stranger',
      amount: 100_000n,
      description: 'Top-up',
    });
    expect((await send(other, 'theirs-1')).statusCode).toBe(200);
    expect((await send(sibling, 'sibling-1')).statusCode).toBe(200);
    // Our token, their message id: metering knows no such message of our bot.
    googleError(await revoke(agent, 'theirs-1'), 404, 'NOT_FOUND');
    googleError(await revoke(agent, 'sibling-1'), 404, 'NOT_FOUND');
    // Naming their agent is another agent than the token's: not found either.
    googleError(await revoke(agent, 'theirs-1', RECIPIENT, other.agentId), 404, 'NOT_FOUND');
    const items = await handset(RECIPIENT);
    expect(items.some((i) => i.id === 'theirs-1' && i.sender === other.agentId)).toBe(true);
    expect(items.some((i) => i.id === 'sibling-1' && i.sender === sibling.agentId)).toBe(true);
  });

  it('when the message was delivered already then 404 NOT_FOUND (Google cannot take it back)', async () => {
    const agent = await agentWithToken();
    await configureSandbox({ receipts: true, deliveryDelayMs: 0, readDelayMs: null });
    try {
      expect((await send(agent, 'delivered-1')).statusCode).toBe(200);
      await expect
        .poll(async () => (await handset(RECIPIENT)).find((i) => i.id === 'delivered-1')?.status)
        // The handset page reads what it shows (no read delay): delivered, then read at once.
        .toMatch(/^(delivered|read)$/);
      googleError(await revoke(agent, 'delivered-1'), 404, 'NOT_FOUND');
    } finally {
      await configureSandbox({});
    }
  });

  it('when the token is wrong then 401 UNAUTHENTICATED; a number not in E.164 is 400 INVALID_ARGUMENT', async () => {
    const agent = await agentWithToken();
    googleError(await revoke({ ...agent, accessToken: 'nope' }, 'x'), 401, 'UNAUTHENTICATED');
    googleError(await revoke(agent, 'x', '919810012345'), 400, 'INVALID_ARGUMENT');
  });
});

describe("agent events (phones.agentEvents.create) in Google's shape", () => {
  it("when the agent reads the user's message then Google's AgentEvent comes back, the handset shows it read, and nothing is charged", async () => {
    const agent = await agentWithToken();
    const msisdn = '+919810012355';
    expect((await send(agent, 'ask-1', TEXT, msisdn)).statusCode).toBe(200);
    const typed = await fetch(
      `${t.config.PUBLIC_URL}/sandbox/api/handsets/${encodeURIComponent(msisdn)}/replies`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ text: 'Where is my order?' }),
      },
    );
    const { item } = (await typed.json()) as { item: HandsetItem };
    expect(item.status).toBe('delivered');
    const before = await spendable();

    const eventId = randomUUID();
    const read = await agentEvent(agent, { eventType: 'READ', messageId: item.id }, { eventId }, msisdn);
    expect(read.statusCode, read.body).toBe(200);
    const answer = ZRbmAgentEvent.parse(read.json());
    expect(answer).toMatchObject({
      name: `phones/${msisdn}/agentEvents/${eventId}`,
      eventType: 'READ',
      messageId: item.id,
    });
    expect(Number.isNaN(Date.parse(answer.sendTime))).toBe(false);
    expect((await handset(msisdn)).find((i) => i.id === item.id)?.status).toBe('read');

    const typing = await agentEvent(agent, { eventType: 'IS_TYPING' }, { eventId: randomUUID() }, msisdn);
    expect(typing.statusCode, typing.body).toBe(200);
    expect(ZRbmAgentEvent.parse(typing.json()).eventType).toBe('IS_TYPING');
    expect(await spendable()).toBe(before);
  });

  it('when the event id is left out then one is given; the name carries it', async () => {
    const agent = await agentWithToken();
    const response = await agentEvent(agent, { eventType: 'IS_TYPING' }, {});
    expect(response.statusCode, response.body).toBe(200);
    expect(ZRbmAgentEvent.parse(response.json()).name).toMatch(
      new RegExp(`^phones/\\${RECIPIENT}/agentEvents/[0-9a-f-]{36}$`),
    );
  });

  it('when the event is malformed then 400 INVALID_ARGUMENT, never a 500', async () => {
    const agent = await agentWithToken();
    googleError(await agentEvent(agent, { eventType: 'READ' }, {}), 400, 'INVALID_ARGUMENT');
    googleError(await agentEvent(agent, { eventType: 'TYPE_UNSPECIFIED' }, {}), 400, 'INVALID_ARGUMENT');
    googleError(await agentEvent(agent, { eventType: 'WAVING' }, {}), 400, 'INVALID_ARGUMENT');
    googleError(await agentEvent(agent, '{"eventType":', {}), 400, 'INVALID_ARGUMENT');
    googleError(await agentEvent(agent, { eventType: 'IS_TYPING' }, {}, '12345'), 400, 'INVALID_ARGUMENT');
  });

  it('when the user has no RCS, the agent is not launched for them, or the token is wrong then Google refuses', async () => {
    const agent = await agentWithToken();
    // The sandbox's rule: a number ending in 0 is not RCS-capable.
    googleError(await agentEvent(agent, { eventType: 'IS_TYPING' }, {}, '+919810012340'), 404, 'NOT_FOUND');
    const unlaunched = await agentWithToken({ launched: false });
    googleError(await agentEvent(unlaunched, { eventType: 'IS_TYPING' }, {}), 403, 'PERMISSION_DENIED');
    googleError(
      await agentEvent({ ...agent, accessToken: 'nope' }, { eventType: 'IS_TYPING' }, {}),
      401,
      'UNAUTHENTICATED',
    );
    const other = await agentWithToken();
    googleError(
      await agentEvent(agent, { eventType: 'IS_TYPING' }, { agentId: other.agentId }),
      404,
      'NOT_FOUND',
    );
  });
});

describe("files (files.create) in Google's shape", () => {
  it('when an image is uploaded then Google names it, and a message with uploadedRbmFile shows it on the handset', async () => {
    const agent = await agentWithToken();
    const uploaded = await upload(agent, PNG, 'image/png', { uploadType: 'media' });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const { name } = ZRbmFile.parse(uploaded.json());
    expect(name).toMatch(/^files\/[\w-]+$/);
    const served = await fetch(`${t.config.PUBLIC_URL}/sandbox/rbm/${name}`);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG);

    const before = await spendable();
    const message = {
      contentMessage: {
        uploadedRbmFile: { fileName: name },
        suggestions: [{ reply: { text: 'Nice', postbackData: 'nice' } }],
      },
    };
    const sent = await send(agent, 'file-1', message);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ contentMessage: message.contentMessage });
    const item = (await handset(RECIPIENT)).find((i) => i.id === 'file-1');
    expect(item?.cards?.[0]?.mediaUrl).toBe(`/sandbox/rbm/${name}`);
    // The upload was free; the message is priced as any other.
    expect(await spendable()).toBe(before - PRICE);
  });

  it('when a multipart upload carries the metadata and the file then it is named too', async () => {
    const agent = await agentWithToken();
    const body = multipartRelated(
      { agentId: agent.agentId, thumbnailUrl: 'https://www.gstatic.com/rbm/thumb.png' },
      { bytes: PNG, contentType: 'image/png' },
    );
    const uploaded = await upload(agent, body.bytes, body.contentType, { uploadType: 'multipart' });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const { name } = ZRbmFile.parse(uploaded.json());
    const served = await fetch(`${t.config.PUBLIC_URL}/sandbox/rbm/${name}`);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG);
  });

  it('when a file is given by URL then Google names it, and contentInfo sends a file by URL', async () => {
    const agent = await agentWithToken();
    // Google's documented files.create example (fileUrl and thumbnailUrl).
    const created = await fileByUrl(agent, {
      fileUrl: 'https://storage.googleapis.com/kitchen-sink-sample-images/cute-dog.jpg',
      thumbnailUrl: 'https://storage.googleapis.com/kitchen-sink-sample-images/elephant.jpg',
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(ZRbmFile.parse(created.json()).name).toMatch(/^files\//);
    const sent = await send(agent, 'file-url-1', {
      contentMessage: {
        contentInfo: { fileUrl: 'https://www.gstatic.com/images/branding/product/2x/rbm.png' },
      },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const item = (await handset(RECIPIENT)).find((i) => i.id === 'file-url-1');
    expect(item?.cards?.[0]?.mediaUrl).toBe('https://www.gstatic.com/images/branding/product/2x/rbm.png');
  });

  it("when the file breaks Google's rules then 400 INVALID_ARGUMENT, never a 500", async () => {
    const agent = await agentWithToken();
    const type = googleError(
      await upload(agent, new Uint8Array([1, 2, 3]), 'text/plain'),
      400,
      'INVALID_ARGUMENT',
    );
    expect(type.message).toMatch(/text\/plain/);
    googleError(await upload(agent, new Uint8Array(), 'image/png'), 400, 'INVALID_ARGUMENT');
    const tooLarge = await upload(agent, new Uint8Array(100 * 1024 * 1024 + 65 * 1024), 'video/mp4');
    googleError(tooLarge, 400, 'INVALID_ARGUMENT');
    const broken = await upload(agent, PNG, 'multipart/related; boundary=nothing-here');
    googleError(broken, 400, 'INVALID_ARGUMENT');
    googleError(await fileByUrl(agent, { fileUrl: 'http://example.com/a.png' }), 400, 'INVALID_ARGUMENT');
    googleError(
      await fileByUrl(agent, { thumbnailUrl: 'https://example.com/a.png' }),
      400,
      'INVALID_ARGUMENT',
    );
    googleError(
      await fileByUrl(agent, { fileUrl: 'https://example.com/a.png', thumbnailUrl: 'javascript:alert(1)' }),
      400,
      'INVALID_ARGUMENT',
    );
    // A file message names exactly one file, by URL (https) or by an uploaded name.
    googleError(
      await send(agent, 'bad-file-1', {
        contentMessage: { contentInfo: { fileUrl: 'ftp://example.com/a' } },
      }),
      400,
      'INVALID_ARGUMENT',
    );
    googleError(
      await send(agent, 'bad-file-2', { contentMessage: { uploadedRbmFile: { fileName: '../etc/passwd' } } }),
      400,
      'INVALID_ARGUMENT',
    );
  });

  it("when a bot uploads a file, by bytes or by URL, then the file is recorded as that bot's", async () => {
    const agent = await agentWithToken();
    const bytes = ZRbmFile.parse((await upload(agent, PNG, 'image/png', { uploadType: 'media' })).json());
    const byUrl = ZRbmFile.parse(
      (
        await fileByUrl(agent, { fileUrl: 'https://www.gstatic.com/images/branding/product/2x/rbm.png' })
      ).json(),
    );
    const { rows } = await t.database.sql.query<{ file_name: string; bot_id: string; partner_id: string }>(
      'SELECT file_name, bot_id, partner_id FROM partner_files WHERE bot_id = $1 ORDER BY created_at, file_name',
      [agent.botId],
    );
    expect(rows.map((r) => r.file_name).sort()).toEqual([bytes.name, byUrl.name].sort());
    expect(rows.every((r) => r.partner_id === partnerId)).toBe(true);
  });

  it("when another bot of the partner, or another partner's bot, names a bot's file then 404 NOT_FOUND, nothing sent, priced or reserved", async () => {
    const owner = await agentWithToken();
    const sibling = await agentWithToken();
    const stranger = await developer(t);
    await m.ledger.credit({
      partnerId: stranger.id,
      idempotencyKey: 'fund-file-stranger',
      amount: 100_000n,
      description: 'Top-up',
    });
    const other = await agentWithToken({ owner: stranger });
    const { name } = ZRbmFile.parse((await upload(owner, PNG, 'image/png', { uploadType: 'media' })).json());
    const ours = await spendable();
    const theirs = await walletFigures(t.database, stranger.id);

    const naming = (fileName: string, thumbnailName?: string) => ({
      contentMessage: { uploadedRbmFile: { fileName, ...(thumbnailName ? { thumbnailName } : {}) } },
    });
    const refused = [
      await send(sibling, 'file-sibling-1', naming(name)),
      await send(other, 'file-stranger-1', naming(name)),
      // The older `fileName` field names an uploaded file too.
      await send(other, 'file-stranger-2', { contentMessage: { fileName: name } }),
      // A name no bot uploaded is unknown alike.
      await send(owner, 'file-unknown-1', naming('files/never-uploaded')),
    ];
    // The bot's own file with another bot's thumbnail: the thumbnail is not found.
    const { name: siblingThumb } = ZRbmFile.parse(
      (await upload(sibling, PNG, 'image/png', { uploadType: 'media' })).json(),
    );
    refused.push(await send(owner, 'file-thumb-1', naming(name, siblingThumb)));
    for (const response of refused) {
      const error = googleError(response, 404, 'NOT_FOUND');
      expect(error.message).toBe('Requested entity was not found.');
    }
    const ids = ['file-sibling-1', 'file-stranger-1', 'file-stranger-2', 'file-unknown-1', 'file-thumb-1'];
    const items = await handset(RECIPIENT);
    expect(items.filter((i) => ids.includes(i.id))).toEqual([]);
    const { rows } = await t.database.sql.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM metered_messages WHERE message_id = ANY($1)',
      [ids],
    );
    expect(rows[0]?.n).toBe(0);
    expect(await spendable()).toBe(ours);
    expect(await walletFigures(t.database, stranger.id)).toEqual(theirs);

    // The bot that uploaded it sends it, with its own thumbnail, and is charged as for any message.
    const { name: ownThumb } = ZRbmFile.parse(
      (await upload(owner, PNG, 'image/png', { uploadType: 'media' })).json(),
    );
    const sent = await send(owner, 'file-own-1', naming(name, ownThumb));
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await handset(RECIPIENT)).some((i) => i.id === 'file-own-1' && i.sender === owner.agentId)).toBe(
      true,
    );
    expect(await spendable()).toBe(ours - PRICE);
  });

  it("when the token is wrong then 401 UNAUTHENTICATED; another agent's id is 404 NOT_FOUND", async () => {
    const agent = await agentWithToken();
    const other = await agentWithToken();
    googleError(await upload({ ...agent, accessToken: 'nope' }, PNG, 'image/png'), 401, 'UNAUTHENTICATED');
    // The token is checked before a body is read: even one over the size limit is a 401.
    const huge = new Uint8Array(100 * 1024 * 1024 + 65 * 1024);
    googleError(await upload({ ...agent, accessToken: 'nope' }, huge, 'video/mp4'), 401, 'UNAUTHENTICATED');
    googleError(await upload(agent, PNG, 'image/png', { agentId: other.agentId }), 404, 'NOT_FOUND');
    const metadataNamesOther = multipartRelated(
      { agentId: other.agentId },
      { bytes: PNG, contentType: 'image/png' },
    );
    googleError(
      await upload(agent, metadataNamesOther.bytes, metadataNamesOther.contentType),
      404,
      'NOT_FOUND',
    );
  });
});
