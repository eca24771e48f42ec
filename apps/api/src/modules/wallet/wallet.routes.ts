import {
  ZEnvelope,
  ZHold,
  ZHoldParams,
  ZHoldSettleRequest,
  ZListResult,
  ZLowBalanceSettings,
  ZPricingList,
  ZPricingQuery,
  ZRatePlan,
  ZRatePlanCreate,
  ZRatePlansExportQuery,
  ZRatePlansQuery,
  ZTopup,
  ZTopupParams,
  ZTopupRequest,
  ZVerificationHoldRequest,
  ZVerificationPricing,
  ZVerificationPricingQuery,
  ZWalletBalance,
  ZWalletExportQuery,
  ZWalletTransaction,
  ZWalletTransactionsQuery,
  ZWhatsappPricingQuery,
  ZWhatsappRateCard,
  ZWhatsappRateCardCreate,
  ZWhatsappRateCardsExportQuery,
  ZWhatsappRateCardsQuery,
} from '@portico/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendTable } from '../../platform/export/tables.ts';
import { ok } from '../../platform/http/envelope.ts';
import { userOf } from '../../platform/http/secure-scope.ts';
import { xsrfCookieOf } from '../../platform/security/xsrf.ts';
import { rateCardsTable, ratePlansTable, walletHistoryTable } from './wallet.export.ts';
import type { WalletService } from './wallet.service.ts';
import type { RateCardsService } from './whatsapp-rate-cards.service.ts';

/** The most rows one export reads. */
const EXPORT_LIMIT = 10_000;

const tags = ['wallet'];

export interface WalletRoutesOptions {
  brandName: string;
}

