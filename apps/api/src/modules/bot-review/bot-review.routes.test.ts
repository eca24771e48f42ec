import {
  BOT_CARRIER_MACHINE,
  BOT_MACHINE,
  ROLES,
  type Role,
  ZBotReviewList,
  ZBulkDecisionResult,
  ZCarrierBotReviewList,
  ZLaunchSummary,
  ZReviewDashboard,
} from '@portico/domain';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectEnvelope, type TestApp, xsrfHeaders } from '../../../test/helpers.ts';
import { launchFixtures } from '../../../test/launch-review.ts';

let t: TestApp;
let f: ReturnType<typeof launchFixtures>;
let jio: number;
let airtel: number;
const callers = new Map<string, string>();
const S = '/api/v1/secure';
const BOT = BOT_MACHINE.states;
const CARRIER = BOT_CARRIER_MACHINE.states;

async function caller(key: string, role: Role, carrierId?: number) {
  const account = await t.factories.account(role, carrierId ? { partner: { carrierId } } : {});
  callers.set(key, await t.tokenFor(account.user.userId));
  return account;
}
function as(key: string, options: InjectOptions) {
  return t.app.inject({
    ...options,
    headers: { authorization: `Bearer ${callers.get(key)}`, ...xsrfHeaders(), ...options.headers },
  });
}
const decide = (key: string, botId: string, action: string, reason?: string) =>
  as(key, {
    method: 'POST',
    url: `${S}/bot-reviews/${botId}/${action}`,
    payload: reason ? { reason } : {},
  });
const carrierDecide = (key: string, botId: string, action: string, reason?: string) =>
  as(key, {
    method: 'POST',
    url: `${S}/carrier/bot-reviews/${botId}/${action}`,
    payload: reason ? { reason } : {},
  });
const bulk = (key: string, url: string, payload: object) => as(key, { method: 'POST', url, payload });
async function list(key: string, url: string) {
  const body = expectEnvelope(await as(key, { method: 'GET', url }), 200);
  return url.startsWith(`${S}/carrier/`)
    ? ZCarrierBotReviewList.parse(body.data)
    : ZBotReviewList.parse(body.data);
}

beforeAll(async () => {
  t = await createTestApp();
  f = launchFixtures(t);
  jio = await t.factories.carrierId();
  airtel = await t.factories.carrierId('Bharti Airtel');
  await caller('admin', ROLES.ADMIN_PORTICO_READWRITE);
  await caller('super', ROLES.SUPER_ADMIN_PORTICO);
  await caller('readonly', ROLES.ADMIN_PORTICO_READONLY);
  await caller('jio', ROLES.ADMIN_BILLING, jio);
  await caller('jio-manager', ROLES.MANAGER_BILLING, jio);
  await caller('jio-user', ROLES.USER_BILLING, jio);
  await caller('airtel', ROLES.ADMIN_BILLING, airtel);
});
afterAll(() => t.close());

