import {
  BOT_STATUS,
  CHANNEL_TYPE,
  ROLES,
  type TLaunchDraft,
  type TLaunchPreflight,
  type TLaunchSummary,
} from '@portico/domain';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectEnvelope, type TestApp, xsrfHeaders } from '../../../test/helpers.ts';
import { createLedgerForTest } from '../../../test/ledger.ts';
import { createStorage } from '../../platform/storage/index.ts';
import { botCarriers, bots } from '../bots/bots.schema.ts';
import { brands } from '../brands/brands.schema.ts';
import type { Ledger } from '../wallet/ledger.ts';
import { seedRatePlans } from '../wallet/wallet.seed.ts';
import { videoTypeOf } from './launches.service.ts';

const S = '/api/v1/secure';
let t: TestApp;
let ledger: Ledger;

interface Caller {
  token: string;
  partnerId: string;
}
let developer: Caller;
let otherDeveloper: Caller;
let aggregator: Caller;
let childReadOnly: Caller;
let childWriter: Caller;
let ids: { jio: number; airtel: number; industry: number };

beforeAll(async () => {
  // Listening: the pre-flight asks the app's own /healthz as the bot's privacy policy URL.
  t = await createTestApp({ listen: true });
  await seedRatePlans(t.database);
  ledger = createLedgerForTest(t.database);
  const account = async (role: string | null, partnerId?: string): Promise<Caller> => {
    if (partnerId) {
      const user = await t.factories.user(partnerId, { role });
      return { token: await t.tokenFor(user.userId), partnerId };
    }
    const created = await t.factories.account(role as never);
    return { token: await t.tokenFor(created.user.userId), partnerId: created.partner.partnerId };
  };
  developer = await account(ROLES.DEVELOPER);
  otherDeveloper = await account(ROLES.DEVELOPER);
  aggregator = await account(ROLES.CHILD_AGGREGATOR_READWRITE);
  childWriter = aggregator;
  childReadOnly = await account(ROLES.CHILD_AGGREGATOR_READONLY, aggregator.partnerId);
  const industry = await t.database.sql.query<{ id: number }>(
    "SELECT id FROM lookup_values WHERE kind = 'industry-types' ORDER BY position LIMIT 1",
  );
  ids = {
    jio: await t.factories.carrierId('Reliance Jio', 'IN'),
    airtel: await t.factories.carrierId('Bharti Airtel', 'IN'),
    industry: industry.rows[0]?.id ?? 0,
  };
  for (const who of [developer, otherDeveloper, aggregator]) {
    await ledger.credit({
      partnerId: who.partnerId,
      idempotencyKey: `launch-test-credit-${who.partnerId}`,
      amount: 1_000_000_000n,
      description: 'test credit',
    });
  }
});
afterAll(() => t.close());

function call(who: Caller, options: InjectOptions) {
  return t.app.inject({
    ...options,
    headers: { authorization: `Bearer ${who.token}`, ...xsrfHeaders(), ...options.headers },
  });
}

/** A bot registered on the network (-2), of a verified brand, with a privacy URL that answers. */
async function botOf(
  who: Caller,
  values: Partial<typeof bots.$inferInsert> = {},
  brand: Partial<typeof brands.$inferInsert> | null = {},
): Promise<string> {
  let brandId: string | null = null;
  if (brand) {
    const [row] = await t.database.db
      .insert(brands)
      .values({
        partnerId: who.partnerId,
        name: 'Acme',
        industryTypeId: ids.industry,
        website: 'https://acme.example',
        contactName: 'Ann',
        contactEmail: 'ann@acme.example',
        contactPhone: '+919876543210',
        address: { line1: '1 Road', city: 'Mumbai', postalCode: '400001', countryId: 'IN' },
        verificationState: 'VERIFICATION_STATE_VERIFIED',
        ...brand,
      })
      .returning();
    brandId = row?.brandId ?? null;
  }
  const [row] = await t.database.db
    .insert(bots)
    .values({
      partnerId: who.partnerId,
      channels: [CHANNEL_TYPE.whatsapp],
      status: BOT_STATUS.in_progress_carrier_submission,
      name: 'Acme Orders',
      privacyPolicyUrl: `${t.config.PUBLIC_URL}/healthz`,
      brandId,
      ...values,
    })
    .returning();
  if (!row) throw new Error('bot insert returned nothing');
  return row.botId;
}

