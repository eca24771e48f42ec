import {
  CHANNEL_TYPE,
  MAAP_EXAMPLE_CARD_MSG_ID,
  MAAP_EXAMPLE_CONTACT,
  MAAP_EXAMPLE_OTHER_BOT_ID,
  MAAP_EXAMPLE_TEXT_MSG_ID,
  MAAP_EXAMPLE_UNKNOWN_MSG_ID,
  PARTNER_API_DOCS,
  RBM_EXAMPLE_EVENT_ID,
  RBM_EXAMPLE_MESSAGE_ID,
  RBM_EXAMPLE_MSISDN,
  RBM_EXAMPLE_USER_MESSAGE_ID,
  RBM_TEXT_EXAMPLE,
  ROLES,
  ZIssuedPartnerCredential,
} from '@portico/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bots } from '../../src/modules/bots/bots.schema.ts';
import { seedCarrierPrefixes } from '../../src/modules/metering/metering.seed.ts';
import { createTestApp, expectEnvelope, type TestApp, xsrfHeaders } from '../helpers.ts';
import { createMeteringForTest } from '../metering.ts';
import { seedWhatsappCard } from '../partner-api.ts';

/**
 * The partner OpenAPI (issue 16, point 6): a document of its own with only the partner calls, and
 * every documented example sent to our endpoints gives the documented answer, so the examples
 * cannot rot.
 */

interface Example {
  summary: string;
  value: unknown;
}
interface Operation {
  servers?: { url: string }[];
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string }[];
  requestBody?: { content: Record<string, { schema: unknown; examples?: Record<string, Example> }> };
  responses: Record<
    string,
    { description: string; content?: Record<string, { schema: unknown; examples?: Record<string, Example> }> }
  >;
}
interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  security: Record<string, string[]>[];
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, Record<string, unknown>>; schemas?: Record<string, unknown> };
}

const S = '/api/v1/secure';
let t: TestApp;
let doc: OpenApiDocument;
let portal: OpenApiDocument;
let developerToken: string;
let partnerId: string;
let serial = 0;

beforeAll(async () => {
  t = await createTestApp({
    listen: true,
    env: { SANDBOX_BEHAVIOUR: JSON.stringify({ rateLimits: { enabled: false }, receipts: false }) },
  });
  const developer = await t.factories.account(ROLES.DEVELOPER);
  developerToken = await t.tokenFor(developer.user.userId);
  partnerId = developer.partner.partnerId;
  // Airtel India, the examples' recipients, is priced; the wallet covers every example.
  await seedCarrierPrefixes(t.database);
  const { rows } = await t.database.sql.query<{ rate_plan_id: number }>(
    `INSERT INTO rate_plans (carrier_id, plan_code, partner_code, currency, effective_from, verification_price)
     VALUES ($1, 'MPG02', 'DG', 'USD', now() - interval '1 day', 1) RETURNING rate_plan_id`,
    [await t.factories.carrierId('Bharti Airtel', 'IN')],
  );
  await t.database.sql.query(
    `INSERT INTO rate_plan_prices (rate_plan_id, billing_category, message_type, price)
     VALUES ($1, 'BASIC_MESSAGE', 'Transactional', 3000)`,
    [rows[0]?.rate_plan_id],
  );
  // The WhatsApp examples' recipient is in India: its rate card prices every category.
  await seedWhatsappCard(t, 'IN', {
    marketing: 3000n,
    utility: 3000n,
    authentication: 3000n,
    service: 3000n,
  });
  await createMeteringForTest(t.database).ledger.credit({
    partnerId: developer.partner.partnerId,
    idempotencyKey: 'fund',
    amount: 1_000_000n,
    description: 'Top-up',
  });
  const [partnerDoc, portalDoc] = await Promise.all([
    t.app.inject({ method: 'GET', url: '/api/v1/partner/openapi.json' }),
    t.app.inject({ method: 'GET', url: '/api/docs/json' }),
  ]);
  expect(partnerDoc.statusCode).toBe(200);
  doc = partnerDoc.json<OpenApiDocument>();
  portal = portalDoc.json<OpenApiDocument>();
});
afterAll(() => t.close());

