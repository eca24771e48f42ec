import {
  applyPaymentOutcome,
  DEFAULT_PLAN_CODE,
  effectiveUntil,
  effectiveVersion,
  formatMicros,
  hasNoDeveloperSubRole,
  PARTNER_CODE,
  type PricingSort,
  parseMoney,
  pastStartProblem,
  type RatePlanSort,
  REGIONS,
  type Region,
  type TCarrierPricing,
  type THold,
  type TListResult,
  TOPUP_MOVES_FROM,
  type TopupStatus,
  type TPricingList,
  type TRatePlan,
  type TRatePlanCreate,
  type TTopup,
  type TVerificationHoldRequest,
  type TVerificationPricing,
  type TWalletBalance,
  type TWalletTransaction,
  topUpReference,
  verificationTotal,
  WALLET_CURRENCY,
  ZRatePlanCreate,
} from '@portico/domain';
import type { AuthenticatedUser } from '../../platform/auth/types.ts';
import type { Database } from '../../platform/db/index.ts';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../platform/http/errors.ts';
import type { Ledger, LedgerResult, LowBalanceCrossing } from './ledger.ts';
import type { PaymentEvent, PaymentProvider } from './payments.ts';
import type { RatePlanRow, RatePlansRepository } from './rate-plans.repository.ts';
import type { MeteredReservations } from './reservations.ts';
import {
  presentCarrierPricing,
  presentHold,
  presentRatePlan,
  presentTopup,
  presentTransaction,
} from './wallet.presenter.ts';
import type { HistoryFilters, WalletRepository } from './wallet.repository.ts';

/** Sends the one low-balance alert of a threshold crossing (the email job). */
export interface LowBalanceNotifier {
  notify(partnerId: string, balance: bigint, threshold: bigint, alertId: string): Promise<void>;
}

export const NO_WALLET = 'This account has no wallet.';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The most rows one export carries. */
export const EXPORT_ROW_LIMIT = 10_000;

export interface WalletDeps {
  /** Each money movement and its low-balance alert job commit together (database.transaction). */
  database: Pick<Database, 'transaction'>;
  ledger: Ledger;
  wallets: WalletRepository;
  plans: RatePlansRepository;
  provider: PaymentProvider;
  notifier: LowBalanceNotifier;
  /** The wallets' money reserved by metered sends (reservations.ts). */
  reservations: MeteredReservations;
}