function form(name: string, filename: string, bytes: Buffer) {
  const boundary = `----launch${Date.now()}`;
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
async function pdf(): Promise<Buffer> {
  const document = await PDFDocument.create();
  document.addPage([200, 200]).drawText('Letter of authorisation', { x: 20, y: 100, size: 12 });
  return Buffer.from(await document.save());
}
const png = () =>
  sharp({ create: { width: 360, height: 640, channels: 3, background: '#1A73E8' } })
    .png()
    .toBuffer();

const ANSWERS = {
  use_case: 'Customers track their parcels and book a delivery slot.',
  opt_in: 'Customers tick the RCS box when they order on our website.',
  trigger: 'The order confirmation sends the first message to the customer.',
  interactions: 'Tracking cards, slot suggestions and a link to support.',
  opt_out: 'Customers send STOP and we confirm they are unsubscribed.',
  reviewer_instructions: 'Send HELLO to the agent from any test device to start.',
};
const COMPANY = {
  company_name: 'Acme Deliveries Ltd',
  website: 'https://acme.example',
  contact_name: 'Ann Acme',
  contact_email: 'ann@acme.example',
  contact_phone: '+919876543210',
};

const draftOf = (response: Awaited<ReturnType<typeof call>>) =>
  expectEnvelope(response, 200).data as TLaunchDraft;

/** Fills every step of the stepper so the pre-flight passes. */
async function fillLaunch(who: Caller, botId: string, carrierIds = [ids.jio]): Promise<void> {
  const L = `${S}/launches/${botId}`;
  draftOf(await call(who, { method: 'PUT', url: `${L}/carriers`, payload: { carrier_ids: carrierIds } }));
  draftOf(await call(who, { method: 'PUT', url: `${L}/questionnaire`, payload: ANSWERS }));
  draftOf(await call(who, { method: 'PUT', url: `${L}/company`, payload: COMPANY }));
  draftOf(
    await call(who, {
      method: 'POST',
      url: `${L}/screenshots`,
      ...form('screenshot', 'chat.png', await png()),
    }),
  );
  draftOf(await call(who, { method: 'POST', url: `${L}/loa`, ...form('loa', 'loa.pdf', await pdf()) }));
  draftOf(
    await call(who, {
      method: 'PUT',
      url: `${L}/verified-carriers`,
      payload: { carrier_ids: [carrierIds[0]] },
    }),
  );
}
const preflightOf = async (who: Caller, botId: string) =>
  expectEnvelope(await call(who, { method: 'GET', url: `${S}/launches/${botId}/preflight` }), 200)
    .data as TLaunchPreflight;
const pay = (who: Caller, botId: string, key: string) =>
  call(who, {
    method: 'POST',
    url: `${S}/launches/payment?bot_id=${botId}`,
    payload: { idempotency_key: key },
  });
const submit = (who: Caller, botId: string) =>
  call(who, { method: 'POST', url: `${S}/launches/submit-verification?bot_id=${botId}` });
const holdsOf = async (partnerId: string) =>
  (
    await t.database.sql.query<{ status: string; amount: string }>(
      'SELECT status, amount::text AS amount FROM ledger_holds WHERE partner_id = $1 ORDER BY created_at',
      [partnerId],
    )
  ).rows;
const carrierStates = async (botId: string) =>
  (await t.database.db.select().from(botCarriers).where(eq(botCarriers.botId, botId)))
    .map((row) => [row.carrierId, row.status])
    .sort((a, b) => Number(a[0]) - Number(b[0]));

describe('the stepper keeps what was typed', () => {
  it('when a developer saves each step then the initial details show it on the next visit', async () => {
    const botId = await botOf(developer);
    const fresh = draftOf(await call(developer, { method: 'GET', url: `${S}/launches/${botId}` }));
    expect(fresh).toMatchObject({ step_reached: 'carriers', carrier_ids: [], editable: true, hold: null });

    await fillLaunch(developer, botId);
    const saved = draftOf(await call(developer, { method: 'GET', url: `${S}/launches/${botId}` }));
    expect(saved.carrier_ids).toEqual([ids.jio]);
    expect(saved.verified_carrier_ids).toEqual([ids.jio]);
    expect(saved.questionnaire).toEqual(ANSWERS);
    expect(saved.company).toEqual(COMPANY);
    expect(saved.step_reached).toBe('payment');
    expect(saved.screenshots).toHaveLength(1);
    expect(saved.loa).toMatchObject({ name: 'loa.pdf', content_type: 'application/pdf' });
    // Files leave only through short-lived signed links.
    const link = await t.app.inject({ method: 'GET', url: saved.loa?.url ?? '' });
    expect(link.statusCode).toBe(200);
    expect(link.body.startsWith('%PDF-')).toBe(true);

    const carriers = expectEnvelope(
      await call(developer, { method: 'GET', url: `${S}/launches/${botId}/carriers` }),
      200,
    ).data as { currency: string; items: { carrier_id: number; price: string | null; chosen: boolean }[] };
    expect(carriers.items.find((c) => c.carrier_id === ids.jio)).toMatchObject({
      price: '25.00',
      chosen: true,
    });
    expect(carriers.items.find((c) => c.carrier_id === ids.airtel)?.chosen).toBe(false);

    // Removing a screenshot and the LOA.
    const removed = draftOf(
      await call(developer, { method: 'DELETE', url: `${S}/launches/${botId}/screenshots/0` }),
    );
    expect(removed.screenshots).toEqual([]);
    expect(
      draftOf(await call(developer, { method: 'DELETE', url: `${S}/launches/${botId}/loa` })).loa,
    ).toBeNull();
    expectEnvelope(await call(developer, { method: 'DELETE', url: `${S}/launches/${botId}/loa` }), 404);
  });

  it('when another partner or a read-only user reaches the launch then it is 404, or 403 and nothing changes', async () => {
    const botId = await botOf(developer);
    for (const options of [
      { method: 'GET', url: `${S}/launches/${botId}` },
      { method: 'GET', url: `${S}/launches/${botId}/summary` },
      { method: 'GET', url: `${S}/launches/${botId}/preflight` },
      {
        method: 'PUT',
        url: `${S}/launches/${botId}/questionnaire`,
        payload: { use_case: 'Stolen use case text here' },
      },
      {
        method: 'POST',
        url: `${S}/launches/payment?bot_id=${botId}`,
        payload: { idempotency_key: 'other-key-1' },
      },
      { method: 'POST', url: `${S}/launches/submit-verification?bot_id=${botId}` },
    ] as InjectOptions[]) {
      expectEnvelope(await call(otherDeveloper, options), 404);
    }
    // The aggregator's child users see the aggregator's bots; the read-only one changes nothing.
    const aggregatorBot = await botOf(aggregator);
    draftOf(await call(childReadOnly, { method: 'GET', url: `${S}/launches/${aggregatorBot}` }));
    expectEnvelope(
      await call(childReadOnly, {
        method: 'PUT',
        url: `${S}/launches/${aggregatorBot}/questionnaire`,
        payload: { use_case: 'Read-only users cannot write this.' },
      }),
      403,
    );
    const draft = draftOf(
      await call(childWriter, {
        method: 'PUT',
        url: `${S}/launches/${aggregatorBot}/questionnaire`,
        payload: { use_case: 'Writers of the aggregator may write this.' },
      }),
    );
    expect(draft.questionnaire.use_case).toBe('Writers of the aggregator may write this.');
  });

  it('when the input is bad then 4xx says what, never 500', async () => {
    const botId = await botOf(developer);
    const L = `${S}/launches/${botId}`;
    const notPdf = await call(developer, {
      method: 'POST',
      url: `${L}/loa`,
      ...form('loa', 'loa.pdf', Buffer.from('hello, not a pdf')),
    });
    expect(notPdf.statusCode).toBe(400);
    const notImage = await call(developer, {
      method: 'POST',
      url: `${L}/screenshots`,
      ...form('screenshot', 'x.png', Buffer.from('not an image at all')),
    });
    expect(notImage.statusCode).toBe(400);
    const notVideo = await call(developer, {
      method: 'POST',
      url: `${L}/video`,
      ...form('video', 'v.mp4', Buffer.from('not a video file')),
    });
    expect(expectEnvelope(notVideo, 400).message).toMatch(/MP4 or WebM/);
    expectEnvelope(
      await call(developer, {
        method: 'PUT',
        url: `${L}/questionnaire`,
        payload: { use_case: 'x'.repeat(2001) },
      }),
      400,
    );
    expectEnvelope(
      await call(developer, { method: 'PUT', url: `${L}/company`, payload: { ...COMPANY, website: 'nope' } }),
      400,
    );
    expectEnvelope(
      await call(developer, { method: 'PUT', url: `${L}/carriers`, payload: { carrier_ids: [] } }),
      400,
    );
    expectEnvelope(await call(developer, { method: 'GET', url: `${S}/launches/not-a-uuid` }), 400);
    expectEnvelope(
      await call(developer, {
        method: 'POST',
        url: `${S}/launches/payment?bot_id=${botId}`,
        payload: { idempotency_key: 'no' },
      }),
      400,
    );
    // A verified carrier must be among the chosen ones.
    draftOf(
      await call(developer, { method: 'PUT', url: `${L}/carriers`, payload: { carrier_ids: [ids.jio] } }),
    );
    expectEnvelope(
      await call(developer, {
        method: 'PUT',
        url: `${L}/verified-carriers`,
        payload: { carrier_ids: [ids.airtel] },
      }),
      400,
    );
    // Payment and pricing need carriers; a WebM video is accepted by its content.
    const webm = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(64)]);
    expect(videoTypeOf(webm)).toBe('video/webm');
    const withVideo = draftOf(
      await call(developer, { method: 'POST', url: `${L}/video`, ...form('video', 'v.webm', webm) }),
    );
    expect(withVideo.video).toMatchObject({ content_type: 'video/webm', size_bytes: webm.length });
  });
});

