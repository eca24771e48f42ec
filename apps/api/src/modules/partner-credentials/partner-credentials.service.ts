import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  type AuditAction,
  botScope,
  CHANNEL_TYPE,
  MAX_ACTIVE_CREDENTIALS_PER_BOT,
  type PartnerCredentialKind,
  type PartnerCredentialState,
  type TIssuedPartnerCredential,
  type TIssuedServiceAccountKey,
  type TOAuthError,
  type TPartnerApiEndpoint,
  type TPartnerCredential,
  type TPartnerCredentialList,
  type TPartnerTokenResponse,
  type TRotatedPartnerCredential,
  type TServiceAccountKeyFile,
} from '@portico/domain';
import { LRUCache } from 'lru-cache';
import type { AuditService } from '../../platform/audit/audit.service.ts';
import type { AuthenticatedUser } from '../../platform/auth/types.ts';
import type { Database } from '../../platform/db/index.ts';
import { ConflictError, NotFoundError } from '../../platform/http/errors.ts';
import type { BotForTesting, BotsService } from '../bots/bots.service.ts';
import type { GoogleOrigin } from './partner-credentials.config.ts';
import type { CredentialRow, PartnerCredentialsRepository } from './partner-credentials.repository.ts';
import { PartnerTokenError, type PartnerTokens } from './partner-tokens.ts';
import {
  GOOGLE_TOKEN_AUDIENCE,
  JWT_BEARER_GRANT,
  keyFileOf,
  keyIdOf,
  newServiceAccountKey,
  serviceAccountEmail,
  verifyKeyJwt,
} from './service-account-keys.ts';

/**
 * How long an instance remembers a credential's state when checking access tokens: a revocation or
 * rotation made on another instance is refused everywhere within this time (on this one, at once).
 */
export const CREDENTIAL_STATE_TTL_MS = 5_000;
/** Where a process says a credential changed (rotated, revoked): every process forgets its state. */
const CREDENTIAL_CHANGED_CHANNEL = 'partner_credential_changed';

/** The caller of the partner API, from a verified access token whose credential is still good. */
export interface PartnerCaller {
  credentialId: string;
  clientId: string;
  botId: string;
  partnerId: string;
}

/** A refusal at the token endpoint, in the OAuth shape (RFC 6749 section 5.2). */
export class OAuthError extends Error {
  constructor(
    readonly httpStatus: 400 | 401,
    readonly body: TOAuthError,
  ) {
    super(body.error_description);
    this.name = 'OAuthError';
  }
}

/** The client's credentials as sent: HTTP Basic (RFC 6749 section 2.3.1) or the body's fields. */
export interface ClientAuthentication {
  basic?: string | undefined;
  clientId?: string | undefined;
  clientSecret?: string | undefined;
}

export interface PartnerCredentialsDeps {
  database: Database;
  repository: PartnerCredentialsRepository;
  bots: Pick<BotsService, 'botForTesting'>;
  audit: AuditService;
  tokens: PartnerTokens;
  /** The portal's address: a service account's email is at its host. */
  publicUrl: string;
  /** The token endpoint's public address, shown on the API page. */
  tokenUrl: string;
  /** The base URL of each API shape Portico answers (absent: not served yet). */
  baseUrls: Partial<Record<TPartnerApiEndpoint['api_type'], string>>;
  /** The origin whose root answers in Google's shape (served by partner-api); none when absent. */
  googleOrigin?: GoogleOrigin;
}

const NOT_FOUND = 'Credential not found.';
const hashOf = (secret: string) => createHash('sha256').update(secret, 'utf8').digest();
export const newClientId = () => `pci_${randomBytes(16).toString('base64url')}`;
const newSecret = () => `pcs_${randomBytes(32).toString('base64url')}`;

/** A new secret with what is stored of it: its SHA-256 (hex) and its last four characters. */
export function secretPair() {
  const secret = newSecret();
  return { secret, hash: hashOf(secret).toString('hex'), hint: secret.slice(-4) };
}
const iso = (d: Date | null) => (d ? d.toISOString() : null);
/** Compared against when the client id is unknown, so the answer takes as long either way. */
const NO_HASH = Buffer.alloc(32);

