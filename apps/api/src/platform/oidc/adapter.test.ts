import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInWithPassword } from '../../../test/tokens.ts';
import { type Database, openDatabase } from '../db/index.ts';
import { OidcPayloadAdapter } from './adapter.ts';
import { oidcPayloads } from './oidc.schema.ts';
import { createIdentityTestApp, createPostgresTestDatabase, createTestUser } from './testing.ts';

const backends = [
  {
    name: 'PGlite',
    open: async () => ({ database: await openDatabase({ dataDir: 'memory://' }), drop: async () => {} }),
  },
  {
    name: 'PostgreSQL',
    skip: !process.env.TEST_DATABASE_URL,
    open: async () => {
      const created = await createPostgresTestDatabase();
      if (!created) throw new Error('TEST_DATABASE_URL is not set');
      return { database: await openDatabase({ url: created.url, poolSize: 4 }), drop: created.drop };
    },
  },
];

describe.each(backends)('oidc adapter on $name', ({ open, skip }) => {
  let database: Database;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    if (skip) return;
    ({ database, drop } = await open());
  });
  afterAll(async () => {
    if (skip) return;
    await database.close();
    await drop();
  });

  it.skipIf(skip)(
    'when a payload is upserted then find returns it, and a second upsert replaces it',
    async () => {
      const sessions = new OidcPayloadAdapter(database.db, 'Session');
      await sessions.upsert('s1', { uid: 'u1', accountId: 'a1' }, 60);
      expect(await sessions.find('s1')).toEqual({ uid: 'u1', accountId: 'a1' });
      expect(await sessions.findByUid('u1')).toEqual({ uid: 'u1', accountId: 'a1' });

      await sessions.upsert('s1', { uid: 'u1', accountId: 'a2' }, 60);
      expect(await sessions.find('s1')).toEqual({ uid: 'u1', accountId: 'a2' });
      expect(await sessions.find('missing')).toBeUndefined();
    },
  );

  it.skipIf(skip)('when models share an id then each model sees only its own row', async () => {
    await new OidcPayloadAdapter(database.db, 'AccessToken').upsert('same', { kind: 'AccessToken' }, 60);
    await new OidcPayloadAdapter(database.db, 'AuthorizationCode').upsert(
      'same',
      { kind: 'AuthorizationCode' },
      60,
    );
    expect(await new OidcPayloadAdapter(database.db, 'AccessToken').find('same')).toEqual({
      kind: 'AccessToken',
    });
  });

  it.skipIf(skip)('when a payload has expired then it is not found', async () => {
    const codes = new OidcPayloadAdapter(database.db, 'AuthorizationCode');
    await codes.upsert('old', { grantId: 'g-old' }, 60);
    await database.db
      .update(oidcPayloads)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oidcPayloads.id, 'old'));
    expect(await codes.find('old')).toBeUndefined();
  });

  it.skipIf(skip)('when a payload has no expiry then it stays', async () => {
    const grants = new OidcPayloadAdapter(database.db, 'Grant');
    await grants.upsert('forever', { accountId: 'a' }, 0);
    expect(await grants.find('forever')).toEqual({ accountId: 'a' });
  });

  it.skipIf(skip)('when a code is consumed then find reports when', async () => {
    const codes = new OidcPayloadAdapter(database.db, 'AuthorizationCode');
    await codes.upsert('c1', { grantId: 'g1' }, 60);
    const before = Math.floor(Date.now() / 1000);
    await codes.consume('c1');
    const found = await codes.find('c1');
    expect(found?.grantId).toBe('g1');
    expect(found?.consumed).toBeGreaterThanOrEqual(before);
  });

  it.skipIf(skip)('when found by user code then the device code comes back', async () => {
    const deviceCodes = new OidcPayloadAdapter(database.db, 'DeviceCode');
    await deviceCodes.upsert('d1', { userCode: 'ABCD-EFGH' }, 60);
    expect(await deviceCodes.findByUserCode('ABCD-EFGH')).toEqual({ userCode: 'ABCD-EFGH' });
  });

  it.skipIf(skip)('when destroyed or revoked by grant then the rows are gone', async () => {
    const tokens = new OidcPayloadAdapter(database.db, 'AccessToken');
    await tokens.upsert('t1', { grantId: 'g9' }, 60);
    await tokens.upsert('t2', { grantId: 'g9' }, 60);
    await tokens.upsert('t3', { grantId: 'other' }, 60);
    await tokens.destroy('t3');
    expect(await tokens.find('t3')).toBeUndefined();
    await tokens.revokeByGrantId('g9');
    expect(await tokens.find('t1')).toBeUndefined();
    expect(await tokens.find('t2')).toBeUndefined();
  });

  it.skipIf(skip)('when the portal signs in on this database then it gets a JWT access token', async () => {
    const test = await createIdentityTestApp({ database });
    try {
      const user = await createTestUser(database, { email: 'adapter-flow@portico.test' });
      const { accessToken, expiresIn } = await signInWithPassword(test.app, user.email, user.password ?? '');
      expect(expiresIn).toBe(3600);
      await expect(test.identity.verifier.verify(accessToken)).resolves.toMatchObject({
        userId: user.userId,
      });
    } finally {
      await test.close();
    }
  });
});
