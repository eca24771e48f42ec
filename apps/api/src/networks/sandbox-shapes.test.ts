import { createHmac } from 'node:crypto';
import { sandboxPlugin } from '@portico/sandbox';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

/**
 * The sandbox checked against the networks' documented examples: the request bodies below are the
 * examples of Google's RBM reference, Meta's Cloud API reference and the GSMA MaaP Chatbot API,
 * sent verbatim; answers and webhook events are checked for the documented field names and enums.
 */

const TOKEN = 'shape-token';
const SECRETS = { rbm: 'shape-client-token', maap: 'shape-webhook-token', whatsapp: 'shape-app-secret' };
let sandbox: FastifyInstance;
let receiver: FastifyInstance;
let base: string;
const received: Array<{ network: string; headers: Record<string, unknown>; raw: string }> = [];

const portOf = (app: FastifyInstance) => {
  const address = app.server.address();
  return typeof address === 'object' && address ? address.port : 0;
};
const call = (method: string, path: string, body?: unknown) =>
  fetch(`${base}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${TOKEN}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
// Answers are checked field by field against the documented shapes; a type per answer would add nothing.
// biome-ignore lint/suspicious/noExplicitAny: documented network JSON, asserted below
const json = async (response: Response): Promise<any> => response.json();
/** The network's webhooks received so far, once `count` arrived and `done` holds (or 10 s passed). */
const eventsFor = async (
  network: string,
  count: number,
  done: (events: typeof received) => boolean = () => true,
) => {
  const started = Date.now();
  const of = () => received.filter((r) => r.network === network);
  while ((of().length < count || !done(of())) && Date.now() - started < 10_000) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return of();
};

beforeAll(async () => {
  receiver = Fastify({ logger: false });
  receiver.removeContentTypeParser('application/json');
  receiver.addContentTypeParser('application/json', { parseAs: 'string' }, (_r, body, done) =>
    done(null, body),
  );
  receiver.post<{ Params: { network: string } }>('/hooks/:network', async (request) => {
    received.push({ network: request.params.network, headers: request.headers, raw: String(request.body) });
    return {};
  });
  await receiver.listen({ port: 0, host: '127.0.0.1' });
  const hooks = `http://127.0.0.1:${portOf(receiver)}/hooks`;

  sandbox = Fastify({ logger: false });
  await sandbox.register(sandboxPlugin, {
    prefix: '/sandbox',
    credentials: { rbm: TOKEN, maap: TOKEN, whatsapp: TOKEN },
    behaviour: { deliveryDelayMs: 10, readDelayMs: 10, templateReviewDelayMs: 10 },
    webhooks: {
      rbm: { url: `${hooks}/rbm`, clientToken: SECRETS.rbm },
      maap: { url: `${hooks}/maap`, token: SECRETS.maap },
      whatsapp: { url: `${hooks}/whatsapp`, appSecret: SECRETS.whatsapp },
    },
  });
  await sandbox.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${portOf(sandbox)}/sandbox`;
});
afterAll(async () => {
  await sandbox.close();
  await receiver.close();
});

describe('Google RBM shapes', () => {
  it('accepts the documented standalone rich card example and answers an AgentMessage', async () => {
    const example = {
      contentMessage: {
        richCard: {
          standaloneCard: {
            thumbnailImageAlignment: 'RIGHT',
            cardOrientation: 'VERTICAL',
            cardContent: {
              title: 'Hello, world!',
              description: 'RBM is awesome!',
              media: {
                height: 'TALL',
                contentInfo: {
                  fileUrl:
                    'https://www.google.com/logos/doodles/2015/googles-new-logo-5078286822539264.3-hp2x.gif',
                  forceRefresh: false,
                },
              },
              suggestions: [
                { reply: { text: 'Suggestion #1', postbackData: 'suggestion_1' } },
                { reply: { text: 'Suggestion #2', postbackData: 'suggestion_2' } },
              ],
            },
          },
        },
      },
      messageTrafficType: 'PROMOTION',
    };
    const response = await call(
      'POST',
      '/rbm/v1/phones/+12223334444/agentMessages?messageId=doc-1&agentId=doc-agent',
      example,
    );
    expect(response.status).toBe(200);
    const body = await json(response);
    expect(body).toMatchObject({
      name: 'phones/+12223334444/agentMessages/doc-1',
      contentMessage: example.contentMessage,
    });
    expect(Date.parse(body.sendTime)).not.toBeNaN();
  });

  it('accepts the documented dial, URL, location and calendar actions', async () => {
    const response = await call(
      'POST',
      '/rbm/v1/phones/+12223334444/agentMessages?messageId=doc-2&agentId=doc-agent',
      {
        contentMessage: {
          text: 'Hello, here are some suggested actions for you.',
          suggestions: [
            {
              action: {
                text: 'Call',
                postbackData: 'postback_data_1234',
                fallbackUrl: 'https://www.google.com/contact/',
                dialAction: { phoneNumber: '+15556667777' },
              },
            },
            {
              action: {
                text: 'Open Google',
                postbackData: 'postback_data_1234',
                openUrlAction: { url: 'https://www.google.com' },
              },
            },
            {
              action: {
                text: 'View map',
                postbackData: 'postback_data_1234',
                viewLocationAction: {
                  latLong: { latitude: 37.4220188, longitude: -122.0844786 },
                  label: 'Googleplex',
                },
              },
            },
            {
              action: {
                text: 'Save to calendar',
                postbackData: 'postback_data_1234',
                createCalendarEventAction: {
                  startTime: '2020-06-30T19:00:00Z',
                  endTime: '2020-06-30T20:00:00Z',
                  title: 'My calendar event',
                  description: 'Description of the calendar event',
                },
              },
            },
          ],
        },
      },
    );
    expect(response.status).toBe(200);
  });

  it.each([
    ['an unknown field', { contentMessage: { text: 'x', colour: 'red' } }],
    ['an unknown traffic type', { contentMessage: { text: 'x' }, messageTrafficType: 'BULK' }],
    [
      'both text and a rich card',
      { contentMessage: { text: 'x', richCard: { standaloneCard: { cardContent: { title: 't' } } } } },
    ],
    [
      'a one-card carousel',
      {
        contentMessage: {
          richCard: { carouselCard: { cardWidth: 'MEDIUM', cardContents: [{ title: 't' }] } },
        },
      },
    ],
    [
      'a 26-character suggestion',
      {
        contentMessage: { text: 'x', suggestions: [{ reply: { text: 'x'.repeat(26), postbackData: 'p' } }] },
      },
    ],
  ])('refuses %s with 400 INVALID_ARGUMENT in Google error shape', async (_name, body) => {
    const response = await call(
      'POST',
      '/rbm/v1/phones/+12223334444/agentMessages?messageId=bad&agentId=doc-agent',
      body,
    );
    expect(response.status).toBe(400);
    const answer = await json(response);
    expect(answer.error).toMatchObject({ code: 400, status: 'INVALID_ARGUMENT' });
    expect(typeof answer.error.message).toBe('string');
  });

  it('answers capabilities, users:batchGet and testers in the documented shapes', async () => {
    expect(
      await (
        await call('GET', '/rbm/v1/phones/+12223334444/capabilities?requestId=r1&agentId=doc-agent')
      ).json(),
    ).toEqual({
      features: [
        'RICHCARD_STANDALONE',
        'RICHCARD_CAROUSEL',
        'ACTION_CREATE_CALENDAR_EVENT',
        'ACTION_DIAL',
        'ACTION_OPEN_URL',
        'ACTION_SHARE_LOCATION',
        'ACTION_VIEW_LOCATION',
      ],
    });
    const missing = await call(
      'GET',
      '/rbm/v1/phones/+12223334440/capabilities?requestId=r2&agentId=doc-agent',
    );
    expect(missing.status).toBe(404);
    expect((await json(missing)).error.status).toBe('NOT_FOUND');
    expect(
      await (
        await call('POST', '/rbm/v1/users:batchGet', {
          users: ['+12223334444', '+12223334440'],
          agentId: 'doc-agent',
        })
      ).json(),
    ).toEqual({
      // Under 500 numbers Google draws no random sample.
      reachableUsers: ['+12223334444'],
      totalRandomSampleUserCount: 0,
      reachableRandomSampleUserCount: 0,
    });
    expect(
      await json(await call('POST', '/rbm/v1/phones/+12223334444/testers?agentId=doc-agent', {})),
    ).toEqual({
      name: 'phones/+12223334444/testers',
      inviteStatus: 'PENDING',
    });
  });

  it('posts DELIVERED and READ as Pub/Sub push messages signed with X-Goog-Signature', async () => {
    const events = await eventsFor('rbm', 4);
    const decoded = events.map((e) => {
      const push = JSON.parse(e.raw);
      expect(Object.keys(push).sort()).toEqual(['message', 'subscription']);
      expect(Object.keys(push.message).sort()).toEqual(['data', 'messageId', 'publishTime']);
      expect(e.headers['x-goog-signature']).toBe(
        createHmac('sha512', SECRETS.rbm).update(e.raw).digest('base64'),
      );
      return JSON.parse(Buffer.from(push.message.data, 'base64').toString('utf8'));
    });
    const forDoc1 = decoded.filter((d) => d.messageId === 'doc-1');
    expect(forDoc1.map((d) => d.eventType).sort()).toEqual(['DELIVERED', 'READ']);
    for (const event of forDoc1) {
      expect(Object.keys(event).sort()).toEqual([
        'agentId',
        'eventId',
        'eventType',
        'messageId',
        'sendTime',
        'senderPhoneNumber',
      ]);
      expect(event).toMatchObject({ agentId: 'doc-agent', senderPhoneNumber: '+12223334444' });
    }
  });
});

describe('Google RBM files belong to the agent that uploaded them', () => {
  const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
  const upload = (query: string) =>
    fetch(`${base}/rbm/upload/v1/files?${query}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'image/png' },
      body: PNG,
    });
  const sendFile = (agentId: string, messageId: string, uploadedRbmFile: Record<string, string>) =>
    call('POST', `/rbm/v1/phones/+12223334455/agentMessages?messageId=${messageId}&agentId=${agentId}`, {
      contentMessage: { uploadedRbmFile },
    });
  const handsetIds = async () =>
    ((await json(await call('GET', '/api/handsets/%2B12223334455'))).items as Array<{ id: string }>).map(
      (i) => i.id,
    );

  it("when another agent sends an agent's uploaded file (or a thumbnail of it) then 404 NOT_FOUND and nothing reaches the user", async () => {
    const { name } = await json(await upload('agentId=owner-agent&uploadType=media'));
    const byUrl = await json(
      await call('POST', '/rbm/v1/files', { fileUrl: 'https://example.com/a.png', agentId: 'owner-agent' }),
    );
    expect(
      (await sendFile('owner-agent', 'own-file', { fileName: name, thumbnailName: byUrl.name })).status,
    ).toBe(200);
    for (const [messageId, file] of [
      ['their-file', { fileName: name }],
      ['their-url-file', { fileName: byUrl.name }],
      ['their-thumbnail', { fileName: name, thumbnailName: byUrl.name }],
    ] as const) {
      const refused = await sendFile('other-agent', messageId, file);
      expect(refused.status).toBe(404);
      expect(await json(refused)).toEqual({
        error: { code: 404, message: 'Requested entity was not found.', status: 'NOT_FOUND' },
      });
    }
    // The owner naming a thumbnail that was never uploaded, or a name not of files.create's form.
    expect(
      (await sendFile('owner-agent', 'no-thumb', { fileName: name, thumbnailName: 'files/nope' })).status,
    ).toBe(404);
    expect((await sendFile('owner-agent', 'not-a-file', { fileName: 'nope' })).status).toBe(404);
    expect(await handsetIds()).toEqual(['own-file']);
  });

  it('when bytes are uploaded without an agent then 400 INVALID_ARGUMENT: a file needs its agent', async () => {
    const refused = await upload('uploadType=media');
    expect(refused.status).toBe(400);
    expect(await json(refused)).toMatchObject({ error: { code: 400, status: 'INVALID_ARGUMENT' } });
  });
});

