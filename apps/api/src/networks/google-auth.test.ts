import { generateKeyPairSync } from 'node:crypto';
import { sandboxPlugin } from '@portico/sandbox';
import Fastify, { type FastifyInstance } from 'fastify';
import { importPKCS8, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectEnvelope } from '../../test/helpers.ts';
import { NetworkError } from './errors.ts';
import {
  BUSINESS_COMMUNICATIONS_SCOPE,
  GOOGLE_TOKEN_URL,
  googleAuthorization,
  publicServiceAccount,
  RBM_SCOPE,
  type ServiceAccountKey,
} from './google-auth.ts';
import { createNetworkMetrics } from './metrics.ts';
import { createRbmConnector } from './rbm.ts';

/**
 * Google service-account authentication end to end: google-auth-library signs the assertion and
 * exchanges it at the sandbox's token endpoint (Google's shapes), which checks the RS256 signature
 * against the public key it was given; the RBM and Business Communications APIs then accept only
 * the tokens it issued, each with its own scope.
 */

const serviceAccount = (email: string): ServiceAccountKey => ({
  type: 'service_account',
  client_email: email,
  private_key: generateKeyPairSync('rsa', { modulusLength: 2048 })
    .privateKey.export({ type: 'pkcs8', format: 'pem' })
    .toString(),
  private_key_id: 'key-1',
});
const ACCOUNT = serviceAccount('rbm@portico-test.iam.gserviceaccount.com');
const CAPABLE = '+919800000011';
const TIMEOUT = { timeoutMs: 2000 };

let sandbox: FastifyInstance;
let base: string;
/** Every call the sandbox received: method and path. */
const calls: string[] = [];
const tokenRequests = () => calls.filter((call) => call === 'POST /sandbox/oauth2/token').length;
const credentials = (key = ACCOUNT) => ({
  kind: 'service_account' as const,
  key,
  tokenUrl: `${base}/oauth2/token`,
});
const capabilities = (authorization: string) =>
  fetch(`${base}/rbm/v1/phones/${encodeURIComponent(CAPABLE)}/capabilities?agentId=a`, {
    headers: { authorization },
  });
const postToken = (form: Record<string, string>) =>
  fetch(`${base}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
const assertion = async (key: ServiceAccountKey, claims: Record<string, unknown> = {}) => {
  const now = Math.floor(Date.now() / 1000);
  const payload = {
    iss: key.client_email,
    aud: GOOGLE_TOKEN_URL,
    scope: RBM_SCOPE,
    iat: now,
    exp: now + 3600,
  };
  return new SignJWT({ ...payload, ...claims })
    .setProtectedHeader({ alg: 'RS256' })
    .sign(await importPKCS8(key.private_key, 'RS256'));
};

beforeAll(async () => {
  sandbox = Fastify({ logger: false });
  sandbox.addHook('onRequest', async (request) => {
    calls.push(`${request.method} ${request.url.split('?')[0]}`);
  });
  await sandbox.register(sandboxPlugin, {
    prefix: '/sandbox',
    googleServiceAccounts: [publicServiceAccount(ACCOUNT)],
    behaviour: { receipts: false },
  });
  await sandbox.listen({ port: 0, host: '127.0.0.1' });
  const address = sandbox.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/sandbox`;
});
afterAll(() => sandbox.close());

