import { DEFAULT_TOKEN_LIFETIME_SECONDS, OAUTH_SCOPE } from '@portico/domain/constants/product';
import type { FastifyBaseLogger } from 'fastify';
import Provider, {
  type Configuration,
  errors,
  type KoaContextWithOIDC,
  type ResourceServer,
} from 'oidc-provider';
import type { UsersService } from '../auth/users.service.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import { createOidcAdapter } from './adapter.ts';
import { webClientMetadata, webClientOrigins } from './client.ts';
import type { IdentitySecrets } from './keys.ts';
import { renderMessagePage, renderSignOutPage } from './pages.ts';

/** Content-Security-Policy of every page under /oidc: nothing inline, forms may land on the portal. */
export function identityCsp(config: Config): string {
  const formTargets = ["'self'", ...webClientOrigins(config)].join(' ');
  return [
    "default-src 'self'",
    "base-uri 'none'",
    "object-src 'none'",
    "frame-ancestors 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "font-src 'self'",
    "img-src 'self' data:",
    `form-action ${formTargets}`,
  ].join('; ');
}

/** Path of the issuer (`/oidc` by default): where the provider's routes, pages and cookies live. */
export function issuerPathOf(config: Config): string {
  return new URL(config.OIDC_ISSUER).pathname.replace(/\/+$/, '');
}

export interface ProviderDeps {
  config: Config;
  db: Db;
  users: UsersService;
  secrets: IdentitySecrets;
  log: FastifyBaseLogger;
}

/** The built-in OpenID provider: code + PKCE for the portal, JWT access tokens for the API. */
export function createProvider({ config, db, users, secrets, log }: ProviderDeps): Provider {
  const issuerPath = issuerPathOf(config);
  const assetsPath = `${issuerPath}/assets`;
  const brandName = config.BRAND_NAME;
  const corsOrigins = webClientOrigins(config);

  const apiResourceServer: ResourceServer = {
    scope: OAUTH_SCOPE,
    audience: config.OIDC_AUDIENCE,
    accessTokenFormat: 'jwt',
    accessTokenTTL: DEFAULT_TOKEN_LIFETIME_SECONDS,
    jwt: { sign: { alg: 'RS256' } },
  };

  const html = (ctx: KoaContextWithOIDC, status: number, body: string) => {
    ctx.status = status;
    ctx.type = 'html';
    ctx.set('Cache-Control', 'no-store');
    ctx.body = body;
  };

  const configuration: Configuration = {
    adapter: createOidcAdapter(db),
    clients: [webClientMetadata(config)],
    jwks: { keys: secrets.signingKeys.keys as NonNullable<Configuration['jwks']>['keys'] },
    cookies: {
      keys: secrets.cookieKeys,
      long: { signed: true, httpOnly: true, sameSite: 'lax', path: issuerPath || '/' },
      short: { signed: true, httpOnly: true, sameSite: 'lax' },
    },
    responseTypes: ['code'],
    pkce: { methods: ['S256'], required: () => true },
    // The API scope is not an OpenID scope: it comes from the resource server below (listing it
    // here too would make the consent prompt loop).
    scopes: ['openid', 'email'],
    claims: { openid: ['sub'], email: ['email'] },
    ttl: {
      AccessToken: DEFAULT_TOKEN_LIFETIME_SECONDS,
      AuthorizationCode: 60,
      IdToken: DEFAULT_TOKEN_LIFETIME_SECONDS,
      Interaction: 3600,
      Session: 86_400,
      Grant: 86_400,
    },
    interactions: { url: (_ctx, interaction) => `${issuerPath}/interaction/${interaction.uid}` },
    features: {
      devInteractions: { enabled: false },
      userinfo: { enabled: true },
      revocation: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => config.OIDC_AUDIENCE,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resourceIndicator) => {
          if (resourceIndicator !== config.OIDC_AUDIENCE) throw new errors.InvalidTarget();
          return apiResourceServer;
        },
      },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx, formHtml) =>
          html(ctx, 200, renderSignOutPage({ brandName, assetsPath, formHtml })),
        postLogoutSuccessSource: (ctx) =>
          html(
            ctx,
            200,
            renderMessagePage({
              brandName,
              assetsPath,
              title: 'You are signed out',
              message: `You have signed out of ${brandName}.`,
              link: { href: config.PUBLIC_URL, label: 'Sign in again' },
            }),
          ),
      },
    },
    clientBasedCORS: (_ctx, origin) => corsOrigins.has(origin),
    async findAccount(_ctx, sub) {
      const account = await users.findAccount(sub);
      if (!account) return undefined;
      return {
        accountId: account.userId,
        claims: () => ({ sub: account.userId, email: account.email }),
      };
    },
    async extraTokenClaims(_ctx, token) {
      if (token.kind !== 'AccessToken' || !('accountId' in token)) return undefined;
      const account = await users.findAccount(token.accountId);
      // gid: the grant the token was issued under; the API refuses the token once sign-out or a
      // revocation has ended it (GrantCheck in platform/auth/verifier.ts). iat_ms: when it was
      // issued to the millisecond (iat has whole seconds), so a password change refuses exactly the
      // tokens issued before it, and not a sign-in in the same second after it.
      const claims = {
        iat_ms: Date.now(),
        ...(typeof token.grantId === 'string' ? { gid: token.grantId } : {}),
      };
      return account ? { email: account.email, ...claims } : claims;
    },
    // The portal is first-party: its grant is implied, so no consent screen. Every other client
    // would go through the consent prompt, which this provider does not offer.
    async loadExistingGrant(ctx) {
      const { client, session, result } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grantId = result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      const existing = grantId ? await ctx.oidc.provider.Grant.find(grantId) : undefined;
      if (existing && existing.accountId !== session.accountId) return undefined;
      if (client.clientId !== config.OIDC_CLIENT_ID) return existing;

      const grant =
        existing ?? new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid email');
      grant.addResourceScope(config.OIDC_AUDIENCE, OAUTH_SCOPE);
      await grant.save();
      return grant;
    },
    async renderError(ctx, out) {
      html(
        ctx,
        Math.max(ctx.status, 400),
        renderMessagePage({
          brandName,
          assetsPath,
          title: 'Sign-in could not continue',
          message: out.error_description ?? out.error ?? 'The request was not valid.',
          link: { href: config.PUBLIC_URL, label: `Go to ${brandName}` },
        }),
      );
    },
  };

  const provider = new Provider(config.OIDC_ISSUER, configuration);
  // The plugin sets X-Forwarded-Host/Proto from the issuer, so URLs never come from the Host header.
  provider.proxy = true;
  // The provider answers every CORS preflight with the caller's own Origin (the client is only known
  // on the real request). A preflight from an origin the portal does not run on gets no CORS
  // headers, so the browser never sends the real request (token, revocation, userinfo).
  provider.use(async (ctx, next) => {
    const origin = ctx.get('Origin');
    if (ctx.method === 'OPTIONS' && origin && !corsOrigins.has(origin)) {
      ctx.vary('Origin');
      ctx.status = 204;
      return;
    }
    await next();
  });

  provider.on('server_error', (_ctx, err) => log.error({ err }, 'oidc: server error'));
  for (const event of [
    'authorization.error',
    'grant.error',
    'end_session.error',
    'userinfo.error',
    'revocation.error',
    'discovery.error',
    'jwks.error',
  ]) {
    provider.on(event, (_ctx, err: Error) =>
      log.info({ event, reason: err.message }, 'oidc: request refused'),
    );
  }
  return provider;
}
