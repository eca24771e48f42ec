import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { createLedgerRepository } from './ledger.repository.ts';
import { createLedger, type Ledger } from './ledger.ts';
import { createSandboxProvider } from './payments.ts';
import { createRatePlansRepository } from './rate-plans.repository.ts';
import { createMeteredReservations } from './reservations.ts';
import { createWalletRepository } from './wallet.repository.ts';
import { createWalletService, type WalletService } from './wallet.service.ts';

/** settlePartnerHold: a reviewer's decision settles a partner's hold exactly once, with no user of that partner. */
let t: TestApp;
let ledger: Ledger;
let wallet: WalletService;

beforeAll(async () => {
  t = await createTestApp();
  const wallets = createWalletRepository(t.database.db);
  ledger = createLedger({
    db: t.database.db,
    repository: createLedgerRepository(),
    recordAlert: (tx, alert) => wallets.insertAlert(tx, alert),
  });
  wallet = createWalletService({
    database: t.database,
    ledger,
    wallets,
    plans: createRatePlansRepository(t.database.db),
    provider: createSandboxProvider('test-secret'),
    notifier: { notify: async () => {} },
    reservations: createMeteredReservations(t.database.sql),
  });
});
afterAll(() => t.close());

async function heldHold() {
  const { partnerId } = await t.factories.partner({ kind: 'developer', hasEwallet: true });
  await ledger.credit({ partnerId, idempotencyKey: 'seed', amount: 100_000_000n, description: 'seed' });
  const hold = await ledger.hold({
    partnerId,
    idempotencyKey: 'h',
    amount: 25_000_000n,
    description: 'hold',
  });
  return { partnerId, holdId: hold.transaction.transactionId };
}
const balance = async (partnerId: string, kind: string) =>
  BigInt(
    (
      await t.database.sql.query<{ v: string }>(
        'SELECT balance::text AS v FROM ledger_accounts WHERE partner_id = $1 AND kind = $2',
        [partnerId, kind],
      )
    ).rows[0]?.v ?? 0,
  );

describe('settlePartnerHold', () => {
  it('when a hold is captured, then captured again with the same or another key, then it moved once', async () => {
    const { partnerId, holdId } = await heldHold();
    const request = { partnerId, holdId, outcome: 'capture' as const, description: 'charged' };
    const first = await wallet.settlePartnerHold({ ...request, idempotencyKey: `k:${holdId}:capture` });
    expect(first).toMatchObject({ moved: true, hold: { status: 'captured', amount: '25.00' } });
    expect(
      (await wallet.settlePartnerHold({ ...request, idempotencyKey: `k:${holdId}:capture` })).moved,
    ).toBe(false);
    expect((await wallet.settlePartnerHold({ ...request, idempotencyKey: 'another' })).moved).toBe(false);
    expect(await balance(partnerId, 'wallet')).toBe(75_000_000n);
    expect(await balance(partnerId, 'holds')).toBe(0n);
  });

  it('when a captured hold is released then 409, unless only a held one may be released: then nothing moves', async () => {
    const { partnerId, holdId } = await heldHold();
    await wallet.settlePartnerHold({
      partnerId,
      holdId,
      outcome: 'capture',
      idempotencyKey: 'c',
      description: 'x',
    });
    const release = { partnerId, holdId, outcome: 'release' as const, idempotencyKey: 'r', description: 'x' };
    await expect(wallet.settlePartnerHold(release)).rejects.toThrow(/already captured/);
    expect(await wallet.settlePartnerHold({ ...release, onlyIfHeld: true })).toMatchObject({
      moved: false,
      hold: { status: 'captured' },
    });
    expect(await balance(partnerId, 'wallet')).toBe(75_000_000n);
  });

  it("when the hold is another partner's or unknown then 404", async () => {
    const { holdId } = await heldHold();
    const { partnerId: other } = await t.factories.partner({ kind: 'developer', hasEwallet: true });
    await expect(
      wallet.settlePartnerHold({
        partnerId: other,
        holdId,
        outcome: 'release',
        idempotencyKey: 'r',
        description: 'x',
      }),
    ).rejects.toThrow('Hold not found.');
  });
});