describe('the token exchange through google-auth-library', () => {
  it('when a call is authorised then the assertion is exchanged once and the token is reused, also by concurrent calls', async () => {
    const before = tokenRequests();
    const auth = googleAuthorization(credentials(), RBM_SCOPE, TIMEOUT);
    const headers = await Promise.all([auth.header(), auth.header(), auth.header()]);
    expect(new Set(headers).size).toBe(1);
    expect(headers[0]).toMatch(/^Bearer ya29\.sandbox-[\w-]+$/);
    expect(await auth.header()).toBe(headers[0]);
    expect(tokenRequests() - before).toBe(1);
    expect((await capabilities(headers[0] ?? '')).status).toBe(200);
  });

  it('when the key is not the one the token endpoint knows then it is refused as unauthorized', async () => {
    const stranger = { ...serviceAccount('rbm@portico-test.iam.gserviceaccount.com') };
    const error = await googleAuthorization(credentials(stranger), RBM_SCOPE, TIMEOUT)
      .header()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({
      kind: 'unauthorized',
      detail: { httpStatus: 400, code: 'invalid_grant' },
      message: 'Google RBM: the token endpoint refused the service account: Invalid JWT Signature.',
    });
  });

  it('when the key cannot be had on first use then the call fails, and the next one tries again', async () => {
    let reads = 0;
    const auth = googleAuthorization(
      {
        kind: 'service_account',
        key: async () => {
          reads += 1;
          if (reads === 1) throw new Error('database unavailable');
          return ACCOUNT;
        },
        tokenUrl: `${base}/oauth2/token`,
      },
      RBM_SCOPE,
      TIMEOUT,
    );
    expect(await auth.header().catch((e: unknown) => e)).toMatchObject({ kind: 'network_down' });
    expect(await auth.header()).toMatch(/^Bearer ya29\.sandbox-/);
    expect(reads).toBe(2);
  });

  it('when the token endpoint cannot be reached then it is network_down, and the call was never sent', async () => {
    const error = await googleAuthorization(
      { kind: 'service_account', key: ACCOUNT, tokenUrl: 'http://127.0.0.1:9/token' },
      RBM_SCOPE,
      TIMEOUT,
    )
      .header()
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'network_down', refused: true });
  });
});

describe("the sandbox's token endpoint and APIs (Google's shapes)", () => {
  it('when a signed assertion is posted as a form then it answers {access_token, expires_in, token_type}', async () => {
    const response = await postToken({
      grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
      assertion: await assertion(ACCOUNT),
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toEqual({ access_token: expect.any(String), expires_in: 3599, token_type: 'Bearer' });
    expect((await capabilities(`Bearer ${body.access_token}`)).status).toBe(200);
  });

  it('when the grant, the audience, the lifetime or the signature is wrong then it answers an OAuth error', async () => {
    const cases: [Record<string, string>, string, string][] = [
      [
        { grant_type: 'client_credentials' },
        'unsupported_grant_type',
        'Invalid grant_type: client_credentials',
      ],
      [
        { grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer' },
        'invalid_request',
        'Missing required parameter: assertion',
      ],
      [
        {
          grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
          assertion: await assertion(ACCOUNT, { aud: `${base}/oauth2/token` }),
        },
        'invalid_grant',
        'Invalid JWT: Failed audience check.',
      ],
      [
        {
          grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
          assertion: await assertion(ACCOUNT, { exp: Math.floor(Date.now() / 1000) + 7200 }),
        },
        'invalid_grant',
        'Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe.',
      ],
      [
        {
          grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
          assertion: await assertion({ ...serviceAccount(ACCOUNT.client_email) }),
        },
        'invalid_grant',
        'Invalid JWT Signature.',
      ],
      [
        {
          grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
          assertion: await assertion(serviceAccount('nobody@elsewhere.iam.gserviceaccount.com')),
        },
        'invalid_grant',
        'Invalid grant: account not found',
      ],
    ];
    for (const [form, error, description] of cases) {
      const response = await postToken(form);
      expect(response.status, description).toBe(400);
      expect(await response.json()).toEqual({ error, error_description: description });
    }
  });

  it("when a call carries no issued token, or one of the other API's scope, then 401 or 403 in Google's error shape", async () => {
    const unknown = await capabilities('Bearer sandbox-rbm-token');
    expect(unknown.status).toBe(401);
    expect(await unknown.json()).toMatchObject({ error: { code: 401, status: 'UNAUTHENTICATED' } });

    const management = await googleAuthorization(
      credentials(),
      BUSINESS_COMMUNICATIONS_SCOPE,
      TIMEOUT,
    ).header();
    const wrongScope = await capabilities(management);
    expect(wrongScope.status).toBe(403);
    expect(await wrongScope.json()).toMatchObject({
      error: {
        code: 403,
        status: 'PERMISSION_DENIED',
        message: 'Request had insufficient authentication scopes.',
      },
    });
    const brands = (authorization: string) =>
      fetch(`${base}/businesscommunications/v1/brands`, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json' },
        body: JSON.stringify({ displayName: 'Acme' }),
      });
    expect((await brands(management)).status).toBe(200);
    const messaging = await googleAuthorization(credentials(), RBM_SCOPE, TIMEOUT).header();
    expect((await brands(messaging)).status).toBe(403);
  });

  it('when a developer uploads a public key of their own then assertions signed with it are exchanged', async () => {
    const mine = serviceAccount('developer@acme.iam.gserviceaccount.com');
    const upload = await fetch(`${base}/oauth2/service-accounts`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_email: mine.client_email,
        public_key: publicServiceAccount(mine).publicKey,
      }).toString(),
    });
    expect(upload.status).toBe(200);
    const header = await googleAuthorization(credentials(mine), RBM_SCOPE, TIMEOUT).header();
    expect((await capabilities(header)).status).toBe(200);
  });
});