/** Every operation of a document, with the full path it is answered at on our app. */
function operationsOf(document: OpenApiDocument) {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => {
      const server = operation.servers?.[0]?.url ?? document.servers?.[0]?.url ?? '';
      const prefix = server ? new URL(server).pathname.replace(/\/$/, '') : '';
      return { method: method.toUpperCase(), path, full: `${prefix}${path}`, operation };
    }),
  );
}

/** A route URL in Fastify's form as OpenAPI writes it (`:id` as `{id}`). */
/** A route's url in OpenAPI's form: `:param` as `{param}`, Fastify's `::` (a literal colon) as `:`. */
const templated = (url: string) =>
  url
    .split('::')
    .map((part) => part.replace(/:(\w+)/g, '{$1}'))
    .join(':');

describe('the partner OpenAPI document', () => {
  it('is OpenAPI 3.0 of its own, with the OAuth client-credentials scheme and the base URL of each shape', () => {
    expect(doc.openapi).toBe('3.0.3');
    expect(doc.info.title).toMatch(/partner messaging API/);
    expect(doc.info.description).toMatch(/client_credentials/);
    expect(doc.components.securitySchemes.partnerOAuth).toEqual({
      type: 'oauth2',
      description: expect.any(String),
      flows: { clientCredentials: { tokenUrl: `${t.config.PUBLIC_URL}/api/v1/oauth/token`, scopes: {} } },
    });
    expect(doc.security).toEqual([{ partnerOAuth: [] }]);
    const servers = new Set(
      operationsOf(doc).flatMap(({ operation }) => (operation.servers ?? []).map((s) => s.url)),
    );
    // Each shape's calls are relative to its base URL (the token endpoint to the document's server).
    expect([...servers]).toEqual(
      expect.arrayContaining([
        `${t.config.PUBLIC_URL}/api/v1/partner/rbm`,
        `${t.config.PUBLIC_URL}/api/v1/partner/maap`,
        `${t.config.PUBLIC_URL}/api/v1/partner/whatsapp`,
      ]),
    );
    expect(doc.servers).toEqual([{ url: `${t.config.PUBLIC_URL}/api/v1`, description: expect.any(String) }]);
  });

  it('lists every partner route (by prefix, tag or the token endpoint) and no portal route', () => {
    const partnerRoutes = t.server.routes
      // Hidden: the shapes' catch-alls answering "not supported" (unsupported.routes.ts).
      .filter((r) => !(r.schema as { hide?: boolean } | undefined)?.hide)
      .filter(
        (r) =>
          (r.url.startsWith('/api/v1/partner/') && !r.url.endsWith('/openapi.json')) ||
          r.url === '/api/v1/oauth/token' ||
          (r.schema as { tags?: string[] } | undefined)?.tags?.includes('partner-api'),
      )
      .flatMap((r) =>
        (Array.isArray(r.method) ? r.method : [r.method]).map((m) => `${m} ${templated(r.url)}`),
      )
      .filter((route) => !route.startsWith('HEAD '));
    const documented = operationsOf(doc).map(({ method, full }) => `${method} ${full}`);
    expect(partnerRoutes.length).toBeGreaterThanOrEqual(6);
    expect(documented.sort()).toEqual([...new Set(partnerRoutes)].sort());
    expect(documented.filter((d) => d.includes('/secure/'))).toEqual([]);
  });

  it("leaves the partner calls out of the portal's document (each call is documented once)", () => {
    const portalPaths = Object.keys(portal.paths);
    expect(
      portalPaths.filter((p) => p.startsWith('/api/v1/partner/') || p === '/api/v1/oauth/token'),
    ).toEqual([]);
    expect(portalPaths.filter((p) => p.startsWith('/api/partner-docs'))).toEqual([]);
    expect(portalPaths).toContain('/api/v1/secure/bots/{botId}/credentials');
  });

  it('is well formed: path parameters declared, responses described, every $ref resolves, examples named', () => {
    const json = JSON.stringify(doc);
    for (const [, ref] of json.matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g))
      expect(doc.components.schemas?.[ref ?? ''], ref).toBeDefined();
    for (const { method, path, operation } of operationsOf(doc)) {
      const where = `${method} ${path}`;
      const declared = (operation.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
      const templateNames = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      expect(declared.sort(), where).toEqual(templateNames.sort());
      expect(Object.keys(operation.responses).length, where).toBeGreaterThan(0);
      expect(operation.security, where).toBeDefined();
      for (const response of Object.values(operation.responses)) expect(response.description).toBeTruthy();
      // A 204 is documented without a body (MaaP's status call).
      if (operation.responses['204']) expect(operation.responses['204'].content, where).toBeUndefined();
      const media = [
        ...Object.values(operation.requestBody?.content ?? {}),
        ...Object.values(operation.responses).flatMap((r) => Object.values(r.content ?? {})),
      ];
      for (const m of media) {
        expect(m.schema, where).toBeDefined();
        for (const e of Object.values(m.examples ?? {}))
          expect(e, where).toEqual({ summary: expect.any(String), value: expect.anything() });
      }
    }
  });

  it('documents the request body and examples of every call in PARTNER_API_DOCS, and its examples fit its contract', () => {
    for (const [key, entry] of Object.entries(PARTNER_API_DOCS)) {
      const [method = '', url = ''] = key.split(' ');
      const found = operationsOf(doc).find((o) => o.method === method && o.full === templated(url));
      expect(found, key).toBeDefined();
      if (entry.requestExamples) {
        const content = found?.operation.requestBody?.content ?? {};
        expect(Object.keys(content).length, key).toBeGreaterThan(0);
        for (const m of Object.values(content))
          expect(Object.keys(m.examples ?? {})).toEqual(Object.keys(entry.requestExamples));
        for (const [name, e] of Object.entries(entry.requestExamples))
          expect(entry.body?.safeParse(e.value).success, `${key} ${name}`).toBe(true);
      }
      for (const [status, examples] of Object.entries(entry.responseExamples ?? {})) {
        const response = found?.operation.responses[status.toUpperCase()];
        expect(
          Object.keys(response?.content?.['application/json']?.examples ?? {}),
          `${key} ${status}`,
        ).toEqual(Object.keys(examples));
      }
    }
  });

  it('is served through Swagger UI at /api/partner-docs', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/partner-docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger-ui');
    const json = await t.app.inject({ method: 'GET', url: '/api/partner-docs/json' });
    expect(json.json()).toEqual(doc);
  });
});

