import { crossesBelowThreshold, type LedgerTransactionKind, WALLET_CURRENCY } from '@portico/domain';
import type { Db } from '../../platform/db/index.ts';
import { ConflictError, NotFoundError } from '../../platform/http/errors.ts';
import type {
  AccountKind,
  AccountRow,
  HoldRow,
  LedgerRepository,
  TransactionRow,
} from './ledger.repository.ts';

export const INSUFFICIENT_BALANCE = 'Insufficient wallet balance.';
export const KEY_REUSED = 'This idempotency key was already used for a different request.';

/** What every movement carries. The idempotency key is unique per partner. */
export interface LedgerRequest {
  partnerId: string;
  idempotencyKey: string;
  description: string;
  reference?: string | null;
}

/** A threshold crossing recorded by a movement: the caller sends one alert for it, after commit. */
export interface LowBalanceCrossing {
  partnerId: string;
  alertId: string;
  balance: bigint;
  threshold: bigint;
}

export interface LedgerResult {
  transaction: TransactionRow;
  /** True when the key had been used: the first result is returned and nothing moved. */
  replayed: boolean;
  crossing: LowBalanceCrossing | null;
}

interface Leg {
  account: AccountRow;
  amount: bigint;
  /** Partner accounts keep a running balance; the platform's do not (see ledger_entries.balance_after). */
  tracked: boolean;
}

function required(account: AccountRow | null): AccountRow {
  if (!account) throw new Error('the movement has no platform account');
  return account;
}

export interface LedgerDeps {
  db: Db;
  repository: LedgerRepository;
  /** Records an alert row inside the movement's transaction (wallet_alerts); returns its id. */
  recordAlert: (
    tx: Db,
    alert: { partnerId: string; balance: bigint; threshold: bigint; transactionId: string },
  ) => Promise<string>;
}

/**
 * The double-entry ledger (issue 5). Every movement runs in one database transaction that first
 * locks the partner's wallet row (SELECT ... FOR UPDATE), so movements of one partner are serial on
 * PostgreSQL and PGlite alike, then: returns the first result when the idempotency key was used,
 * checks the balance, writes a transaction whose entries sum to zero and the new balances.
 */