describe('tokens that expire or are refused', () => {
  /** A token endpoint that numbers its tokens, and an RBM API that accepts only the newest one. */
  let google: FastifyInstance;
  let googleBase: string;
  let issued = 0;
  let lifetimeSeconds = 3599;
  beforeAll(async () => {
    google = Fastify({ logger: false });
    google.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_r, body, done) => done(null, body),
    );
    google.post('/token', async () => {
      issued += 1;
      return { access_token: `token-${issued}`, expires_in: lifetimeSeconds, token_type: 'Bearer' };
    });
    google.get('/v1/phones/:msisdn/capabilities', async (request, reply) => {
      if (request.headers.authorization !== `Bearer token-${issued}`)
        return reply
          .code(401)
          .send({ error: { code: 401, message: 'Invalid Credentials', status: 'UNAUTHENTICATED' } });
      return { features: ['RICHCARD_STANDALONE'] };
    });
    await google.listen({ port: 0, host: '127.0.0.1' });
    const address = google.server.address();
    googleBase = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(() => google.close());

  it('when a token is about to expire then the next call mints a new one', async () => {
    lifetimeSeconds = 60; // within google-auth-library's five-minute eager refresh
    const auth = googleAuthorization(
      { kind: 'service_account', key: ACCOUNT, tokenUrl: `${googleBase}/token` },
      RBM_SCOPE,
      TIMEOUT,
    );
    const first = await auth.header();
    const second = await auth.header();
    expect(second).not.toBe(first);
    lifetimeSeconds = 3599;
  });

  it('when the API refuses a cached token (401) then the connector mints a new one for the next call', async () => {
    const rbm = createRbmConnector({
      baseUrl: googleBase,
      managementUrl: googleBase,
      credentials: { kind: 'service_account', key: ACCOUNT, tokenUrl: `${googleBase}/token` },
      timeoutMs: 2000,
      maxAttempts: 1,
      metrics: createNetworkMetrics(Fastify({ logger: false }).log),
    });
    expect((await rbm.capability('a', CAPABLE)).capable).toBe(true);
    issued += 1; // the token server moves on: the cached token is no longer accepted
    const refused = await rbm.capability('a', CAPABLE).catch((e: unknown) => e);
    expect(refused).toMatchObject({ kind: 'unauthorized' });
    expect((await rbm.capability('a', CAPABLE)).capable).toBe(true);
  });
});

describe('the API in sandbox mode without a key', () => {
  it('when it starts then it generates one service account into app_secrets, and its RBM calls go through the exchange', async () => {
    const t = await createTestApp({ listen: true });
    try {
      const sent = await t.injectAs('SUPER_ADMIN_PORTICO', {
        method: 'POST',
        url: '/api/v1/secure/network-messages/test',
        payload: {
          network: 'rbm',
          recipient: CAPABLE,
          content: { kind: 'text', text: 'Hi', suggestions: [] },
        },
      });
      expectEnvelope(sent, 201);
      const { rows } = await t.database.sql.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM app_secrets WHERE name = 'networks.rbm.sandbox_service_account'",
      );
      expect(rows[0]?.n).toBe(1);
      // The old well-known sandbox token opens nothing any more.
      const old = await t.app.inject({
        method: 'GET',
        url: `/sandbox/rbm/v1/phones/${encodeURIComponent(CAPABLE)}/capabilities?agentId=a`,
        headers: { authorization: 'Bearer sandbox-rbm-token' },
      });
      expect(old.statusCode).toBe(401);
    } finally {
      await t.close();
    }
    // A whole listening app plus an RSA key generated at start: slow on a busy 2-core machine.
  }, 60_000);
});
