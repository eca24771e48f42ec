import { randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { Database } from '../db/index.ts';
import { loadOrCreateSecret } from '../security/secrets.ts';
import { isStorageKey } from '../storage/storage.ts';

/** Where signed downloads are served: `/api/v1/files/download/<token>`. */
export const SIGNED_DOWNLOAD_PREFIX = '/api/v1/files/download';
/** Long enough to start the download the link was made for, short enough not to be worth sharing. */
export const SIGNED_DOWNLOAD_TTL_SECONDS = 300;
const AUDIENCE = 'portico-download';

export interface SignedDownload {
  key: string;
  /** The name the browser saves it under. */
  filename: string;
}

export interface SignedDownloads {
  /** A URL path that downloads the object for the next few minutes, for whoever holds it. */
  url(download: SignedDownload, ttlSeconds?: number): Promise<{ url: string; expiresAt: string }>;
  /** The download a token names, or null when it is forged, expired or names no storage key. */
  verify(token: string): Promise<SignedDownload | null>;
}

/**
 * The spec's "encrypted file download by url": private files (business documents, LOAs) are never
 * served by their storage key; a caller who may read one gets a short-lived signed link instead
 * (HS256 JWT with an expiry, keyed by a secret generated once into app_secrets).
 */
export async function createSignedDownloads(database: Database): Promise<SignedDownloads> {
  const secret = Buffer.from(
    await loadOrCreateSecret(database, 'downloads.signing_key', () => randomBytes(32).toString('base64url')),
    'base64url',
  );
  return {
    async url(download, ttlSeconds = SIGNED_DOWNLOAD_TTL_SECONDS) {
      const expires = Math.floor(Date.now() / 1000) + ttlSeconds;
      const token = await new SignJWT({ key: download.key, name: download.filename })
        .setProtectedHeader({ alg: 'HS256' })
        .setAudience(AUDIENCE)
        .setExpirationTime(expires)
        .sign(secret);
      return { url: `${SIGNED_DOWNLOAD_PREFIX}/${token}`, expiresAt: new Date(expires * 1000).toISOString() };
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'], audience: AUDIENCE });
        const { key, name } = payload as { key?: unknown; name?: unknown };
        if (typeof key !== 'string' || !isStorageKey(key) || typeof name !== 'string') return null;
        return { key, filename: name };
      } catch {
        return null;
      }
    },
  };
}
