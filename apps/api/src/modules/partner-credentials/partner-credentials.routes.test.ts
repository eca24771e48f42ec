import {
  CHANNEL_TYPE,
  ROLES,
  ZIssuedPartnerCredential,
  ZPartnerCredential,
  ZPartnerCredentialList,
} from '@portico/domain';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Subject } from '../../../test/factories.ts';
import { createTestApp, expectEnvelope, type TestApp, xsrfHeaders } from '../../../test/helpers.ts';
import { createAuditRepository } from '../../platform/audit/audit.repository.ts';
import { auditLog } from '../../platform/audit/audit.schema.ts';
import { createAuditService } from '../../platform/audit/audit.service.ts';
import { bots } from '../bots/bots.schema.ts';
import { createPartnerCredentialsRepository } from './partner-credentials.repository.ts';
import {
  createPartnerCredentialsService,
  type PartnerCredentialsService,
} from './partner-credentials.service.ts';
import { createPartnerTokens } from './partner-tokens.ts';

/**
 * A bot's API credentials end to end: created and rotated with the secret shown once, tokens from
 * the OAuth endpoint (HTTP Basic and form), refusals in the OAuth shape, and tokens that stop
 * working at once when their credential is rotated or revoked.
 */

const S = '/api/v1/secure';
const TOKEN = '/api/v1/oauth/token';
let t: TestApp;

interface Caller {
  token: string;
  partnerId: string;
}
let developer: Caller;
let stranger: Caller;
let bot: string;
let otherBot: string;
let strangerBot: string;
/** A second instance's service on the same database: it has none of the first one's memory. */
let otherInstance: PartnerCredentialsService;

beforeAll(async () => {
  t = await createTestApp();
  const caller = async (subject: Subject): Promise<Caller> => {
    const account = await t.factories.account(subject);
    return { token: await t.tokenFor(account.user.userId), partnerId: account.partner.partnerId };
  };
  developer = await caller(ROLES.DEVELOPER);
  stranger = await caller(ROLES.DEVELOPER);
  otherBot = await insert(developer.partnerId, 'Chai Support');
  strangerBot = await insert(stranger.partnerId, 'Other Partner Bot');
  otherInstance = createPartnerCredentialsService({
    database: t.database,
    repository: createPartnerCredentialsRepository(t.database),
    publicUrl: t.config.PUBLIC_URL,
    bots: { botForTesting: () => Promise.reject(new Error('not used')) },
    audit: createAuditService(createAuditRepository(t.database.db), t.app.log),
    tokens: createPartnerTokens({
      database: t.database,
      publicUrl: t.config.PUBLIC_URL,
      lifetimeSeconds: 3600,
    }),
    tokenUrl: 'unused',
    baseUrls: {},
  });
});
afterAll(() => t.close());
// Each case its own bot: a bot holds at most MAX_ACTIVE_CREDENTIALS_PER_BOT active credentials.
beforeEach(async () => {
  bot = await insert(developer.partnerId, 'Chai Orders');
});

async function insert(partnerId: string, name: string) {
  const [row] = await t.database.db
    .insert(bots)
    .values({
      partnerId,
      channels: [CHANNEL_TYPE.whatsapp],
      status: 10,
      name,
      whatsappPhoneNumberId: `pn-${name.toLowerCase().replaceAll(' ', '-')}`,
    })
    .returning();
  if (!row) throw new Error('insert returned nothing');
  return row.botId;
}

function call(who: Caller, options: InjectOptions) {
  return t.app.inject({
    ...options,
    headers: { authorization: `Bearer ${who.token}`, ...xsrfHeaders(), ...options.headers },
  });
}

async function create(botId = bot) {
  const response = await call(developer, { method: 'POST', url: `${S}/bots/${botId}/credentials` });
  return ZIssuedPartnerCredential.parse(expectEnvelope(response, 200).data);
}

