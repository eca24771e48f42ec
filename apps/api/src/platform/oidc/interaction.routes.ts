import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { errors } from 'oidc-provider';
import type { Config } from '../config.ts';
import { CALLBACK_PATH, webClientMetadata } from './client.ts';
import {
  renderEnrolPage,
  renderMessagePage,
  renderRecoveryCodesPage,
  renderSecondFactorPage,
  renderSignInPage,
} from './pages.ts';
import type { PendingSignIn, PendingSignIns } from './pending-sign-in.ts';
import { identityCsp, issuerPathOf } from './provider.ts';
import { SECOND_FACTOR_MESSAGES, type SignInService } from './sign-in.service.ts';

type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;
type InteractionRequest = FastifyRequest<{ Params: { uid: string } }>;
type FormRequest = FastifyRequest<{ Params: { uid: string }; Body: Record<string, unknown> | undefined }>;

const FORM_BODY_LIMIT = 16 * 1024;

export interface InteractionRoutesDeps {
  provider: Provider;
  config: Config;
  signIn: SignInService;
  pending: PendingSignIns;
}

/**
 * Our screens inside the provider's authorization flow: GET shows the sign-in page, POST checks the
 * credentials and hands the result back to the provider. Both need the provider's interaction cookie
 * (SameSite=Lax, scoped to this uid's path), so a forged cross-site POST finds no interaction.
 */
