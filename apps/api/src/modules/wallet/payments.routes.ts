import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ok } from '../../platform/http/envelope.ts';
import { BadRequestError, ForbiddenError } from '../../platform/http/errors.ts';
import { sameXsrfToken, XSRF_MESSAGE, xsrfCookieOf } from '../../platform/security/xsrf.ts';
import { renderCheckoutPage } from './checkout.page.ts';
import { createCheckoutTokens } from './checkout-token.ts';
import {
  type PaymentOutcome,
  type PaymentProvider,
  SANDBOX_CHECKOUT_PREFIX,
  SIGNATURE_HEADER,
  signWebhook,
  WEBHOOK_PREFIX,
} from './payments.ts';
import type { WalletService } from './wallet.service.ts';

export interface PaymentRoutesOptions {
  wallet: WalletService;
  provider: PaymentProvider;
  brandName: string;
  /** The portal's origin (PUBLIC_URL): the sandbox checkout accepts form posts from it only. */
  origin: string;
  /** The sandbox's webhook secret (it signs its own callbacks); absent when a real provider is configured. */
  sandboxSecret: string | null;
  /** Delivers a signed webhook call to our endpoint, as the provider would over HTTP. */
  deliver: (path: string, headers: Record<string, string>, body: string) => Promise<number>;
}

const XSRF_FIELD = '_xsrf';
const ZCheckoutParams = z.object({ topupId: z.uuid() });
const ZCheckoutQuery = z.object({ token: z.string().max(2048).optional() });
const ZCheckoutBody = z.object({
  outcome: z.enum(['succeeded', 'failed', 'abandoned']),
  token: z.string().max(2048).optional(),
  [XSRF_FIELD]: z.string().max(200).default(''),
});
const WALLET_PAGE = '/u/my-wallet';
export const CHECKOUT_REFUSED =
  'This checkout link is not valid in this browser, or it has expired. Start the top-up again from My Wallet.';
export const CROSS_SITE = 'This checkout form was sent from another site.';

/**
 * Whether a browser form post comes from our own pages: its Origin, or its Referer when a browser
 * sends no Origin; a request with neither is refused.
 */
function sameOrigin(request: FastifyRequest, origin: string): boolean {
  const { origin: sentOrigin, referer } = request.headers;
  if (sentOrigin !== undefined) return sentOrigin === origin;
  if (typeof referer !== 'string') return false;
  try {
    return new URL(referer).origin === origin;
  } catch {
    return false;
  }
}

/**
 * Payment provider routes outside /api: the webhook (server-to-server and signed, so no XSRF pair),
 * and the sandbox's hosted checkout, which accepts a confirmation only from the user who started
 * the top-up (the checkout token in its link), from the browser they started it in (the token is
 * bound to its XSRF cookie, which the form echoes back), posted from our own origin.
 */
export function paymentRoutes(options: PaymentRoutesOptions): FastifyPluginAsync {
  const { wallet, provider } = options;
  return async (app) => {
    // The signature covers the raw body: keep it as text.
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
      done(null, body),
    );

    app.post(`${WEBHOOK_PREFIX}/${provider.name}`, async (request) => {
      if (typeof request.body !== 'string') throw new BadRequestError('The webhook body must be JSON.');
      const event = provider.verifyWebhook(request.headers, request.body);
      const result = await wallet.applyPaymentEvent(event);
      request.log.info({ topupId: event?.topupId, outcome: event?.outcome, ...result }, 'payment webhook');
      return ok(result);
    });

    const secret = options.sandboxSecret;
    if (provider.name !== 'sandbox' || !secret) return;
    const tokens = createCheckoutTokens(secret);

    /** The checkout's user, from the token in the link and the browser's XSRF cookie; 403 otherwise. */
    const checkoutOf = async (request: FastifyRequest, topupId: string, token: unknown) => {
      const claims =
        typeof token === 'string'
          ? await tokens.verify(token, { topupId, browser: xsrfCookieOf(request) })
          : null;
      if (!claims) throw new ForbiddenError(CHECKOUT_REFUSED);
      const topup = await wallet.pendingTopupForCheckout(topupId);
      if (topup.userId !== claims.userId) throw new ForbiddenError(CHECKOUT_REFUSED);
      return { topup, token: token as string };
    };

    app.get(`${SANDBOX_CHECKOUT_PREFIX}/:topupId`, async (request, reply) => {
      const { topupId } = ZCheckoutParams.parse(request.params);
      const { topup, token } = await checkoutOf(request, topupId, ZCheckoutQuery.parse(request.query).token);
      // same-origin: the link's token never leaves in a Referer, while the form's post keeps its Origin.
      reply.header('cache-control', 'no-store').header('referrer-policy', 'same-origin');
      reply.type('text/html; charset=utf-8');
      return renderCheckoutPage(
        {
          brandName: options.brandName,
          topupId,
          amountMicros: topup.amount,
          status: topup.status,
          action: `${SANDBOX_CHECKOUT_PREFIX}/${topupId}`,
          walletUrl: WALLET_PAGE,
        },
        // The double-submit pair's second half (the cookie is the first), and the checkout token.
        { token, [XSRF_FIELD]: xsrfCookieOf(request) ?? '' },
      );
    });

    app.post(`${SANDBOX_CHECKOUT_PREFIX}/:topupId`, async (request, reply) => {
      const { topupId } = ZCheckoutParams.parse(request.params);
      if (!sameOrigin(request, options.origin)) throw new ForbiddenError(CROSS_SITE);
      const form = ZCheckoutBody.safeParse(request.body);
      if (!form.success) throw new BadRequestError('Choose Pay, Fail or Abandon.');
      const cookie = xsrfCookieOf(request);
      if (!cookie || !sameXsrfToken(form.data[XSRF_FIELD], cookie)) throw new ForbiddenError(XSRF_MESSAGE);
      const { topup } = await checkoutOf(request, topupId, form.data.token);
      const outcome: PaymentOutcome = form.data.outcome;
      // Only an open checkout is confirmed: a second Pay (a reload, a double click) moves nothing.
      if (topup.status !== 'pending') {
        return reply.redirect(
          `${WALLET_PAGE}?topup=${encodeURIComponent(topupId)}&outcome=${topup.status}`,
          303,
        );
      }
      const body = JSON.stringify({
        topup_id: topup.topupId,
        outcome,
        payment_id: `sbx_${topupId.slice(0, 8)}`,
      });
      const status = await options.deliver(
        `${WEBHOOK_PREFIX}/${provider.name}`,
        { 'content-type': 'application/json', [SIGNATURE_HEADER]: signWebhook(secret, body) },
        body,
      );
      if (status >= 300) request.log.error({ topupId, status }, 'sandbox webhook delivery failed');
      return reply.redirect(`${WALLET_PAGE}?topup=${encodeURIComponent(topupId)}&outcome=${outcome}`, 303);
    });
  };
}
