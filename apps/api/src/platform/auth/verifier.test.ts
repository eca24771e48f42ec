import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../../test/database.ts';
import { mintAccessToken } from '../../../test/tokens.ts';
import { AppError, UnauthorizedError } from '../http/errors.ts';
import { loadIdentitySecrets, publicJwks } from '../oidc/keys.ts';
import { createIdentityTestApp, createTestUser, type IdentityTestApp } from '../oidc/testing.ts';
import { createTokenVerifier, discoveredKeySet, localKeySet, VERIFIED_TOKEN_TTL_MS } from './verifier.ts';

describe('access token verifier', () => {
  let testDatabase: TestDatabase;
  let test: IdentityTestApp;
  let userId: string;
  let mint: (
    claims?: Record<string, unknown>,
    opts?: Parameters<typeof mintAccessToken>[3],
  ) => Promise<string>;

  beforeAll(async () => {
    testDatabase = await openTestDatabase();
    test = await createIdentityTestApp({ database: testDatabase.database });
    const user = await createTestUser(test.database, { role: 'DEVELOPER' });
    userId = user.userId;
    mint = (claims = {}, opts = {}) =>
      mintAccessToken(test.database, test.config, { sub: userId, ...claims }, opts);
  });
  afterAll(async () => {
    await test.close();
    await testDatabase.close();
  });

  const rejects = async (token: string, message: RegExp) => {
    const error = await test.identity.verifier.verify(token).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnauthorizedError);
    expect((error as UnauthorizedError).httpStatus).toBe(401);
    expect((error as Error).message).toMatch(message);
  };

  it('when the token is valid then it resolves the caller', async () => {
    const user = await test.identity.verifier.verify(await mint());
    expect(user).toMatchObject({ userId, role: 'DEVELOPER' });
    expect(user.partnerId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('when the provider key (bound to RS256) signs with another allowed alg then 401', async () => {
    await rejects(await mint({}, { alg: 'PS256' }), /signature is not valid/);
  });

  it('when the token has expired then 401 says so', async () => {
    await rejects(await mint({}, { expiresIn: -60 }), /has expired/);
  });

  it('when the audience is another API then 401', async () => {
    await rejects(await mint({}, { audience: 'https://elsewhere.example/api' }), /not meant for this API/);
  });

  it('when the issuer is another provider then 401', async () => {
    await rejects(await mint({ iss: 'https://evil.example/oidc' }), /not issued by/);
  });

  it('when the payload was tampered with then the signature fails', async () => {
    const [header, payload, signature] = (await mint()).split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: randomUUID() })).toString('base64url');
    await rejects(`${header}.${forged}.${signature}`, /signature is not valid/);
  });

  it('when the signature itself is altered then 401', async () => {
    const token = await mint();
    const last = token.at(-2) === 'A' ? 'B' : 'A';
    await rejects(`${token.slice(0, -2)}${last}${token.at(-1)}`, /signature is not valid/);
  });

  it('when alg is none then 401', async () => {
    await rejects(await mint({}, { alg: 'none' }), /algorithm that is not accepted/);
  });

  it('when HS256 is keyed with the public key (algorithm confusion) then 401', async () => {
    await rejects(await mint({}, { alg: 'HS256' }), /algorithm that is not accepted/);
  });

  it('when signed by a foreign key then 401', async () => {
    await rejects(await mint({}, { key: 'foreign' }), /signature is not valid/);
    await rejects(await mint({}, { key: 'foreign', alg: 'ES256' }), /not valid|not accepted/);
  });

  it('when typ is not at+jwt (an ID token, say) then 401', async () => {
    await rejects(await mint({}, { typ: 'JWT' }), /not an access token/);
  });

  it('when exp is missing then 401', async () => {
    await rejects(await mint({ exp: undefined }), /no expiry/);
  });

  it('when the user_info scope is missing then 401', async () => {
    await rejects(await mint({ scope: 'openid' }), /user_info scope/);
  });

  it('when the user is unknown, not a uuid or not active then 401', async () => {
    await rejects(await mint({ sub: randomUUID() }), /does not exist or is not active/);
    await rejects(await mint({ sub: 'not-a-uuid' }), /does not exist or is not active/);
    const invited = await createTestUser(test.database, { status: 'invited', password: null });
    await rejects(await mint({ sub: invited.userId }), /does not exist or is not active/);
  });

  it('when the token is garbage then 401 and nothing crashes', async () => {
    for (const garbage of ['', 'abc', 'a.b.c', `${'x'.repeat(9000)}.a.b`, 'eyJhbGciOiJSUzI1NiJ9.e30.']) {
      await rejects(garbage, /malformed|not accepted|signature/);
    }
  });

  it('when an external provider cannot be reached then 503, not 401', async () => {
    const verifier = createTokenVerifier({
      config: test.config,
      users: { findAuthenticatedUser: async () => null },
      keys: discoveredKeySet('https://id.example', async () => new Response('down', { status: 502 })),
    });
    const error = await verifier.verify(await mint()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).httpStatus).toBe(503);
  });

  it('when a verified token comes again then the user is remembered for a short time only', async () => {
    let clock = Date.now();
    let active = true;
    let lookups = 0;
    const verifier = createTokenVerifier({
      config: test.config,
      users: {
        findAuthenticatedUser: async (id) => {
          lookups += 1;
          return active
            ? { userId: id, partnerId: randomUUID(), email: 'dev@portico.test', role: 'DEVELOPER' }
            : null;
        },
      },
      keys: localKeySet(publicJwks((await loadIdentitySecrets(test.database)).signingKeys)),
      now: () => clock,
    });
    const token = await mint();
    await verifier.verify(token);
    await verifier.verify(token);
    expect(lookups).toBe(1);

    active = false;
    clock += VERIFIED_TOKEN_TTL_MS + 1;
    await expect(verifier.verify(token)).rejects.toBeInstanceOf(UnauthorizedError);

    active = true;
    await verifier.verify(token);
    verifier.forgetUser(userId);
    active = false;
    await expect(verifier.verify(token)).rejects.toBeInstanceOf(UnauthorizedError);
  });

  it('when the grant of the token has ended, or the token names none, then 401 (built-in provider)', async () => {
    await rejects(await mint({ gid: 'ended-or-never-was' }), /signed out of this session/);
    await rejects(await mint({ gid: undefined }), /signed out of this session/);
  });

  it('when a remembered token expires before the cache would let go then it is not served from the cache', async () => {
    let clock = Date.now();
    let lookups = 0;
    const verifier = createTokenVerifier({
      config: test.config,
      users: {
        findAuthenticatedUser: async (id) => {
          lookups += 1;
          return { userId: id, partnerId: randomUUID(), email: 'dev@portico.test', role: 'DEVELOPER' };
        },
      },
      keys: localKeySet(publicJwks((await loadIdentitySecrets(test.database)).signingKeys)),
      now: () => clock,
    });
    // Expires in 2 s, well inside the cache's 10 s.
    const token = await mint({}, { expiresIn: 2 });
    await verifier.verify(token);
    clock += 1_000;
    await verifier.verify(token);
    expect(lookups).toBe(1);
    // Past the token's expiry on the cache's clock: verified afresh, never served from memory.
    clock += 1_001;
    const outcome = await verifier.verify(token).then(
      () => 'verified',
      () => 'refused as expired',
    );
    // Either way it was checked again (a cached answer would be 'verified' with no new lookup).
    expect(outcome === 'refused as expired' || lookups === 2).toBe(true);
  });
});
