import { formatMicros, ROLES } from '@portico/domain';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recountCampaign } from '../../../test/campaign-counts.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { createLedgerForTest, createWalletForTest } from '../../../test/ledger.ts';
import { createMeteringForTest } from '../../../test/metering.ts';
import { AIRTEL_PRICE, seedAirtelPrice } from '../../../test/partner-api.ts';
import type { AuthenticatedUser } from '../../platform/auth/types.ts';
import { AppError } from '../../platform/http/errors.ts';
import { createReviewRepository } from '../../platform/review/review.repository.ts';
import { createReviewService } from '../../platform/review/review.service.ts';
import { createCounters } from '../../platform/security/counters.ts';
import { createCampaignsRepository } from './campaigns.repository.ts';
import { type CampaignsService, createCampaignsService } from './campaigns.service.ts';

/**
 * Charging, as a property over random audiences (reachable, not RCS-capable, unpriced numbers),
 * batch sizes, network refusals and cancels at any point, dispatches run again after a "kill"
 * (a dispatch stopped mid-way and started again): the wallet moves by exactly the price of the
 * messages sent, each sent once; the hold ends settled; estimate = charged + released (+ what a
 * cancel's in-flight batch was debited after the release).
 */

const FUNDS = 100_000_000n;
let t: TestApp;
let user: AuthenticatedUser;
let botId: string;
let run = 0;

beforeAll(async () => {
  t = await createTestApp();
  const account = await t.factories.account(ROLES.DEVELOPER);
  user = {
    userId: account.user.userId,
    partnerId: account.partner.partnerId,
    email: 'dev@prop.test',
    role: ROLES.DEVELOPER,
  };
  await t.database.sql.query('UPDATE partners SET has_ewallet = true WHERE partner_id = $1', [
    user.partnerId,
  ]);
  await seedAirtelPrice(t);
  await createLedgerForTest(t.database).credit({
    partnerId: user.partnerId,
    idempotencyKey: 'fund',
    amount: FUNDS,
    description: 'Top-up',
  });
  const bot = await t.database.sql.query<{ bot_id: string }>(
    `INSERT INTO bots (partner_id, channels, status, name, billing_category, rbm_agent) VALUES ($1, ARRAY[1], 10, 'Bot', 'BASIC_MESSAGE', 'brands/b/agents/prop') RETURNING bot_id`,
    [user.partnerId],
  );
  botId = bot.rows[0]?.bot_id ?? '';
});
afterAll(() => t.close());

type Kind = 'ok' | 'not_capable' | 'unpriced';

const numberOf = (kind: Kind, i: number) =>
  kind === 'unpriced'
    ? `+447700900${String(100 + i)}`
    : `+91981${String(run).padStart(3, '0')}${String(i).padStart(2, '0')}${kind === 'ok' ? '1' : '0'}`;

async function balance(): Promise<bigint> {
  const { rows } = await t.database.sql.query<{ b: string }>(
    `SELECT balance::text AS b FROM ledger_accounts WHERE partner_id = $1 AND kind = 'wallet'`,
    [user.partnerId],
  );
  return BigInt(rows[0]?.b ?? 0);
}