// --- The documented examples, sent to our endpoints --------------------------------------------

interface Caller {
  botId: string;
  clientId: string;
  clientSecret: string;
  accessToken: string;
}

/** A bot of the developer's with a credential and an access token. */
async function botWith(
  values: Partial<typeof bots.$inferInsert> & Pick<typeof bots.$inferInsert, 'channels'>,
): Promise<Caller> {
  serial += 1;
  const [row] = await t.database.db
    .insert(bots)
    .values({ partnerId, status: 10, name: `Docs ${serial}`, ...values })
    .returning();
  if (!row) throw new Error('insert returned nothing');
  const created = await t.app.inject({
    method: 'POST',
    url: `${S}/bots/${row.botId}/credentials`,
    headers: { authorization: `Bearer ${developerToken}`, ...xsrfHeaders() },
  });
  const { client_secret, credential } = ZIssuedPartnerCredential.parse(expectEnvelope(created, 200).data);
  const token = await t.app.inject({
    method: 'POST',
    url: '/api/v1/oauth/token',
    headers: { authorization: basic(credential.client_id, client_secret) },
    payload: { grant_type: 'client_credentials' },
  });
  return {
    botId: row.botId,
    clientId: credential.client_id,
    clientSecret: client_secret,
    accessToken: token.json<{ access_token: string }>().access_token,
  };
}

const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

/** The documented example `name` of a call's request body or of one of its responses. */
function documented(key: string, where: 'request' | string, name: string): unknown {
  const entry = PARTNER_API_DOCS[key];
  const examples = where === 'request' ? entry?.requestExamples : entry?.responseExamples?.[where];
  const found = examples?.[name];
  if (!found) throw new Error(`${key} has no ${where} example ${name}`);
  // The examples are read back from the served document: what a partner sees is what is sent.
  const [method = '', url = ''] = key.split(' ');
  const operation = operationsOf(doc).find(
    (o) => o.method === method && o.full === templated(url),
  )?.operation;
  const content =
    where === 'request'
      ? Object.values(operation?.requestBody?.content ?? {})[0]
      : operation?.responses[where.toUpperCase()]?.content?.['application/json'];
  const served = content?.examples?.[name]?.value;
  expect(served, `${key} ${where} ${name}`).toEqual(found.value);
  return served;
}

