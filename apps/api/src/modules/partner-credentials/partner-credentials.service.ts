import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  type AuditAction,
  botScope,
  CHANNEL_TYPE,
  MAX_ACTIVE_CREDENTIALS_PER_BOT,
  type PartnerCredentialState,
  type TIssuedPartnerCredential,
  type TOAuthError,
  type TPartnerApiEndpoint,
  type TPartnerCredential,
  type TPartnerCredentialList,
  type TPartnerTokenResponse,
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

/**
 * How long an instance remembers a credential's state when checking access tokens: a revocation or
 * rotation made on another instance is refused everywhere within this time (on this one, at once).
 */
export const CREDENTIAL_STATE_TTL_MS = 5_000;

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
  const { database, repository, bots, audit, tokens, tokenUrl, baseUrls } = deps;
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

    /** Replaces the secret: the old one and every token issued with it stop working at once. */
    async rotate(
      user: AuthenticatedUser,
      botId: string,
      credentialId: string,
    ): Promise<TIssuedPartnerCredential> {
      const { secret, hash, hint } = secretPair();
      const row = await database.transaction(async () => {
        const current = await ownCredential(user, botId, credentialId);
        if (current.state !== 'active')
          throw new ConflictError('A revoked credential cannot be rotated. Create a new one.', {
            state: current.state,
          });
        const rotated = await repository.replaceSecret(current.credentialId, hash, hint);
        await record(user, 'credential.rotated', rotated);
        return rotated;
      });
      states.delete(row.credentialId);
      return { client_secret: secret, credential: presentCredential(row) };
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
      states.delete(row.credentialId);
      return presentCredential(row);
    },

    /**
     * The token endpoint's work (RFC 6749 section 4.4): authenticates the client, checks the grant
     * type and the scope (only the bot's own), and issues an access token. Throws OAuthError.
     */
    async issueToken(
      auth: ClientAuthentication,
      request: { grantType: string | undefined; scope: string | undefined },
    ): Promise<TPartnerTokenResponse> {
      if (!request.grantType) throw invalidRequest('grant_type is required.');
      const { clientId, secret } = clientCredentialsOf(auth);
      const row = await database.transaction(() => repository.byClientId(clientId));
      const stored = row ? Buffer.from(row.secretHash, 'hex') : NO_HASH;
      const matches = timingSafeEqual(hashOf(secret), stored) && row !== undefined;
      if (!row || !matches || row.state !== 'active') throw invalidClient();
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
      await database.transaction(() => repository.markUsed(row.credentialId));
      const accessToken = await tokens.sign({
        credentialId: row.credentialId,
        clientId: row.clientId,
        botId: row.botId,
        secretVersion: row.secretVersion,
      });
      return { access_token: accessToken, token_type: 'Bearer', expires_in: tokens.lifetimeSeconds, scope };
    },

    /**
     * The partner API's caller from a bearer token: a valid token whose credential is still active
     * with the secret it was issued for. Throws PartnerTokenError ('revoked' once it is not).
     */
    async authenticate(token: string): Promise<PartnerCaller> {
      const claims = await tokens.verify(token);
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
