import { BOT_STATUS, CHANNEL_TYPE, ROLES } from '@portico/domain';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, xsrfHeaders } from '../../../test/helpers.ts';
import { createLedgerForTest } from '../../../test/ledger.ts';
import { bots } from '../bots/bots.schema.ts';
import { brands } from '../brands/brands.schema.ts';
import type { Ledger } from '../wallet/ledger.ts';
import { seedRatePlans } from '../wallet/wallet.seed.ts';

const S = '/api/v1/secure';
const CREDIT = 500_000_000n;
let t: TestApp;
let ledger: Ledger;
let ids: { jio: number; airtel: number; industry: number };
let screenshot: Buffer;
let loa: Buffer;

beforeAll(async () => {
  t = await createTestApp({ listen: true });
  await seedRatePlans(t.database);
  ledger = createLedgerForTest(t.database);
  const industry = await t.database.sql.query<{ id: number }>(
    "SELECT id FROM lookup_values WHERE kind = 'industry-types' ORDER BY position LIMIT 1",
  );
  ids = {
    jio: await t.factories.carrierId('Reliance Jio', 'IN'),
    airtel: await t.factories.carrierId('Bharti Airtel', 'IN'),
    industry: industry.rows[0]?.id ?? 0,
  };
  screenshot = await sharp({ create: { width: 360, height: 640, channels: 3, background: '#333' } })
    .png()
    .toBuffer();
  const document = await PDFDocument.create();
  document.addPage([200, 200]).drawText('LOA', { x: 20, y: 100, size: 12 });
  loa = Buffer.from(await document.save());
});
afterAll(() => t.close());

function form(name: string, bytes: Buffer) {
  const boundary = `----prop${Date.now()}`;
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${name}.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A developer with a funded wallet and a bot whose launch is filled in except payment. */
async function launchReady() {
  const { user, partner } = await t.factories.account(ROLES.DEVELOPER);
  const token = await t.tokenFor(user.userId);
  const call = (options: InjectOptions) =>
    t.app.inject({
      ...options,
      headers: { authorization: `Bearer ${token}`, ...xsrfHeaders(), ...options.headers },
    });
  await ledger.credit({
    partnerId: partner.partnerId,
    idempotencyKey: 'prop-credit',
    amount: CREDIT,
    description: 'test',
  });
  const [brand] = await t.database.db
    .insert(brands)
    .values({
      partnerId: partner.partnerId,
      name: 'Prop',
      industryTypeId: ids.industry,
      website: 'https://prop.example',
      contactName: 'P',
      contactEmail: 'p@prop.example',
      contactPhone: '+919876543210',
      address: { line1: '1', city: 'Pune', postalCode: '411001', countryId: 'IN' },
      verificationState: 'VERIFICATION_STATE_VERIFIED',
    })
    .returning();
  const [bot] = await t.database.db
    .insert(bots)
    .values({
      partnerId: partner.partnerId,
      channels: [CHANNEL_TYPE.whatsapp],
      status: BOT_STATUS.in_progress_carrier_submission,
      name: 'Prop Bot',
      privacyPolicyUrl: `${t.config.PUBLIC_URL}/healthz`,
      brandId: brand?.brandId ?? null,
    })
    .returning();
  const botId = bot?.botId ?? '';
  const L = `${S}/launches/${botId}`;
  const answer = 'An answer long enough for the reviewers to read.';
  for (const options of [
    { method: 'PUT', url: `${L}/carriers`, payload: { carrier_ids: [ids.jio] } },
    {
      method: 'PUT',
      url: `${L}/questionnaire`,
      payload: {
        use_case: answer,
        opt_in: answer,
        trigger: answer,
        interactions: answer,
        opt_out: answer,
        reviewer_instructions: answer,
      },
    },
    { method: 'POST', url: `${L}/screenshots`, ...form('screenshot', screenshot) },
    { method: 'POST', url: `${L}/loa`, ...form('loa', loa) },
  ] as InjectOptions[]) {
    const response = await call(options);
    if (response.statusCode !== 200) throw new Error(`set-up failed: ${response.body}`);
  }
  return { partnerId: partner.partnerId, botId, call };
}

/** The platform rejects the submitted launch: the bot to 32, its carriers back to chosen, the hold released. */
async function platformRejects(botId: string, partnerId: string) {
  await t.database.transaction(async () => {
    const moved = await t.database.sql.query<{ bot_id: string }>(
      'UPDATE bots SET status = 32 WHERE bot_id = $1 AND status = 6 RETURNING bot_id',
      [botId],
    );
    if (moved.rows.length === 0) return;
    await t.database.sql.query('UPDATE bot_carriers SET status = 0 WHERE bot_id = $1 AND status = 6', [
      botId,
    ]);
    const { rows } = await t.database.sql.query<{ hold_id: string }>(
      'SELECT hold_id FROM launches WHERE bot_id = $1',
      [botId],
    );
    const holdId = rows[0]?.hold_id;
    if (holdId) {
      await ledger.release({
        partnerId,
        holdId,
        idempotencyKey: `reject-${holdId}`,
        description: 'rejected',
      });
    }
  });
}

type Op =
  | { op: 'pay'; key: number }
  | { op: 'carriers'; both: boolean }
  | { op: 'submit' }
  | { op: 'reject' };
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ op: fc.constant('pay' as const), key: fc.integer({ min: 0, max: 3 }) }),
  fc.record({ op: fc.constant('carriers' as const), both: fc.boolean() }),
  fc.record({ op: fc.constant('submit' as const) }),
  fc.record({ op: fc.constant('reject' as const) }),
);

