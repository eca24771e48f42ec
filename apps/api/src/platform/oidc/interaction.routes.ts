import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { errors } from 'oidc-provider';
import type { Config } from '../config.ts';
import { CALLBACK_PATH, webClientMetadata } from './client.ts';
import { renderMessagePage, renderSignInPage } from './pages.ts';
import { identityCsp, issuerPathOf } from './provider.ts';
import type { SignInService } from './sign-in.service.ts';

type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;
type InteractionRequest = FastifyRequest<{ Params: { uid: string } }>;

const FORM_BODY_LIMIT = 16 * 1024;

export interface InteractionRoutesDeps {
  provider: Provider;
  config: Config;
  signIn: SignInService;
}

/**
 * Our screens inside the provider's authorization flow: GET shows the sign-in page, POST checks the
 * credentials and hands the result back to the provider. Both need the provider's interaction cookie
 * (SameSite=Lax, scoped to this uid's path), so a forged cross-site POST finds no interaction.
 */
export function interactionRoutes({ provider, config, signIn }: InteractionRoutesDeps): FastifyPluginAsync {
  const issuerPath = issuerPathOf(config);
  const assetsPath = `${issuerPath}/assets`;
  const brandName = config.BRAND_NAME;
  const csp = identityCsp(config);
  const registeredRedirects = new Set(webClientMetadata(config).redirect_uris);
  const allowedOrigins = new Set([new URL(config.OIDC_ISSUER).origin, new URL(config.PUBLIC_URL).origin]);

  const sendHtml = (reply: FastifyReply, status: number, html: string) =>
    reply
      .code(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', csp)
      .header('referrer-policy', 'same-origin')
      .header('x-frame-options', 'DENY')
      .send(html);

  const expired = (reply: FastifyReply) =>
    sendHtml(
      reply,
      400,
      renderMessagePage({
        brandName,
        assetsPath,
        title: 'Your sign-in has expired',
        message: 'This sign-in page is no longer valid. Start again from the portal.',
        link: { href: config.PUBLIC_URL, label: `Go to ${brandName}` },
      }),
    );

  /** The interaction this request belongs to, or null when its cookie is missing, stale or for another uid. */
  const loadInteraction = async (request: InteractionRequest, reply: FastifyReply) => {
    let interaction: Interaction;
    try {
      interaction = await provider.interactionDetails(request.raw, reply.raw);
    } catch (error) {
      if (error instanceof errors.SessionNotFound) return null;
      throw error;
    }
    return interaction.uid === request.params.uid ? interaction : null;
  };

  const signUpUrl = (interaction: Interaction) => {
    const redirectUri = interaction.params.redirect_uri;
    if (typeof redirectUri === 'string' && registeredRedirects.has(redirectUri)) {
      return `${redirectUri.slice(0, -CALLBACK_PATH.length)}/sign-up`;
    }
    return `${config.PUBLIC_URL}/sign-up`;
  };

  const signInPage = (interaction: Interaction, extra: { email?: string; error?: string } = {}) =>
    renderSignInPage({
      brandName,
      assetsPath,
      action: `${issuerPath}/interaction/${interaction.uid}`,
      signUpUrl: signUpUrl(interaction),
      ...extra,
    });

  const notSignIn = (reply: FastifyReply) =>
    sendHtml(
      reply,
      400,
      renderMessagePage({
        brandName,
        assetsPath,
        title: 'Sign-in could not continue',
        message: 'This application needs a permission that cannot be granted here.',
        link: { href: config.PUBLIC_URL, label: `Go to ${brandName}` },
      }),
    );

  return async (app) => {
    // Only HTML form posts reach the sign-in handler; anything else is a 415.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );

    app.get<{ Params: { uid: string } }>('/interaction/:uid', async (request, reply) => {
      const interaction = await loadInteraction(request, reply);
      if (!interaction) return expired(reply);
      if (interaction.prompt.name !== 'login') return notSignIn(reply);
      return sendHtml(reply, 200, signInPage(interaction));
    });

    app.post<{ Params: { uid: string }; Body: Record<string, unknown> | undefined }>(
      '/interaction/:uid',
      async (request, reply) => {
        const origin = request.headers.origin;
        if (origin !== undefined && !allowedOrigins.has(origin)) {
          return sendHtml(
            reply,
            403,
            renderMessagePage({
              brandName,
              assetsPath,
              title: 'Sign-in refused',
              message: 'This sign-in form was sent from another site.',
              link: { href: config.PUBLIC_URL, label: `Go to ${brandName}` },
            }),
          );
        }
        const interaction = await loadInteraction(request, reply);
        if (!interaction) return expired(reply);
        if (interaction.prompt.name !== 'login') return notSignIn(reply);

        const email = typeof request.body?.email === 'string' ? request.body.email : '';
        const password = typeof request.body?.password === 'string' ? request.body.password : '';
        const result = await signIn.signIn({ email, password, ip: request.ip });
        if (!result.ok) {
          if (result.retryAfterSeconds) reply.header('retry-after', String(result.retryAfterSeconds));
          return sendHtml(
            reply,
            result.httpStatus,
            signInPage(interaction, { email, error: result.message }),
          );
        }

        const returnTo = await provider.interactionResult(
          request.raw,
          reply.raw,
          { login: { accountId: result.account.userId, amr: ['pwd'] } },
          { mergeWithLastSubmission: false },
        );
        return reply.header('cache-control', 'no-store').redirect(returnTo, 303);
      },
    );
  };
}
