import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { ok } from '../../platform/http/envelope.ts';
import { BadRequestError } from '../../platform/http/errors.ts';
import { renderCheckoutPage } from './checkout.page.ts';
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
  /** The sandbox's webhook secret (it signs its own callbacks); absent when a real provider is configured. */
  sandboxSecret: string | null;
  /** Delivers a signed webhook call to our endpoint, as the provider would over HTTP. */
  deliver: (path: string, headers: Record<string, string>, body: string) => Promise<number>;
}

const ZCheckoutParams = z.object({ topupId: z.uuid() });
const ZCheckoutBody = z.object({ outcome: z.enum(['succeeded', 'failed', 'abandoned']) });
const WALLET_PAGE = '/u/my-wallet';

/**
 * Payment provider routes outside /api (no XSRF pair: the webhook is server-to-server and signed; the
 * sandbox checkout is the provider's page): the webhook, and the sandbox's hosted checkout.
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

    app.get(`${SANDBOX_CHECKOUT_PREFIX}/:topupId`, async (request, reply) => {
      const { topupId } = ZCheckoutParams.parse(request.params);
      const topup = await wallet.pendingTopupForCheckout(topupId);
      reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
      return renderCheckoutPage({
        brandName: options.brandName,
        topupId,
        amountMicros: topup.amount,
        status: topup.status,
        action: `${SANDBOX_CHECKOUT_PREFIX}/${topupId}`,
        walletUrl: WALLET_PAGE,
      });
    });

    app.post(`${SANDBOX_CHECKOUT_PREFIX}/:topupId`, async (request, reply) => {
      const { topupId } = ZCheckoutParams.parse(request.params);
      const parsed = ZCheckoutBody.safeParse(request.body);
      if (!parsed.success) throw new BadRequestError('Choose Pay, Fail or Abandon.');
      const topup = await wallet.pendingTopupForCheckout(topupId);
      const outcome: PaymentOutcome = parsed.data.outcome;
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