describe('the platform review', () => {
  it('when a launch is submitted then it is in the submitted tab and the verification queue, waiting, with its carriers', async () => {
    const dev = await f.developer();
    const { botId } = await f.launch({
      partnerId: dev.partnerId,
      state: 'submitted_for_launch',
      carriers: { [jio]: 'submitted', [airtel]: 'submitted' },
      name: 'Queue Tester',
    });
    for (const tab of ['submitted', 'verification', 'all']) {
      const page = await list('admin', `${S}/bot-reviews?tab=${tab}&search=Queue%20Tester`);
      const item = page.items.find((i) => i.bot_id === botId);
      expect(item, tab).toBeDefined();
      expect(item?.status.code).toBe(BOT.submitted_for_launch.code);
      expect(item?.carriers.map((c) => c.carrier_id).sort()).toEqual([jio, airtel].sort());
      expect(item?.waiting_seconds).toBeGreaterThanOrEqual(3600);
      expect(item?.preflight_ok).toBe(true);
    }
    const forwarded = await list('admin', `${S}/bot-reviews?tab=forwarded&search=Queue%20Tester`);
    expect(forwarded.items).toHaveLength(0);
    // Not yet forwarded: no carrier sees it.
    const carrierView = await list('jio', `${S}/carrier/bot-reviews?tab=all`);
    expect(carrierView.items.some((i) => i.bot_id === botId)).toBe(false);
    // Channel and carrier filters.
    expect(
      (await list('admin', `${S}/bot-reviews?tab=all&channel=whatsapp&search=Queue%20Tester`)).total,
    ).toBe(0);
    expect(
      (await list('admin', `${S}/bot-reviews?tab=all&channel=rcs&carrier_id=${airtel}&search=Queue%20Tester`))
        .total,
    ).toBe(1);
  });

  it('when the platform forwards then the bot is 30, each carrier 39, the history, developer and carrier reviewers are told, and only that carrier sees it', async () => {
    const dev = await f.developer();
    const { botId, holdId } = await f.launch({
      partnerId: dev.partnerId,
      state: 'submitted_for_launch',
      carriers: { [jio]: 'submitted' },
    });
    const response = await decide('admin', botId, 'forward');
    const summary = ZLaunchSummary.parse(expectEnvelope(response, 200).data);
    expect(summary.bot.status.code).toBe(BOT.bot_forwarded_by_portico.code);
    expect(summary.history.map((entry) => entry.action)).toContain('forward');
    expect(await f.botStatus(botId)).toBe(BOT.bot_forwarded_by_portico.code);
    expect((await f.carrierStatus(botId, jio))?.status).toBe(CARRIER.to_be_approved_by_carrier.code);
    // The hold stays held until the platform approves or rejects.
    expect(await f.holdStatus(dev.partnerId, holdId ?? '')).toBe('held');
    const { rows } = await t.database.sql.query<{ action: string; carrier_id: number | null }>(
      'SELECT action, carrier_id FROM review_history WHERE subject_id = $1 ORDER BY id',
      [botId],
    );
    expect(rows.map((r) => r.action)).toEqual(['forward', 'forward']);
    const mails = await t.database.sql.query<{ template: string; to: string }>(
      `SELECT data->>'template' AS template, data->>'to' AS "to", data->'data'->>'link' AS link FROM pgboss.job WHERE name = 'mail.send' AND data->'data'->>'link' LIKE $1`,
      [`%${botId}%`],
    );
    // Each link opens the page that reads it: the web pages take ?bot_id=.
    for (const mail of mails.rows as unknown as { template: string; link: string }[]) {
      const path = mail.template === 'review-decision' ? '/u/launch-details' : '/billing/bot-details';
      expect(new URL(mail.link).pathname).toBe(path);
      expect(new URL(mail.link).searchParams.get('bot_id')).toBe(botId);
    }
    expect(mails.rows.map((m) => m.template).sort()).toEqual([
      'carrier-review-waiting',
      'carrier-review-waiting',
      'review-decision',
    ]);
    expect(mails.rows.find((m) => m.template === 'review-decision')?.to).toBe(dev.user.email);

    const jioList = await list('jio', `${S}/carrier/bot-reviews?tab=submitted`);
    const item = jioList.items.find((i) => i.bot_id === botId);
    expect(item?.carrier_status?.code).toBe(CARRIER.to_be_approved_by_carrier.code);
    expect(item?.carriers.map((c) => c.carrier_id)).toEqual([jio]);
    expect(item?.waiting_seconds).not.toBeNull();
    const airtelList = await list('airtel', `${S}/carrier/bot-reviews?tab=all`);
    expect(airtelList.items.some((i) => i.bot_id === botId)).toBe(false);
  });

  it('when a read-only admin decides then 403 and nothing changes; a draft is a 404; a second forward is a 409 with the current state', async () => {
    const dev = await f.developer();
    const { botId } = await f.launch({
      partnerId: dev.partnerId,
      state: 'submitted_for_launch',
      carriers: { [jio]: 'submitted' },
    });
    for (const action of ['forward', 'approve', 'reject']) {
      const refused = expectEnvelope(await decide('readonly', botId, action, 'No'), 403);
      expect(refused.message).toBe('You are not allowed to do this.');
    }
    expect(await f.botStatus(botId)).toBe(BOT.submitted_for_launch.code);
    const draft = await f.launch({
      partnerId: dev.partnerId,
      state: 'in_progress',
      carriers: {},
      hold: false,
    });
    expectEnvelope(await decide('admin', draft.botId, 'forward'), 404);
    expectEnvelope(await decide('admin', botId, 'forward'), 200);
    const again = expectEnvelope(await decide('super', botId, 'forward'), 409);
    expect(again.data).toMatchObject({ current: { code: BOT.bot_forwarded_by_portico.code } });
    expectEnvelope(await decide('admin', botId, 'dance'), 400);
  });

  it('when the platform approves then 42, the carriers wait, and the hold is captured exactly once even when the approval is sent again', async () => {
    const dev = await f.developer();
    const { botId, holdId } = await f.launch({
      partnerId: dev.partnerId,
      state: 'submitted_for_launch',
      carriers: { [jio]: 'submitted', [airtel]: 'submitted' },
    });
    const results = await Promise.all([decide('admin', botId, 'approve'), decide('super', botId, 'approve')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await f.botStatus(botId)).toBe(BOT.bot_approved_by_portico_pending_from_carrier.code);
    expect((await f.carrierStatus(botId, jio))?.status).toBe(CARRIER.approved_pending_from_carrier.code);
    expect(await f.holdStatus(dev.partnerId, holdId ?? '')).toBe('captured');
    expect(await f.settlements(holdId ?? '')).toEqual({ capture: 1 });
    // The developer's My Wallet says so: the hold's row is charged.
    const history = await t.app.inject({
      method: 'GET',
      url: `${S}/wallet/transactions`,
      headers: { authorization: `Bearer ${await t.tokenFor(dev.user.userId)}` },
    });
    const items = (
      history.json() as { data: { items: { transaction_id: string; hold_status: string | null }[] } }
    ).data.items;
    expect(items.find((item) => item.transaction_id === holdId)?.hold_status).toBe('captured');
    expect(
      items.filter((item) => item.transaction_id !== holdId).every((item) => item.hold_status === null),
    ).toBe(true);
  });

  it('when the platform rejects without a reason then 400; with one then 32, the carriers back to chosen, the hold released once', async () => {
    const dev = await f.developer();
    const { botId, holdId } = await f.launch({
      partnerId: dev.partnerId,
      state: 'submitted_for_launch',
      carriers: { [jio]: 'submitted' },
    });
    const missing = expectEnvelope(await decide('admin', botId, 'reject'), 400);
    expect(missing.data).toEqual([
      { field: 'reason', message: 'Give a reason: it is shown to the submitter.' },
    ]);
    expect(await f.holdStatus(dev.partnerId, holdId ?? '')).toBe('held');
    expectEnvelope(await decide('admin', botId, 'reject', 'The opt-out is missing.'), 200);
    expect(await f.botStatus(botId)).toBe(BOT.bot_rejected_by_portico.code);
    expect(await f.carrierStatus(botId, jio)).toEqual({
      status: CARRIER.pending.code,
      reason: 'The opt-out is missing.',
    });
    expect(await f.holdStatus(dev.partnerId, holdId ?? '')).toBe('released');
    expectEnvelope(await decide('admin', botId, 'reject', 'Again.'), 409);
    expect(await f.settlements(holdId ?? '')).toEqual({ release: 1 });
  });

  it('when the platform rejects after its approval then the captured verification stays charged', async () => {
    const dev = await f.developer();
    const { botId, holdId } = await f.launch({
      partnerId: dev.partnerId,
      state: 'submitted_for_launch',
      carriers: { [jio]: 'submitted' },
    });
    expectEnvelope(await decide('admin', botId, 'approve'), 200);
    expectEnvelope(await decide('admin', botId, 'reject', 'The brand is suspended.'), 200);
    expect(await f.holdStatus(dev.partnerId, holdId ?? '')).toBe('captured');
    expect(await f.settlements(holdId ?? '')).toEqual({ capture: 1 });
  });
});

describe('bulk decisions', () => {
  it('when the platform approves several launches at once then each is decided in its own unit of work and a launch in another state or unknown is refused with its reason', async () => {
    const dev = await f.developer();
    const first = await f.launch({
      partnerId: dev.partnerId,
      state: 'submitted_for_launch',
      carriers: { [jio]: 'submitted' },
    });
    const second = await f.launch({
      partnerId: dev.partnerId,
      state: 'bot_forwarded_by_portico',
      carriers: { [jio]: 'to_be_approved_by_carrier' },
    });
    const rejected = await f.launch({
      partnerId: dev.partnerId,
      state: 'bot_rejected_by_portico',
      carriers: { [jio]: 'pending' },
    });
    const unknown = '00000000-0000-4000-8000-000000000077';
    const response = await bulk('admin', `${S}/bot-reviews/bulk-decision`, {
      action: 'approve',
      ids: [first.botId, rejected.botId, second.botId, unknown],
    });
    const result = ZBulkDecisionResult.parse(expectEnvelope(response, 200).data);
    expect(result.done).toBe(2);
    expect(result.refused).toBe(2);
    expect(result.items.map((item) => [item.id, item.outcome, item.status])).toEqual([
      [first.botId, 'done', 200],
      [rejected.botId, 'refused', 409],
      [second.botId, 'done', 200],
      [unknown, 'refused', 404],
    ]);
    expect(result.items[1]?.reason).toBeTruthy();
    expect(result.items[3]?.reason).toBe('This bot was not found.');
    // The same decision as one at a time: 42, the hold captured once.
    expect(await f.botStatus(first.botId)).toBe(BOT.bot_approved_by_portico_pending_from_carrier.code);
    expect(await f.botStatus(second.botId)).toBe(BOT.bot_approved_by_portico_pending_from_carrier.code);
    expect(await f.holdStatus(dev.partnerId, first.holdId ?? '')).toBe('captured');
    expect(await f.botStatus(rejected.botId)).toBe(BOT.bot_rejected_by_portico.code);
  });

  it('when the platform rejects in bulk then one reason goes to every launch; without a reason, or with no, repeated or too many ids, 400 and nothing changes', async () => {
    const dev = await f.developer();
    const a = await f.launch({
      partnerId: dev.partnerId,
      state: 'submitted_for_launch',
      carriers: { [jio]: 'submitted' },
    });
    const b = await f.launch({
      partnerId: dev.partnerId,
      state: 'submitted_for_launch',
      carriers: { [airtel]: 'submitted' },
    });
    const url = `${S}/bot-reviews/bulk-decision`;
    for (const payload of [
      { action: 'reject', ids: [a.botId] },
      { action: 'reject', ids: [a.botId], reason: '   ' },
      { action: 'approve', ids: [] },
      { action: 'approve', ids: [a.botId, a.botId] },
      { action: 'approve', ids: ['not-an-id'] },
      { action: 'forward', ids: [a.botId] },
      { action: 'approve', ids: Array.from({ length: 101 }, () => crypto.randomUUID()) },
    ]) {
      expectEnvelope(await bulk('admin', url, payload), 400);
    }
    expect(await f.botStatus(a.botId)).toBe(BOT.submitted_for_launch.code);
    const result = ZBulkDecisionResult.parse(
      expectEnvelope(
        await bulk('admin', url, { action: 'reject', ids: [a.botId, b.botId], reason: 'Use-case unclear' }),
        200,
      ).data,
    );
    expect(result.done).toBe(2);
    for (const { botId } of [a, b]) {
      expect(await f.botStatus(botId)).toBe(BOT.bot_rejected_by_portico.code);
      const { rows } = await t.database.sql.query<{ reason: string | null }>(
        "SELECT reason FROM review_history WHERE subject_id = $1 AND action = 'reject' AND carrier_id IS NULL",
        [botId],
      );
      expect(rows.map((r) => r.reason)).toEqual(['Use-case unclear']);
    }
  });

  it("when a carrier decides in bulk then only its own network's launches are decided and another network's is not found; a read-only reviewer gets 403", async () => {
    const dev = await f.developer();
    const own = await f.launch({
      partnerId: dev.partnerId,
      state: 'bot_forwarded_by_portico',
      carriers: { [jio]: 'to_be_approved_by_carrier' },
    });
    const other = await f.launch({
      partnerId: dev.partnerId,
      state: 'bot_forwarded_by_portico',
      carriers: { [airtel]: 'to_be_approved_by_carrier' },
    });
    const url = `${S}/carrier/bot-reviews/bulk-decision`;
    expectEnvelope(await bulk('jio-user', url, { action: 'approve', ids: [own.botId] }), 403);
    expectEnvelope(
      await bulk('readonly', `${S}/bot-reviews/bulk-decision`, { action: 'approve', ids: [own.botId] }),
      403,
    );
    const result = ZBulkDecisionResult.parse(
      expectEnvelope(
        await bulk('jio', url, {
          action: 'reject',
          ids: [own.botId, other.botId],
          reason: 'Not on our network',
        }),
        200,
      ).data,
    );
    expect(result.items.map((item) => [item.outcome, item.status])).toEqual([
      ['done', 200],
      ['refused', 404],
    ]);
    expect((await f.carrierStatus(own.botId, jio))?.status).toBe(CARRIER.rejected.code);
    expect((await f.carrierStatus(other.botId, airtel))?.status).toBe(CARRIER.to_be_approved_by_carrier.code);
  });
});

describe('tab counts', () => {
  it("when a list is read then each tab of the caller counts its launches under the same filters, a carrier only its own network, and each count is that tab's total", async () => {
    const dev = await f.developer();
    const launch = (
      name: string,
      state: Parameters<typeof f.launch>[0]['state'],
      carriers: Parameters<typeof f.launch>[0]['carriers'],
      hold = true,
    ) =>
      f.launch({
        partnerId: dev.partnerId,
        state,
        carriers,
        name: `Counted ${name}`,
        ...(hold ? {} : { hold: false }),
      });
    await launch('Paid', 'submitted_for_launch', { [jio]: 'submitted' });
    await launch('Unpaid', 'submitted_for_launch', { [airtel]: 'submitted' }, false);
    await launch('Forwarded', 'bot_forwarded_by_portico', { [jio]: 'to_be_approved_by_carrier' });
    await launch('Pending', 'bot_approved_by_portico_pending_from_carrier', {
      [jio]: 'approved_pending_from_carrier',
      [airtel]: 'approved_pending_from_carrier',
    });
    await launch('Launched', 'launched', { [airtel]: 'launched' });
    await launch('Rejected', 'bot_rejected_by_portico', { [jio]: 'rejected' });
    await launch('Draft', 'in_progress_carrier_submission', { [jio]: 'pending' }, false);

    const platform = await list('admin', `${S}/bot-reviews?tab=forwarded&search=Counted`);
    expect(platform.tabCounts).toEqual({
      submitted: 2,
      forwarded: 1,
      approved: 2,
      rejected: 1,
      verification: 1,
      listing: 0,
      creation: 1,
      all: 6,
    });
    // The tab chosen does not change the counts; each count is what that tab lists.
    for (const [tab, n] of Object.entries(platform.tabCounts)) {
      const page = await list('admin', `${S}/bot-reviews?tab=${tab}&search=Counted&end=50`);
      expect(page.tabCounts, tab).toEqual(platform.tabCounts);
      expect(page.total, tab).toBe(n);
    }
    // Filters apply to the counts: carrier, channel, search.
    expect(
      (await list('admin', `${S}/bot-reviews?search=Counted&carrier_id=${airtel}`)).tabCounts,
    ).toMatchObject({
      submitted: 1,
      forwarded: 0,
      approved: 2,
      rejected: 0,
      verification: 0,
      all: 3,
    });
    expect(
      Object.values((await list('admin', `${S}/bot-reviews?search=Counted&channel=whatsapp`)).tabCounts),
    ).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
    expect((await list('admin', `${S}/bot-reviews?search=Counted%20Forwarded`)).tabCounts).toMatchObject({
      forwarded: 1,
      all: 1,
      submitted: 0,
    });

    // A carrier: its own tabs, only the launches on its own network in its own state.
    const mine = await list('jio', `${S}/carrier/bot-reviews?tab=approved&search=Counted`);
    expect(mine.tabCounts).toEqual({ submitted: 2, forwarded: 1, approved: 0, rejected: 1, all: 3 });
    for (const [tab, n] of Object.entries(mine.tabCounts)) {
      const page = await list('jio', `${S}/carrier/bot-reviews?tab=${tab}&search=Counted&end=50`);
      expect(page.total, tab).toBe(n);
    }
    expect((await list('airtel', `${S}/carrier/bot-reviews?search=Counted`)).tabCounts).toEqual({
      submitted: 1,
      forwarded: 0,
      approved: 1,
      rejected: 0,
      all: 2,
    });
  });
});

describe('the details of a launch', () => {
  it('when reviewers open a launch then the platform reads all of it, a carrier only its own network, another network and drafts are 404', async () => {
    const dev = await f.developer();
    const { botId } = await f.launch({
      partnerId: dev.partnerId,
      state: 'bot_forwarded_by_portico',
      carriers: { [jio]: 'to_be_approved_by_carrier', [airtel]: 'submitted' },
    });
    const get = async (key: string, url: string, status: number) =>
      expectEnvelope(await as(key, { method: 'GET', url }), status).data;
    const platform = ZLaunchSummary.parse(await get('readonly', `${S}/bot-reviews/${botId}`, 200));
    expect(platform.carriers.map((c) => c.carrier_id).sort()).toEqual([jio, airtel].sort());
    expect(platform.hold?.status).toBe('held');
    const carrier = ZLaunchSummary.parse(await get('jio-user', `${S}/carrier/bot-reviews/${botId}`, 200));
    expect(carrier.carriers.map((c) => c.carrier_id)).toEqual([jio]);
    // Airtel was not forwarded yet: not Airtel's to see.
    await get('airtel', `${S}/carrier/bot-reviews/${botId}`, 404);
    const draft = await f.launch({
      partnerId: dev.partnerId,
      state: 'in_progress',
      carriers: {},
      hold: false,
    });
    await get('admin', `${S}/bot-reviews/${draft.botId}`, 404);
    await get('admin', `${S}/bot-reviews/not-a-uuid`, 400);
  });
});

describe('the carrier review', () => {
  it('when another network decides on a launch then 404, and a carrier user who may not decide gets 403', async () => {
    const dev = await f.developer();
    const { botId } = await f.launch({
      partnerId: dev.partnerId,
      state: 'bot_forwarded_by_portico',
      carriers: { [jio]: 'to_be_approved_by_carrier' },
    });
    expectEnvelope(await carrierDecide('airtel', botId, 'approve'), 404);
    expectEnvelope(await carrierDecide('airtel', botId, 'reject', 'No'), 404);
    expectEnvelope(await carrierDecide('jio-user', botId, 'approve'), 403);
    expect((await f.carrierStatus(botId, jio))?.status).toBe(CARRIER.to_be_approved_by_carrier.code);
    // Not yet forwarded to the carrier: a 404 for it too.
    const early = await f.launch({
      partnerId: dev.partnerId,
      state: 'submitted_for_launch',
      carriers: { [jio]: 'submitted' },
    });
    expectEnvelope(await carrierDecide('jio', early.botId, 'approve'), 404);
  });

  it('when the carrier approves then its launch starts (launching, a launch job queued) and the developer is told', async () => {
    const dev = await f.developer();
    const { botId } = await f.launch({
      partnerId: dev.partnerId,
      state: 'bot_approved_by_portico_pending_from_carrier',
      carriers: { [jio]: 'approved_pending_from_carrier', [airtel]: 'approved_pending_from_carrier' },
    });
    const summary = ZLaunchSummary.parse(
      expectEnvelope(await carrierDecide('jio', botId, 'approve'), 200).data,
    );
    // The carrier reads its own network's part only.
    expect(summary.carriers.map((c) => [c.carrier_id, c.status.code])).toEqual([
      [jio, CARRIER.launching.code],
    ]);
    expect(await f.jobs('bot-review.launch', botId)).toBe(1);
    expect(await f.botStatus(botId)).toBe(BOT.bot_approved_by_portico_pending_from_carrier.code);
    const approved = await list('jio', `${S}/carrier/bot-reviews?tab=approved`);
    expect(approved.items.some((i) => i.bot_id === botId)).toBe(true);
  });

  it('when two reviewers of one carrier decide at once then one wins and the other gets 409 with the current state', async () => {
    const dev = await f.developer();
    const { botId } = await f.launch({
      partnerId: dev.partnerId,
      state: 'bot_forwarded_by_portico',
      carriers: { [jio]: 'to_be_approved_by_carrier', [airtel]: 'to_be_approved_by_carrier' },
    });
    const results = await Promise.all([
      carrierDecide('jio', botId, 'approve'),
      carrierDecide('jio-manager', botId, 'reject', 'Not on our network.'),
    ]);
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 409]);
    const [loser] = results.filter((r) => r.statusCode === 409);
    if (!loser) throw new Error('no decision lost');
    const conflict = expectEnvelope(loser, 409);
    expect(conflict.data).toHaveProperty('current');
    expect(await f.jobs('bot-review.launch', botId)).toBeLessThanOrEqual(1);
  });

  it("when the platform's rejection and a carrier's approval race then they take turns: the later one sees the first's state", async () => {
    const dev = await f.developer();
    const { botId, holdId } = await f.launch({
      partnerId: dev.partnerId,
      state: 'submitted_for_launch',
      carriers: { [jio]: 'submitted' },
    });
    expectEnvelope(await decide('admin', botId, 'forward'), 200);
    const [platform, carrier] = await Promise.all([
      decide('super', botId, 'reject', 'The brand is suspended.'),
      carrierDecide('jio', botId, 'approve'),
    ]);
    expect(platform.statusCode).toBe(200);
    const jioState = (await f.carrierStatus(botId, jio))?.status;
    if (carrier.statusCode === 200) {
      // The carrier came first: its launch started, the platform's rejection left it as it is.
      expect(jioState).toBe(CARRIER.launching.code);
    } else {
      // The platform came first: the carrier's review is gone from its network (404).
      expect(carrier.statusCode).toBe(404);
      expect(jioState).toBe(CARRIER.pending.code);
    }
    expect(await f.botStatus(botId)).toBe(BOT.bot_rejected_by_portico.code);
    expect(await f.settlements(holdId ?? '')).toEqual({ release: 1 });
  });

  it('when every carrier rejects with a reason then the bot is rejected by the carriers and the hold (never approved by the platform) is released', async () => {
    const dev = await f.developer();
    const { botId, holdId } = await f.launch({
      partnerId: dev.partnerId,
      state: 'bot_forwarded_by_portico',
      carriers: { [jio]: 'to_be_approved_by_carrier', [airtel]: 'to_be_approved_by_carrier' },
    });
    expectEnvelope(await carrierDecide('jio', botId, 'reject'), 400);
    expectEnvelope(await carrierDecide('jio', botId, 'reject', 'The privacy page does not load.'), 200);
    expect(await f.botStatus(botId)).toBe(BOT.bot_forwarded_by_portico.code);
    expect(await f.carrierStatus(botId, jio)).toEqual({
      status: CARRIER.rejected.code,
      reason: 'The privacy page does not load.',
    });
    expectEnvelope(await carrierDecide('airtel', botId, 'reject', 'Same here.'), 200);
    expect(await f.botStatus(botId)).toBe(BOT.bot_rejected_by_portico.code);
    expect(await f.holdStatus(dev.partnerId, holdId ?? '')).toBe('released');
    const rejected = await list('airtel', `${S}/carrier/bot-reviews?tab=rejected`);
    expect(rejected.items.find((i) => i.bot_id === botId)?.carrier_status?.code).toBe(CARRIER.rejected.code);
  });
});

