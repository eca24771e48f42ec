import { eq } from 'drizzle-orm';
import { decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPartnerTokens } from '../../src/modules/partner-credentials/partner-tokens.ts';
import { KEY_ROTATION, rotateIdentityKeys } from '../../src/platform/oidc/keys.ts';
import { appSecrets } from '../../src/platform/security/security.schema.ts';
import { createTestApp, expectEnvelope, type TestApp } from '../helpers.ts';
import { CookieJar, signInWithPassword } from '../tokens.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PASSWORD = 'Rotation-Test-1!';
const kidOf = (token: string) => decodeProtectedHeader(token).kid;
const jwksKids = async () =>
  (await t.app.inject({ method: 'GET', url: '/oidc/jwks' }))
    .json<{ keys: { kid: string }[] }>()
    .keys.map((k) => k.kid);
const partnerDetails = (token: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/v1/secure/partner-details',
    headers: { authorization: `Bearer ${token}` },
  });

/** Moves the stored activation times of a key set, as if time had passed. */
async function setActivation(name: string, activeFrom: (index: number, current: number) => number) {
  const [row] = await t.database.db.select().from(appSecrets).where(eq(appSecrets.name, name));
  const value = row?.value as { keys: unknown[]; activeFrom?: string[] };
  const times = value.keys.map((_key, i) =>
    new Date(activeFrom(i, Date.parse(value.activeFrom?.[i] ?? '1970-01-01T00:00:00Z'))).toISOString(),
  );
  await t.database.db
    .update(appSecrets)
    .set({ value: { ...value, activeFrom: times } })
    .where(eq(appSecrets.name, name));
}

describe('signing and cookie keys rotate', () => {
  it('when the keys rotate then tokens and sessions from before keep working until their keys retire', async () => {
    const { user } = await t.factories.account(null);
    await t.factories.setPassword(user.userId, PASSWORD);

    // Before the rotation: a token and a provider session, both from the first keys.
    const before = await signInWithPassword(t.app, user.email, PASSWORD);
    // A second one, first shown to the API only after its key retired (the first is by then
    // remembered as verified for a few seconds, decision 0006).
    const unused = await signInWithPassword(t.app, user.email, PASSWORD);
    const oldKid = kidOf(before.accessToken);
    expect(kidOf(unused.accessToken)).toBe(oldKid);
    expect(await jwksKids()).toEqual([oldKid]);

    // A month later the job adds a key: published at once, signing only after the pre-publication.
    const now = Date.now();
    await setActivation('oidc.signing_keys', () => now - 31 * 86_400_000);
    await setActivation('oidc.cookie_keys', () => now - 31 * 86_400_000);
    const rotated = await rotateIdentityKeys(t.database, now);
    expect(rotated.signing.added).toBe(true);
    expect(rotated.cookies.added).toBe(true);
    expect(await t.server.reloadIdentityKeys()).toBe(true);
    const kids = await jwksKids();
    expect(kids).toHaveLength(2);
    const newKid = kids.find((kid) => kid !== oldKid);
    expect(kidOf((await signInWithPassword(t.app, user.email, PASSWORD)).accessToken)).toBe(oldKid);

    // The new keys start signing; what the old ones signed is still accepted.
    await setActivation('oidc.signing_keys', (i, current) => (i === 0 ? now - 1000 : current));
    await setActivation('oidc.cookie_keys', (i, current) => (i === 0 ? now - 1000 : current));
    expect(await t.server.reloadIdentityKeys()).toBe(true);
    const after = await signInWithPassword(t.app, user.email, PASSWORD, { cookies: before.cookies });
    expect(kidOf(after.accessToken)).toBe(newKid);
    expectEnvelope(await partnerDetails(before.accessToken), 200);
    expectEnvelope(await partnerDetails(after.accessToken), 200);

    // Past the retention the old keys are dropped, and what they signed is refused.
    await setActivation('oidc.signing_keys', (i, current) =>
      i === 0 ? now - KEY_ROTATION.signingRetentionMs - 1000 : current,
    );
    const pruned = await rotateIdentityKeys(t.database, now);
    expect(pruned.signing).toEqual({ added: false, dropped: 1 });
    await t.server.reloadIdentityKeys();
    expect(await jwksKids()).toEqual([newKid]);
    expectEnvelope(await partnerDetails(unused.accessToken), 401);
    expectEnvelope(await partnerDetails(after.accessToken), 200);
  });

  it('when a session cookie was signed before the cookie keys rotated then it still signs the user in silently', async () => {
    const { user } = await t.factories.account(null);
    await t.factories.setPassword(user.userId, PASSWORD);
    const jar = new CookieJar();
    await signInWithPassword(t.app, user.email, PASSWORD, { cookies: jar });
    const now = Date.now();
    await setActivation('oidc.cookie_keys', (i, current) => (i === 0 ? now - 31 * 86_400_000 : current));
    await rotateIdentityKeys(t.database, now);
    await setActivation('oidc.cookie_keys', (i, current) => (i === 0 ? now - 1000 : current));
    await t.server.reloadIdentityKeys();
    // The stored session is found from its old cookie: no password is asked for (a wrong one would fail).
    const silent = await signInWithPassword(t.app, user.email, 'not-the-password', { cookies: jar });
    expect(silent.accessToken).toBeTruthy();
  });

  it('when a partner token lives 24 hours then its key outlives it across a rotation, and is dropped only after', async () => {
    const claims = {
      credentialId: 'cred-long',
      clientId: 'client-long',
      botId: crypto.randomUUID(),
      secretVersion: 1,
    };
    const issuing = createPartnerTokens({
      database: t.database,
      publicUrl: t.config.PUBLIC_URL,
      lifetimeSeconds: 86_400,
    });
    const token = await issuing.sign(claims);
    const oldKid = kidOf(token);
    // Another instance, started later: it has not seen the token and verifies it from the stored keys.
    const laterInstance = () =>
      createPartnerTokens({ database: t.database, publicUrl: t.config.PUBLIC_URL, lifetimeSeconds: 86_400 });

    // The keys rotate and the new key starts signing.
    const now = Date.now();
    await setActivation('oidc.signing_keys', () => now - 31 * 86_400_000);
    expect((await rotateIdentityKeys(t.database, now)).signing.added).toBe(true);
    // Twenty hours later (the token still has four to live), the rotation job runs again.
    const twentyHours = 20 * 3_600_000;
    await setActivation('oidc.signing_keys', (i, current) => (i === 0 ? now - twentyHours : current));
    expect((await rotateIdentityKeys(t.database, now)).signing.dropped).toBe(0);
    const newKid = kidOf(await laterInstance().sign(claims));
    expect(newKid).not.toBe(oldKid);
    expect(await laterInstance().verify(token)).toEqual(claims);

    // Only once no token it signed can still live is the old key dropped.
    expect(KEY_ROTATION.signingRetentionMs).toBeGreaterThan(86_400_000);
    await setActivation('oidc.signing_keys', (i, current) =>
      i === 0 ? now - KEY_ROTATION.signingRetentionMs - 1000 : current,
    );
    expect((await rotateIdentityKeys(t.database, now)).signing.dropped).toBe(1);
    await expect(laterInstance().verify(token)).rejects.toThrow('access token invalid');
  });
});