/** The example with the values that differ on each call (ids, times) left to a matcher at `paths`. */
function loosened(example: unknown, matchers: Record<string, unknown> = {}): unknown {
  const copy = structuredClone(example) as Record<string, unknown>;
  for (const [path, matcher] of Object.entries(matchers)) {
    const keys = path.split('.');
    let node: Record<string, unknown> = copy;
    for (const k of keys.slice(0, -1)) node = node[k] as Record<string, unknown>;
    node[keys.at(-1) ?? ''] = matcher;
  }
  return copy;
}

const TOKEN = 'POST /api/v1/oauth/token';
const RBM_SEND = 'POST /api/v1/partner/rbm/v1/phones/:msisdn/agentMessages';
const RBM_CAPABILITIES = 'GET /api/v1/partner/rbm/v1/phones/:msisdn/capabilities';
const AGENT = 'GET /api/v1/partner/rbm/v1/brands/:brandId/agents/:agentId';
const AGENTS = 'GET /api/v1/partner/rbm/v1/brands/:brandId/agents';
const RBM_REVOKE = 'DELETE /api/v1/partner/rbm/v1/phones/:msisdn/agentMessages/:messageId';
const RBM_EVENTS = 'POST /api/v1/partner/rbm/v1/phones/:msisdn/agentEvents';
const RBM_FILE = 'POST /api/v1/partner/rbm/v1/files';
const RBM_UPLOAD = 'POST /api/v1/partner/rbm/upload/v1/files';
const MAAP_SEND = 'POST /api/v1/partner/maap/bot/v1/:botId/messages';
const MAAP_STATUS = 'PUT /api/v1/partner/maap/bot/v1/:botId/messages/:msgId/status';
const MAAP_CAPABILITIES = 'GET /api/v1/partner/maap/bot/v1/:botId/contactCapabilities';
const WA_SEND = 'POST /api/v1/partner/whatsapp/:version/:phoneNumberId/messages';
/** A PNG's signature and a few bytes: enough for an upload (the sandbox keeps the bytes as sent). */
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);

/** The user answers on the sandbox's handset, to the bot's message `itemId`; the answer's id. */
async function userReply(msisdn: string, itemId: string): Promise<string> {
  const replied = await t.app.inject({
    method: 'POST',
    url: `/sandbox/api/handsets/${encodeURIComponent(msisdn)}/replies`,
    payload: { text: 'Where is my order?', itemId },
  });
  expect(replied.statusCode, replied.body).toBeLessThan(300);
  return replied.json<{ item: { id: string } }>().item.id;
}

/** Every example a case below sends or expects, so an example without a case fails. */
const exercised = new Set<string>();
const use = (key: string, where: string, name: string) => {
  exercised.add(`${key} ${where} ${name}`);
  return documented(key, where, name);
};

