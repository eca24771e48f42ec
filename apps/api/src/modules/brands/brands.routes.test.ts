import {
  APPROVAL_AREA_MESSAGES,
  PROVIDER_APPROVED_STATUS,
  ROLES,
  type TBrand,
  type TReviewHistory,
  ZBulkDecisionResult,
} from '@portico/domain';
import type { InjectOptions } from 'fastify';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Subject } from '../../../test/factories.ts';
import { createTestApp, expectEnvelope, type TestApp, xsrfHeaders } from '../../../test/helpers.ts';
import { BOT_LAUNCHED } from './brands.service.ts';

const S = '/api/v1/secure';
let t: TestApp;
let ids: {
  jio: number;
  airtel: number;
  vi: number;
  industry: number;
  otherIndustry: number;
  docType: number;
};

interface Caller {
  token: string;
  userId: string;
  partnerId: string;
}
let developer: Caller;
let otherDeveloper: Caller;
let jio: Caller;
let airtel: Caller;
let vi: Caller;
let jioReadOnly: Caller;

beforeAll(async () => {
  // Listening: network verification goes through the RBM connector to the mounted sandbox over HTTP.
  t = await createTestApp({ listen: true });
  const lookup = async (kind: string, name: string) =>
    (
      await t.database.sql.query<{ id: number }>(
        'SELECT id FROM lookup_values WHERE kind = $1 AND name = $2',
        [kind, name],
      )
    ).rows[0]?.id ?? 0;
  ids = {
    jio: await t.factories.carrierId('Reliance Jio', 'IN'),
    airtel: await t.factories.carrierId('Bharti Airtel', 'IN'),
    vi: await t.factories.carrierId('Vi (Vodafone Idea)', 'IN'),
    industry: await lookup('industry-types', 'Food & Beverage'),
    otherIndustry: await lookup('industry-types', 'Banking'),
    docType: await lookup('document-types', 'GST Registration Certificate'),
  };
  const caller = async (subject: Subject, carrierId?: number): Promise<Caller> => {
    const account = await t.factories.account(subject, carrierId ? { partner: { carrierId } } : {});
    return {
      token: await t.tokenFor(account.user.userId),
      userId: account.user.userId,
      partnerId: account.partner.partnerId,
    };
  };
  developer = await caller(ROLES.DEVELOPER);
  otherDeveloper = await caller(ROLES.DEVELOPER);
  jio = await caller(ROLES.ADMIN_BILLING, ids.jio);
  airtel = await caller(ROLES.MANAGER_BILLING, ids.airtel);
  vi = await caller(ROLES.ADMIN_BILLING, ids.vi);
  jioReadOnly = await caller(ROLES.USER_BILLING, ids.jio);
});
afterAll(() => t.close());

function call(who: Caller | Subject, options: InjectOptions) {
  if (who !== null && typeof who === 'object') {
    return t.app.inject({
      ...options,
      headers: { authorization: `Bearer ${who.token}`, ...xsrfHeaders(), ...options.headers },
    });
  }
  return t.injectAs(who, options);
}

const body = (overrides: Record<string, unknown> = {}) => ({
  name: 'Chai Corner',
  industry_type_id: ids.industry,
  website: 'https://chaicorner.example',
  description: 'Tea, delivered.',
  contact_name: 'Asha Rao',
  contact_email: 'asha@chaicorner.example',
  contact_phone: '+919876543210',
  address: { line1: '1 MG Road', city: 'Bengaluru', postalCode: '560001', countryId: 'IN' },
  carrier_ids: [ids.jio, ids.airtel],
  ...overrides,
});

async function create(who: Caller = developer, overrides: Record<string, unknown> = {}): Promise<TBrand> {
  const response = await call(who, { method: 'POST', url: `${S}/brands`, payload: body(overrides) });
  return expectEnvelope(response, 201).data as TBrand;
}

