import { z } from 'zod';

/**
 * A bot's API credentials (issue 16, point 1; decision 0026): OAuth client credentials
 * (client_credentials grant) whose one scope names the bot (`bot:<botId>`). The secret is shown
 * once, when the credential is created or rotated, and stored hashed.
 */

export const PARTNER_CREDENTIAL_STATES = ['active', 'revoked'] as const;
export type PartnerCredentialState = (typeof PARTNER_CREDENTIAL_STATES)[number];
export const PARTNER_CREDENTIAL_LABELS: Record<PartnerCredentialState, string> = {
  active: 'Active',
  revoked: 'Revoked',
};

/** Active credentials a bot may hold at once (one in use, one being rolled out, a few spare). */
export const MAX_ACTIVE_CREDENTIALS_PER_BOT = 5;

/** The one OAuth scope of a bot's credentials. */
export const botScope = (botId: string) => `bot:${botId}`;

export const ZCredentialBotParams = z.object({ botId: z.uuid('is not a bot id') });
export const ZCredentialParams = z.object({
  botId: z.uuid('is not a bot id'),
  credentialId: z.uuid('is not a credential id'),
});

/** One credential as listed: never its secret, only the secret's last characters. */
/**
 * How a credential authenticates: OAuth client credentials (id and secret), or a Google
 * service-account key file (JWTs signed with its private key: decision 0034).
 */
export const PARTNER_CREDENTIAL_KINDS = ['client_secret', 'service_account'] as const;
export type PartnerCredentialKind = (typeof PARTNER_CREDENTIAL_KINDS)[number];
export const PARTNER_CREDENTIAL_KIND_LABELS: Record<PartnerCredentialKind, string> = {
  client_secret: 'Client secret',
  service_account: 'Service-account key',
};

export const ZPartnerCredential = z.object({
  credential_id: z.string(),
  kind: z.enum(PARTNER_CREDENTIAL_KINDS),
  /** A service-account key's id (the key file's private_key_id); null for a client secret. */
  key_id: z.string().nullable(),
  bot_id: z.string(),
  client_id: z.string(),
  /** `bot:<botId>`: the scope its access tokens carry. */
  scope: z.string(),
  state: z.enum(PARTNER_CREDENTIAL_STATES),
  /** The last 4 characters of the current secret (of the key id, for a service-account key). */
  secret_hint: z.string(),
  created_at: z.string(),
  /** When the secret was last replaced (null: never rotated). */
  rotated_at: z.string().nullable(),
  /** When an access token was last issued for it. */
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type TPartnerCredential = z.output<typeof ZPartnerCredential>;

/** The API shapes a bot speaks, by the networks it is registered on (issue 16, point 2). */
export const PARTNER_API_TYPES = ['google', 'gsma', 'whatsapp'] as const;
export type PartnerApiType = (typeof PARTNER_API_TYPES)[number];
export const PARTNER_API_TYPE_LABELS: Record<PartnerApiType, string> = {
  google: 'Google API (RCS)',
  gsma: 'GSMA API (RCS)',
  whatsapp: 'Cloud API (WhatsApp)',
};

/** One of the bot's API shapes: its id on that network and where Portico answers it. */
export const ZPartnerApiEndpoint = z.object({
  api_type: z.enum(PARTNER_API_TYPES),
  /** What the network calls the id (agentId, botId, phone-number-id). */
  id_name: z.string(),
  /** The bot's id on the network; null until the bot is registered there. */
  id: z.string().nullable(),
  /** The base URL a client of this shape is given; null while Portico does not answer this shape yet. */
  base_url: z.string().nullable(),
});
export type TPartnerApiEndpoint = z.output<typeof ZPartnerApiEndpoint>;

/** GET /bots/:botId/credentials: the bot's credentials (newest first) and where to get tokens. */
export const ZPartnerCredentialList = z.object({
  bot_id: z.string(),
  /** The bot's API shapes (one per channel/API type), with ids and base URLs: "Agent API info". */
  endpoints: z.array(ZPartnerApiEndpoint),
  /** The OAuth token endpoint (client_credentials grant, HTTP Basic or form credentials). */
  token_url: z.string(),
  scope: z.string(),
  /** Access tokens live this many seconds. */
  token_lifetime_seconds: z.number().int(),
  items: z.array(ZPartnerCredential),
});
export type TPartnerCredentialList = z.output<typeof ZPartnerCredentialList>;

/** POST /bots/:botId/credentials and .../rotate: the credential with its secret, shown this once. */
/**
 * A key file in the shape of a Google service-account key, whose token endpoint is Portico's:
 * Google's libraries read it as they read Google's (type, private_key, client_email, token_uri).
 */
export const ZServiceAccountKeyFile = z.object({
  type: z.literal('service_account'),
  project_id: z.string(),
  private_key_id: z.string(),
  private_key: z.string(),
  client_email: z.string(),
  client_id: z.string(),
  token_uri: z.string(),
  universe_domain: z.literal('googleapis.com'),
});
export type TServiceAccountKeyFile = z.output<typeof ZServiceAccountKeyFile>;

/** A new or rotated client secret, answered this once. */
export const ZIssuedPartnerCredential = z.object({
  client_secret: z.string(),
  credential: ZPartnerCredential,
});

/** A new or rotated service-account key: its key file, answered this once. */
export const ZIssuedServiceAccountKey = z.object({
  key_file: ZServiceAccountKeyFile,
  credential: ZPartnerCredential,
});
export type TIssuedServiceAccountKey = z.output<typeof ZIssuedServiceAccountKey>;

/** What a rotation answers: the new secret, or the new key file. */
export const ZRotatedPartnerCredential = z.union([ZIssuedPartnerCredential, ZIssuedServiceAccountKey]);
export type TRotatedPartnerCredential = z.output<typeof ZRotatedPartnerCredential>;
export type TIssuedPartnerCredential = z.output<typeof ZIssuedPartnerCredential>;

/**
 * POST /api/v1/oauth/token (RFC 6749 section 4.4), form-encoded or JSON. The client authenticates
 * with HTTP Basic or with client_id and client_secret in the body (section 2.3.1).
 */
export const ZPartnerTokenRequest = z.object({
  grant_type: z.string().min(1),
  scope: z.string().max(200).optional(),
  client_id: z.string().max(200).optional(),
  client_secret: z.string().max(200).optional(),
  /** The JWT bearer grant (RFC 7523), as Google's token endpoint takes it: a JWT signed with a key file. */
  assertion: z.string().max(8192).optional(),
});
export type TPartnerTokenRequest = z.input<typeof ZPartnerTokenRequest>;

/** The token response (RFC 6749 section 5.1). */
export const ZPartnerTokenResponse = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
  scope: z.string(),
});
export type TPartnerTokenResponse = z.output<typeof ZPartnerTokenResponse>;

/** The token endpoint's errors (RFC 6749 section 5.2). */
export const ZOAuthError = z.object({
  error: z.enum([
    'invalid_request',
    'invalid_client',
    'invalid_grant',
    'unsupported_grant_type',
    'invalid_scope',
  ]),
  error_description: z.string(),
});
export type TOAuthError = z.output<typeof ZOAuthError>;