describe('the documented examples, sent to our endpoints, give the documented answers', () => {
  it('the token endpoint: the client_credentials grant, a wrong secret, another grant type', async () => {
    const caller = await botWith({
      channels: [CHANNEL_TYPE.rcs],
      rbmBrand: 'brands/docs',
      rbmAgent: 'brands/docs/agents/docs_token',
    });
    const token = (body: unknown, authorization: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/oauth/token',
        headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(body as Record<string, string>).toString(),
      });
    const issued = await token(use(TOKEN, 'request', 'basic'), basic(caller.clientId, caller.clientSecret));
    expect(issued.statusCode, issued.body).toBe(200);
    expect(issued.json()).toEqual(
      loosened(use(TOKEN, '200', 'token'), {
        access_token: expect.any(String),
        scope: `bot:${caller.botId}`,
      }),
    );
    const wrong = await token(use(TOKEN, 'request', 'basic'), basic(caller.clientId, 'not-the-secret'));
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual(use(TOKEN, '4xx', 'invalidClient'));
    const grant = await token({ grant_type: 'password' }, basic(caller.clientId, caller.clientSecret));
    expect(grant.statusCode).toBe(400);
    expect(grant.json()).toEqual(use(TOKEN, '4xx', 'unsupportedGrant'));
  });

  it("Google's RBM: the AgentMessage examples, the capability check, the agent, and Google's errors", async () => {
    const agentId = 'docs_agent';
    const caller = await botWith({
      channels: [CHANNEL_TYPE.rcs],
      rbmBrand: 'brands/docs',
      rbmAgent: `brands/docs/agents/${agentId}`,
    });
    const bearer = { authorization: `Bearer ${caller.accessToken}` };
    const base = '/api/v1/partner/rbm/v1';
    const send = (body: unknown, query: string, headers = bearer) =>
      t.app.inject({
        method: 'POST',
        url: `${base}/phones/${encodeURIComponent(RBM_EXAMPLE_MSISDN)}/agentMessages?${query}`,
        headers: { ...headers, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
    for (const [name, messageId] of [
      ['text', RBM_EXAMPLE_MESSAGE_ID],
      ['richCard', `${RBM_EXAMPLE_MESSAGE_ID}-card`],
    ] as const) {
      const response = await send(
        use(RBM_SEND, 'request', name),
        `messageId=${messageId}&agentId=${agentId}`,
      );
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual(
        loosened(use(RBM_SEND, '200', name), {
          name: `phones/${RBM_EXAMPLE_MSISDN}/agentMessages/${messageId}`,
          sendTime: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        }),
      );
    }
    const text = use(RBM_SEND, 'request', 'text');
    const unauthenticated = await send(text, 'messageId=u1', { authorization: 'Bearer not-a-token' });
    expect(unauthenticated.statusCode).toBe(401);
    expect(unauthenticated.json()).toEqual(use(RBM_SEND, '4xx', 'unauthenticated'));
    const noMessageId = await send(text, `agentId=${agentId}`);
    expect(noMessageId.statusCode).toBe(400);
    expect(noMessageId.json()).toEqual(use(RBM_SEND, '4xx', 'invalidArgument'));
    const otherAgent = await send(text, 'messageId=u2&agentId=someone_elses_agent');
    expect(otherAgent.statusCode).toBe(404);
    expect(otherAgent.json()).toEqual(use(RBM_SEND, '4xx', 'notFound'));

    const capabilities = (msisdn: string) =>
      t.app.inject({
        method: 'GET',
        url: `${base}/phones/${encodeURIComponent(msisdn)}/capabilities?requestId=r-${msisdn}`,
        headers: bearer,
      });
    const capable = await capabilities(RBM_EXAMPLE_MSISDN);
    expect(capable.statusCode, capable.body).toBe(200);
    expect(capable.json()).toEqual(use(RBM_CAPABILITIES, '200', 'features'));
    // The sandbox's numbers ending in 0 are not RCS-capable.
    const unreachable = await capabilities('+919810012340');
    expect(unreachable.statusCode).toBe(404);
    expect(unreachable.json()).toEqual(use(RBM_CAPABILITIES, '4xx', 'notFound'));

    const agentShape = {
      name: `brands/docs/agents/${agentId}`,
      displayName: expect.any(String),
      rcsBusinessMessagingAgent: expect.any(Object),
    };
    const agent = await t.app.inject({
      method: 'GET',
      url: `${base}/brands/docs/agents/${agentId}`,
      headers: bearer,
    });
    expect(agent.statusCode, agent.body).toBe(200);
    expect(agent.json()).toEqual(loosened(use(AGENT, '200', 'agent'), agentShape));
    const another = await t.app.inject({
      method: 'GET',
      url: `${base}/brands/docs/agents/other`,
      headers: bearer,
    });
    expect(another.statusCode).toBe(404);
    expect(another.json()).toEqual(use(AGENT, '4xx', 'notFound'));
    const list = await t.app.inject({ method: 'GET', url: `${base}/brands/-/agents`, headers: bearer });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toEqual(loosened(use(AGENTS, '200', 'agents'), { 'agents.0': agentShape }));
  });

  it("Google's RBM: revoke, the READ and IS_TYPING events, files by URL and by upload, and Google's errors", async () => {
    const agentId = 'docs_extras';
    const caller = await botWith({
      channels: [CHANNEL_TYPE.rcs],
      rbmBrand: 'brands/docs',
      rbmAgent: `brands/docs/agents/${agentId}`,
    });
    const bearer = { authorization: `Bearer ${caller.accessToken}` };
    const phone = `/api/v1/partner/rbm/v1/phones/${encodeURIComponent(RBM_EXAMPLE_MSISDN)}`;
    const sendText = async (messageId: string) => {
      const sent = await t.app.inject({
        method: 'POST',
        url: `${phone}/agentMessages?messageId=${messageId}&agentId=${agentId}`,
        headers: { ...bearer, 'content-type': 'application/json' },
        payload: JSON.stringify(RBM_TEXT_EXAMPLE),
      });
      expect(sent.statusCode, sent.body).toBe(200);
    };

    // Revoke: a message the user has not received (the sandbox sends no receipts here).
    const revoke = (messageId: string, headers = bearer) =>
      t.app.inject({
        method: 'DELETE',
        url: `${phone}/agentMessages/${encodeURIComponent(messageId)}?agentId=${agentId}`,
        headers,
      });
    await sendText(`${RBM_EXAMPLE_MESSAGE_ID}-revoke`);
    const revoked = await revoke(`${RBM_EXAMPLE_MESSAGE_ID}-revoke`);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json()).toEqual(use(RBM_REVOKE, '200', 'revoked'));
    const unknown = await revoke('never-sent');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual(use(RBM_REVOKE, '4xx', 'notFound'));
    const unauthenticated = await revoke('never-sent', { authorization: 'Bearer not-a-token' });
    expect(unauthenticated.statusCode).toBe(401);
    expect(unauthenticated.json()).toEqual(use(RBM_REVOKE, '4xx', 'unauthenticated'));

    // Events: READ names a message the user sent (the sandbox gives it its id, which replaces the
    // example's), IS_TYPING nothing; each event id is the agent's.
    await sendText(`${RBM_EXAMPLE_MESSAGE_ID}-ask`);
    const userMessageId = await userReply(RBM_EXAMPLE_MSISDN, `${RBM_EXAMPLE_MESSAGE_ID}-ask`);
    const event = (body: unknown, eventId: string, msisdn = RBM_EXAMPLE_MSISDN) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/partner/rbm/v1/phones/${encodeURIComponent(msisdn)}/agentEvents?eventId=${eventId}&agentId=${agentId}`,
        headers: { ...bearer, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
    const readExample = use(RBM_EVENTS, 'request', 'read');
    expect(readExample).toMatchObject({ messageId: RBM_EXAMPLE_USER_MESSAGE_ID });
    const read = await event({ ...(readExample as object), messageId: userMessageId }, RBM_EXAMPLE_EVENT_ID);
    expect(read.statusCode, read.body).toBe(200);
    const sendTime = expect.stringMatching(/^\d{4}-\d\d-\d\dT/);
    expect(read.json()).toEqual(
      loosened(use(RBM_EVENTS, '200', 'read'), { messageId: userMessageId, sendTime }),
    );
    const typingId = `${RBM_EXAMPLE_EVENT_ID}-typing`;
    const typing = await event(use(RBM_EVENTS, 'request', 'isTyping'), typingId);
    expect(typing.statusCode, typing.body).toBe(200);
    expect(typing.json()).toEqual(
      loosened(use(RBM_EVENTS, '200', 'isTyping'), {
        name: `phones/${RBM_EXAMPLE_MSISDN}/agentEvents/${typingId}`,
        sendTime,
      }),
    );
    const noMessageId = await event({ eventType: 'READ' }, `${RBM_EXAMPLE_EVENT_ID}-bad`);
    expect(noMessageId.statusCode).toBe(400);
    expect(noMessageId.json()).toEqual(use(RBM_EVENTS, '4xx', 'invalidArgument'));
    // The sandbox's numbers ending in 0 are not RCS-capable.
    const unreachable = await event(
      use(RBM_EVENTS, 'request', 'isTyping'),
      `${RBM_EXAMPLE_EVENT_ID}-unreachable`,
      '+919810012340',
    );
    expect(unreachable.statusCode).toBe(404);
    expect(unreachable.json()).toEqual(use(RBM_EVENTS, '4xx', 'notFound'));

    // Files: by URL at the metadata URI; the bytes at the upload URI (no request example: binary).
    const named = { name: expect.stringMatching(/^files\/[\w-]+$/) };
    const byUrl = (body: unknown) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/partner/rbm/v1/files?agentId=${agentId}`,
        headers: { ...bearer, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
    const file = await byUrl(use(RBM_FILE, 'request', 'byUrl'));
    expect(file.statusCode, file.body).toBe(200);
    expect(file.json()).toEqual(loosened(use(RBM_FILE, '200', 'file'), named));
    const notHttps = await byUrl({
      fileUrl: 'http://storage.googleapis.com/kitchen-sink-sample-images/cute-dog.jpg',
    });
    expect(notHttps.statusCode).toBe(400);
    expect(notHttps.json()).toEqual(use(RBM_FILE, '4xx', 'invalidArgument'));
    const upload = (bytes: Buffer, contentType: string, headers = bearer) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/partner/rbm/upload/v1/files?agentId=${agentId}&uploadType=media`,
        headers: { ...headers, 'content-type': contentType },
        payload: bytes,
      });
    const uploaded = await upload(PNG, 'image/png');
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect(uploaded.json()).toEqual(loosened(use(RBM_UPLOAD, '200', 'file'), named));
    const text = await upload(Buffer.from('not an image'), 'text/plain');
    expect(text.statusCode).toBe(400);
    expect(text.json()).toEqual(use(RBM_UPLOAD, '4xx', 'unsupportedType'));
    const stranger = await upload(PNG, 'image/png', { authorization: 'Bearer not-a-token' });
    expect(stranger.statusCode).toBe(401);
    expect(stranger.json()).toEqual(use(RBM_UPLOAD, '4xx', 'unauthenticated'));
  });

  it("GSMA's MaaP Chatbot API: messages (text, card, file, audio), typing, status, capabilities, and MaaP's errors", async () => {
    const maapBotId = 'bot_docs_maap';
    const caller = await botWith({ channels: [CHANNEL_TYPE.rcs], maapBotId });
    const base = (botId = maapBotId) => `/api/v1/partner/maap/bot/v1/${botId}`;
    const headers = (token = caller.accessToken) => ({
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
    });
    const send = (body: unknown, options: { token?: string; botId?: string } = {}) =>
      t.app.inject({
        method: 'POST',
        url: `${base(options.botId)}/messages`,
        headers: headers(options.token),
        payload: JSON.stringify(body),
      });
    for (const name of ['text', 'richCard', 'file', 'audio', 'isTyping']) {
      const response = await send(use(MAAP_SEND, 'request', name));
      expect(response.statusCode, `${name}: ${response.body}`).toBe(202);
      expect(response.json()).toEqual(use(MAAP_SEND, '202', name));
    }
    const file = use(MAAP_SEND, 'request', 'file') as {
      RCSMessage: { fileMessage: Record<string, unknown> };
      messageContact: object;
    };
    const { fileMIMEType: _type, ...untyped } = file.RCSMessage.fileMessage;
    const withoutType = await send({
      ...file,
      RCSMessage: { ...file.RCSMessage, msgId: 'file-without-type', fileMessage: untyped },
    });
    expect(withoutType.statusCode).toBe(400);
    expect(withoutType.json()).toEqual(use(MAAP_SEND, '4xx', 'fileWithoutType'));
    const text = use(MAAP_SEND, 'request', 'text') as { messageContact: object };
    const unauthorized = await send(text, { token: 'not-a-token' });
    expect(unauthorized.statusCode).toBe(401);
    expect(unauthorized.json()).toEqual(use(MAAP_SEND, '4xx', 'unauthorized'));
    const otherBot = await send(text, { botId: MAAP_EXAMPLE_OTHER_BOT_ID });
    expect(otherBot.statusCode).toBe(404);
    expect(otherBot.json()).toEqual(use(MAAP_SEND, '4xx', 'otherBot'));
    const badContact = await send({
      ...text,
      messageContact: { userContact: MAAP_EXAMPLE_CONTACT.slice(1) },
    });
    expect(badContact.statusCode).toBe(400);
    expect(badContact.json()).toEqual(use(MAAP_SEND, '4xx', 'invalidContact'));

    const status = (msgId: string, body: unknown) =>
      t.app.inject({
        method: 'PUT',
        url: `${base()}/messages/${encodeURIComponent(msgId)}/status`,
        headers: headers(),
        payload: JSON.stringify(body),
      });
    // The text was not delivered (no receipts here): it is revoked; then the user answers the card.
    const cancelled = await status(MAAP_EXAMPLE_TEXT_MSG_ID, use(MAAP_STATUS, 'request', 'cancelled'));
    expect(cancelled.statusCode, cancelled.body).toBe(204);
    const userMessageId = await userReply(MAAP_EXAMPLE_CONTACT, MAAP_EXAMPLE_CARD_MSG_ID);
    const displayed = await status(userMessageId, use(MAAP_STATUS, 'request', 'displayed'));
    expect(displayed.statusCode, displayed.body).toBe(204);
    const unknown = await status(MAAP_EXAMPLE_UNKNOWN_MSG_ID, use(MAAP_STATUS, 'request', 'cancelled'));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual(use(MAAP_STATUS, '4xx', 'notFound'));

    const capabilities = (userContact: string) =>
      t.app.inject({
        method: 'GET',
        url: `${base()}/contactCapabilities?userContact=${encodeURIComponent(userContact)}`,
        headers: headers(),
      });
    const capable = await capabilities(MAAP_EXAMPLE_CONTACT);
    expect(capable.statusCode, capable.body).toBe(200);
    expect(capable.json()).toEqual(use(MAAP_CAPABILITIES, '200', 'capabilities'));
    // The sandbox's numbers ending in 0 are not RCS-capable.
    const unreachable = await capabilities('+919810012340');
    expect(unreachable.statusCode).toBe(404);
    expect(unreachable.json()).toEqual(use(MAAP_CAPABILITIES, '4xx', 'notCapable'));
  });

  it("Meta's WhatsApp Cloud API: text, interactive, media and template messages, and Meta's errors", async () => {
    const phoneNumberId = 'pn-docs-1';
    const caller = await botWith({ channels: [CHANNEL_TYPE.whatsapp], whatsappPhoneNumberId: phoneNumberId });
    const send = (body: unknown, token = caller.accessToken) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/partner/whatsapp/v21.0/${phoneNumberId}/messages`,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
    const sent = loosened(use(WA_SEND, '200', 'sent'), {
      'messages.0.id': expect.stringMatching(/^wamid\./),
    });
    for (const name of ['text', 'interactive', 'image', 'document', 'location', 'contacts']) {
      const response = await send(use(WA_SEND, 'request', name));
      expect(response.statusCode, `${name}: ${response.body}`).toBe(200);
      expect(response.json()).toEqual(sent);
    }
    const image = use(WA_SEND, 'request', 'image') as { image: object };
    const byId = await send({ ...image, image: { id: '1013859600285441' } });
    expect(byId.statusCode).toBe(404);
    expect(byId.json()).toEqual(
      loosened(use(WA_SEND, '4xx', 'mediaId'), { 'error.fbtrace_id': expect.any(String) }),
    );
    const template = await send(use(WA_SEND, 'request', 'template'));
    expect(template.statusCode).toBe(404);
    // Meta's words: the code's title in the message, the template named in the details.
    expect(template.json()).toEqual(
      loosened(use(WA_SEND, '4xx', 'templateMissing'), { 'error.fbtrace_id': expect.any(String) }),
    );
    const invalid = await send(use(WA_SEND, 'request', 'text'), 'not-a-token');
    expect(invalid.statusCode).toBe(401);
    expect(invalid.json()).toEqual(
      loosened(use(WA_SEND, '4xx', 'invalidToken'), { 'error.fbtrace_id': expect.any(String) }),
    );
  });

  it('leaves no documented example unsent', () => {
    const all = Object.entries(PARTNER_API_DOCS).flatMap(([key, entry]) => [
      ...Object.keys(entry.requestExamples ?? {}).map((name) => `${key} request ${name}`),
      ...Object.entries(entry.responseExamples ?? {}).flatMap(([status, examples]) =>
        Object.keys(examples).map((name) => `${key} ${status} ${name}`),
      ),
    ]);
    expect(all.filter((example) => !exercised.has(example))).toEqual([]);
  });
});