describe('WhatsApp Cloud API shapes', () => {
  it('accepts the documented text message and answers with contacts and a wamid', async () => {
    const response = await call('POST', '/whatsapp/v21.0/106540352242922/messages', {
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '+16505551234',
      type: 'text',
      text: {
        preview_url: false,
        body: 'As requested, here is the link to our latest product: https://www.meta.com/quest/quest-3/',
      },
    });
    expect(response.status).toBe(200);
    const body = await json(response);
    expect(body).toEqual({
      messaging_product: 'whatsapp',
      contacts: [{ input: '+16505551234', wa_id: '16505551234' }],
      messages: [{ id: expect.stringMatching(/^wamid\./) }],
    });
  });

  it('creates the documented template example PENDING, then lists it APPROVED with paging cursors', async () => {
    const created = await call('POST', '/whatsapp/v21.0/102290129340398/message_templates', {
      name: 'seasonal_promotion',
      language: 'en_US',
      category: 'MARKETING',
      components: [
        {
          type: 'HEADER',
          format: 'TEXT',
          text: 'Our {{1}} is on!',
          example: { header_text: ['Summer Sale'] },
        },
        {
          type: 'BODY',
          text: 'Shop now through {{1}} and use code {{2}} to get {{3}} off of all merchandise.',
          example: { body_text: [['the end of August', '25OFF', '25%']] },
        },
        { type: 'FOOTER', text: 'Use the buttons below to manage your marketing subscriptions' },
        { type: 'BUTTONS', buttons: [{ type: 'QUICK_REPLY', text: 'Unsubscribe from Promos' }] },
      ],
    });
    const answer = await json(created);
    expect(answer).toEqual({ id: expect.stringMatching(/^\d+$/), status: 'PENDING', category: 'MARKETING' });
    await new Promise((resolve) => setTimeout(resolve, 80));
    const list = await json(await call('GET', '/whatsapp/v21.0/102290129340398/message_templates?limit=10'));
    expect(list.data[0]).toMatchObject({
      name: 'seasonal_promotion',
      status: 'APPROVED',
      language: 'en_US',
      category: 'MARKETING',
      id: answer.id,
    });
    expect(Object.keys(list.paging.cursors).sort()).toEqual(['after', 'before']);
  });

  it("gives each template an id that stays the same as the webhook's JSON number, whatever the clock", async () => {
    // The clock's last nine digits start with zeros for about a day in every eleven and a half.
    const clock = vi.spyOn(Date, 'now').mockReturnValue(1_796_001_613_700);
    try {
      const created = await call('POST', '/whatsapp/v21.0/102290129340398/message_templates', {
        name: 'clock_edge',
        language: 'en_US',
        category: 'UTILITY',
        components: [{ type: 'BODY', text: 'Your order is on its way.' }],
      });
      const { id } = (await json(created)) as { id: string };
      expect(id).toMatch(/^[1-9]\d{14}$/);
      expect(String(Number(id))).toBe(id);
    } finally {
      clock.mockRestore();
    }
  });

  it('answers errors in the Graph shape (code, type, error_data.details, fbtrace_id)', async () => {
    const response = await call('POST', '/whatsapp/v21.0/106540352242922/messages', {
      messaging_product: 'whatsapp',
      to: '+16505551234',
      type: 'template',
      template: { name: 'no_such_template', language: { code: 'en_US' } },
    });
    expect(response.status).toBe(404);
    const { error } = await json(response);
    expect(Object.keys(error).sort()).toEqual(['code', 'error_data', 'fbtrace_id', 'message', 'type']);
    expect(error).toMatchObject({
      code: 132001,
      type: 'OAuthException',
      error_data: { messaging_product: 'whatsapp' },
    });
  });

  it('posts statuses sent, delivered and read signed with X-Hub-Signature-256', async () => {
    // Template reviews post to the same webhook: wait for the three statuses, not any three posts.
    const statusesIn = (events: typeof received) =>
      events.flatMap((e) => (e.raw.includes('"statuses"') ? [...e.raw.matchAll(/"status":"(\w+)"/g)] : []));
    const events = await eventsFor('whatsapp', 3, (all) => {
      const seen = new Set(statusesIn(all).map((m) => m[1]));
      return ['sent', 'delivered', 'read'].every((s) => seen.has(s));
    });
    const statuses = events.flatMap((e) => {
      expect(e.headers['x-hub-signature-256']).toBe(
        `sha256=${createHmac('sha256', SECRETS.whatsapp).update(e.raw).digest('hex')}`,
      );
      const body = JSON.parse(e.raw);
      expect(body.object).toBe('whatsapp_business_account');
      return body.entry.flatMap(
        (entry: { changes: Array<{ field: string; value: { statuses?: unknown[] } }> }) =>
          entry.changes.filter((c) => c.field === 'messages').flatMap((c) => c.value.statuses ?? []),
      ) as Array<Record<string, unknown>>;
    });
    expect(statuses.map((s) => s.status)).toEqual(expect.arrayContaining(['sent', 'delivered', 'read']));
    for (const status of statuses)
      expect(Object.keys(status).sort()).toEqual(['id', 'recipient_id', 'status', 'timestamp']);
  });
});