describe('the verification hold under random interleavings (fast-check)', () => {
  it('when payments (retried, with shared keys), carrier changes, submissions and rejections race then money is held once per submission and never lost', {
    timeout: 120_000,
  }, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(opArb, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 3 }),
        async (callers) => {
          const { partnerId, botId, call } = await launchReady();
          const statuses: number[] = [];
          await Promise.all(
            callers.map((ops) =>
              (async () => {
                for (const op of ops) {
                  if (op.op === 'reject') {
                    await platformRejects(botId, partnerId);
                    continue;
                  }
                  // Each call is sent twice: a retry must not move money again.
                  for (let retry = 0; retry < 2; retry += 1) {
                    const response =
                      op.op === 'pay'
                        ? await call({
                            method: 'POST',
                            url: `${S}/launches/payment?bot_id=${botId}`,
                            payload: { idempotency_key: `prop-pay-${op.key}` },
                          })
                        : op.op === 'carriers'
                          ? await call({
                              method: 'PUT',
                              url: `${S}/launches/${botId}/carriers`,
                              payload: { carrier_ids: op.both ? [ids.jio, ids.airtel] : [ids.jio] },
                            })
                          : await call({
                              method: 'POST',
                              url: `${S}/launches/submit-verification?bot_id=${botId}`,
                            });
                    statuses.push(response.statusCode);
                  }
                }
              })(),
            ),
          );
          // Refusals are 4xx (a used key, a launch under review, pay first); never a 5xx.
          expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);

          const q = <R>(text: string) => t.database.sql.query<R>(text, [partnerId]).then((r) => r.rows);
          const holds = await q<{ hold_id: string; status: string; amount: string }>(
            'SELECT hold_id, status, amount::text AS amount FROM ledger_holds WHERE partner_id = $1',
          );
          const held = holds.filter((h) => h.status === 'held');
          // One launch: never more than one hold held at a time.
          expect(held.length).toBeLessThanOrEqual(1);
          const [account] = await q<{ wallet: string; holds: string }>(
            `SELECT (SELECT balance::text FROM ledger_accounts WHERE partner_id = $1 AND kind = 'wallet') AS wallet,
                    (SELECT balance::text FROM ledger_accounts WHERE partner_id = $1 AND kind = 'holds') AS holds`,
          );
          // Nothing was captured: the money is in the wallet or held, all of it.
          expect(BigInt(account?.wallet ?? 0) + BigInt(account?.holds ?? 0)).toBe(CREDIT);
          expect(BigInt(account?.holds ?? 0)).toBe(BigInt(held[0]?.amount ?? 0));

          const [launch] = await q<{ hold_id: string | null; submissions: number; status: number }>(
            'SELECT l.hold_id, l.submissions, b.status FROM launches l JOIN bots b USING (bot_id) WHERE l.partner_id = $1',
          );
          const [submits] = await q<{ n: number }>(
            `SELECT count(*)::int AS n FROM review_history h JOIN bots b ON b.bot_id::text = h.subject_id
              WHERE b.partner_id = $1 AND h.subject = 'bot' AND h.action = 'submit'`,
          );
          // Each submission is recorded once, and each had its own hold.
          expect(submits?.n).toBe(launch?.submissions);
          expect(holds.length).toBeGreaterThanOrEqual(launch?.submissions ?? 0);
          if (launch?.status === BOT_STATUS.submitted_for_launch) {
            // Under review: the launch's hold is the one held, at the price of the submitted carriers.
            expect(held.map((h) => h.hold_id)).toEqual([launch.hold_id]);
            const [carriers] = await q<{ n: number }>(
              `SELECT count(*)::int AS n FROM bot_carriers c JOIN bots b USING (bot_id) WHERE b.partner_id = $1 AND c.status = 6`,
            );
            expect(BigInt(held[0]?.amount ?? 0)).toBe(BigInt(carriers?.n ?? 0) * 25_000_000n);
          }
        },
      ),
      { numRuns: 10 },
    );
  });
});