describe('campaign charging', () => {
  it('the wallet moves by exactly the price of what was sent, whatever the audience, batches, cancels and re-runs', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom<Kind>('ok', 'ok', 'not_capable', 'unpriced'), {
          minLength: 1,
          maxLength: 10,
        }),
        fc.integer({ min: 1, max: 4 }),
        fc.option(fc.integer({ min: 0, max: 10 }), { nil: null }),
        fc.option(fc.integer({ min: 1, max: 10 }), { nil: null }),
        async (kinds, batchSize, cancelAfter, killAfter) => {
          run += 1;
          const audience = await t.database.sql.query<{ audience_id: string }>(
            `INSERT INTO audiences (partner_id, name, file_name, format, bytes, storage_key, status, fields, kept_count)
             VALUES ($1, 'P', 'p.csv', 'csv', 1, 'private/audiences/' || gen_random_uuid(), 'ready', '[]', $2) RETURNING audience_id`,
            [user.partnerId, kinds.length],
          );
          const audienceId = audience.rows[0]?.audience_id ?? '';
          for (const [i, kind] of kinds.entries())
            await t.database.sql.query(
              'INSERT INTO audience_recipients (audience_id, msisdn, line) VALUES ($1, $2, $3)',
              [audienceId, numberOf(kind, i), i + 2],
            );
          const sentIds = new Set<string>();
          let sends = 0;
          let service: CampaignsService | undefined;
          let campaignId = '';
          class Killed extends Error {}
          const build = (kill: number | null) => {
            const wallet = createWalletForTest(t.database);
            return wallet.then((w) =>
              createCampaignsService({
                database: t.database,
                repository: createCampaignsRepository(t.database),
                review: createReviewService({
                  database: t.database,
                  repository: createReviewRepository(t.database.db),
                  mail: async () => undefined,
                }),
                wallet: w,
                metering: createMeteringForTest(t.database).metering,
                templates: {
                  forCampaign: async () => ({
                    templateId: '00000000-0000-4000-8000-0000000000aa',
                    botId,
                    botName: 'Bot',
                    name: 'offer',
                    channel: 'rcs' as const,
                    approved: true,
                    botLaunched: true,
                    mediaKinds: [],
                    variables: [],
                    message: () => ({ kind: 'text' as const, text: 'Hi', suggestions: [] }),
                  }),
                },
                bots: {
                  botsForTesting: async () =>
                    new Map([
                      [
                        botId,
                        {
                          id: botId,
                          partnerId: user.partnerId,
                          name: 'Bot',
                          channels: [1],
                          rbmAgent: 'brands/b/agents/prop',
                          maapBotId: null,
                          whatsappPhoneNumberId: null,
                        },
                      ],
                    ]),
                },
                messages: {
                  // Each of a slice's sends as the network answers it (network-messages' sendAll).
                  sendAll: (_actor, slice) =>
                    Promise.allSettled(
                      slice.map(async (message) => {
                        if (kill !== null && sends >= kill) {
                          // Killed after storing the message, before the network answered: the next
                          // run finds it stored and unanswered (decision 0056).
                          await t.database.sql.query(
                            `INSERT INTO network_messages (message_id, partner_id, network, sender, recipient, content) VALUES ($1, $2, 'rbm', 'prop', $3, '{}')`,
                            [message.messageId, user.partnerId, message.recipient],
                          );
                          throw new Killed('killed');
                        }
                        sends += 1;
                        if (cancelAfter !== null && sends === cancelAfter + 1 && service)
                          await service.cancel(user, campaignId).catch(() => undefined);
                        if (message.recipient.endsWith('0'))
                          throw new AppError(422, 'not RCS-capable', { kind: 'not_capable' });
                        expect(sentIds.has(message.messageId ?? '')).toBe(false);
                        sentIds.add(message.messageId ?? '');
                        // The network's record of it, as network-messages keeps it (a re-run finds it).
                        await t.database.sql.query(
                          `INSERT INTO network_messages (message_id, partner_id, network, sender, recipient, content, status) VALUES ($1, $2, 'rbm', 'prop', $3, '{}', 'sent')`,
                          [message.messageId, user.partnerId, message.recipient],
                        );
                        return {} as never;
                      }),
                    ),
                  // No outage here (the recovery test has one): nothing is queued again.
                  requeue: async () => undefined,
                  // The stored message sent again under its id: the network had never got it.
                  resend: async (messageId) => {
                    const { rows } = await t.database.sql.query<{ recipient: string }>(
                      `UPDATE network_messages SET status = CASE WHEN recipient LIKE '%0' THEN 'failed' ELSE 'sent' END
                        WHERE message_id = $1 AND status = 'queued' RETURNING recipient`,
                      [messageId],
                    );
                    if (rows[0]?.recipient.endsWith('0'))
                      throw new AppError(422, 'not RCS-capable', { kind: 'not_capable' });
                    expect(sentIds.has(messageId)).toBe(false);
                    sentIds.add(messageId);
                    return {} as never;
                  },
                },
                connectors: { sms: { baseUrl: '', send: async () => ({ sid: 'x' }) } },
                jobs: { send: async () => null },
                counters: createCounters(t.database.sql),
                storage: { put: async () => undefined, get: async () => null },
                log: { warn: () => undefined, info: () => undefined },
                mail: async () => undefined,
                publicUrl: 'http://portal.test',
                pace: { rbm: 1000, maap: 1000, whatsapp: 80 },
                batchSize,
              }),
            );
          };
          const before = await balance();
          service = await build(killAfter);
          const draft = await service.create(user, {
            name: `P${run}`,
            bot_id: botId,
            template_id: '00000000-0000-4000-8000-0000000000aa',
            audience_id: audienceId,
            variables: {},
            fallback: { kind: 'skip' },
            schedule: { kind: 'now' },
          });
          campaignId = draft.campaign_id;
          await service.start(user, campaignId);
          await service.dispatch(campaignId).catch((error: unknown) => {
            if (!(error instanceof Killed)) throw error;
          });
          // Restarted (the kill's retry): a new process, the same database.
          service = await build(null);
          await service.dispatch(campaignId);
          const after = await service.details(user, campaignId);
          const priced = kinds.filter((k) => k !== 'unpriced').length;
          expect(after.estimate_total).toBe(formatMicros(BigInt(priced) * AIRTEL_PRICE));
          const charged = BigInt(sentIds.size) * AIRTEL_PRICE;
          expect(await balance()).toBe(before - charged);
          const { rows } = await t.database.sql.query<{
            charged: string;
            status: string;
            hold: string | null;
            sent: number;
          }>(
            `SELECT c.charged_micros::text AS charged, c.status, h.status AS hold,
                    (SELECT count(*)::int FROM campaign_recipients r WHERE r.campaign_id = c.campaign_id AND r.status = 'sent') AS sent
               FROM campaigns c LEFT JOIN ledger_holds h ON h.hold_id = c.hold_id WHERE c.campaign_id = $1`,
            [campaignId],
          );
          expect(rows[0]).toMatchObject({
            charged: charged.toString(),
            hold: priced === 0 ? null : expect.stringMatching(/released|captured/),
          });
          expect(rows[0]?.status).toMatch(/^[cd]$/);
          expect(rows[0]?.sent).toBe(sentIds.size);
          // Only a number the network refuses is skipped as not RCS-capable: a message stored and
          // never answered when the process was killed is sent again, not given up.
          const { rows: skipped } = await t.database.sql.query<{ msisdn: string }>(
            `SELECT msisdn FROM campaign_recipients WHERE campaign_id = $1 AND reason = 'not_rcs_capable'`,
            [campaignId],
          );
          for (const { msisdn } of skipped) expect(msisdn).toMatch(/0$/);
          // The kept counts are its recipients' (the killed unit's additions undone with it), also
          // once folded into a row per key.
          const repository = createCampaignsRepository(t.database);
          const { last_minute: _pace, ...kept } = await repository.counts(campaignId);
          expect(kept).toEqual(await recountCampaign(t.database, campaignId));
          // The scheduler's tick folds them into one row per key.
          await service.tick();
          const { last_minute: _again, ...folded } = await repository.counts(campaignId);
          expect(folded).toEqual(kept);
          const { rows: keys } = await t.database.sql.query<{ rows: number; keys: number }>(
            'SELECT count(*)::int AS rows, count(DISTINCT key)::int AS keys FROM campaign_counts WHERE campaign_id = $1',
            [campaignId],
          );
          expect(keys[0]?.rows).toBe(keys[0]?.keys);
        },
      ),
      { numRuns: 25 },
    );
  }, 240_000);
});
