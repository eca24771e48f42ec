import { createPublicKey, generateKeyPair, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import type { GoogleServiceAccount } from '@portico/sandbox';
import type { JWT } from 'google-auth-library';
import { z } from 'zod';
import type { Database } from '../platform/db/index.ts';
import { loadOrCreateSecret } from '../platform/security/secrets.ts';
import { NetworkError } from './errors.ts';

/**
 * Google's APIs take OAuth 2.0 access tokens minted from a service account: a JWT assertion signed
 * with the account's private key is exchanged at the token endpoint for an hour-long access token
 * (https://developers.google.com/identity/protocols/oauth2/service-account). google-auth-library
 * signs, exchanges, caches and refreshes them; a static bearer token stays as an explicit override.
 */

/** The RBM API's scope (rcsbusinessmessaging.googleapis.com). */
export const RBM_SCOPE = 'https://www.googleapis.com/auth/rcsbusinessmessaging';
/** The Business Communications API's scope (agents and brands: the RBM Management API). */
export const BUSINESS_COMMUNICATIONS_SCOPE = 'https://www.googleapis.com/auth/businesscommunications';
/** Google's token endpoint: the library posts here, and it is the `aud` of every assertion. */
export const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';

/** The fields of a service-account key file (the JSON downloaded from Google) that are used. */
const ZServiceAccountKey = z.object({
  type: z.literal('service_account', { error: 'type must be "service_account"' }),
  client_email: z.string().min(1),
  private_key: z.string().includes('PRIVATE KEY', { error: 'private_key must be a PEM private key' }),
  private_key_id: z.string().optional(),
  project_id: z.string().optional(),
  token_uri: z.url().optional(),
});
export type ServiceAccountKey = z.output<typeof ZServiceAccountKey>;

/**
 * RBM_SERVICE_ACCOUNT_JSON: the key file's JSON itself, or a path to the file. Throws an Error whose
 * message says what is wrong (never the key).
 */
export function readServiceAccountKey(value: string): ServiceAccountKey {
  const inline = value.trim().startsWith('{');
  let text = value;
  if (!inline) {
    try {
      text = readFileSync(value.trim(), 'utf8');
    } catch {
      throw new Error(`no key file can be read at ${value.trim()}`);
    }
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error(inline ? 'the JSON cannot be parsed' : 'the key file is not JSON');
  }
  const key = ZServiceAccountKey.safeParse(json);
  if (!key.success) {
    const issue = key.error.issues[0];
    throw new Error(`not a service-account key: ${issue?.path.join('.') || 'key'}: ${issue?.message}`);
  }
  return key.data;
}

/** How calls to Google are authorised. */
export type GoogleCredentials =
  | { kind: 'static'; token: string }
  /**
   * key: the key, or how to get it on first use (the sandbox's generated one); tokenUrl: where the
   * assertion is posted (the key's token_uri, or the sandbox's token endpoint).
   */
  | {
      kind: 'service_account';
      key: ServiceAccountKey | (() => Promise<ServiceAccountKey>);
      tokenUrl: string;
    };

export interface GoogleAuthorization {
  /** The Authorization header for the next call: a cached access token, minted again when expiring. */
  header(): Promise<string>;
  /** Forgets the cached token (the API refused it): the next call mints a new one. */
  reset(): void;
}

/** A token endpoint's refusal or failure as the connector's typed error; the call was never sent. */
function tokenError(error: unknown): NetworkError {
  const response = (error as { response?: { status?: number; data?: unknown } }).response;
  const body = response?.data as { error?: unknown; error_description?: unknown } | undefined;
  const status = response?.status;
  const detail = {
    ...(status !== undefined ? { httpStatus: status } : {}),
    ...(typeof body?.error === 'string' ? { code: body.error } : {}),
  };
  const said = typeof body?.error_description === 'string' ? `: ${body.error_description}` : '';
  if (status !== undefined && status >= 400 && status < 500 && status !== 408 && status !== 429)
    return new NetworkError(
      'rbm',
      'unauthorized',
      `the token endpoint refused the service account${said}`,
      detail,
    );
  return Object.assign(
    new NetworkError('rbm', 'network_down', `no access token from the token endpoint${said || '.'}`, detail),
    // The API call itself was not sent: retrying cannot send anything twice.
    { refused: true },
  );
}

/**
 * Authorises calls with `scope`. A service account's tokens are minted by google-auth-library's JWT
 * client, cached until five minutes before expiry, and shared by concurrent calls. The library
 * always posts to Google's endpoint; when the key names another token_uri (the sandbox, a private
 * endpoint) its transporter's request interceptor sends the exchange there, while the assertion's
 * audience stays Google's token URL, as Google requires.
 */
export function googleAuthorization(
  credentials: GoogleCredentials,
  scope: string,
  options: { timeoutMs: number },
): GoogleAuthorization {
  if (credentials.kind === 'static') {
    const header = `Bearer ${credentials.token}`;
    return { header: async () => header, reset: () => undefined };
  }
  const { tokenUrl } = credentials;
  // Loaded on first use: the library (and a generated key) are not needed until the first call.
  const client = async (): Promise<JWT> => {
    const key = typeof credentials.key === 'function' ? await credentials.key() : credentials.key;
    const { JWT } = await import('google-auth-library');
    const jwt = new JWT({
      email: key.client_email,
      key: key.private_key,
      ...(key.private_key_id ? { keyId: key.private_key_id } : {}),
      scopes: [scope],
    });
    jwt.transporter.interceptors.request.add({
      resolved: async (request) => {
        if (request.url.href !== GOOGLE_TOKEN_URL) return request;
        if (tokenUrl !== GOOGLE_TOKEN_URL) request.url = new URL(tokenUrl);
        request.timeout = options.timeoutMs;
        // One retry policy for the whole call: the connector's (a failed exchange is network_down).
        request.retryConfig = { ...request.retryConfig, retry: 0, noResponseRetries: 0 };
        return request;
      },
    });
    return jwt;
  };
  let jwt: Promise<JWT> | undefined;
  let pending: Promise<string> | undefined;
  return {
    header() {
      // A client that could not be made (the key could not be read) is tried again next time.
      jwt ??= client().catch((error: unknown) => {
        jwt = undefined;
        throw error;
      });
      pending ??= jwt
        .then((current) => current.getAccessToken())
        .then(
          ({ token }) => {
            if (!token)
              throw new NetworkError('rbm', 'network_down', 'the token endpoint answered no access token.');
            return `Bearer ${token}`;
          },
          (error: unknown) => {
            throw error instanceof NetworkError ? error : tokenError(error);
          },
        )
        .finally(() => {
          pending = undefined;
        });
      return pending;
    },
    reset() {
      jwt = undefined;
    },
  };
}

const SANDBOX_KEY_SECRET = 'networks.rbm.sandbox_service_account';
const generateRsaKeyPair = promisify(generateKeyPair);

/**
 * The sandbox's own service account, when RBM goes to the mounted sandbox and neither a key nor a
 * static token is configured: a key pair generated once (on the first RBM call) and kept in
 * app_secrets, so the default setup authenticates through the same token exchange as production.
 */
export async function sandboxServiceAccountKey(database: Database): Promise<ServiceAccountKey> {
  return loadOrCreateSecret<ServiceAccountKey>(database, SANDBOX_KEY_SECRET, async () => {
    const { privateKey } = await generateRsaKeyPair('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    return {
      type: 'service_account',
      client_email: 'portico-sandbox@portico-sandbox.iam.gserviceaccount.com',
      private_key: privateKey,
      private_key_id: randomUUID().replaceAll('-', ''),
      project_id: 'portico-sandbox',
    };
  });
}

/** The account the mounted sandbox is told about: the key's email and its public half. */
export function publicServiceAccount(key: ServiceAccountKey): GoogleServiceAccount {
  return {
    clientEmail: key.client_email,
    publicKey: createPublicKey(key.private_key).export({ type: 'spki', format: 'pem' }).toString(),
  };
}
