import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { Database } from '../db/index.ts';
import { loadOrCreateSecret } from '../security/secrets.ts';

const SECRET_NAME = 'two_factor.encryption_key';
const VERSION = 'v1';

/** Encrypts small secrets (authenticator keys) for storage: AES-256-GCM, a fresh IV each time. */
export interface SecretBox {
  seal(plain: string): Promise<string>;
  /** The plain text of a sealed value; throws when it was sealed with another key or tampered with. */
  open(sealed: string): Promise<string>;
}

/**
 * The key is TWO_FACTOR_KEY (32 bytes, base64) when set, so a copy of the database alone reveals no
 * authenticator key; otherwise one generated once per deployment and kept in app_secrets, which
 * still keeps the keys out of every row, export and log of user_two_factor.
 */
export function createSecretBox(database: Database, configuredKey?: string): SecretBox {
  let key: Promise<Buffer> | undefined;
  const keyOf = () => {
    key ??= (async () => {
      const encoded =
        configuredKey ??
        (await loadOrCreateSecret<string>(database, SECRET_NAME, () => randomBytes(32).toString('base64')));
      return Buffer.from(encoded, 'base64');
    })();
    key.catch(() => {
      key = undefined;
    });
    return key;
  };
  /** Names the key in each sealed value, so a changed key is told apart from a damaged value. */
  const keyIdOf = (k: Buffer) => createHash('sha256').update(k).digest('base64url').slice(0, 8);

  return {
    async seal(plain) {
      const k = await keyOf();
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', k, iv);
      const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const parts = [iv, cipher.getAuthTag(), sealed].map((b) => b.toString('base64url'));
      return [VERSION, keyIdOf(k), ...parts].join('.');
    },
    async open(sealed) {
      const k = await keyOf();
      const [version, keyId, iv, tag, body] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('not a sealed secret');
      if (keyId !== keyIdOf(k)) throw new Error('sealed with another key (was TWO_FACTOR_KEY changed?)');
      const decipher = createDecipheriv('aes-256-gcm', k, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}