describe('pre-flight check', () => {
  it('when nothing is filled in then every problem is listed with the step that fixes it, and it is stored', async () => {
    const botId = await botOf(
      developer,
      { channels: [CHANNEL_TYPE.rcs], privacyPolicyUrl: 'http://127.0.0.1:9/privacy' },
      { verificationState: null },
    );
    const result = await preflightOf(developer, botId);
    expect(result.ok).toBe(false);
    const codes = result.items.map((item) => [item.code, item.step]);
    expect(codes).toEqual(
      expect.arrayContaining([
        ['no-carrier', 'carriers'],
        ['opt_out-missing', 'experience'],
        ['media-missing', 'experience'],
        ['logo-missing', 'experience'],
        ['banner-missing', 'experience'],
        ['privacy-unreachable', 'experience'],
        ['terms-missing', 'experience'],
        ['brand-not-verified', 'brand'],
        ['loa-missing', 'verification'],
      ]),
    );
    const summary = expectEnvelope(
      await call(developer, { method: 'GET', url: `${S}/launches/${botId}/summary` }),
      200,
    ).data as TLaunchSummary;
    expect(summary.preflight.items.map((i) => i.code)).toEqual(result.items.map((i) => i.code));
    expect(summary.preflight.checked_at).toBe(result.checked_at);
  });

  it('when the RCS logo or banner is outside the network limits then the pre-flight says so with the sizes', async () => {
    const storage = createStorage(t.config.storage);
    const logoKey = `public/bot-images/launch-test/${Date.now()}-logo.png`;
    const bannerKey = `public/bot-images/launch-test/${Date.now()}-banner.jpg`;
    await storage.put(
      logoKey,
      await sharp({ create: { width: 300, height: 300, channels: 3, background: '#fff' } })
        .png()
        .toBuffer(),
      'image/png',
    );
    await storage.put(
      bannerKey,
      await sharp({ create: { width: 1440, height: 448, channels: 3, background: '#fff' } })
        .jpeg()
        .toBuffer(),
      'image/jpeg',
    );
    const botId = await botOf(developer, {
      channels: [CHANNEL_TYPE.rcs],
      logoKey,
      bannerKey,
      termsUrl: 'https://acme.example/terms',
    });
    const result = await preflightOf(developer, botId);
    const images = result.items.filter((i) => i.field === 'logo' || i.field === 'banner');
    expect(images.map((i) => i.code)).toEqual(['logo-limits']);
    expect(images[0]?.message).toMatch(/300 x 300 px.*224 x 224 px/);
    expect(images[0]?.step).toBe('experience');
  });

  it('when the wallet is too low then the payment step is listed; when everything is there it passes', async () => {
    const poor = await (async () => {
      const created = await t.factories.account(ROLES.DEVELOPER);
      return { token: await t.tokenFor(created.user.userId), partnerId: created.partner.partnerId };
    })();
    const botId = await botOf(poor);
    await fillLaunch(poor, botId);
    const low = await preflightOf(poor, botId);
    expect(low.items.map((i) => [i.code, i.step])).toEqual([['wallet-too-low', 'payment']]);
    await ledger.credit({
      partnerId: poor.partnerId,
      idempotencyKey: 'poor-credit',
      amount: 30_000_000n,
      description: 'test',
    });
    expect(await preflightOf(poor, botId)).toMatchObject({ ok: true, items: [] });
  });
});