const invalidClient = () =>
  new OAuthError(401, { error: 'invalid_client', error_description: 'Client authentication failed.' });
const invalidRequest = (description: string) =>
  new OAuthError(400, { error: 'invalid_request', error_description: description });

export function presentCredential(row: CredentialRow): TPartnerCredential {
  return {
    credential_id: row.credentialId,
    kind: row.kind as PartnerCredentialKind,
    key_id: row.keyId,
    bot_id: row.botId,
    client_id: row.clientId,
    scope: botScope(row.botId),
    state: row.state as PartnerCredentialState,
    secret_hint: row.secretHint,
    created_at: row.createdAt.toISOString(),
    rotated_at: iso(row.rotatedAt),
    last_used_at: iso(row.lastUsedAt),
    revoked_at: iso(row.revokedAt),
  };
}

/** The bot's API shapes, from its channels and the networks it is registered on. */
export function endpointsOf(
  bot: BotForTesting,
  baseUrls: PartnerCredentialsDeps['baseUrls'],
): TPartnerApiEndpoint[] {
  const endpoints: TPartnerApiEndpoint[] = [];
  const at = (type: TPartnerApiEndpoint['api_type']) => baseUrls[type] ?? null;
  if (bot.channels.includes(CHANNEL_TYPE.rcs)) {
    // An RCS bot speaks the API type it was registered with: Google's (RBM agent) or GSMA's (MaaP bot).
    if (bot.maapBotId)
      endpoints.push({ api_type: 'gsma', id_name: 'botId', id: bot.maapBotId, base_url: at('gsma') });
    else
      endpoints.push({
        api_type: 'google',
        id_name: 'agentId',
        id: bot.rbmAgent ? (bot.rbmAgent.split('/').pop() ?? bot.rbmAgent) : null,
        base_url: at('google'),
      });
  }
  if (bot.channels.includes(CHANNEL_TYPE.whatsapp))
    endpoints.push({
      api_type: 'whatsapp',
      id_name: 'phone-number-id',
      id: bot.whatsappPhoneNumberId,
      base_url: at('whatsapp'),
    });
  return endpoints;
}

/** The client id and secret from HTTP Basic or the body (not both), each form-decoded for Basic. */
export function clientCredentialsOf(auth: ClientAuthentication): { clientId: string; secret: string } {
  const inBody = auth.clientId !== undefined || auth.clientSecret !== undefined;
  if (auth.basic !== undefined) {
    if (inBody) throw invalidRequest('Send the client credentials in one place: HTTP Basic or the body.');
    const decoded = Buffer.from(auth.basic, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) throw invalidClient();
    try {
      const formDecode = (s: string) => decodeURIComponent(s.replace(/\+/g, ' '));
      return { clientId: formDecode(decoded.slice(0, colon)), secret: formDecode(decoded.slice(colon + 1)) };
    } catch {
      throw invalidClient();
    }
  }
  if (!auth.clientId || !auth.clientSecret) throw invalidClient();
  return { clientId: auth.clientId, secret: auth.clientSecret };
}

/**
 * A bot's API credentials (decision 0026): OAuth clients for the client_credentials grant, one
 * scope per bot. Create and rotate answer the secret once; only its SHA-256 is stored. The token
 * endpoint issues short-lived JWTs signed with the identity provider's keys; `authenticate` checks
 * one on the partner API (signature, expiry, and that its credential is active with the same secret).
 */