export function interactionRoutes({
  provider,
  config,
  signIn,
  pending,
}: InteractionRoutesDeps): FastifyPluginAsync {
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

  /** A page of the portal the sign-in came from (its registered origin), e.g. /sign-up. */
  const portalUrl = (interaction: Interaction, path: string) => {
    const redirectUri = interaction.params.redirect_uri;
    if (typeof redirectUri === 'string' && registeredRedirects.has(redirectUri)) {
      return `${redirectUri.slice(0, -CALLBACK_PATH.length)}${path}`;
    }
    return `${config.PUBLIC_URL}${path}`;
  };

  const actionOf = (interaction: Interaction, step = '') =>
    `${issuerPath}/interaction/${interaction.uid}${step}`;

  const signInPage = (interaction: Interaction, extra: { email?: string; error?: string } = {}) =>
    renderSignInPage({
      brandName,
      assetsPath,
      action: actionOf(interaction),
      signUpUrl: portalUrl(interaction, '/sign-up'),
      forgotPasswordUrl: portalUrl(interaction, '/forgot-password'),
      ...extra,
    });

  const secondFactorPage = (interaction: Interaction, token: string, error?: string) =>
    renderSecondFactorPage({
      brandName,
      assetsPath,
      action: actionOf(interaction, '/second-factor'),
      pending: token,
      restartUrl: actionOf(interaction),
      error,
    });

  const enrolPage = (
    interaction: Interaction,
    token: string,
    setup: { qrCode: string; manualKey: string },
    error?: string,
  ) =>
    renderEnrolPage({
      brandName,
      assetsPath,
      action: actionOf(interaction, '/enrol'),
      pending: token,
      restartUrl: actionOf(interaction),
      qrCode: setup.qrCode,
      manualKey: setup.manualKey,
      error,
    });

  /** Hands the signed-in account to the provider; the URL where its flow goes on. */
  const finish = (request: FastifyRequest, reply: FastifyReply, accountId: string, amr: string[]) =>
    provider.interactionResult(
      request.raw,
      reply.raw,
      { login: { accountId, amr } },
      { mergeWithLastSubmission: false },
    );

  const formField = (request: FormRequest, name: string) => {
    const value = request.body?.[name];
    return typeof value === 'string' ? value : '';
  };

  /** A form sent from another site is refused (the interaction cookie is SameSite=Lax; this is the second lock). */
  const foreignOrigin = (request: FastifyRequest, reply: FastifyReply) => {
    const origin = request.headers.origin;
    if (origin === undefined || allowedOrigins.has(origin)) return null;
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
  };

  /**
   * The checks every second-step post starts with: same site, the interaction of its cookie and
   * uid, still at the login prompt, and the password step's token for this stage. Null once an
   * answer was sent.
   */
  const secondStep = async (
    request: FormRequest,
    reply: FastifyReply,
    stage: PendingSignIn['stage'],
  ): Promise<{ interaction: Interaction; pending: PendingSignIn; token: string } | null> => {
    if (foreignOrigin(request, reply)) return null;
    const interaction = await loadInteraction(request, reply);
    if (!interaction) {
      expired(reply);
      return null;
    }
    if (interaction.prompt.name !== 'login') {
      notSignIn(reply);
      return null;
    }
    const token = formField(request, 'pending');
    const verified = await pending.verify(token, interaction.uid, stage);
    if (!verified) {
      sendHtml(reply, 400, signInPage(interaction, { error: SECOND_FACTOR_MESSAGES.expired }));
      return null;
    }
    return { interaction, pending: verified, token };
  };

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
        if (foreignOrigin(request, reply)) return reply;
        const interaction = await loadInteraction(request, reply);
        if (!interaction) return expired(reply);
        if (interaction.prompt.name !== 'login') return notSignIn(reply);

        const email = formField(request, 'email');
        const password = formField(request, 'password');
        const result = await signIn.signIn({ email, password, ip: request.ip });
        if (!result.ok) {
          if (result.retryAfterSeconds) reply.header('retry-after', String(result.retryAfterSeconds));
          return sendHtml(
            reply,
            result.httpStatus,
            signInPage(interaction, { email, error: result.message }),
          );
        }
        const { account, next } = result;
        if (next !== 'done') {
          const stage = next === 'second-factor' ? 'code' : 'enrol';
          const token = await pending.issue({
            uid: interaction.uid,
            userId: account.userId,
            email: account.email.toLowerCase(),
            stage,
          });
          if (stage === 'code') return sendHtml(reply, 200, secondFactorPage(interaction, token));
          return sendHtml(reply, 200, enrolPage(interaction, token, await signIn.startEnrolment(account)));
        }

        const returnTo = await finish(request, reply, account.userId, ['pwd']);
        return reply.header('cache-control', 'no-store').redirect(returnTo, 303);
      },
    );

    app.post<{ Params: { uid: string }; Body: Record<string, unknown> | undefined }>(
      '/interaction/:uid/second-factor',
      async (request, reply) => {
        const step = await secondStep(request, reply, 'code');
        if (!step) return reply;
        const result = await signIn.secondFactor({
          pending: step.pending,
          code: formField(request, 'code'),
          ip: request.ip,
        });
        if (!result.ok) {
          if (result.retryAfterSeconds) reply.header('retry-after', String(result.retryAfterSeconds));
          return sendHtml(
            reply,
            result.httpStatus,
            secondFactorPage(step.interaction, step.token, result.message),
          );
        }
        const returnTo = await finish(request, reply, result.account.userId, ['pwd', 'otp']);
        return reply.header('cache-control', 'no-store').redirect(returnTo, 303);
      },
    );

    app.post<{ Params: { uid: string }; Body: Record<string, unknown> | undefined }>(
      '/interaction/:uid/enrol',
      async (request, reply) => {
        const step = await secondStep(request, reply, 'enrol');
        if (!step) return reply;
        const result = await signIn.confirmEnrolment({
          pending: step.pending,
          code: formField(request, 'code'),
          ip: request.ip,
        });
        if (!result.ok) {
          if (result.retryAfterSeconds) reply.header('retry-after', String(result.retryAfterSeconds));
          const setup = await signIn.enrolmentOf(step.pending);
          return sendHtml(
            reply,
            result.httpStatus,
            enrolPage(step.interaction, step.token, setup, result.message),
          );
        }
        // The codes are shown once, here; the provider's flow goes on from the page's button.
        const continueUrl = await finish(request, reply, result.account.userId, ['pwd', 'otp']);
        return sendHtml(
          reply,
          200,
          renderRecoveryCodesPage({
            brandName,
            assetsPath,
            recoveryCodes: result.recoveryCodes,
            continueUrl,
          }),
        );
      },
    );
  };
}
