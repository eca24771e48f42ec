import type { ClientMetadata } from 'oidc-provider';
import type { Config } from '../config.ts';

/** The Vite dev server, registered as a redirect target outside production only. */
const DEV_WEB_ORIGIN = 'http://localhost:5173';

/** Where the portal lands after the provider's end-session (spec section 4: the logout callback). */
export const POST_LOGOUT_PATH = '/?action=logout&status=signed-out';
export const CALLBACK_PATH = '/callback';

function webOrigins(config: Config): string[] {
  const origins = [new URL(config.PUBLIC_URL).origin];
  if (config.NODE_ENV !== 'production' && !origins.includes(DEV_WEB_ORIGIN)) origins.push(DEV_WEB_ORIGIN);
  return origins;
}

/** The portal: a first-party public client (code + PKCE S256, no client secret). */
export function webClientMetadata(config: Config): ClientMetadata {
  const bases = [config.PUBLIC_URL, ...webOrigins(config).slice(1)];
  return {
    client_id: config.OIDC_CLIENT_ID,
    client_name: config.BRAND_NAME,
    application_type: 'web',
    token_endpoint_auth_method: 'none',
    grant_types: ['authorization_code'],
    response_types: ['code'],
    redirect_uris: bases.map((base) => `${base}${CALLBACK_PATH}`),
    post_logout_redirect_uris: bases.map((base) => `${base}${POST_LOGOUT_PATH}`),
  };
}

/** Origins the portal runs on: allowed for CORS on the token endpoint and as form targets. */
export function webClientOrigins(config: Config): Set<string> {
  return new Set(webOrigins(config));
}
