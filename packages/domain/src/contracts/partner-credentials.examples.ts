import type { TOAuthError, TPartnerTokenRequest, TPartnerTokenResponse } from './partner-credentials.ts';

/**
 * The token endpoint's examples (RFC 6749 sections 4.4, 5.1 and 5.2), shown in the partner OpenAPI
 * and sent to our endpoint by its contract test. The client authenticates with HTTP Basic, as
 * Google's and Meta's clients do; client_id and client_secret in the body work too.
 */

export const TOKEN_REQUEST_EXAMPLE = { grant_type: 'client_credentials' } satisfies TPartnerTokenRequest;

/** The scope names the credential's bot: `bot:<bot id>`. */
export const TOKEN_RESPONSE_EXAMPLE = {
  access_token: 'eyJhbGciOiJFUzI1NiIsImtpZCI6InBhcnRuZXIifQ.eyJzY29wZSI6ImJvdDo...',
  token_type: 'Bearer',
  expires_in: 3600,
  scope: 'bot:0b0f4e1c-5d4a-4d7e-9c39-2f1e7a6b8c90',
} satisfies TPartnerTokenResponse;

export const TOKEN_INVALID_CLIENT_EXAMPLE = {
  error: 'invalid_client',
  error_description: 'Client authentication failed.',
} satisfies TOAuthError;

export const TOKEN_UNSUPPORTED_GRANT_EXAMPLE = {
  error: 'unsupported_grant_type',
  error_description: 'Only the client_credentials grant is supported.',
} satisfies TOAuthError;