export function createPartnerCredentialsService(deps: PartnerCredentialsDeps) {
  const { database, repository, bots, audit, tokens, tokenUrl, baseUrls, publicUrl } = deps;
  const googleOrigin: GoogleOrigin = deps.googleOrigin ?? { port: null, url: null };
  const states = new LRUCache<string, { state: string; secretVersion: number; partnerId: string }>({
    max: 10_000,
    ttl: CREDENTIAL_STATE_TTL_MS,
  });

  const record = (user: AuthenticatedUser, action: AuditAction, row: CredentialRow) =>
    audit.record(action, {
      actorUserId: user.userId,
      actorEmail: user.email,
      partnerId: user.partnerId,
      detail: { botId: row.botId, credentialId: row.credentialId, clientId: row.clientId },
    });

  /**
   * A rotation or revocation is heard by every process on the database (decision 0055): the one that
   * made it forgets the credential at once and notifies; the others forget on the notification, so a
   * revoked credential's tokens stop on every process within milliseconds, not CREDENTIAL_STATE_TTL_MS.
   */
  const forget = (credentialId: string) => {
    states.delete(credentialId);
    keyOwners.clear();
  };
  database
    .listen(CREDENTIAL_CHANGED_CHANNEL, {
      notification: forget,
      reconnected: () => {
        states.clear();
        keyOwners.clear();
      },
    })
    .catch(() => {
      // Without the channel the states still expire after CREDENTIAL_STATE_TTL_MS.
    });
  async function changed(credentialId: string): Promise<void> {
    forget(credentialId);
    await database.notify(CREDENTIAL_CHANGED_CHANNEL, credentialId).catch(() => {});
  }

  /** A service-account key's credential by its key id, remembered as briefly as a state. */
  const keyOwners = new LRUCache<string, { row: CredentialRow } | { row: null }>({
    max: 10_000,
    ttl: CREDENTIAL_STATE_TTL_MS,
  });
  async function keyOwner(keyId: string): Promise<CredentialRow | null> {
    const remembered = keyOwners.get(keyId);
    if (remembered) return remembered.row;
    const row = await database.transaction(() => repository.byKeyId(keyId));
    const owner = { row: row?.kind === 'service_account' && row.publicKey ? row : null };
    keyOwners.set(keyId, owner);
    return owner.row;
  }
  const keyOf = (row: CredentialRow) => ({
    publicKey: row.publicKey ?? '',
    email: serviceAccountEmail(row.clientId, publicUrl),
  });

  /** A new key for the credential: what is stored of it, and the partner's key file. */
  async function issueKey(botId: string, clientId: string) {
    const key = await newServiceAccountKey();
    const keyFile = keyFileOf({
      botId,
      clientId,
      keyId: key.keyId,
      privateKey: key.privateKey,
      publicUrl,
      tokenUrl,
    });
    // The hash is never compared: client_credentials refuses service-account credentials.
    return { key, keyFile, hash: hashOf(key.keyId).toString('hex'), hint: key.keyId.slice(-4) };
  }

  /**
   * The JWT-bearer grant (RFC 7523) as Google's token endpoint answers it: an assertion signed
   * with a service-account key, addressed to this endpoint or to Google's (where Google's Node
   * library addresses it whatever token_uri says), for an access token of the key's bot.
   */
  async function issueForAssertion(assertion: string | undefined): Promise<TPartnerTokenResponse> {
    if (!assertion) throw invalidRequest('assertion is required for the JWT bearer grant.');
    const keyId = keyIdOf(assertion);
    const row = keyId ? await keyOwner(keyId) : null;
    const invalidGrant = () =>
      new OAuthError(400, { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' });
    if (row?.state !== 'active') throw invalidGrant();
    try {
      await verifyKeyJwt(assertion, keyOf(row), [tokenUrl, GOOGLE_TOKEN_AUDIENCE]);
    } catch (error) {
      if (error instanceof PartnerTokenError) throw invalidGrant();
      throw error;
    }
    return tokenFor(row);
  }

  /** An access token of the credential (its bot's scope); the credential's last use is now. */
  async function tokenFor(row: CredentialRow): Promise<TPartnerTokenResponse> {
    await database.transaction(() => repository.markUsed(row.credentialId));
    const accessToken = await tokens.sign({
      credentialId: row.credentialId,
      clientId: row.clientId,
      botId: row.botId,
      secretVersion: row.secretVersion,
    });
    return {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: tokens.lifetimeSeconds,
      scope: botScope(row.botId),
    };
  }

  /**
   * A self-signed JWT (Google's libraries send one as the bearer token instead of exchanging it):
   * signed with a service-account key whose credential is found by the JWT's kid. Its claims are
   * those of an access token of that key, so the state check below applies as to any other.
   */
  async function selfSignedClaims(token: string, keyId: string) {
    const row = await keyOwner(keyId);
    if (!row) throw new PartnerTokenError('invalid');
    await verifyKeyJwt(token, keyOf(row));
    return {
      credentialId: row.credentialId,
      clientId: row.clientId,
      botId: row.botId,
      secretVersion: row.secretVersion,
    };
  }

  async function ownCredential(user: AuthenticatedUser, botId: string, credentialId: string) {
    const bot = await bots.botForTesting(user, botId);
    const row = await repository.forUpdate(bot.id, credentialId);
    if (!row) throw new NotFoundError(NOT_FOUND);
    return row;
  }

  return {
    /** The Google-shaped origin: its port (partner-api listens on it) and the URL partners use. */
    googleOrigin,

    async list(user: AuthenticatedUser, botId: string): Promise<TPartnerCredentialList> {
      const bot = await bots.botForTesting(user, botId);
      const rows = await database.transaction(() => repository.list(bot.id));
      return {
        bot_id: bot.id,
        endpoints: endpointsOf(bot, baseUrls),
        token_url: tokenUrl,
        scope: botScope(bot.id),
        token_lifetime_seconds: tokens.lifetimeSeconds,
        items: rows.map(presentCredential),
      };
    },

    /** A new credential for the bot; its secret is answered this once. */
    async create(user: AuthenticatedUser, botId: string): Promise<TIssuedPartnerCredential> {
      const bot = await bots.botForTesting(user, botId);
      const { secret, hash, hint } = secretPair();
      return database.transaction(async () => {
        if ((await repository.activeCount(bot.id)) >= MAX_ACTIVE_CREDENTIALS_PER_BOT)
          throw new ConflictError(
            `A bot can have at most ${MAX_ACTIVE_CREDENTIALS_PER_BOT} active credentials. Revoke one you no longer use first.`,
          );
        const row = await repository.insert({
          clientId: newClientId(),
          botId: bot.id,
          partnerId: bot.partnerId,
          secretHash: hash,
          secretHint: hint,
        });
        await record(user, 'credential.created', row);
        return { client_secret: secret, credential: presentCredential(row) };
      });
    },

    /**
     * A new service-account key for a bot that speaks Google's API (decision 0034): the key file,
     * in the shape of a Google service-account key, is answered this once; only the public half is kept.
     */
    async createServiceAccountKey(user: AuthenticatedUser, botId: string): Promise<TIssuedServiceAccountKey> {
      const bot = await bots.botForTesting(user, botId);
      if (!endpointsOf(bot, baseUrls).some((e) => e.api_type === 'google'))
        throw new ConflictError(
          "Service-account keys are for bots that speak Google's RBM API; use a client secret for this bot.",
        );
      const clientId = newClientId();
      const { key, keyFile, hash, hint } = await issueKey(bot.id, clientId);
      return database.transaction(async () => {
        if ((await repository.activeCount(bot.id)) >= MAX_ACTIVE_CREDENTIALS_PER_BOT)
          throw new ConflictError(
            `A bot can have at most ${MAX_ACTIVE_CREDENTIALS_PER_BOT} active credentials. Revoke one you no longer use first.`,
          );
        const row = await repository.insert({
          clientId,
          botId: bot.id,
          partnerId: bot.partnerId,
          kind: 'service_account',
          secretHash: hash,
          secretHint: hint,
          keyId: key.keyId,
          publicKey: key.publicKey,
        });
        await record(user, 'credential.created', row);
        return { key_file: keyFile, credential: presentCredential(row) };
      });
    },

    /** Replaces the secret: the old one and every token issued with it stop working at once. */
    async rotate(
      user: AuthenticatedUser,
      botId: string,
      credentialId: string,
    ): Promise<TRotatedPartnerCredential> {
      const { secret, hash, hint } = secretPair();
      let keyFile: TServiceAccountKeyFile | null = null;
      const row = await database.transaction(async () => {
        const current = await ownCredential(user, botId, credentialId);
        if (current.state !== 'active')
          throw new ConflictError('A revoked credential cannot be rotated. Create a new one.', {
            state: current.state,
          });
        if (current.kind === 'service_account') {
          // A new key pair: the old key file and every JWT signed with it stop working at once.
          const issued = await issueKey(current.botId, current.clientId);
          keyFile = issued.keyFile;
          const rotated = await repository.replaceSecret(current.credentialId, issued.hash, issued.hint, {
            keyId: issued.key.keyId,
            publicKey: issued.key.publicKey,
          });
          await record(user, 'credential.rotated', rotated);
          return rotated;
        }
        const rotated = await repository.replaceSecret(current.credentialId, hash, hint);
        await record(user, 'credential.rotated', rotated);
        return rotated;
      });
      await changed(row.credentialId);
      return keyFile
        ? { key_file: keyFile, credential: presentCredential(row) }
        : { client_secret: secret, credential: presentCredential(row) };
    },

    /** Revokes the credential: no new token, and its tokens stop working at once. */
    async revoke(user: AuthenticatedUser, botId: string, credentialId: string): Promise<TPartnerCredential> {
      const row = await database.transaction(async () => {
        const current = await ownCredential(user, botId, credentialId);
        if (current.state === 'revoked')
          throw new ConflictError('The credential is already revoked.', { state: current.state });
        const revoked = await repository.revoke(current.credentialId);
        await record(user, 'credential.revoked', revoked);
        return revoked;
      });
      await changed(row.credentialId);
      return presentCredential(row);
    },

    /**
     * The token endpoint's work (RFC 6749 section 4.4): authenticates the client, checks the grant
     * type and the scope (only the bot's own), and issues an access token. Throws OAuthError.
     */
    async issueToken(
      auth: ClientAuthentication,
      request: { grantType: string | undefined; scope: string | undefined; assertion?: string | undefined },
    ): Promise<TPartnerTokenResponse> {
      if (!request.grantType) throw invalidRequest('grant_type is required.');
      if (request.grantType === JWT_BEARER_GRANT) return issueForAssertion(request.assertion);
      const { clientId, secret } = clientCredentialsOf(auth);
      const row = await database.transaction(() => repository.byClientId(clientId));
      const stored = row ? Buffer.from(row.secretHash, 'hex') : NO_HASH;
      const matches = timingSafeEqual(hashOf(secret), stored) && row !== undefined;
      // A service-account credential authenticates with its key only (its key id is no secret).
      if (!row || !matches || row.state !== 'active' || row.kind !== 'client_secret') throw invalidClient();
      if (request.grantType !== 'client_credentials')
        throw new OAuthError(400, {
          error: 'unsupported_grant_type',
          error_description: 'Only the client_credentials grant is supported.',
        });
      const scope = botScope(row.botId);
      if (request.scope !== undefined && request.scope.trim() !== '' && request.scope.trim() !== scope)
        throw new OAuthError(400, {
          error: 'invalid_scope',
          error_description: `This client may only ask for the scope ${scope}.`,
        });
      return tokenFor(row);
    },

    /**
     * The partner API's caller from a bearer token: a valid token whose credential is still active
     * with the secret it was issued for. Throws PartnerTokenError ('revoked' once it is not).
     */
    async authenticate(token: string): Promise<PartnerCaller> {
      const keyId = keyIdOf(token);
      const claims = keyId ? await selfSignedClaims(token, keyId) : await tokens.verify(token);
      let state = states.get(claims.credentialId);
      if (!state) {
        const row = await database.transaction(() => repository.byId(claims.credentialId));
        if (!row || row.botId !== claims.botId) throw new PartnerTokenError('invalid');
        state = { state: row.state, secretVersion: row.secretVersion, partnerId: row.partnerId };
        states.set(claims.credentialId, state);
      }
      if (state.state !== 'active' || state.secretVersion !== claims.secretVersion)
        throw new PartnerTokenError('revoked');
      return {
        credentialId: claims.credentialId,
        clientId: claims.clientId,
        botId: claims.botId,
        partnerId: state.partnerId,
      };
    },
  };
}
export type PartnerCredentialsService = ReturnType<typeof createPartnerCredentialsService>;