describe('payment and submission', () => {
  it('when the developer pays twice with the same key, or again with another, then the hold is taken once', async () => {
    const botId = await botOf(developer);
    await fillLaunch(developer, botId);
    const pricing = expectEnvelope(
      await call(developer, { method: 'GET', url: `${S}/launches/verification-pricing?bot_id=${botId}` }),
      200,
    ).data as { total: string };
    expect(pricing.total).toBe('25.00');
    const before = (await holdsOf(developer.partnerId)).length;
    const first = expectEnvelope(await pay(developer, botId, 'launch-pay-once-1'), 200).data as {
      hold_id: string;
    };
    const [again, other] = await Promise.all([
      pay(developer, botId, 'launch-pay-once-1'),
      pay(developer, botId, 'launch-pay-once-2'),
    ]);
    expect((expectEnvelope(again, 200).data as { hold_id: string }).hold_id).toBe(first.hold_id);
    expect((expectEnvelope(other, 200).data as { hold_id: string }).hold_id).toBe(first.hold_id);
    const holds = await holdsOf(developer.partnerId);
    expect(holds.length - before).toBe(1);
    expect(holds.at(-1)).toEqual({ status: 'held', amount: '25000000' });
  });

  it('when the launch is submitted twice at once then one wins: the bot is 6, its carriers submitted, the reviewers mailed', async () => {
    const reviewer = await t.factories.account(ROLES.SUPER_ADMIN_PORTICO);
    const botId = await botOf(developer);
    await fillLaunch(developer, botId, [ids.jio, ids.airtel]);
    // Not paid yet: refused with what to do.
    expect(expectEnvelope(await submit(developer, botId), 409).message).toMatch(/Pay the verification/);
    expectEnvelope(await pay(developer, botId, 'launch-submit-race-1'), 200);

    const results = await Promise.all([submit(developer, botId), submit(developer, botId)]);
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 409]);
    const lost = results.find((r) => r.statusCode === 409);
    expect((expectEnvelope(lost as never, 409).data as { current: { code: number } }).current.code).toBe(
      BOT_STATUS.submitted_for_launch,
    );
    const won = expectEnvelope(results.find((r) => r.statusCode === 200) as never, 200)
      .data as TLaunchSummary;
    expect(won.bot.status.code).toBe(BOT_STATUS.submitted_for_launch);
    expect(won.carriers.map((c) => [c.carrier_id, c.status.key]).sort()).toEqual(
      [
        [ids.jio, 'submitted'],
        [ids.airtel, 'submitted'],
      ].sort(),
    );
    expect(won.hold?.status).toBe('held');
    expect(won.submitted_at).not.toBeNull();
    expect(won.preflight.ok).toBe(true);
    expect(
      won.history
        .filter((e) => e.action === 'submit')
        .map((e) => e.carrier_id ?? 'bot')
        .sort(),
    ).toEqual(['bot', ids.airtel, ids.jio].sort());
    expect(await carrierStates(botId)).toEqual(
      [
        [ids.jio, 6],
        [ids.airtel, 6],
      ].sort((a, b) => Number(a[0]) - Number(b[0])),
    );
    const mails = await t.database.sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'mail.send' AND data->>'template' = 'review-waiting' AND data->>'to' = $1`,
      [reviewer.user.email],
    );
    expect(mails.rows[0]?.n).toBe(1);

    // Submitted: the stepper no longer changes (409 with the state); confirm answers the summary.
    const locked = await call(developer, {
      method: 'PUT',
      url: `${S}/launches/${botId}/questionnaire`,
      payload: { use_case: 'Too late to change this answer.' },
    });
    expect((expectEnvelope(locked, 409).data as { current: { code: number } }).current.code).toBe(6);
    const confirmed = expectEnvelope(
      await call(developer, { method: 'GET', url: `${S}/launches/confirm-verification?bot_id=${botId}` }),
      200,
    ).data as TLaunchSummary;
    expect(confirmed.bot.bot_id).toBe(botId);
    // The pre-flight of a submitted launch is the one it was submitted with: asking again (the launch
    // pages do) neither judges the launch anew nor replaces what the reviewers read.
    const again = expectEnvelope(
      await call(developer, { method: 'GET', url: `${S}/launches/${botId}/preflight` }),
      200,
    ).data as TLaunchSummary['preflight'];
    expect(again).toEqual(won.preflight);
    const reviewed = expectEnvelope(
      await call(developer, { method: 'GET', url: `${S}/launches/${botId}/summary` }),
      200,
    ).data as TLaunchSummary;
    expect(reviewed.preflight.ok).toBe(true);
    expect(draftOf(await call(developer, { method: 'GET', url: `${S}/launches/${botId}` })).editable).toBe(
      false,
    );

    // The summary as a PDF.
    const file = await call(developer, {
      method: 'GET',
      url: `${S}/launches/${botId}/summary/export?format=pdf`,
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/application\/pdf/);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('when the pre-flight fails then submission is 422 with the items and nothing moves', async () => {
    const botId = await botOf(developer, { privacyPolicyUrl: null });
    await fillLaunch(developer, botId);
    expectEnvelope(await pay(developer, botId, 'launch-422-pay-1'), 200);
    const refused = expectEnvelope(await submit(developer, botId), 422);
    expect((refused.data as { items: { code: string }[] }).items.map((i) => i.code)).toEqual([
      'privacy-missing',
    ]);
    const [bot] = await t.database.db.select().from(bots).where(eq(bots.botId, botId));
    expect(bot?.status).toBe(BOT_STATUS.in_progress_carrier_submission);
    expect(await carrierStates(botId)).toEqual([[ids.jio, 0]]);
  });

  it('when the carriers change before submission then the held money is released and paid again at the new price', async () => {
    const botId = await botOf(developer);
    await fillLaunch(developer, botId);
    const first = expectEnvelope(await pay(developer, botId, 'launch-change-pay-1'), 200).data as {
      hold_id: string;
    };
    const changed = draftOf(
      await call(developer, {
        method: 'PUT',
        url: `${S}/launches/${botId}/carriers`,
        payload: { carrier_ids: [ids.jio, ids.airtel] },
      }),
    );
    expect(changed.hold).toBeNull();
    const [released] = (
      await t.database.sql.query<{ status: string }>('SELECT status FROM ledger_holds WHERE hold_id = $1', [
        first.hold_id,
      ])
    ).rows;
    expect(released?.status).toBe('released');
    const second = expectEnvelope(await pay(developer, botId, 'launch-change-pay-2'), 200).data as {
      amount: string;
    };
    expect(second.amount).toBe('50.00');
  });
});

describe('resubmission after a rejection', () => {
  it('when the platform rejected and released the hold then the launch is editable again and a new payment takes a new hold', async () => {
    const botId = await botOf(developer);
    await fillLaunch(developer, botId);
    const first = expectEnvelope(await pay(developer, botId, 'launch-resubmit-pay-1'), 200).data as {
      hold_id: string;
    };
    expectEnvelope(await submit(developer, botId), 200);
    // The review side's rejection, as it writes it: the bot 32, undecided carriers back to chosen, the hold released.
    await t.database.transaction(async () => {
      await t.database.sql.query('UPDATE bots SET status = 32 WHERE bot_id = $1', [botId]);
      await t.database.sql.query('UPDATE bot_carriers SET status = 0 WHERE bot_id = $1', [botId]);
      await ledger.release({
        partnerId: developer.partnerId,
        holdId: first.hold_id,
        idempotencyKey: `test-reject-${first.hold_id}`,
        description: 'rejected',
      });
    });
    const draft = draftOf(await call(developer, { method: 'GET', url: `${S}/launches/${botId}` }));
    expect(draft).toMatchObject({ editable: true, hold: { hold_id: first.hold_id, status: 'released' } });
    // The old key names the released hold: refused, nothing held.
    expect(expectEnvelope(await pay(developer, botId, 'launch-resubmit-pay-1'), 409).message).toMatch(
      /new key/,
    );
    const second = expectEnvelope(await pay(developer, botId, 'launch-resubmit-pay-2'), 200).data as {
      hold_id: string;
    };
    expect(second.hold_id).not.toBe(first.hold_id);
    const again = expectEnvelope(await submit(developer, botId), 200).data as TLaunchSummary;
    expect(again.bot.status.code).toBe(BOT_STATUS.submitted_for_launch);
    expect(again.hold).toMatchObject({ hold_id: second.hold_id, status: 'held' });
    expect(again.history.filter((e) => e.action === 'submit' && e.carrier_id === null)).toHaveLength(2);
  });
});

describe('resubmission sends the rejected carriers back for review', () => {
  /**
   * A launch as the review side leaves it, through its own calls: forwarded to Jio, Airtel and Vi;
   * Jio approved (launching), Airtel rejected with a reason, then the platform rejected the launch
   * (Vi, undecided, back to chosen; the bot 32, editable again).
   */
  async function rejectedLaunch(owner: Caller = developer) {
    const vi = await t.factories.carrierId('Vi (Vodafone Idea)', 'IN');
    const admin = await t.factories.account(ROLES.SUPER_ADMIN_PORTICO);
    const reviewerOf = async (carrierId: number) => {
      const account = await t.factories.account(ROLES.ADMIN_BILLING, { partner: { carrierId } });
      return { token: await t.tokenFor(account.user.userId), partnerId: account.partner.partnerId };
    };
    const platform = { token: await t.tokenFor(admin.user.userId), partnerId: admin.partner.partnerId };
    const botId = await botOf(owner, { name: 'Resubmit Bot' });
    await fillLaunch(owner, botId, [ids.jio, ids.airtel, vi]);
    expectEnvelope(await pay(owner, botId, `resubmit-first-${botId}`), 200);
    expectEnvelope(await submit(owner, botId), 200);
    const decide = (who: Caller, url: string, reason?: string) =>
      call(who, { method: 'POST', url: `${S}${url}`, payload: reason ? { reason } : {} });
    expectEnvelope(await decide(platform, `/bot-reviews/${botId}/forward`), 200);
    expectEnvelope(await decide(await reviewerOf(ids.jio), `/carrier/bot-reviews/${botId}/approve`), 200);
    expectEnvelope(
      await decide(
        await reviewerOf(ids.airtel),
        `/carrier/bot-reviews/${botId}/reject`,
        'The opt-out answer does not say how to stop messages.',
      ),
      200,
    );
    expectEnvelope(await decide(platform, `/bot-reviews/${botId}/reject`, 'Fix the opt-out first.'), 200);
    return { botId, vi, platform };
  }

  it('when the developer resubmits then the carrier that rejected goes back for review, the launching one is left alone, and the rejection stays in the history', async () => {
    const { botId, vi, platform } = await rejectedLaunch();
    expect(await carrierStates(botId)).toEqual(
      [
        [ids.jio, 11],
        [ids.airtel, BOT_STATUS.bot_rejected_by_portico],
        [vi, 0],
      ].sort((a, b) => Number(a[0]) - Number(b[0])),
    );
    // Before confirming: the draft says which carriers go back for review, with the rejection's reason.
    const draft = draftOf(await call(developer, { method: 'GET', url: `${S}/launches/${botId}` }));
    expect(draft.editable).toBe(true);
    const onSubmit = Object.fromEntries(draft.carriers.map((c) => [c.carrier_id, c.on_submit]));
    expect(onSubmit).toEqual({ [ids.jio]: 'keep', [ids.airtel]: 'resubmit', [vi]: 'submit' });
    expect(draft.carriers.find((c) => c.carrier_id === ids.airtel)).toMatchObject({
      status: { key: 'rejected' },
      reason: 'The opt-out answer does not say how to stop messages.',
    });
    // The new round is priced and paid for the carriers it sends to review: Airtel and Vi, not Jio.
    const pricing = expectEnvelope(
      await call(developer, { method: 'GET', url: `${S}/launches/verification-pricing?bot_id=${botId}` }),
      200,
    ).data as { items: { carrier_id: number }[] };
    expect(pricing.items.map((i) => i.carrier_id).sort()).toEqual([ids.airtel, vi].sort());
    expectEnvelope(await pay(developer, botId, `resubmit-second-${botId}`), 200);

    const summary = expectEnvelope(await submit(developer, botId), 200).data as TLaunchSummary;
    expect(summary.bot.status.code).toBe(BOT_STATUS.submitted_for_launch);
    expect(await carrierStates(botId)).toEqual(
      [
        [ids.jio, 11],
        [ids.airtel, BOT_STATUS.submitted_for_launch],
        [vi, BOT_STATUS.submitted_for_launch],
      ].sort((a, b) => Number(a[0]) - Number(b[0])),
    );
    const airtelHistory = summary.history.filter((e) => e.carrier_id === ids.airtel);
    expect(airtelHistory[0]).toMatchObject({
      action: 'resubmit',
      action_label: 'Sent back for review',
      from: { code: BOT_STATUS.bot_rejected_by_portico },
      to: { code: BOT_STATUS.submitted_for_launch },
    });
    expect(airtelHistory).toContainEqual(
      expect.objectContaining({
        action: 'reject',
        reason: 'The opt-out answer does not say how to stop messages.',
      }),
    );
    expect(summary.carriers.find((c) => c.carrier_id === ids.airtel)?.reason).toBeNull();
    expect(summary.history.filter((e) => e.carrier_id === ids.jio).map((e) => e.action)).not.toContain(
      'resubmit',
    );
    // The audit record of the submission names the carriers sent back for review.
    const audit = await t.database.sql.query<{ detail: { resubmitted: number[] } }>(
      "SELECT detail FROM audit_log WHERE action = 'launch.submitted' AND detail->>'botId' = $1 ORDER BY id DESC LIMIT 1",
      [botId],
    );
    expect(audit.rows[0]?.detail.resubmitted).toEqual([ids.airtel]);
    // The platform's reviewers find it in their submitted tab again.
    const list = expectEnvelope(
      await call(platform, { method: 'GET', url: `${S}/bot-reviews?tab=submitted&search=Resubmit%20Bot` }),
      200,
    ).data as { items: { bot_id: string }[] };
    expect(list.items.map((i) => i.bot_id)).toContain(botId);
  });

  it('when another partner or a read-only user resubmits then it is 404 or 403 and the rejected carrier stays rejected', async () => {
    // The aggregator's launch: its read-only child user sees it but may not resubmit it.
    const { botId } = await rejectedLaunch(childWriter);
    expectEnvelope(await pay(otherDeveloper, botId, `resubmit-other-${botId}`), 404);
    expectEnvelope(await submit(otherDeveloper, botId), 404);
    expectEnvelope(await pay(childReadOnly, botId, `resubmit-readonly-${botId}`), 403);
    expectEnvelope(await submit(childReadOnly, botId), 403);
    const draft = draftOf(await call(childReadOnly, { method: 'GET', url: `${S}/launches/${botId}` }));
    expect(draft.carriers.find((c) => c.carrier_id === ids.airtel)?.on_submit).toBe('resubmit');
    expect((await carrierStates(botId)).find(([id]) => id === ids.airtel)?.[1]).toBe(
      BOT_STATUS.bot_rejected_by_portico,
    );
  });
});

describe('carriers after submission (/u/update-carrier)', () => {
  it('when a carrier is added or an undecided one removed then the launch follows and the hold is taken again for the new set', async () => {
    const botId = await botOf(developer);
    await fillLaunch(developer, botId);
    const paid = expectEnvelope(await pay(developer, botId, 'launch-update-pay-1'), 200).data as {
      hold_id: string;
    };
    expectEnvelope(await submit(developer, botId), 200);
    const update = (payload: { add?: number[]; remove?: number[] }) =>
      call(developer, { method: 'PUT', url: `${S}/launches/${botId}/carriers/update`, payload });

    const added = expectEnvelope(await update({ add: [ids.airtel] }), 200).data as TLaunchSummary;
    expect(added.carriers.map((c) => [c.carrier_id, c.status.key]).sort()).toEqual(
      [
        [ids.jio, 'submitted'],
        [ids.airtel, 'submitted'],
      ].sort(),
    );
    expect(added.hold).toMatchObject({ status: 'held', amount: '50.00' });
    expect(added.hold?.hold_id).not.toBe(paid.hold_id);

    const removed = expectEnvelope(await update({ remove: [ids.jio] }), 200).data as TLaunchSummary;
    expect(removed.carriers.find((c) => c.carrier_id === ids.jio)?.status.key).toBe('pending');
    expect(removed.hold).toMatchObject({ status: 'held', amount: '25.00' });
    expect(removed.history.some((e) => e.action === 'withdraw' && e.carrier_id === ids.jio)).toBe(true);

    // The last carrier stays; a carrier cannot be added twice; the bot's own state is unchanged.
    expect(expectEnvelope(await update({ remove: [ids.airtel] }), 409).message).toMatch(
      /at least one carrier/,
    );
    expect(expectEnvelope(await update({ add: [ids.airtel] }), 409).message).toMatch(/already part/);
    expect(removed.bot.status.code).toBe(BOT_STATUS.submitted_for_launch);
    const held = (await holdsOf(developer.partnerId)).filter((h) => h.status === 'held');
    expect(held.filter((h) => h.amount === '25000000').length).toBeGreaterThanOrEqual(1);
  });

  it('when the platform already captured the hold then an added carrier is charged at once and joins at the launch stage', async () => {
    const botId = await botOf(developer);
    await fillLaunch(developer, botId);
    const paid = expectEnvelope(await pay(developer, botId, 'launch-captured-pay-1'), 200).data as {
      hold_id: string;
    };
    expectEnvelope(await submit(developer, botId), 200);
    // The platform approves (42) and captures the hold, as the review side does.
    await t.database.transaction(async () => {
      await t.database.sql.query('UPDATE bots SET status = 42 WHERE bot_id = $1', [botId]);
      await t.database.sql.query('UPDATE bot_carriers SET status = 42 WHERE bot_id = $1', [botId]);
      await ledger.capture({
        partnerId: developer.partnerId,
        holdId: paid.hold_id,
        idempotencyKey: `test-capture-${paid.hold_id}`,
        description: 'approved',
      });
    });
    const before = (await holdsOf(developer.partnerId)).length;
    const update = () =>
      call(developer, {
        method: 'PUT',
        url: `${S}/launches/${botId}/carriers/update`,
        payload: { add: [ids.airtel] },
      });
    const result = expectEnvelope(await update(), 200).data as TLaunchSummary;
    expect(result.carriers.find((c) => c.carrier_id === ids.airtel)?.status.key).toBe(
      'approved_pending_from_carrier',
    );
    expect(result.history.some((e) => e.action === 'added' && e.carrier_id === ids.airtel)).toBe(true);
    const holds = await holdsOf(developer.partnerId);
    expect(holds.length - before).toBe(1);
    expect(holds.at(-1)).toEqual({ status: 'captured', amount: '25000000' });
    // The same request again: refused (already part of the launch), nothing charged twice.
    expectEnvelope(await update(), 409);
    expect((await holdsOf(developer.partnerId)).length - before).toBe(1);
  });

  it('when the launch was not submitted then changing carriers after submission is 409', async () => {
    const botId = await botOf(developer);
    const response = await call(developer, {
      method: 'PUT',
      url: `${S}/launches/${botId}/carriers/update`,
      payload: { add: [ids.airtel] },
    });
    expect((expectEnvelope(response, 409).data as { current: { code: number } }).current.code).toBe(
      BOT_STATUS.in_progress_carrier_submission,
    );
  });
});
