import { randomBytes } from 'node:crypto';
import {
  DEFAULT_TOKEN_LIFETIME_SECONDS,
  PARTNER_TOKEN_MAX_LIFETIME_SECONDS,
} from '@portico/domain/constants/product';
import { eq } from 'drizzle-orm';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Database } from '../db/index.ts';
import { loadOrCreateSecret } from '../security/secrets.ts';
import { appSecrets } from '../security/security.schema.ts';

const SIGNING_KEYS = 'oidc.signing_keys';
const COOKIE_KEYS = 'oidc.cookie_keys';

/**
 * When keys rotate (decision 0015). A new key is published PREPUBLISH before it signs anything, so
 * every instance (each reloads the keys every RELOAD) knows it first; a key that was replaced is kept
 * for RETENTION, longer than anything it signed can live: the longest token the signing keys sign
 * (access and ID tokens: 1 h; partner access tokens: up to 24 h) plus an hour for instances still
 * signing with it until their next reload and for clocks; cookie keys outlive sessions (1 day).
 */
export const KEY_ROTATION = {
  periodMs: 30 * 86_400_000,
  prepublishMs: 10 * 60_000,
  reloadMs: 60_000,
  signingRetentionMs:
    Math.max(DEFAULT_TOKEN_LIFETIME_SECONDS, PARTNER_TOKEN_MAX_LIFETIME_SECONDS) * 1000 + 3_600_000,
  cookieRetentionMs: 2 * 86_400_000,
  /** The rotation job's schedule (UTC): it adds a key only when the newest is older than periodMs. */
  cron: '17 3 * * *',
} as const;

/**
 * Stored in app_secrets. `activeFrom` (ISO, parallel to `keys`) was added with rotation; a value
 * stored before it has none, and its keys count as active since the epoch.
 */
interface StoredKeys<K> {
  keys: K[];
  activeFrom?: string[];
}

/** A key and the moment it may start signing. */
export interface RotatingKey<K> {
  key: K;
  activeFrom: number;
}

/** Private RS256 signing keys (JWK), in the order of use: the signing key first. */
export interface SigningKeys {
  keys: JWK[];
}

export interface IdentitySecrets {
  signingKeys: SigningKeys;
  /** Keygrip keys for the provider's signed cookies, the signing one first. */
  cookieKeys: string[];
}

const EPOCH = 0;

function entriesOf<K>(stored: StoredKeys<K>): RotatingKey<K>[] {
  return stored.keys.map((key, i) => ({
    key,
    activeFrom: stored.activeFrom?.[i] ? Date.parse(stored.activeFrom[i]) : EPOCH,
  }));
}

function storedOf<K>(entries: RotatingKey<K>[]): StoredKeys<K> {
  return {
    keys: entries.map((e) => e.key),
    activeFrom: entries.map((e) => new Date(e.activeFrom).toISOString()),
  };
}

const newestFirst = <K>(a: RotatingKey<K>, b: RotatingKey<K>) => b.activeFrom - a.activeFrom;

/**
 * The keys in the order the provider uses them: the newest active key first (it signs), then keys
 * published ahead of their time, then the older keys (still verifying what they signed).
 */
export function orderForUse<K>(entries: readonly RotatingKey<K>[], now: number): K[] {
  const active = entries.filter((e) => e.activeFrom <= now).sort(newestFirst);
  const pending = entries.filter((e) => e.activeFrom > now).sort(newestFirst);
  const [signing, ...older] = active;
  return [...(signing ? [signing] : []), ...pending, ...older].map((e) => e.key);
}

/**
 * One rotation step: a new key when the newest is older than the period (published now, signing
 * from now + prepublish), and the keys replaced longer ago than the retention dropped.
 */
export function rotate<K>(
  entries: readonly RotatingKey<K>[],
  now: number,
  newKey: () => K,
  retentionMs: number,
): { entries: RotatingKey<K>[]; added: boolean; dropped: number } {
  const sorted = [...entries].sort(newestFirst);
  const newest = sorted[0];
  const added = !newest || newest.activeFrom + KEY_ROTATION.periodMs <= now;
  const next = added ? [{ key: newKey(), activeFrom: now + KEY_ROTATION.prepublishMs }, ...sorted] : sorted;
  // A key is replaced when the next newer key became active; it stays for the retention after that.
  const kept = next.filter((_entry, i) => {
    const newer = next[i - 1];
    return !newer || newer.activeFrom > now || newer.activeFrom + retentionMs > now;
  });
  return { entries: kept, added, dropped: next.length - kept.length };
}

