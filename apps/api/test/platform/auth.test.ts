import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ok } from '../../src/platform/http/envelope.ts';
import { buildServer } from '../../src/server.ts';
import { openTestDatabase } from '../database.ts';
import { createTestApp, expectEnvelope, type TestApp, testConfig, xsrfHeaders } from '../helpers.ts';
import { mintAccessToken } from '../tokens.ts';

const URL = '/api/v1/secure/partner-details';
let t: TestApp;
let userId: string;

beforeAll(async () => {
  t = await createTestApp();
  userId = (await t.accountOf('DEVELOPER')).user.userId;
});
afterAll(() => t.close());

const call = (authorization?: string) =>
  t.app.inject({ method: 'GET', url: URL, headers: authorization ? { authorization } : {} });

describe('the secure prefix', () => {
  it('when no Authorization header is sent then 401 in the envelope', async () => {
    const body = expectEnvelope(await call(), 401);
    expect(body.data).toBeNull();
  });

  it.each([
    ['not a Bearer scheme', 'Basic dXNlcjpwYXNz'],
    ['an empty Bearer', 'Bearer '],
    ['garbage', 'Bearer not-a-jwt'],
    ['a truncated JWT', 'Bearer eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0'],
  ])('when the token is %s then 401', async (_label, header) => {
    expectEnvelope(await call(header), 401);
  });

  it('when the token is valid then the route answers', async () => {
    expectEnvelope(await call(`Bearer ${await t.tokenFor(userId)}`), 200);
  });

  it('when the token has expired then 401', async () => {
    const token = await mintAccessToken(t.database, t.config, { sub: userId }, { expiresIn: -120 });
    expectEnvelope(await call(`Bearer ${token}`), 401);
  });

  it('when the token is for another audience then 401', async () => {
    const token = await mintAccessToken(
      t.database,
      t.config,
      { sub: userId },
      { audience: 'https://elsewhere.example/api' },
    );
    expectEnvelope(await call(`Bearer ${token}`), 401);
  });

  it('when the token is tampered with then 401', async () => {
    const token = await t.tokenFor(userId);
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString());
    const forged = Buffer.from(
      JSON.stringify({ ...claims, sub: (await t.accountOf('SUPER_ADMIN_PORTICO')).user.userId }),
    ).toString('base64url');
    expectEnvelope(await call(`Bearer ${header}.${forged}.${signature}`), 401);
  });

  it('when the token is unsigned (alg none) or HMAC-signed with the public key then 401', async () => {
    for (const alg of ['none', 'HS256']) {
      const token = await mintAccessToken(t.database, t.config, { sub: userId }, { alg });
      expectEnvelope(await call(`Bearer ${token}`), 401);
    }
  });

  it('when the token is signed by a key the provider does not have then 401', async () => {
    const token = await mintAccessToken(t.database, t.config, { sub: userId }, { key: 'foreign' });
    expectEnvelope(await call(`Bearer ${token}`), 401);
  });

  it('when the token names a user that does not exist then 401', async () => {
    const token = await t.tokenFor('7a0d3f7e-3c1b-4b5e-9d55-9a1e7c1f0c11');
    expectEnvelope(await call(`Bearer ${token}`), 401);
  });

  it('when an unknown path under the secure prefix is asked for then 404 (no token needed to learn nothing)', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/secure/nothing' })).statusCode).toBe(404);
  });
});

describe('policy actions on secure routes', () => {
  it('when a secure route declares no policy action then the server refuses to start', async () => {
    const { database, close } = await openTestDatabase();
    try {
      await expect(
        buildServer({
          config: testConfig(),
          database,
          extraRoutes: { secure: [async (app) => void app.get('/undeclared', async () => ({}))] },
        }),
      ).rejects.toThrow(
        'Secure route GET /api/v1/secure/undeclared must declare a policy action (config.action)',
      );
    } finally {
      await close();
    }
  });

  it('when a caller may not act then 403 comes before the body is validated; an allowed caller gets the 400', async () => {
    const app = await createTestApp({
      extraRoutes: {
        secure: [
          async (scope) =>
            void scope.post(
              '/probe',
              { config: { action: 'reference-token.issue' }, schema: { body: z.object({ n: z.number() }) } },
              async () => ok(null),
            ),
        ],
      },
    });
    try {
      const post = async (role: 'DEVELOPER' | 'ADMIN_BILLING') =>
        app.injectAs(role, {
          method: 'POST',
          url: '/api/v1/secure/probe',
          headers: { ...xsrfHeaders(), 'content-type': 'application/json' },
          payload: '{"n": "not a number"}',
        });
      expectEnvelope(await post('DEVELOPER'), 403);
      expect(expectEnvelope(await post('ADMIN_BILLING'), 400).message).toMatch(/^Invalid field 'n'/);
    } finally {
      await app.close();
    }
  });
});