describe('retry, exports and dashboards', () => {
  it('when a launch failed then a platform admin retries it (launching, a job) and a read-only admin cannot', async () => {
    const dev = await f.developer();
    const { botId } = await f.launch({
      partnerId: dev.partnerId,
      state: 'launch_failed',
      carriers: { [jio]: 'launch_failed' },
    });
    const url = `${S}/bot-reviews/${botId}/carriers/${jio}/retry`;
    expectEnvelope(await as('readonly', { method: 'POST', url }), 403);
    expectEnvelope(
      await as('admin', { method: 'POST', url: `${S}/bot-reviews/${botId}/carriers/${airtel}/retry` }),
      404,
    );
    expectEnvelope(await as('admin', { method: 'POST', url }), 200);
    expect((await f.carrierStatus(botId, jio))?.status).toBe(CARRIER.launching.code);
    expect(await f.jobs('bot-review.launch', botId)).toBe(1);
    expectEnvelope(await as('admin', { method: 'POST', url }), 409);
  });

  it('when a list is exported then an xlsx or PDF attachment comes back with the filters applied', async () => {
    for (const [key, url] of [
      ['admin', `${S}/bot-reviews/export?format=xlsx&tab=all`],
      ['readonly', `${S}/bot-reviews/export?format=pdf&tab=submitted&channel=rcs`],
      ['jio-user', `${S}/carrier/bot-reviews/export?format=pdf&tab=all`],
    ] as const) {
      const response = await as(key, { method: 'GET', url });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-disposition']).toMatch(/^attachment; filename="bot-launches-/);
    }
    expectEnvelope(await as('admin', { method: 'GET', url: `${S}/bot-reviews/export?format=csv` }), 400);
  });

  it('when reviewers open their dashboards then the cards count what waits for them, the oldest waiting, and 30 days of requests', async () => {
    const dev = await f.developer();
    await f.launch({
      partnerId: dev.partnerId,
      state: 'submitted_for_launch',
      carriers: { [jio]: 'submitted' },
    });
    await f.launch({
      partnerId: dev.partnerId,
      state: 'bot_forwarded_by_portico',
      carriers: { [jio]: 'to_be_approved_by_carrier' },
    });
    const admin = ZReviewDashboard.parse(
      expectEnvelope(await as('readonly', { method: 'GET', url: `${S}/review-dashboard` }), 200).data,
    );
    const bots = admin.cards.find((c) => c.subject === 'bots');
    expect(bots?.waiting).toBeGreaterThanOrEqual(1);
    expect(bots?.oldest_waiting?.waiting_seconds).toBeGreaterThanOrEqual(3600);
    expect(admin.cards.map((c) => c.subject)).toEqual(['bots', 'brands', 'aggregators']);
    expect(admin.requests).toHaveLength(30);
    expect(admin.requests.at(-1)?.day).toBe(new Date().toISOString().slice(0, 10));
    expect(admin.requests.reduce((n, d) => n + d.bots, 0)).toBeGreaterThanOrEqual(2);

    const carrier = ZReviewDashboard.parse(
      expectEnvelope(await as('jio-user', { method: 'GET', url: `${S}/carrier/review-dashboard` }), 200).data,
    );
    const carrierBots = carrier.cards.find((c) => c.subject === 'bots');
    expect(carrierBots?.waiting).toBeGreaterThanOrEqual(1);
    const airtel = ZReviewDashboard.parse(
      expectEnvelope(await as('airtel', { method: 'GET', url: `${S}/carrier/review-dashboard` }), 200).data,
    );
    expect(airtel.cards.find((c) => c.subject === 'bots')?.waiting).toBeLessThan(carrierBots?.waiting ?? 0);
  });
});