/** Secure wallet, pricing and rate-plan routes (mounted under /api/v1/secure). */
export function walletRoutes(
  wallet: WalletService,
  cards: RateCardsService,
  options: WalletRoutesOptions,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/wallet/balance',
      {
        config: { action: 'wallet.read' },
        schema: {
          tags,
          summary: 'The wallet balance, held amount and low-balance state',
          response: { 200: ZEnvelope(ZWalletBalance) },
        },
      },
      async (request) => ok(await wallet.balance(userOf(request))),
    );

    app.get(
      '/wallet/transactions',
      {
        config: { action: 'wallet.read' },
        schema: {
          tags,
          summary:
            'Wallet history, newest first or sorted by time or amount: filters kind, from, to (UTC dates), search',
          querystring: ZWalletTransactionsQuery,
          response: { 200: ZEnvelope(ZListResult(ZWalletTransaction)) },
        },
      },
      async (request) => {
        const { start, end, ...filters } = request.query;
        return ok(await wallet.history(userOf(request), filters, { start, end }));
      },
    );

    app.get(
      '/wallet/transactions/export',
      {
        config: { action: 'wallet.read' },
        schema: {
          tags,
          summary: 'Wallet history as Excel (xlsx) or PDF, with the same filters',
          querystring: ZWalletExportQuery,
        },
      },
      async (request, reply) => {
        const { format, ...filters } = request.query;
        const user = userOf(request);
        const items = await wallet.exportRows(user, filters);
        const { balance } = await wallet.balance(user);
        const table = walletHistoryTable(items, {
          brandName: options.brandName,
          balance,
          generatedAt: new Date(),
        });
        return sendTable(reply, format, 'wallet-history', table);
      },
    );

    app.put(
      '/wallet/low-balance',
      {
        config: { action: 'wallet.manage' },
        schema: {
          tags,
          summary: 'Sets (or with null, clears) the low-balance alert threshold',
          body: ZLowBalanceSettings,
          response: { 200: ZEnvelope(ZWalletBalance) },
        },
      },
      async (request) => ok(await wallet.setLowBalanceThreshold(userOf(request), request.body.threshold)),
    );

    app.post(
      '/wallet/topups',
      {
        config: { action: 'wallet.topup' },
        schema: {
          tags,
          summary:
            "Starts a top-up: answers the provider's checkout URL; the wallet is credited when the provider confirms",
          body: ZTopupRequest,
          response: { 200: ZEnvelope(ZTopup) },
        },
      },
      async (request) =>
        ok(await wallet.startTopup(userOf(request), request.body.amount, xsrfCookieOf(request))),
    );

    app.get(
      '/wallet/topups/:topupId',
      {
        config: { action: 'wallet.read' },
        schema: {
          tags,
          summary: 'One top-up and its status',
          params: ZTopupParams,
          response: { 200: ZEnvelope(ZTopup) },
        },
      },
      async (request) => ok(await wallet.topup(userOf(request), request.params.topupId)),
    );

    app.get(
      '/wallet/verification-pricing',
      {
        config: { action: 'wallet.read' },
        schema: {
          tags,
          summary: 'The price of verifying a bot on these carriers (rate plans in force now)',
          querystring: ZVerificationPricingQuery,
          response: { 200: ZEnvelope(ZVerificationPricing) },
        },
      },
      async (request) => ok(await wallet.verificationPricing(userOf(request), request.query.carrier_ids)),
    );

    app.post(
      '/wallet/holds',
      {
        config: { action: 'wallet.pay' },
        schema: {
          tags,
          summary: 'Verification payment: prices the verification and holds it (idempotent by key)',
          body: ZVerificationHoldRequest,
          response: { 200: ZEnvelope(ZHold) },
        },
      },
      async (request) => ok(await wallet.holdVerification(userOf(request), request.body)),
    );

    for (const outcome of ['capture', 'release'] as const) {
      app.post(
        `/wallet/holds/:holdId/${outcome}`,
        {
          config: { action: 'wallet.pay' },
          schema: {
            tags,
            summary:
              outcome === 'capture'
                ? 'Charges a hold (on submission), exactly once'
                : 'Gives a hold back (on cancel), exactly once',
            params: ZHoldParams,
            body: ZHoldSettleRequest,
            response: { 200: ZEnvelope(ZHold) },
          },
        },
        async (request) =>
          ok(
            await wallet.settleHold(
              userOf(request),
              request.params.holdId,
              outcome,
              request.body.idempotency_key,
            ),
          ),
      );
    }

    app.get(
      '/pricing',
      {
        config: { action: 'pricing.read' },
        schema: {
          tags,
          summary: "PRICING: the carriers of the caller's region with the rate plan in force now",
          querystring: ZPricingQuery,
          response: { 200: ZEnvelope(ZPricingList) },
        },
      },
      async (request) => {
        const { start, end, search, sort, order } = request.query;
        return ok(await wallet.pricing(userOf(request), { start, end }, search, { sort, order }));
      },
    );

    app.get(
      '/rate-plans',
      {
        config: { action: 'rate-plans.read' },
        schema: {
          tags,
          summary:
            'Every rate plan version (platform admins): by carrier, newest first per carrier, or by start',
          querystring: ZRatePlansQuery,
          response: { 200: ZEnvelope(ZListResult(ZRatePlan)) },
        },
      },
      async (request) => {
        const { start, end, carrier_id, search, sort, order } = request.query;
        return ok(await wallet.ratePlans({ start, end }, carrier_id, search, { sort, order }));
      },
    );

    app.get(
      '/rate-plans/export',
      {
        config: { action: 'rate-plans.read' },
        schema: {
          tags,
          summary: 'The rate plan versions as Excel (xlsx) or PDF, with the same search and carrier filter',
          querystring: ZRatePlansExportQuery,
        },
      },
      async (request, reply) => {
        const { format, carrier_id, search, sort, order } = request.query;
        const { items } = await wallet.ratePlans({ start: 0, end: EXPORT_LIMIT }, carrier_id, search, {
          sort,
          order,
        });
        const table = ratePlansTable(items, { brandName: options.brandName, generatedAt: new Date() });
        return sendTable(reply, format, 'rate-plans', table);
      },
    );

    app.get(
      '/whatsapp-rate-cards',
      {
        config: { action: 'rate-plans.read' },
        schema: {
          tags,
          summary: 'Every WhatsApp rate card version (platform admins): by country, the newest first',
          querystring: ZWhatsappRateCardsQuery,
          response: { 200: ZEnvelope(ZListResult(ZWhatsappRateCard)) },
        },
      },
      async (request) => {
        const { start, end, country_id, search, sort, order } = request.query;
        return ok(await cards.list({ start, end }, { countryId: country_id, search, sort, order }));
      },
    );

    app.get(
      '/whatsapp-rate-cards/export',
      {
        config: { action: 'rate-plans.read' },
        schema: {
          tags,
          summary: 'The WhatsApp rate card versions as Excel (xlsx) or PDF, with the same filters',
          querystring: ZWhatsappRateCardsExportQuery,
        },
      },
      async (request, reply) => {
        const { format, country_id, search, sort, order } = request.query;
        const items = await cards.exportRows({ countryId: country_id, search, sort, order });
        const table = rateCardsTable(items, { brandName: options.brandName, generatedAt: new Date() });
        return sendTable(reply, format, 'whatsapp-rate-cards', table);
      },
    );

    app.post(
      '/whatsapp-rate-cards',
      {
        config: { action: 'rate-plans.write' },
        schema: {
          tags,
          summary:
            "A new version of a country's WhatsApp rate card (a price per Meta category) from its effective date (never in the past)",
          body: ZWhatsappRateCardCreate,
          response: { 200: ZEnvelope(ZWhatsappRateCard) },
        },
      },
      async (request) => ok(await cards.create(userOf(request), request.body)),
    );

    app.get(
      '/pricing/whatsapp',
      {
        config: { action: 'pricing.read' },
        schema: {
          tags,
          summary: "PRICING's WhatsApp part: each country's rate card in force now (Meta's categories)",
          querystring: ZWhatsappPricingQuery,
          response: { 200: ZEnvelope(ZListResult(ZWhatsappRateCard)) },
        },
      },
      async (request) => {
        const { start, end, ...filter } = request.query;
        return ok(await cards.pricing({ start, end }, filter));
      },
    );

    app.post(
      '/rate-plans',
      {
        config: { action: 'rate-plans.write' },
        schema: {
          tags,
          summary: 'A new version of a carrier rate plan from its effective date (never in the past)',
          body: ZRatePlanCreate,
          response: { 200: ZEnvelope(ZRatePlan) },
        },
      },
      async (request) => ok(await wallet.createRatePlan(userOf(request), request.body)),
    );
  };
}
