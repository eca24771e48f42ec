import { generateKeyPair, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import type { TServiceAccountKeyFile } from '@portico/domain';
import { decodeProtectedHeader, errors, importSPKI, jwtVerify } from 'jose';
import { PartnerTokenError } from './partner-tokens.ts';

/**
 * Google service-account keys for partners (decision 0034): an RSA key pair whose private half
 * goes to the partner once, in a key file shaped as Google's, and whose public half checks the
 * JWTs signed with it: the JWT-bearer assertions posted to the token endpoint (RFC 7523, what
 * Google's token endpoint takes) and the self-signed JWTs Google's libraries send as bearer tokens.
 */

const generateRsa = promisify(generateKeyPair);
const ALGORITHM = 'RS256';
const CLOCK_TOLERANCE_SECONDS = 5;
/** Google refuses assertions and self-signed JWTs that live longer than an hour. */
const MAX_JWT_LIFETIME_SECONDS = 3600;
/** Where Google's Node library addresses its assertion whatever the key file's token_uri says. */
export const GOOGLE_TOKEN_AUDIENCE = 'https://oauth2.googleapis.com/token';
export const JWT_BEARER_GRANT = 'urn:ietf:params:oauth:grant-type:jwt-bearer';

/** A new key: its id (Google's private_key_id is 40 hex characters) and both halves as PEM. */
export async function newServiceAccountKey() {
  const { publicKey, privateKey } = await generateRsa('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return { keyId: randomBytes(20).toString('hex'), publicKey, privateKey };
}

/** The service account's address: the client id at the portal's host, as Google's name the project. */
export const serviceAccountEmail = (clientId: string, publicUrl: string) =>
  `${clientId}@${new URL(publicUrl).hostname}`;

/** The key file, in the field order of Google's. */
export function keyFileOf(input: {
  botId: string;
  clientId: string;
  keyId: string;
  privateKey: string;
  publicUrl: string;
  tokenUrl: string;
}): TServiceAccountKeyFile {
  return {
    type: 'service_account',
    project_id: `portico-bot-${input.botId.slice(0, 8)}`,
    private_key_id: input.keyId,
    private_key: input.privateKey,
    client_email: serviceAccountEmail(input.clientId, input.publicUrl),
    client_id: input.clientId,
    token_uri: input.tokenUrl,
    universe_domain: 'googleapis.com',
  };
}

/**
 * The key id a JWT signed with a service-account key names in its header; null for anything else
 * (our own access tokens are `typ: at+jwt`, signed with the identity provider's keys).
 */
export function keyIdOf(token: string): string | null {
  try {
    const header = decodeProtectedHeader(token);
    if (header.typ?.toLowerCase() === 'at+jwt') return null;
    return header.alg === ALGORITHM && typeof header.kid === 'string' ? header.kid : null;
  } catch {
    return null;
  }
}

/**
 * Checks a JWT signed with a service-account key: its signature by the key's public half, issued
 * by the key's service account (iss and sub), at most an hour from iat to exp and not expired, and
 * for an assertion the audience of a token endpoint. Throws PartnerTokenError.
 */
export async function verifyKeyJwt(
  token: string,
  key: { publicKey: string; email: string },
  audiences?: readonly string[],
): Promise<void> {
  try {
    const { payload } = await jwtVerify(token, await importSPKI(key.publicKey, ALGORITHM), {
      algorithms: [ALGORITHM],
      issuer: key.email,
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      requiredClaims: ['exp', 'iat'],
      ...(audiences ? { audience: [...audiences] } : {}),
    });
    if (payload.sub !== undefined && payload.sub !== key.email) throw new PartnerTokenError('invalid');
    if ((payload.exp ?? 0) - (payload.iat ?? 0) > MAX_JWT_LIFETIME_SECONDS)
      throw new PartnerTokenError('invalid');
  } catch (error) {
    if (error instanceof PartnerTokenError) throw error;
    if (error instanceof errors.JWTExpired) throw new PartnerTokenError('expired');
    if (error instanceof errors.JOSEError) throw new PartnerTokenError('invalid');
    throw error;
  }
}