export function createLedger({ db, repository, recordAlert }: LedgerDeps) {
  const platformAccounts = new Map<string, AccountRow>();

  /**
   * The platform's account of this kind. It may be created inside a movement's unit of work, which
   * can still roll back: only an account that was already there is remembered.
   */
  async function platformAccount(kind: 'payments' | 'revenue', currency: string): Promise<AccountRow> {
    const cacheKey = `${kind}:${currency}`;
    const cached = platformAccounts.get(cacheKey);
    if (cached) return cached;
    const existing = await repository.account(db, null, kind, currency);
    if (existing) {
      platformAccounts.set(cacheKey, existing);
      return existing;
    }
    await repository.ensureAccount(db, null, kind, currency);
    const created = await repository.account(db, null, kind, currency);
    if (!created) throw new Error(`platform ${kind} account could not be created`);
    return created;
  }

  async function lockPartnerAccount(tx: Db, partnerId: string, kind: AccountKind): Promise<AccountRow> {
    let row = await repository.lockAccount(tx, partnerId, kind, WALLET_CURRENCY);
    if (!row) {
      await repository.ensureAccount(tx, partnerId, kind, WALLET_CURRENCY);
      row = await repository.lockAccount(tx, partnerId, kind, WALLET_CURRENCY);
    }
    if (!row) throw new Error(`${kind} account of partner ${partnerId} could not be created`);
    return row;
  }

  interface Movement {
    kind: LedgerTransactionKind;
    amount: bigint;
    holdId?: string;
    /** Builds the legs once the wallet is locked and the key is known to be new. */
    legs: (ctx: { tx: Db; wallet: AccountRow; platform: AccountRow | null }) => Promise<Leg[]>;
    /** The platform account the movement touches. */
    platform?: 'payments' | 'revenue';
    /** Runs after the transaction row exists (hold rows, settling a hold). */
    after?: (tx: Db, transaction: TransactionRow) => Promise<void>;
    /** Checks before anything is written (a hold must still be held). */
    check?: (tx: Db) => Promise<void>;
    /** Metered reservations this movement settles: the wallet's `reserved` goes down by it (decision 0023). */
    unreserve?: bigint;
  }

  async function move(request: LedgerRequest, movement: Movement): Promise<LedgerResult> {
    if (movement.amount <= 0n) throw new Error('a ledger movement moves a positive amount');
    const platform = movement.platform ? await platformAccount(movement.platform, WALLET_CURRENCY) : null;
    const fingerprint = `${movement.kind}:${movement.amount}:${movement.holdId ?? ''}`;
    return db.transaction(async (tx) => {
      let locked = await repository.lockWalletWithKey(
        tx,
        request.partnerId,
        WALLET_CURRENCY,
        request.idempotencyKey,
      );
      if (!locked) {
        await repository.ensureAccount(tx, request.partnerId, 'wallet', WALLET_CURRENCY);
        locked = await repository.lockWalletWithKey(
          tx,
          request.partnerId,
          WALLET_CURRENCY,
          request.idempotencyKey,
        );
      }
      if (!locked) throw new Error(`wallet of partner ${request.partnerId} could not be created`);
      const { account: wallet, first } = locked;
      if (first) {
        if (first.requestFingerprint !== fingerprint) throw new ConflictError(KEY_REUSED);
        return { transaction: first, replayed: true, crossing: null };
      }
      await movement.check?.(tx);
      const legs = await movement.legs({ tx, wallet, platform });
      const sum = legs.reduce((total, leg) => total + leg.amount, 0n);
      if (sum !== 0n) throw new Error(`unbalanced ledger transaction (${sum})`);

      // The wallet's money reserved by metered sends is not spendable: a movement keeps it covered.
      const unreserve = movement.unreserve ?? 0n;
      if (unreserve < 0n || unreserve > wallet.reserved) throw new Error('unreserving more than is reserved');
      const balances = new Map<string, bigint>();
      for (const leg of legs) {
        if (!leg.tracked) continue;
        const before = balances.get(leg.account.accountId) ?? leg.account.balance;
        const after = before + leg.amount;
        const floor = leg.account.accountId === wallet.accountId ? wallet.reserved - unreserve : 0n;
        if (after < floor && leg.amount < 0n) throw new ConflictError(INSUFFICIENT_BALANCE);
        balances.set(leg.account.accountId, after);
      }

      // The wallet's low-balance state: one alert per crossing below the threshold, cleared above it.
      const walletAfter = balances.get(wallet.accountId) ?? wallet.balance;
      const threshold = wallet.lowBalanceThreshold;
      const crossed =
        !wallet.lowBalanceAlerted &&
        threshold !== null &&
        crossesBelowThreshold(wallet.balance, walletAfter, threshold);
      const alerted = crossed
        ? true
        : wallet.lowBalanceAlerted && (threshold === null || walletAfter >= threshold)
          ? false
          : wallet.lowBalanceAlerted;

      const written = await repository.writeMovement(tx, {
        transaction: {
          partnerId: request.partnerId,
          kind: movement.kind,
          idempotencyKey: request.idempotencyKey,
          requestFingerprint: fingerprint,
          amount: movement.amount,
          currency: WALLET_CURRENCY,
          description: request.description,
          reference: request.reference ?? null,
          holdId: movement.holdId ?? null,
        },
        entries: legs.map((leg) => ({
          accountId: leg.account.accountId,
          amount: leg.amount,
          balanceAfter: leg.tracked ? (balances.get(leg.account.accountId) ?? null) : null,
        })),
        balances: [...balances].map(([accountId, balance]) => ({
          accountId,
          balance,
          lowBalanceAlerted: accountId === wallet.accountId ? alerted : null,
          unreserved: accountId === wallet.accountId ? unreserve : 0n,
        })),
      });
      if (!written) {
        // The key's first request committed after our lock's snapshot (READ COMMITTED): replay it.
        const earlier = await repository.transactionByKey(tx, request.partnerId, request.idempotencyKey);
        if (!earlier) throw new Error('idempotency key conflict without a transaction');
        if (earlier.requestFingerprint !== fingerprint) throw new ConflictError(KEY_REUSED);
        return { transaction: earlier, replayed: true, crossing: null };
      }
      const transaction = written;

      let crossing: LowBalanceCrossing | null = null;
      if (crossed && threshold !== null) {
        const alertId = await recordAlert(tx, {
          partnerId: request.partnerId,
          balance: walletAfter,
          threshold,
          transactionId: transaction.transactionId,
        });
        crossing = { partnerId: request.partnerId, alertId, balance: walletAfter, threshold };
      }
      await movement.after?.(tx, transaction);
      return { transaction, replayed: false, crossing };
    });
  }

  async function settle(request: LedgerRequest & { holdId: string }, outcome: 'captured' | 'released') {
    const found = await repository.hold(db, request.partnerId, request.holdId);
    if (!found) throw new NotFoundError('Hold not found.');
    // What partial captures left of it (all of it for a hold never partly captured).
    const hold = { ...found, amount: found.amount - found.captured };
    return move(request, {
      kind: outcome === 'captured' ? 'capture' : 'release',
      amount: hold.amount,
      holdId: hold.holdId,
      check: async (tx) => {
        const locked = await repository.lockHold(tx, request.partnerId, request.holdId);
        if (locked?.status !== 'held') {
          throw new ConflictError(`This hold was already ${locked?.status ?? 'settled'}.`);
        }
      },
      ...(outcome === 'captured' ? { platform: 'revenue' as const } : {}),
      legs: async ({ tx, wallet, platform }) => {
        const holds = await lockPartnerAccount(tx, request.partnerId, 'holds');
        const target =
          outcome === 'captured'
            ? { account: required(platform), amount: hold.amount, tracked: false }
            : { account: wallet, amount: hold.amount, tracked: true };
        return [{ account: holds, amount: -hold.amount, tracked: true }, target];
      },
      after: (tx, transaction) => repository.settleHold(tx, hold.holdId, outcome, transaction.transactionId),
    });
  }

  return {
    /** Money received (a confirmed top-up): the platform's payments account -> the wallet. */
    credit(request: LedgerRequest & { amount: bigint; kind?: 'topup' | 'adjustment' }) {
      return move(request, {
        kind: request.kind ?? 'topup',
        amount: request.amount,
        platform: 'payments',
        legs: async ({ wallet, platform }) => [
          { account: required(platform), amount: -request.amount, tracked: false },
          { account: wallet, amount: request.amount, tracked: true },
        ],
      });
    },

    /** A charge (messages sent): the wallet -> revenue; refused when the balance is short. */
    debit(request: LedgerRequest & { amount: bigint }) {
      return move(request, {
        kind: 'debit',
        amount: request.amount,
        platform: 'revenue',
        legs: async ({ wallet, platform }) => [
          { account: wallet, amount: -request.amount, tracked: true },
          { account: required(platform), amount: request.amount, tracked: false },
        ],
      });
    },

    /**
     * Charges a settlement batch of metered messages (decision 0023): the wallet -> revenue, and the
     * wallet's reserved money goes down by the same amount, in one movement. Reserved money always
     * covers it, so it is never refused for the balance.
     */
    chargeReserved(request: LedgerRequest & { amount: bigint }) {
      return move(request, {
        kind: 'debit',
        amount: request.amount,
        platform: 'revenue',
        unreserve: request.amount,
        legs: async ({ wallet, platform }) => [
          { account: wallet, amount: -request.amount, tracked: true },
          { account: required(platform), amount: request.amount, tracked: false },
        ],
      });
    },

    /** Reserves money: the wallet -> the partner's holds account, until captured or released. */
    hold(request: LedgerRequest & { amount: bigint }) {
      return move(request, {
        kind: 'hold',
        amount: request.amount,
        legs: async ({ tx, wallet }) => [
          { account: wallet, amount: -request.amount, tracked: true },
          {
            account: await lockPartnerAccount(tx, request.partnerId, 'holds'),
            amount: request.amount,
            tracked: true,
          },
        ],
        after: (tx, transaction) =>
          repository.insertHold(tx, {
            holdId: transaction.transactionId,
            partnerId: request.partnerId,
            amount: request.amount,
            currency: WALLET_CURRENCY,
            reference: request.reference ?? null,
          }),
      });
    },

    /**
     * Charges part of a hold (a campaign's sent batch at its real price): holds -> revenue, exactly
     * once per key, never more than what the hold still has; the hold stays held for the rest.
     */
    capturePart(request: LedgerRequest & { holdId: string; amount: bigint }) {
      return move(request, {
        kind: 'capture',
        amount: request.amount,
        holdId: request.holdId,
        platform: 'revenue',
        check: async (tx) => {
          const locked = await repository.lockHold(tx, request.partnerId, request.holdId);
          if (locked?.status !== 'held')
            throw new ConflictError(`This hold was already ${locked?.status ?? 'settled'}.`);
          if (locked.captured + request.amount > locked.amount)
            throw new ConflictError('A capture may not take more than the hold has left.');
        },
        legs: async ({ tx, platform }) => [
          {
            account: await lockPartnerAccount(tx, request.partnerId, 'holds'),
            amount: -request.amount,
            tracked: true,
          },
          { account: required(platform), amount: request.amount, tracked: false },
        ],
        after: (tx) => repository.addCaptured(tx, request.holdId, request.amount),
      });
    },

    /**
     * Ends a partly captured hold: what is left goes back to the wallet (a release movement), or,
     * when the captures took all of it, the hold is only marked captured. Null when nothing moved.
     */
    async releaseRest(request: LedgerRequest & { holdId: string }): Promise<LedgerResult | null> {
      const hold = await repository.hold(db, request.partnerId, request.holdId);
      if (!hold) throw new NotFoundError('Hold not found.');
      if (hold.status !== 'held') return null;
      if (hold.amount - hold.captured > 0n) return settle(request, 'released');
      await db.transaction(async (tx) => {
        const locked = await repository.lockHold(tx, request.partnerId, request.holdId);
        if (locked?.status === 'held') await repository.settleHold(tx, request.holdId, 'captured', null);
      });
      return null;
    },

    /** Charges a hold: holds -> revenue, exactly once. */
    capture: (request: LedgerRequest & { holdId: string }) => settle(request, 'captured'),
    /** Gives a hold back: holds -> the wallet, exactly once. */
    release: (request: LedgerRequest & { holdId: string }) => settle(request, 'released'),

    /** Sets the wallet's low-balance threshold (null: off). Already below it counts as alerted: the banner shows, no email. */
    setThreshold(partnerId: string, threshold: bigint | null): Promise<void> {
      return db.transaction(async (tx) => {
        const wallet = await lockPartnerAccount(tx, partnerId, 'wallet');
        await repository.setThreshold(
          tx,
          wallet.accountId,
          threshold,
          threshold !== null && wallet.balance < threshold,
        );
      });
    },

    findHold: (partnerId: string, holdId: string): Promise<HoldRow | undefined> =>
      repository.hold(db, partnerId, holdId),
  };
}
export type Ledger = ReturnType<typeof createLedger>;