export function createWalletService({
  database,
  ledger,
  wallets,
  plans,
  provider,
  notifier,
  reservations,
}: WalletDeps) {
  async function requireWallet(user: AuthenticatedUser): Promise<string> {
    const partner = await wallets.partner(user.partnerId);
    if (!partner?.hasEwallet) throw new ForbiddenError(NO_WALLET);
    return partner.partnerId;
  }

  /**
   * One money movement as a unit of work: the ledger's transaction, the alert row of a threshold
   * crossing and the alert's email job commit together or not at all.
   */
  function movement(move: () => Promise<LedgerResult>): Promise<LedgerResult> {
    return database.transaction(async () => {
      const result = await move();
      if (result.crossing) await notify(result.crossing);
      return result;
    });
  }
  const notify = (crossing: LowBalanceCrossing) =>
    notifier.notify(crossing.partnerId, crossing.balance, crossing.threshold, crossing.alertId);

  async function accountsOf(partnerId: string) {
    const rows = await wallets.accounts(partnerId, WALLET_CURRENCY);
    return { wallet: rows.find((r) => r.kind === 'wallet'), holds: rows.find((r) => r.kind === 'holds') };
  }

  function present(rows: RatePlanRow[], at: Date): Map<number, TRatePlan> {
    const byCarrier = new Map<number, RatePlanRow[]>();
    for (const row of rows) byCarrier.set(row.carrierId, [...(byCarrier.get(row.carrierId) ?? []), row]);
    const current = new Map<number, TRatePlan>();
    for (const [carrierId, versions] of byCarrier) {
      const version = effectiveVersion(versions, at);
      if (version) current.set(carrierId, presentRatePlan(version, effectiveUntil(versions, version)));
    }
    return current;
  }

  async function currentPlans(carrierIds: number[], at = new Date()) {
    return present(await plans.versionsOf(carrierIds), at);
  }

  async function regionOf(partnerId: string): Promise<Region> {
    const country = await plans.partnerCountry(partnerId);
    const region = country ? await plans.countryRegion(country) : null;
    return (REGIONS as readonly string[]).includes(region ?? '') ? (region as Region) : 'Rest of World';
  }

  async function verificationQuote(carrierIds: number[]): Promise<TVerificationPricing & { micros: bigint }> {
    const found = await plans.carriersById(carrierIds);
    const missing = carrierIds.filter((id) => !found.some((c) => c.carrierId === id));
    if (missing.length > 0) throw new BadRequestError(`Unknown carrier: ${missing.join(', ')}`);
    const current = await currentPlans(carrierIds);
    const items = found.map((carrier) => {
      const plan = current.get(carrier.carrierId);
      if (!plan) throw new ConflictError(`${carrier.name} has no rate plan in force.`);
      if (plan.currency !== WALLET_CURRENCY) {
        throw new ConflictError(
          `${carrier.name} is priced in ${plan.currency}; the wallet is in ${WALLET_CURRENCY}.`,
        );
      }
      return {
        carrier_id: carrier.carrierId,
        carrier_name: carrier.name,
        plan_code: plan.plan_code,
        price: plan.verification_price,
      };
    });
    const micros = verificationTotal(
      items.map((item) => ({ verificationPriceMicros: parseMoney(item.price) ?? 0n })),
    );
    return { currency: WALLET_CURRENCY, items, total: formatMicros(micros), micros };
  }

  return {
    /** The caller's partner when it has a wallet (403 otherwise): for modules that show wallet money. */
    requireWallet,

    async balance(user: AuthenticatedUser): Promise<TWalletBalance> {
      const partnerId = await requireWallet(user);
      const { wallet, holds } = await accountsOf(partnerId);
      const balance = wallet?.balance ?? 0n;
      const threshold = wallet?.lowBalanceThreshold ?? null;
      return {
        currency: WALLET_CURRENCY,
        balance: formatMicros(balance),
        held: formatMicros(holds?.balance ?? 0n),
        low_balance_threshold: threshold === null ? null : formatMicros(threshold),
        low_balance: threshold !== null && balance < threshold,
      };
    },

    async history(
      user: AuthenticatedUser,
      filters: HistoryFilters,
      window: { start: number; end: number },
    ): Promise<TListResult<TWalletTransaction>> {
      const partnerId = await requireWallet(user);
      const { wallet } = await accountsOf(partnerId);
      if (!wallet) return { items: [], total: 0 };
      const { rows, total } = await wallets.history(wallet.accountId, filters, window);
      return { items: rows.map(presentTransaction), total };
    },

    /** Every history row the filters select (newest first), up to EXPORT_ROW_LIMIT. */
    async exportRows(user: AuthenticatedUser, filters: HistoryFilters) {
      const result = await this.history(user, filters, { start: 0, end: EXPORT_ROW_LIMIT });
      return result.items;
    },

    async setLowBalanceThreshold(user: AuthenticatedUser, threshold: string | null): Promise<TWalletBalance> {
      const partnerId = await requireWallet(user);
      await ledger.setThreshold(partnerId, threshold === null ? null : (parseMoney(threshold) ?? 0n));
      return this.balance(user);
    },

    /** `browser`: the XSRF cookie of the caller's browser, to which the sandbox binds its checkout. */
    async startTopup(
      user: AuthenticatedUser,
      amount: string,
      browser: string | null = null,
    ): Promise<TTopup> {
      const partnerId = await requireWallet(user);
      const micros = parseMoney(amount);
      if (micros === null) throw new BadRequestError('Amount must be a number such as 25 or 25.50');
      const row = await wallets.insertTopup({
        partnerId,
        userId: user.userId,
        amount: micros,
        currency: WALLET_CURRENCY,
        provider: provider.name,
      });
      const checkout = await provider.createCheckout({
        topupId: row.topupId,
        amount: row.amount,
        currency: row.currency,
        userId: user.userId,
        browser,
      });
      const opened = await wallets.setTopupCheckout(row.topupId, checkout.url, checkout.reference);
      return presentTopup(opened ?? row, checkout.url);
    },

    async topup(user: AuthenticatedUser, topupId: string): Promise<TTopup> {
      const partnerId = await requireWallet(user);
      const row = await wallets.topupOfPartner(partnerId, topupId);
      if (!row) throw new NotFoundError('Top-up not found.');
      return presentTopup(row, row.checkoutUrl);
    },

    /** A top-up for the provider's own checkout page (no user: the id is the secret). */
    async pendingTopupForCheckout(topupId: string) {
      const row = await wallets.topup(topupId);
      if (!row || row.provider !== provider.name) throw new NotFoundError('This checkout does not exist.');
      return row;
    },

    /**
     * The provider's verified outcome of a top-up, by the one payment-state rule (decision 0014,
     * `applyPaymentOutcome` in packages/domain): a success credits once, also after a failure or an
     * abandonment (the provider took the money); a failure or an abandonment only closes a pending
     * top-up; nothing undoes a success. The credit goes through the ledger with the key
     * `topup:<id>`, and each move is guarded by the status it moves from, so redelivered, late or
     * concurrent events never credit twice.
     */
    async applyPaymentEvent(event: PaymentEvent | null): Promise<{ status: string; credited: boolean }> {
      if (!event) return { status: 'ignored', credited: false };
      // A provider's event names the top-up we gave it; anything else is no top-up of ours.
      if (!UUID.test(event.topupId)) throw new NotFoundError('Top-up not found.');
      // The credit and the top-up's new state are one unit of work.
      return database.transaction(async () => {
        const row = await wallets.topup(event.topupId);
        if (!row || row.provider !== provider.name) throw new NotFoundError('Top-up not found.');
        const next = applyPaymentOutcome(row.status as TopupStatus, event.outcome);
        if (next.status === row.status) return { status: row.status, credited: false };
        const from = TOPUP_MOVES_FROM[event.outcome];
        if (!next.credit) {
          const changed = await wallets.completeTopup(row.topupId, from, {
            status: next.status,
            providerReference: event.providerReference,
          });
          return { status: changed?.status ?? row.status, credited: false };
        }
        const result = await movement(() =>
          ledger.credit({
            partnerId: row.partnerId,
            idempotencyKey: `topup:${row.topupId}`,
            amount: row.amount,
            kind: 'topup',
            description: `Wallet top-up (${provider.name})`,
            reference: topUpReference(row.amount),
          }),
        );
        await wallets.completeTopup(row.topupId, from, {
          status: next.status,
          transactionId: result.transaction.transactionId,
          providerReference: event.providerReference,
        });
        return { status: next.status, credited: !result.replayed };
      });
    },

    /** Who is mailed a low-balance alert: the partner's main accounts, or every active user when it has none. */
    async alertRecipients(partnerId: string): Promise<string[]> {
      const active = await wallets.activeUsers(partnerId);
      const owners = active.filter((user) => hasNoDeveloperSubRole(user.role));
      return (owners.length > 0 ? owners : active).map((user) => user.email);
    },

    async verificationPricing(user: AuthenticatedUser, carrierIds: number[]): Promise<TVerificationPricing> {
      await requireWallet(user);
      const { micros: _micros, ...quote } = await verificationQuote(carrierIds);
      return quote;
    },

    /**
     * The verification quote of these carriers for whoever reads a launch (its reviewers too): no
     * wallet needed. Refused (409) when one has no rate plan in force.
     */
    async verificationQuote(carrierIds: number[]): Promise<TVerificationPricing> {
      const { micros: _micros, ...quote } = await verificationQuote(carrierIds);
      return quote;
    },

    /** Each carrier's verification price in force now (null without a plan in the wallet's currency). */
    async verificationPrices(carrierIds: number[]): Promise<Map<number, string | null>> {
      const current = await currentPlans(carrierIds);
      return new Map(
        carrierIds.map((id) => {
          const plan = current.get(id);
          return [id, plan && plan.currency === WALLET_CURRENCY ? plan.verification_price : null];
        }),
      );
    },

    /** A partner's hold as it stands, for the launch summary (null when the partner has no such hold). */
    async holdOf(partnerId: string, holdId: string): Promise<THold | null> {
      const hold = await ledger.findHold(partnerId, holdId);
      return hold ? presentHold(hold) : null;
    },

    /** What the wallet can still hold: its balance (micro-units), or null when the partner has no wallet. */
    async availableFor(partnerId: string): Promise<bigint | null> {
      const partner = await wallets.partner(partnerId);
      if (!partner?.hasEwallet) return null;
      const { wallet } = await accountsOf(partnerId);
      return wallet?.balance ?? 0n;
    },

    /** The launch stepper's Payment step: price the verification and hold it. */
    async holdVerification(user: AuthenticatedUser, request: TVerificationHoldRequest): Promise<THold> {
      const partnerId = await requireWallet(user);
      const quote = await verificationQuote(request.carrier_ids);
      const result = await movement(() =>
        ledger.hold({
          partnerId,
          idempotencyKey: request.idempotency_key,
          amount: quote.micros,
          description: `Bot verification hold (${quote.items.map((i) => i.carrier_name).join(', ')})`,
          reference: request.reference,
        }),
      );
      const hold = await ledger.findHold(
        partnerId,
        result.transaction.holdId ?? result.transaction.transactionId,
      );
      if (!hold) throw new NotFoundError('Hold not found.');
      return presentHold(hold);
    },

    async settleHold(
      user: AuthenticatedUser,
      holdId: string,
      outcome: 'capture' | 'release',
      idempotencyKey: string,
    ): Promise<THold> {
      const partnerId = await requireWallet(user);
      const existing = await ledger.findHold(partnerId, holdId);
      if (!existing) throw new NotFoundError('Hold not found.');
      const request = {
        partnerId,
        holdId,
        idempotencyKey,
        reference: existing.reference,
        description: outcome === 'capture' ? 'Bot verification charged' : 'Bot verification hold released',
      };
      await movement(() => (outcome === 'capture' ? ledger.capture(request) : ledger.release(request)));
      const hold = await ledger.findHold(partnerId, holdId);
      if (!hold) throw new NotFoundError('Hold not found.');
      return presentHold(hold);
    },

    /**
     * Settles a partner's hold for a reviewer's decision (the platform approves or rejects a launch),
     * with no user of that partner at hand; joins the caller's unit of work. Exactly once: the key
     * replays the first settlement, a hold already settled the same way moves nothing, and one
     * settled the other way is refused (409).
     */
    async settlePartnerHold(request: {
      partnerId: string;
      holdId: string;
      outcome: 'capture' | 'release';
      idempotencyKey: string;
      description: string;
      /** A hold settled the other way is left as it is (no 409): a rejection after a capture keeps the charge. */
      onlyIfHeld?: boolean;
    }): Promise<{ hold: THold; moved: boolean }> {
      const existing = await ledger.findHold(request.partnerId, request.holdId);
      if (!existing) throw new NotFoundError('Hold not found.');
      const settled = request.outcome === 'capture' ? 'captured' : 'released';
      const skip = existing.status === settled || (request.onlyIfHeld === true && existing.status !== 'held');
      let moved = false;
      if (!skip) {
        const move = {
          partnerId: request.partnerId,
          holdId: request.holdId,
          idempotencyKey: request.idempotencyKey,
          reference: existing.reference,
          description: request.description,
        };
        const result = await movement(() =>
          request.outcome === 'capture' ? ledger.capture(move) : ledger.release(move),
        );
        moved = !result.replayed;
      }
      const hold = await ledger.findHold(request.partnerId, request.holdId);
      if (!hold) throw new NotFoundError('Hold not found.');
      return { hold: presentHold(hold), moved };
    },

    /**
     * A campaign's hold (issue 28): the estimate reserved from the partner's balance, refused (409)
     * when the balance is short; joins the caller's unit of work. Returns the hold's id.
     */
    async holdForPartner(request: {
      partnerId: string;
      amount: bigint;
      idempotencyKey: string;
      description: string;
      reference: string;
    }): Promise<string> {
      const result = await movement(() => ledger.hold(request));
      return result.transaction.holdId ?? result.transaction.transactionId;
    },

    /** Charges a campaign batch from its hold at its real price (exactly once per key); false when the key replayed. */
    async capturePart(request: {
      partnerId: string;
      holdId: string;
      amount: bigint;
      idempotencyKey: string;
      description: string;
      reference: string;
    }): Promise<boolean> {
      if (request.amount <= 0n) return false;
      return !(await movement(() => ledger.capturePart(request))).replayed;
    },

    /** Gives back what a campaign's captures left of its hold (its end, failure or cancel); the amount released. */
    async releaseRest(request: {
      partnerId: string;
      holdId: string;
      idempotencyKey: string;
      description: string;
      reference: string;
    }): Promise<bigint> {
      const result = await ledger.releaseRest(request);
      return result?.transaction.amount ?? 0n;
    },

    /** A charge for later issues (campaign messages): idempotent by key, refused when short. */
    async debit(request: {
      partnerId: string;
      amount: bigint;
      idempotencyKey: string;
      description: string;
      reference?: string | null;
    }): Promise<LedgerResult> {
      return movement(() => ledger.debit(request));
    },

    /**
     * The money metered sends reserve (decision 0023), in the caller's unit of work: lock the
     * wallets and read them, raise their reserved money, reserve one send if covered, give a failed
     * send's money back. Metering calls these; only the wallet writes its accounts.
     */
    ...reservations,

    /**
     * Charges a settlement batch of metered messages (decision 0023): one debit of their sum that
     * also lowers the wallet's reserved money by it; joins the caller's unit of work.
     */
    async chargeReserved(request: {
      partnerId: string;
      idempotencyKey: string;
      amount: bigint;
      description: string;
      reference?: string | null;
    }): Promise<LedgerResult> {
      return movement(() => ledger.chargeReserved(request));
    },

    /** The PRICING page: the partner's region's carriers with the plan in force now. */
    async pricing(
      user: AuthenticatedUser,
      window: { start: number; end: number },
      search?: string,
      sort?: PricingSort,
    ): Promise<TPricingList> {
      const region = await regionOf(user.partnerId);
      const { rows, total } = await plans.carriersInRegion(region, window, search, sort);
      const current = await currentPlans(rows.map((r) => r.carrierId));
      const items: TCarrierPricing[] = rows.map((carrier) =>
        presentCarrierPricing(carrier, current.get(carrier.carrierId) ?? null),
      );
      return { region, items, total };
    },

    /** Every version of the rate plans (admins): by carrier (newest first per carrier) or by start. */
    async ratePlans(
      window: { start: number; end: number },
      carrierId?: number,
      search?: string,
      sort?: RatePlanSort,
    ): Promise<TListResult<TRatePlan>> {
      const { rows, total } = await plans.list(window, carrierId, search, sort);
      const versions = await plans.versionsOf([...new Set(rows.map((r) => r.carrierId))]);
      return {
        items: rows.map((row) =>
          presentRatePlan(
            row,
            effectiveUntil(
              versions.filter((v) => v.carrierId === row.carrierId),
              row,
            ),
          ),
        ),
        total,
      };
    },

    /** A new version of a carrier's plan, from its effective date on; the past is never rewritten. */
    async createRatePlan(
      user: AuthenticatedUser,
      input: TRatePlanCreate,
      now = new Date(),
    ): Promise<TRatePlan> {
      const body = ZRatePlanCreate.parse(input);
      const carrier = await plans.carrier(body.carrier_id);
      if (!carrier) throw new BadRequestError('Carrier: no such carrier.');
      const effectiveFrom = new Date(body.effective_from);
      const past = pastStartProblem(effectiveFrom, now);
      if (past) throw new BadRequestError(past);
      const seen = new Set<string>();
      for (const price of body.prices) {
        const key = `${price.billing_category}|${price.message_type}`;
        if (seen.has(key)) {
          throw new BadRequestError(
            `Prices: ${price.billing_category} / ${price.message_type} is listed twice.`,
          );
        }
        seen.add(key);
      }
      const id = await plans.insertVersion(
        {
          carrierId: body.carrier_id,
          planCode: body.plan_code ?? DEFAULT_PLAN_CODE,
          partnerCode: PARTNER_CODE,
          currency: body.currency,
          effectiveFrom,
          verificationPrice: parseMoney(body.verification_price) ?? 0n,
          createdBy: user.userId,
        },
        body.prices.map((p) => ({
          billingCategory: p.billing_category,
          messageType: p.message_type,
          price: parseMoney(p.price) ?? 0n,
        })),
      );
      const versions = await plans.versionsOf([body.carrier_id]);
      const created = versions.find((v) => v.ratePlanId === id);
      if (!created) throw new Error('created rate plan not found');
      return presentRatePlan(created, effectiveUntil(versions, created));
    },
  };
}
export type WalletService = ReturnType<typeof createWalletService>;