function form(fields: Record<string, string>, file?: { name: string; filename: string; bytes: Buffer }) {
  const boundary = `----brands${Date.now()}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function pdf(): Promise<Buffer> {
  const document = await PDFDocument.create();
  document.addPage([200, 200]).drawText('GST certificate', { x: 20, y: 100, size: 12 });
  return Buffer.from(await document.save());
}

const upload = async (brandId: string, bytes: Buffer, who: Caller = developer) =>
  call(who, {
    method: 'POST',
    url: `${S}/brands/${brandId}/documents`,
    ...form({ document_type_id: String(ids.docType) }, { name: 'document', filename: 'gst.pdf', bytes }),
  });

async function submitted(who: Caller = developer, overrides: Record<string, unknown> = {}): Promise<TBrand> {
  const brand = await create(who, overrides);
  expectEnvelope(await upload(brand.brand_id, await pdf(), who), 200);
  return expectEnvelope(await call(who, { method: 'POST', url: `${S}/brands/${brand.brand_id}/submit` }), 200)
    .data as TBrand;
}

const decide = (who: Caller | Subject, brandId: string, action: string, reason?: string) =>
  call(who, {
    method: 'POST',
    url: `${S}/brands/${brandId}/review/${action}`,
    payload: reason ? { reason } : {},
  });
const carrierDecide = (who: Caller, brandId: string, action: string, reason?: string) =>
  call(who, {
    method: 'POST',
    url: `${S}/brands/${brandId}/carrier-review/${action}`,
    payload: reason ? { reason } : {},
  });
const get = (who: Caller | Subject, brandId: string) =>
  call(who, { method: 'GET', url: `${S}/brands/${brandId}` });
const listOf = async (who: Caller | Subject, query = '') =>
  expectEnvelope(await call(who, { method: 'GET', url: `${S}/brands${query}` }), 200).data as {
    items: { brand_id: string; name: string; status: { key: string } }[];
    total: number;
  };

describe('developer CRUD', () => {
  it('when a developer creates a brand then it is a draft with its carriers, listed and searchable, with a created history row', async () => {
    const brand = await create(developer, { name: 'Searchable Samosa' });
    expect(brand.status).toMatchObject({ key: 'draft', code: 1 });
    expect(brand.carriers.map((c) => c.status.key)).toEqual(['awaiting_platform', 'awaiting_platform']);
    const found = await listOf(developer, '?search=samosa&status=draft');
    expect(found.items.map((i) => i.brand_id)).toEqual([brand.brand_id]);
    // By its id too (the header's search), and not a near miss of one.
    expect((await listOf(developer, `?search=${brand.brand_id}`)).items.map((i) => i.brand_id)).toEqual([
      brand.brand_id,
    ]);
    expect((await listOf(developer, `?search=${brand.brand_id.slice(0, -1)}0x`)).total).toBe(0);
    const history = expectEnvelope(
      await call(developer, { method: 'GET', url: `${S}/brands/${brand.brand_id}/history` }),
      200,
    ).data as TReviewHistory;
    expect(history.items.map((e) => e.action)).toEqual(['created']);
  });

  it('when the input is bad then 400 names the field, and unknown references are refused', async () => {
    const bad = expectEnvelope(
      await call(developer, {
        method: 'POST',
        url: `${S}/brands`,
        payload: body({ website: 'not a url', carrier_ids: [] }),
      }),
      400,
    );
    expect(JSON.stringify(bad.data)).toMatch(/website/);
    const unknownCarrier = expectEnvelope(
      await call(developer, {
        method: 'POST',
        url: `${S}/brands`,
        payload: body({ carrier_ids: [2_000_000_000] }),
      }),
      400,
    );
    expect(unknownCarrier.message).toMatch(/carriers/);
  });

  it("when another partner asks for, changes or deletes a developer's brand then it is 404, and it is not in their list", async () => {
    const brand = await create();
    expectEnvelope(await get(otherDeveloper, brand.brand_id), 404);
    expectEnvelope(
      await call(otherDeveloper, { method: 'PUT', url: `${S}/brands/${brand.brand_id}`, payload: body() }),
      404,
    );
    expectEnvelope(
      await call(otherDeveloper, { method: 'DELETE', url: `${S}/brands/${brand.brand_id}` }),
      404,
    );
    expect((await listOf(otherDeveloper)).items.map((i) => i.brand_id)).not.toContain(brand.brand_id);
    // Nor do the platform or carriers see a draft.
    expectEnvelope(await get(ROLES.SUPER_ADMIN_PORTICO, brand.brand_id), 404);
    expectEnvelope(await get(jio, brand.brand_id), 404);
  });

  it('when a verified brand changes its locked fields then it is refused with the reason; other fields still change', async () => {
    const brand = await create();
    await t.database.sql.query(
      `UPDATE brands SET verification_state = 'VERIFICATION_STATE_VERIFIED' WHERE brand_id = $1`,
      [brand.brand_id],
    );
    const refused = expectEnvelope(
      await call(developer, {
        method: 'PUT',
        url: `${S}/brands/${brand.brand_id}`,
        payload: body({ name: 'Renamed', industry_type_id: ids.otherIndustry }),
      }),
      409,
    );
    expect(refused.message).toBe('The brand name cannot change: the network verified the brand under it.');
    expect(refused.data).toEqual([
      { field: 'name', message: expect.any(String) },
      { field: 'industry_type_id', message: expect.any(String) },
    ]);
    const updated = expectEnvelope(
      await call(developer, {
        method: 'PUT',
        url: `${S}/brands/${brand.brand_id}`,
        payload: body({ contact_name: 'New Contact', carrier_ids: [ids.vi] }),
      }),
      200,
    ).data as TBrand;
    expect(updated.contact_name).toBe('New Contact');
    expect(updated.locked_fields).toEqual(['name', 'website', 'industry_type_id']);
    expect(updated.carriers.map((c) => c.carrier_id)).toEqual([ids.vi]);
  });

  it('when a bot has launched for a brand then it cannot be deleted; a draft without one can', async () => {
    const launched = await create();
    await t.database.sql.query('UPDATE brands SET bot_launched_at = now() WHERE brand_id = $1', [
      launched.brand_id,
    ]);
    const refused = expectEnvelope(
      await call(developer, { method: 'DELETE', url: `${S}/brands/${launched.brand_id}` }),
      409,
    );
    expect(refused.message).toBe(BOT_LAUNCHED);
    const draft = await create();
    expectEnvelope(await call(developer, { method: 'DELETE', url: `${S}/brands/${draft.brand_id}` }), 200);
    expectEnvelope(await get(developer, draft.brand_id), 404);
  });

  it('when an aggregator awaits approval then brand calls are refused with why', async () => {
    const account = await t.factories.account(ROLES.DEVELOPER, {
      partner: { isAggregator: true, launchApproved: false, approvalStatus: null },
    });
    const pending = {
      token: await t.tokenFor(account.user.userId),
      userId: account.user.userId,
      partnerId: account.partner.partnerId,
    };
    const refused = expectEnvelope(
      await call(pending, { method: 'POST', url: `${S}/brands`, payload: body() }),
      403,
    );
    expect(refused.message).toBe(APPROVAL_AREA_MESSAGES.brands);
    const approved = await t.factories.account(ROLES.DEVELOPER, {
      partner: { isAggregator: true, launchApproved: true, approvalStatus: PROVIDER_APPROVED_STATUS },
    });
    await create({
      token: await t.tokenFor(approved.user.userId),
      userId: approved.user.userId,
      partnerId: approved.partner.partnerId,
    });
  });
});

describe('documents and logo', () => {
  it('when a real PDF is uploaded then it is listed and downloads through a short-lived signed link; a fake PDF is refused', async () => {
    const brand = await create();
    const bytes = await pdf();
    const withDocument = expectEnvelope(await upload(brand.brand_id, bytes), 200).data as TBrand;
    expect(withDocument.documents).toMatchObject([
      { filename: 'gst.pdf', pages: 1, document_type: 'GST Registration Certificate' },
    ]);
    const documentId = withDocument.documents[0]?.document_id ?? '';
    const link = expectEnvelope(
      await call(developer, {
        method: 'GET',
        url: `${S}/brands/${brand.brand_id}/documents/${documentId}/link`,
      }),
      200,
    ).data as { url: string };
    const download = await t.app.inject({ method: 'GET', url: link.url });
    expect(download.statusCode).toBe(200);
    expect(Buffer.compare(download.rawPayload, bytes)).toBe(0);
    // Another partner gets no link.
    expectEnvelope(
      await call(otherDeveloper, {
        method: 'GET',
        url: `${S}/brands/${brand.brand_id}/documents/${documentId}/link`,
      }),
      404,
    );

    const fake = expectEnvelope(
      await upload(brand.brand_id, Buffer.from('%PDF-1.7 not really a pdf at all')),
      400,
    );
    expect(fake.message).toBe('Business document is not a readable PDF: it could not be parsed.');
    const html = expectEnvelope(await upload(brand.brand_id, Buffer.from('<html>hello</html>')), 400);
    expect(html.message).toMatch(/is not a PDF/);
    const large = expectEnvelope(
      await upload(brand.brand_id, Buffer.concat([bytes, Buffer.alloc(5_000_001)])),
      413,
    );
    expect(large.message).toMatch(/Business document/);
  });

  it('when a logo of the right size is uploaded then it is shown; a wrong size is refused with the size', async () => {
    const brand = await create();
    const logo = await sharp({ create: { width: 224, height: 224, channels: 3, background: '#5956D6' } })
      .png()
      .toBuffer();
    const saved = expectEnvelope(
      await call(developer, {
        method: 'POST',
        url: `${S}/brands/${brand.brand_id}/logo`,
        ...form({}, { name: 'logo', filename: 'logo.png', bytes: logo }),
      }),
      200,
    ).data as TBrand;
    expect(saved.logo_url).toMatch(/^\/api\/v1\/files\/public\/brand-logos\//);
    const small = await sharp({ create: { width: 100, height: 80, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const refused = expectEnvelope(
      await call(developer, {
        method: 'POST',
        url: `${S}/brands/${brand.brand_id}/logo`,
        ...form({}, { name: 'logo', filename: 'logo.png', bytes: small }),
      }),
      400,
    );
    expect(refused.message).toBe('Logo is 100 x 80 px; it must be 224 x 224 px.');
  });
});

describe('review by the platform and the carriers', () => {
  it('when submitted without a document then it is refused; with one it goes to the platform', async () => {
    const brand = await create();
    const refused = expectEnvelope(
      await call(developer, { method: 'POST', url: `${S}/brands/${brand.brand_id}/submit` }),
      400,
    );
    expect(refused.message).toMatch(/business document/);
    const sent = await submitted();
    expect(sent.status.key).toBe('submitted');
    expect(sent.submitted_at).not.toBeNull();
  });

  it('when the admin forwards and one carrier approves and another rejects with a reason then the brand is approved and the developer reads why in the history', async () => {
    const brand = await submitted();
    // Read-only admins change nothing.
    expectEnvelope(await decide(ROLES.ADMIN_PORTICO_READONLY, brand.brand_id, 'forward'), 403);
    // Carriers do not see a brand the platform has not forwarded.
    expectEnvelope(await get(jio, brand.brand_id), 404);
    const forwarded = expectEnvelope(await decide(ROLES.SUPER_ADMIN_PORTICO, brand.brand_id, 'forward'), 200)
      .data as TBrand;
    expect(forwarded.status).toMatchObject({ key: 'forwarded', code: 30 });

    // Carrier isolation: Vi is not among the brand's carriers.
    expectEnvelope(await get(vi, brand.brand_id), 404);
    expectEnvelope(await carrierDecide(vi, brand.brand_id, 'approve'), 404);
    expect((await listOf(vi)).items.map((i) => i.brand_id)).not.toContain(brand.brand_id);

    const seenByJio = expectEnvelope(await get(jio, brand.brand_id), 200).data as TBrand;
    expect(seenByJio.carriers.map((c) => c.carrier_id)).toEqual([ids.jio]);
    expect(seenByJio.carrier_status).toMatchObject({ key: 'to_be_approved_by_carrier', code: 39 });
    expect(seenByJio.allowed_actions).toEqual(['approve', 'reject']);
    expect((await listOf(jio, '?status=to_be_approved_by_carrier')).items.map((i) => i.brand_id)).toContain(
      brand.brand_id,
    );
    // The carrier's read-only admin decides nothing.
    expectEnvelope(await carrierDecide(jioReadOnly, brand.brand_id, 'approve'), 403);

    expectEnvelope(await carrierDecide(jio, brand.brand_id, 'approve'), 200);
    const noReason = expectEnvelope(await carrierDecide(airtel, brand.brand_id, 'reject'), 400);
    expect(noReason.message).toBe('Give a reason: it is shown to the submitter.');
    const reason = 'The address does not match the GST certificate.';
    expectEnvelope(await carrierDecide(airtel, brand.brand_id, 'reject', reason), 200);
    // Deciding again is an illegal move: 409 with the current state.
    const again = expectEnvelope(await carrierDecide(airtel, brand.brand_id, 'approve'), 409);
    expect((again.data as { current: { code: number } }).current.code).toBe(32);

    const settled = expectEnvelope(await get(developer, brand.brand_id), 200).data as TBrand;
    expect(settled.status).toMatchObject({ key: 'approved', code: 31 });
    expect(settled.carriers.map((c) => [c.carrier_id, c.status.key])).toEqual(
      expect.arrayContaining([
        [ids.jio, 'approved'],
        [ids.airtel, 'rejected'],
      ]),
    );
    // The brand itself shows each reviewer's latest decision with its reason, not only the history.
    expect(settled.carriers.find((c) => c.carrier_id === ids.airtel)?.decision).toMatchObject({
      action: 'reject',
      reason,
    });
    expect(settled.carriers.find((c) => c.carrier_id === ids.jio)?.decision).toMatchObject({
      action: 'approve',
      reason: null,
    });
    expect(settled.platform_decision).toMatchObject({ action: 'forward' });
    const history = expectEnvelope(
      await call(developer, { method: 'GET', url: `${S}/brands/${brand.brand_id}/history` }),
      200,
    ).data as TReviewHistory;
    expect(history.items.map((e) => e.action)).toEqual([
      'carriers-approved',
      'reject',
      'approve',
      'forward',
      'submit',
      'created',
    ]);
    const rejection = history.items.find((e) => e.action === 'reject');
    expect(rejection).toMatchObject({ reason, carrier_name: 'Bharti Airtel', to: { code: 32 } });
    // A carrier reads its own network's decisions, never another's.
    const jioHistory = expectEnvelope(
      await call(jio, { method: 'GET', url: `${S}/brands/${brand.brand_id}/history` }),
      200,
    ).data as TReviewHistory;
    expect(jioHistory.items.some((e) => e.carrier_id === ids.airtel)).toBe(false);
    const mails = await t.database.sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'mail.send' AND data->>'template' = 'review-decision'`,
    );
    expect(mails.rows[0]?.n).toBeGreaterThanOrEqual(4);
  });

  it('when two admins decide at once then one wins and the other gets 409 with the current state', async () => {
    const brand = await submitted();
    const [first, second] = await Promise.all([
      decide(ROLES.SUPER_ADMIN_PORTICO, brand.brand_id, 'approve'),
      decide(ROLES.ADMIN_PORTICO_READWRITE, brand.brand_id, 'approve'),
    ]);
    const statuses = [first.statusCode, second.statusCode].sort();
    expect(statuses).toEqual([200, 409]);
    const lost = [first, second].find((r) => r.statusCode === 409);
    const current = (JSON.parse(lost?.body ?? '{}') as { data: { current: { code: number } } }).data.current;
    const now = expectEnvelope(await get(developer, brand.brand_id), 200).data as TBrand;
    expect(current.code).toBe(now.status.code);
  });

  it('when the admin rejects without a reason then 400; with one the developer may fix and resubmit', async () => {
    const brand = await submitted();
    expectEnvelope(await decide(ROLES.SUPER_ADMIN_PORTICO, brand.brand_id, 'reject'), 400);
    const rejected = expectEnvelope(
      await decide(ROLES.SUPER_ADMIN_PORTICO, brand.brand_id, 'reject', 'Blurry certificate'),
      200,
    ).data as TBrand;
    expect(rejected.platform_decision).toMatchObject({ action: 'reject', reason: 'Blurry certificate' });
    const seen = expectEnvelope(await get(developer, brand.brand_id), 200).data as TBrand;
    expect(seen.platform_decision?.reason).toBe('Blurry certificate');
    expectEnvelope(
      await call(developer, { method: 'PUT', url: `${S}/brands/${brand.brand_id}`, payload: body() }),
      200,
    );
    const again = expectEnvelope(
      await call(developer, { method: 'POST', url: `${S}/brands/${brand.brand_id}/submit` }),
      200,
    ).data as TBrand;
    expect(again.status.key).toBe('submitted');
    // Resubmitted: the old decision no longer stands on the brand (the history keeps it).
    expect(again.platform_decision).toBeNull();
    // Under review, the developer cannot change it.
    expectEnvelope(
      await call(developer, { method: 'PUT', url: `${S}/brands/${brand.brand_id}`, payload: body() }),
      409,
    );
  });

  it('when the admin lists by tab and exports with filters then the rows match', async () => {
    const brand = await submitted(developer, { name: 'Export Tab Brand' });
    const tab = await listOf(ROLES.ADMIN_PORTICO_READONLY, '?status=submitted&search=export%20tab');
    expect(tab.items.map((i) => i.brand_id)).toEqual([brand.brand_id]);
    const xlsx = await call(ROLES.ADMIN_PORTICO_READONLY, {
      method: 'GET',
      url: `${S}/brands/export?format=xlsx&status=submitted&search=export%20tab`,
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toMatch(/spreadsheetml/);
    const pdfExport = await call(developer, { method: 'GET', url: `${S}/brands/export?format=pdf` });
    expect(pdfExport.statusCode).toBe(200);
    expect(pdfExport.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
});

describe('sorting', () => {
  it("when reviewers sort by partner then each partner's brands come together and the other order is the exact reverse; an unknown sort is a 400 that names the choices", async () => {
    await submitted(developer);
    await submitted(otherDeveloper);
    const rows = async (order: string) => {
      const response = await call(ROLES.SUPER_ADMIN_PORTICO, {
        method: 'GET',
        url: `${S}/brands?sort=partner_name&order=${order}&end=100`,
      });
      return (expectEnvelope(response, 200).data as { items: { brand_id: string; partner_name: string }[] })
        .items;
    };
    const ascending = await rows('asc');
    expect(ascending.length).toBeGreaterThan(1);
    const partners = ascending.map((row) => row.partner_name);
    const groups = partners.filter((name, index) => index === 0 || name !== partners[index - 1]);
    expect(new Set(groups).size).toBe(groups.length);
    expect((await rows('desc')).map((row) => row.brand_id)).toEqual(
      ascending.map((row) => row.brand_id).reverse(),
    );
    const bad = expectEnvelope(
      await call(ROLES.SUPER_ADMIN_PORTICO, { method: 'GET', url: `${S}/brands?sort=secret_column` }),
      400,
    );
    expect(JSON.stringify(bad)).toMatch(/sort must be one of/);
  });
});

describe('bulk review', () => {
  const bulk = (who: Caller | Subject, url: string, payload: object) =>
    call(who, { method: 'POST', url: `${S}/brands/${url}`, payload });

  it('when the platform approves brands in bulk then each is decided on its own and a draft is refused as not found', async () => {
    const one = await submitted();
    const two = await submitted();
    const draft = await create();
    expectEnvelope(
      await bulk(ROLES.ADMIN_PORTICO_READONLY, 'bulk-review', { action: 'approve', ids: [one.brand_id] }),
      403,
    );
    expectEnvelope(
      await bulk(ROLES.SUPER_ADMIN_PORTICO, 'bulk-review', { action: 'reject', ids: [one.brand_id] }),
      400,
    );
    const result = ZBulkDecisionResult.parse(
      expectEnvelope(
        await bulk(ROLES.SUPER_ADMIN_PORTICO, 'bulk-review', {
          action: 'approve',
          ids: [one.brand_id, draft.brand_id, two.brand_id],
        }),
        200,
      ).data,
    );
    expect(result.items.map((item) => [item.id, item.outcome])).toEqual([
      [one.brand_id, 'done'],
      [draft.brand_id, 'refused'],
      [two.brand_id, 'done'],
    ]);
    // A draft is not the platform's to see, as with one decision.
    expect(result.items[1]?.status).toBe(404);
    for (const id of [one.brand_id, two.brand_id]) {
      const brand = expectEnvelope(await get(ROLES.SUPER_ADMIN_PORTICO, id), 200).data as TBrand;
      expect(brand.status.key).toBe('approved_pending_carrier');
    }
  });

  it("when a carrier rejects in bulk with one reason then its own brands are rejected for its network and another network's brand is not found", async () => {
    const own = await submitted(developer, { carrier_ids: [ids.jio] });
    const other = await submitted(developer, { carrier_ids: [ids.vi] });
    for (const brand of [own, other]) {
      expectEnvelope(await decide(ROLES.SUPER_ADMIN_PORTICO, brand.brand_id, 'forward'), 200);
    }
    expectEnvelope(
      await bulk(jioReadOnly, 'bulk-carrier-review', { action: 'approve', ids: [own.brand_id] }),
      403,
    );
    const result = ZBulkDecisionResult.parse(
      expectEnvelope(
        await bulk(jio, 'bulk-carrier-review', {
          action: 'reject',
          ids: [own.brand_id, other.brand_id],
          reason: 'Trade licence unreadable',
        }),
        200,
      ).data,
    );
    expect(result.items.map((item) => [item.outcome, item.status])).toEqual([
      ['done', 200],
      ['refused', 404],
    ]);
    const seen = expectEnvelope(await get(jio, own.brand_id), 200).data as TBrand;
    expect(seen.carrier_status?.key).toBe('rejected');
    expect(seen.carriers[0]?.decision?.reason).toBe('Trade licence unreadable');
    const untouched = expectEnvelope(await get(vi, other.brand_id), 200).data as TBrand;
    expect(untouched.carrier_status?.key).toBe('to_be_approved_by_carrier');
  });
});

describe('tab counts', () => {
  const countsOf = async (who: Caller | Subject, query: string) =>
    (
      expectEnvelope(await call(who, { method: 'GET', url: `${S}/brands${query}` }), 200).data as {
        tabCounts?: Record<string, number>;
      }
    ).tabCounts;

  it('when reviewers list brands then each tab says how many it holds under the search, their own network only, and each count is its tab total', async () => {
    const forward = async (brandId: string) =>
      expectEnvelope(await decide(ROLES.SUPER_ADMIN_PORTICO, brandId, 'forward'), 200);
    await create(developer, { name: 'Tabcount Draft' });
    await submitted(developer, { name: 'Tabcount Alpha' });
    const toReview = await submitted(developer, { name: 'Tabcount Bravo', carrier_ids: [ids.jio] });
    await forward(toReview.brand_id);
    const approved = await submitted(developer, { name: 'Tabcount Charlie', carrier_ids: [ids.jio] });
    await forward(approved.brand_id);
    expectEnvelope(await carrierDecide(jio, approved.brand_id, 'approve'), 200);
    const rejected = await submitted(otherDeveloper, { name: 'Tabcount Delta', carrier_ids: [ids.jio] });
    await forward(rejected.brand_id);
    expectEnvelope(await carrierDecide(jio, rejected.brand_id, 'reject', 'Not our market.'), 200);
    const viOnly = await submitted(otherDeveloper, { name: 'Tabcount Echo', carrier_ids: [ids.vi] });
    await forward(viOnly.brand_id);

    // The platform: every submitted brand of every partner, never a draft.
    const platform = await countsOf(ROLES.ADMIN_PORTICO_READONLY, '?search=tabcount');
    expect(platform).toEqual({
      submitted: 1,
      forwarded: 2,
      approved_pending_carrier: 0,
      approved: 1,
      rejected: 1,
      all: 5,
    });
    // A carrier: its own network's reviews only (Echo went to Vi alone), by its own decision.
    expect(await countsOf(jio, '?search=tabcount')).toEqual({
      to_be_approved_by_carrier: 1,
      approved: 1,
      rejected: 1,
      all: 3,
    });
    expect(await countsOf(vi, '?search=tabcount')).toEqual({
      to_be_approved_by_carrier: 1,
      approved: 0,
      rejected: 0,
      all: 1,
    });
    // The search narrows every tab; the tab asked for does not change the counts.
    expect(await countsOf(jio, '?search=tabcount%20charlie&status=rejected')).toEqual({
      to_be_approved_by_carrier: 0,
      approved: 1,
      rejected: 0,
      all: 1,
    });
    // Each count is what its tab lists.
    for (const [who, counts] of [
      [ROLES.ADMIN_PORTICO_READONLY, platform],
      [jio, await countsOf(jio, '?search=tabcount')],
    ] as const) {
      for (const [tab, n] of Object.entries(counts ?? {})) {
        const status = tab === 'all' ? '' : `&status=${tab}`;
        expect((await listOf(who, `?search=tabcount${status}`)).total, tab).toBe(n);
      }
    }
    // The developer's list has a status filter, no tabs.
    expect(await countsOf(developer, '?search=tabcount')).toBeUndefined();
  });
});

describe('network verification', () => {
  const configure = (payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'PUT',
      url: '/sandbox/config',
      payload: { rateLimits: { enabled: false }, ...payload },
    });

  it('when verification is requested then the network state is stored and refreshed until verified', async () => {
    await configure({ agentReviewDelayMs: 50 });
    const brand = await create();
    const pending = expectEnvelope(
      await call(developer, { method: 'POST', url: `${S}/brands/${brand.brand_id}/verification` }),
      200,
    ).data as TBrand;
    expect(pending.verification).toMatchObject({
      state: 'VERIFICATION_STATE_PENDING',
      label: 'Verification pending',
    });
    await new Promise((resolve) => setTimeout(resolve, 150));
    const verified = expectEnvelope(
      await call(developer, { method: 'POST', url: `${S}/brands/${brand.brand_id}/verification/refresh` }),
      200,
    ).data as TBrand;
    expect(verified.verification?.state).toBe('VERIFICATION_STATE_VERIFIED');
    expect(verified.locked_fields).toContain('name');
  });

  it('when the network fails then the call says so and the stored state is unchanged', async () => {
    const brand = await create();
    await configure({ serverErrorRatio: 1 });
    try {
      const failed = expectEnvelope(
        await call(developer, { method: 'POST', url: `${S}/brands/${brand.brand_id}/verification` }),
        503,
      );
      expect(failed.message).toMatch(/^Google RBM: /);
    } finally {
      await configure({});
    }
    const after = expectEnvelope(await get(developer, brand.brand_id), 200).data as TBrand;
    expect(after.verification).toBeNull();
  });
});