async function generateSigningKey(): Promise<JWK> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true, modulusLength: 2048 });
  const jwk = await exportJWK(privateKey);
  return { ...jwk, kid: await calculateJwkThumbprint(jwk), alg: 'RS256', use: 'sig' };
}
const generateCookieKey = () => randomBytes(32).toString('base64url');

/** Both key sets as stored, generating them on the very first start (instances starting together agree). */
async function loadStored(
  database: Database,
): Promise<{ signing: RotatingKey<JWK>[]; cookies: RotatingKey<string>[] }> {
  const signing = await loadOrCreateSecret<StoredKeys<JWK>>(database, SIGNING_KEYS, async () => ({
    keys: [await generateSigningKey()],
    activeFrom: [new Date(EPOCH).toISOString()],
  }));
  const cookies = await loadOrCreateSecret<StoredKeys<string>>(database, COOKIE_KEYS, () => ({
    keys: [generateCookieKey()],
    activeFrom: [new Date(EPOCH).toISOString()],
  }));
  return { signing: entriesOf(signing), cookies: entriesOf(cookies) };
}

/** The provider's keys in the order of use at `now`. */
export async function loadIdentitySecrets(database: Database, now = Date.now()): Promise<IdentitySecrets> {
  const { signing, cookies } = await loadStored(database);
  return {
    signingKeys: { keys: orderForUse(signing, now) },
    cookieKeys: orderForUse(cookies, now),
  };
}

/**
 * The rotation job's work: in one transaction holding both rows, add a key to each set that is due
 * and drop the keys past their retention. Every instance picks the result up on its next reload.
 */
export async function rotateIdentityKeys(
  database: Database,
  now = Date.now(),
): Promise<{ signing: { added: boolean; dropped: number }; cookies: { added: boolean; dropped: number } }> {
  await loadStored(database);
  const signingKey = await generateSigningKey();
  return database.transaction(async () => {
    const rows = await database.db
      .select({ name: appSecrets.name, value: appSecrets.value })
      .from(appSecrets)
      .where(eq(appSecrets.name, SIGNING_KEYS))
      .for('update');
    const cookieRows = await database.db
      .select({ name: appSecrets.name, value: appSecrets.value })
      .from(appSecrets)
      .where(eq(appSecrets.name, COOKIE_KEYS))
      .for('update');
    const signing = rotate(
      entriesOf(rows[0]?.value as StoredKeys<JWK>),
      now,
      () => signingKey,
      KEY_ROTATION.signingRetentionMs,
    );
    const cookies = rotate(
      entriesOf(cookieRows[0]?.value as StoredKeys<string>),
      now,
      generateCookieKey,
      KEY_ROTATION.cookieRetentionMs,
    );
    await database.db
      .update(appSecrets)
      .set({ value: storedOf(signing.entries) })
      .where(eq(appSecrets.name, SIGNING_KEYS));
    await database.db
      .update(appSecrets)
      .set({ value: storedOf(cookies.entries) })
      .where(eq(appSecrets.name, COOKIE_KEYS));
    return {
      signing: { added: signing.added, dropped: signing.dropped },
      cookies: { added: cookies.added, dropped: cookies.dropped },
    };
  });
}

/** The public halves of the signing keys, as served at the provider's jwks_uri. */
export function publicJwks(signingKeys: SigningKeys): { keys: JWK[] } {
  return {
    keys: signingKeys.keys.map(({ kty, n, e, crv, x, y, kid, alg, use }) =>
      Object.fromEntries(Object.entries({ kty, n, e, crv, x, y, kid, alg, use }).filter(([, v]) => v)),
    ),
  };
}

/** A fingerprint of the keys in use: it changes when a key is added, dropped or starts signing. */
export function keysVersion(secrets: IdentitySecrets): string {
  return JSON.stringify([
    secrets.signingKeys.keys.map((k) => k.kid),
    secrets.cookieKeys.map((k) => k.slice(0, 8)),
  ]);
}