describe('GSMA MaaP shapes', () => {
  it('answers 202 Accepted for the documented text message with a suggested chip list, and posts status events with the bearer token', async () => {
    const response = await call('POST', '/maap/bot/v1/bot-doc/messages', {
      RCSMessage: {
        msgId: 'maap-doc-1',
        textMessage: 'hello world',
        suggestedChipList: {
          suggestions: [{ reply: { displayText: 'Yes', postback: { data: 'set_by_chatbot_reply_yes' } } }],
        },
      },
      messageContact: { userContact: '+14251234567' },
    });
    expect(response.status).toBe(202);
    const events = await eventsFor('maap', 2);
    for (const e of events) expect(e.headers.authorization).toBe(`Bearer ${SECRETS.maap}`);
    const bodies = events.map((e) => JSON.parse(e.raw));
    expect(bodies.map((b) => b.RCSMessage.status).sort()).toEqual(['delivered', 'displayed']);
    expect(bodies[0]).toMatchObject({
      event: 'messageStatus',
      RCSMessage: { msgId: 'maap-doc-1' },
      messageContact: { userContact: '+14251234567' },
    });
  });
});

describe('virtual handset calls', () => {
  it('when a reply is posted as a form (as a cross-site page could) then 415 and nothing reaches the bot', async () => {
    const before = received.length;
    const response = await fetch(`${base}/api/handsets/${encodeURIComponent('+14251234567')}/replies`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'text=forged',
    });
    expect(response.status).toBe(415);
    const json = await fetch(`${base}/api/handsets/${encodeURIComponent('+14251234567')}/replies`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'Yes please' }),
    });
    expect(json.status).toBe(200);
    const events = await eventsFor('maap', 3);
    expect(received.length).toBe(before + 1);
    const reply = JSON.parse(events.at(-1)?.raw ?? '{}');
    expect(reply).toMatchObject({
      event: 'message',
      RCSMessage: { textMessage: 'Yes please' },
      messageContact: { userContact: '+14251234567' },
    });
  });

  it('when the handset page is opened with a typed value then it is shown escaped, never as markup', async () => {
    const typed = '"><script>alert(1)</script>';
    const page = await fetch(`${base}/?msisdn=${encodeURIComponent(typed)}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('Enter a number in international format');
    const phone = await (await fetch(`${base}/?msisdn=${encodeURIComponent('+919800000011')}`)).text();
    expect(phone).toContain('aria-label="Virtual handset +919800000011"');
    expect(phone).toContain('RCS · WhatsApp');
  });
});