const basic = (clientId: string, secret: string) =>
  `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(secret)}`).toString('base64')}`;

function tokenRequest(form: Record<string, string>, authorization?: string) {
  return t.app.inject({
    method: 'POST',
    url: TOKEN,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(authorization ? { authorization } : {}),
    },
    payload: new URLSearchParams(form).toString(),
  });
}

async function tokenFor(clientId: string, secret: string): Promise<string> {
  const response = await tokenRequest({ grant_type: 'client_credentials' }, basic(clientId, secret));
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { access_token: string }).access_token;
}

describe('creating and listing credentials', () => {
  it('when a developer creates a credential then the secret is answered once and only its hint is listed', async () => {
    const issued = await create();
    expect(issued.client_secret).toMatch(/^pcs_[\w-]{43}$/);
    expect(issued.credential).toMatchObject({
      bot_id: bot,
      scope: `bot:${bot}`,
      state: 'active',
      secret_hint: issued.client_secret.slice(-4),
      last_used_at: null,
    });
    const list = await call(developer, { method: 'GET', url: `${S}/bots/${bot}/credentials` });
    const body = ZPartnerCredentialList.parse(expectEnvelope(list, 200).data);
    expect(body.token_url).toBe(`${t.config.PUBLIC_URL}${TOKEN}`);
    expect(body.scope).toBe(`bot:${bot}`);
    expect(body.endpoints).toEqual([
      {
        api_type: 'whatsapp',
        id_name: 'phone-number-id',
        id: 'pn-chai-orders',
        base_url: `${t.config.PUBLIC_URL}/api/v1/partner/whatsapp`,
      },
    ]);
    expect(body.items.map((c) => c.credential_id)).toContain(issued.credential.credential_id);
    expect(list.body).not.toContain(issued.client_secret);
    const {
      rows: [stored],
    } = await t.database.sql.query<{ secret_hash: string }>(
      'SELECT secret_hash FROM partner_credentials WHERE credential_id = $1',
      [issued.credential.credential_id],
    );
    expect(stored?.secret_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored?.secret_hash).not.toContain(issued.client_secret);
  });

  it('when another partner names the bot or its credential then 404', async () => {
    const issued = await create();
    const id = issued.credential.credential_id;
    for (const options of [
      { method: 'GET', url: `${S}/bots/${bot}/credentials` },
      { method: 'POST', url: `${S}/bots/${bot}/credentials` },
      { method: 'POST', url: `${S}/bots/${bot}/credentials/${id}/rotate` },
      { method: 'POST', url: `${S}/bots/${bot}/credentials/${id}/revoke` },
    ] as const) {
      expectEnvelope(await call(stranger, options), 404);
    }
    // The developer's credential named under another of the developer's bots, or under the stranger's bot.
    expectEnvelope(
      await call(developer, { method: 'POST', url: `${S}/bots/${otherBot}/credentials/${id}/revoke` }),
      404,
    );
    expectEnvelope(
      await call(developer, { method: 'POST', url: `${S}/bots/${strangerBot}/credentials/${id}/rotate` }),
      404,
    );
  });

  it('when a bot has the most active credentials then one more is refused with 409', async () => {
    for (let i = 0; i < 5; i += 1) await create(otherBot);
    const response = await call(developer, { method: 'POST', url: `${S}/bots/${otherBot}/credentials` });
    expect(expectEnvelope(response, 409).message).toMatch(/at most 5 active credentials/);
  });
});

describe('the token endpoint', () => {
  it('when the client authenticates with HTTP Basic then it gets a bearer token for its bot', async () => {
    const { client_secret, credential } = await create();
    const response = await tokenRequest(
      { grant_type: 'client_credentials', scope: `bot:${bot}` },
      basic(credential.client_id, client_secret),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json() as Record<string, unknown>;
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: `bot:${bot}` });
    const caller = await otherInstance.authenticate(body.access_token as string);
    expect(caller).toEqual({
      credentialId: credential.credential_id,
      clientId: credential.client_id,
      botId: bot,
      partnerId: developer.partnerId,
    });
    const list = await call(developer, { method: 'GET', url: `${S}/bots/${bot}/credentials` });
    const listed = ZPartnerCredentialList.parse(expectEnvelope(list, 200).data).items.find(
      (c) => c.credential_id === credential.credential_id,
    );
    expect(listed?.last_used_at).not.toBeNull();
  });

  it('when the client sends its credentials in the form body then it gets a token too', async () => {
    const { client_secret, credential } = await create();
    const response = await tokenRequest({
      grant_type: 'client_credentials',
      client_id: credential.client_id,
      client_secret,
    });
    expect(response.statusCode, response.body).toBe(200);
  });

  it('when the secret is wrong or the client unknown then 401 invalid_client in the OAuth shape', async () => {
    const { credential } = await create();
    const wrong = await tokenRequest(
      { grant_type: 'client_credentials' },
      basic(credential.client_id, 'pcs_not-the-secret'),
    );
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({
      error: 'invalid_client',
      error_description: 'Client authentication failed.',
    });
    expect(wrong.headers['www-authenticate']).toMatch(/^Basic/);
    const unknown = await tokenRequest({
      grant_type: 'client_credentials',
      client_id: 'pci_nobody',
      client_secret: 'pcs_x',
    });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toMatchObject({ error: 'invalid_client' });
  });

  it('when the request is malformed, the grant other or the scope not the bot then 400 in the OAuth shape', async () => {
    const { client_secret, credential } = await create();
    const auth = basic(credential.client_id, client_secret);
    const grant = await tokenRequest({ grant_type: 'password' }, auth);
    expect(grant.statusCode).toBe(400);
    expect(grant.json()).toMatchObject({ error: 'unsupported_grant_type' });
    const scope = await tokenRequest({ grant_type: 'client_credentials', scope: `bot:${otherBot}` }, auth);
    expect(scope.statusCode).toBe(400);
    expect(scope.json()).toMatchObject({ error: 'invalid_scope' });
    const missing = await tokenRequest({}, auth);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ error: 'invalid_request' });
    const empty = await t.app.inject({ method: 'POST', url: TOKEN, headers: { authorization: auth } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ error: 'invalid_request' });
    const both = await tokenRequest(
      { grant_type: 'client_credentials', client_id: credential.client_id, client_secret },
      auth,
    );
    expect(both.statusCode).toBe(400);
    expect(both.json()).toMatchObject({ error: 'invalid_request' });
  });

  it('when a partner token is sent to the portal API or a portal token to the partner check then both are refused', async () => {
    const { client_secret, credential } = await create();
    const partnerToken = await tokenFor(credential.client_id, client_secret);
    expectEnvelope(
      await t.app.inject({
        method: 'GET',
        url: `${S}/bots/${bot}/credentials`,
        headers: { authorization: `Bearer ${partnerToken}` },
      }),
      401,
    );
    await expect(otherInstance.authenticate(developer.token)).rejects.toMatchObject({ reason: 'invalid' });
    await expect(otherInstance.authenticate('not-a-token')).rejects.toMatchObject({ reason: 'malformed' });
  });
});

describe('tokens remembered by an instance', () => {
  it('when a token checked before is used after its expiry then it is refused as expired', async () => {
    const { client_secret, credential } = await create();
    const token = await tokenFor(credential.client_id, client_secret);
    await expect(otherInstance.authenticate(token)).resolves.toMatchObject({ botId: bot });
    // Remembered: a second use within its life passes without the signature check.
    await expect(otherInstance.authenticate(token)).resolves.toMatchObject({ botId: bot });
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 3600_000 + 60_000);
      await expect(otherInstance.authenticate(token)).rejects.toMatchObject({ reason: 'expired' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('when the token endpoint answers then it sets no XSRF cookie (no browser calls it)', async () => {
    const { client_secret, credential } = await create();
    const response = await tokenRequest(
      { grant_type: 'client_credentials' },
      basic(credential.client_id, client_secret),
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['set-cookie']).toBeUndefined();
    // A portal call without the cookie still gets one.
    const portal = await t.app.inject({ method: 'GET', url: '/api/v1/app-config' });
    expect(String(portal.headers['set-cookie'])).toMatch(/XSRF-TOKEN=/);
  });
});

describe('rotation and revocation', () => {
  it('when the secret is rotated then the old secret and its tokens stop working at once and the new one works', async () => {
    const { client_secret: oldSecret, credential } = await create();
    const oldToken = await tokenFor(credential.client_id, oldSecret);
    await otherInstance.authenticate(oldToken);
    const response = await call(developer, {
      method: 'POST',
      url: `${S}/bots/${bot}/credentials/${credential.credential_id}/rotate`,
    });
    const rotated = ZIssuedPartnerCredential.parse(expectEnvelope(response, 200).data);
    expect(rotated.client_secret).not.toBe(oldSecret);
    expect(rotated.credential.client_id).toBe(credential.client_id);
    expect(rotated.credential.rotated_at).not.toBeNull();
    const refused = await tokenRequest(
      { grant_type: 'client_credentials' },
      basic(credential.client_id, oldSecret),
    );
    expect(refused.statusCode).toBe(401);
    // A fresh instance (nothing remembered) refuses the old token; the new secret's token passes.
    const fresh = createPartnerCredentialsServiceLike();
    await expect(fresh.authenticate(oldToken)).rejects.toMatchObject({ reason: 'revoked' });
    const newToken = await tokenFor(credential.client_id, rotated.client_secret);
    await expect(fresh.authenticate(newToken)).resolves.toMatchObject({ botId: bot });
  });

  it('when a credential is revoked then no token is issued and its tokens are refused; it cannot be revoked or rotated again', async () => {
    const { client_secret, credential } = await create();
    const token = await tokenFor(credential.client_id, client_secret);
    const url = `${S}/bots/${bot}/credentials/${credential.credential_id}`;
    const revoked = ZPartnerCredential.parse(
      expectEnvelope(await call(developer, { method: 'POST', url: `${url}/revoke` }), 200).data,
    );
    expect(revoked).toMatchObject({ state: 'revoked' });
    expect(revoked.revoked_at).not.toBeNull();
    const refused = await tokenRequest(
      { grant_type: 'client_credentials' },
      basic(credential.client_id, client_secret),
    );
    expect(refused.statusCode).toBe(401);
    await expect(createPartnerCredentialsServiceLike().authenticate(token)).rejects.toMatchObject({
      reason: 'revoked',
    });
    expectEnvelope(await call(developer, { method: 'POST', url: `${url}/revoke` }), 409);
    expectEnvelope(await call(developer, { method: 'POST', url: `${url}/rotate` }), 409);
  });

  it('when credentials are created, rotated and revoked then each is an audit record', async () => {
    const { credential } = await create();
    const url = `${S}/bots/${bot}/credentials/${credential.credential_id}`;
    await call(developer, { method: 'POST', url: `${url}/rotate` });
    await call(developer, { method: 'POST', url: `${url}/revoke` });
    const rows = await t.database.db.select().from(auditLog);
    const actions = rows
      .filter(
        (r) => (r.detail as { credentialId?: string } | null)?.credentialId === credential.credential_id,
      )
      .map((r) => r.action)
      .sort();
    expect(actions).toEqual(['credential.created', 'credential.revoked', 'credential.rotated']);
  });
});

/** Another instance with an empty memory of credential states. */
function createPartnerCredentialsServiceLike(): PartnerCredentialsService {
  return createPartnerCredentialsService({
    database: t.database,
    repository: createPartnerCredentialsRepository(t.database),
    publicUrl: t.config.PUBLIC_URL,
    bots: { botForTesting: () => Promise.reject(new Error('not used')) },
    audit: createAuditService(createAuditRepository(t.database.db), t.app.log),
    tokens: createPartnerTokens({
      database: t.database,
      publicUrl: t.config.PUBLIC_URL,
      lifetimeSeconds: 3600,
    }),
    tokenUrl: 'unused',
    baseUrls: {},
  });
}
