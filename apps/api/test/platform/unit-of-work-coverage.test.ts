import { randomUUID } from 'node:crypto';
import { ROLES, type TBrand } from '@portico/domain';
import type { InjectOptions } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ok } from '../../src/platform/http/envelope.ts';
import type { Subject } from '../factories.ts';
import { createTestApp, expectEnvelope, type TestApp, xsrfHeaders } from '../helpers.ts';
import { launchFixtures } from '../launch-review.ts';
import { insertBot } from '../metering.ts';
import { expectOneUnitOfWork, type UnitOfWorkCase, unitOfWorkProbe } from '../unit-of-work.ts';

const S = '/api/v1/secure';
let t: TestApp;
let probe: ReturnType<typeof unitOfWorkProbe>;

/** Two use cases written wrong on purpose, to show the probe catches them. */
const wrongUseCases: FastifyPluginAsyncZod = async (app) => {
  const body = z.object({ partnerId: z.string() });
  const insertUser = (partnerId: string) =>
    t.database.sql.query(`INSERT INTO users (partner_id, email, status) VALUES ($1, $2, 'active')`, [
      partnerId,
      `${randomUUID()}@unit-of-work.test`,
    ]);
  app.post('/probe/two-units', { schema: { body } }, async (request) => {
    await t.database.transaction(() => insertUser(request.body.partnerId));
    await t.database.transaction(() => insertUser(request.body.partnerId));
    return ok(null);
  });
  // The same mistake on a route nobody listed: the suite-wide audit (test/unit-of-work-audit.ts).
  app.post('/probe/unlisted', { schema: { body } }, async (request) => {
    await t.database.transaction(() => insertUser(request.body.partnerId));
    await insertUser(request.body.partnerId);
    return ok(null);
  });
  app.post('/probe/write-beside', { schema: { body } }, async (request) => {
    await insertUser(request.body.partnerId);
    await t.database.transaction(() => insertUser(request.body.partnerId));
    return ok(null);
  });
};

beforeAll(async () => {
  // Listening: brand and bot verification call the mounted sandboxes over HTTP.
  t = await createTestApp({ listen: true, extraRoutes: { api: [wrongUseCases] } });
  probe = unitOfWorkProbe(t);
});
afterAll(() => t.close());

/** A user of a new partner of this role, and the headers of its requests. */
async function caller(subject: Subject) {
  const account = await t.factories.account(subject);
  const token = await t.tokenFor(account.user.userId);
  return {
    ...account,
    headers: { authorization: `Bearer ${token}`, ...xsrfHeaders() },
  };
}

/** A request as `who`, for a case's arrange step to make what the case needs. */
async function call(who: { headers: Record<string, string> }, options: InjectOptions) {
  return t.app.inject({ ...options, headers: { ...who.headers, ...options.headers } });
}

const lookup = async (kind: string, name: string) =>
  (
    await t.database.sql.query<{ id: number }>('SELECT id FROM lookup_values WHERE kind = $1 AND name = $2', [
      kind,
      name,
    ])
  ).rows[0]?.id ?? 0;

async function brandBody() {
  return {
    name: `Chai Corner ${randomUUID().slice(0, 6)}`,
    industry_type_id: await lookup('industry-types', 'Food & Beverage'),
    website: 'https://chaicorner.example',
    description: 'Tea, delivered.',
    contact_name: 'Asha Rao',
    contact_email: 'asha@chaicorner.example',
    contact_phone: '+919876543210',
    address: { line1: '1 MG Road', city: 'Bengaluru', postalCode: '560001', countryId: 'IN' },
    carrier_ids: [
      await t.factories.carrierId('Reliance Jio', 'IN'),
      await t.factories.carrierId('Bharti Airtel', 'IN'),
    ],
  };
}

function multipart(fields: Record<string, string>, file: { name: string; filename: string; bytes: Buffer }) {
  const boundary = `----uow${Date.now()}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    file.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
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

type Developer = Awaited<ReturnType<typeof caller>>;

async function draftBrand(owner: Developer): Promise<TBrand> {
  const created = await call(owner, { method: 'POST', url: `${S}/brands`, payload: await brandBody() });
  return expectEnvelope(created, 201).data as TBrand;
}

async function submittedBrand(owner: Developer): Promise<TBrand> {
  const brand = await draftBrand(owner);
  const docType = String(await lookup('document-types', 'GST Registration Certificate'));
  expectEnvelope(
    await call(owner, {
      method: 'POST',
      url: `${S}/brands/${brand.brand_id}/documents`,
      ...multipart(
        { document_type_id: docType },
        { name: 'document', filename: 'gst.pdf', bytes: await pdf() },
      ),
    }),
    200,
  );
  expectEnvelope(await call(owner, { method: 'POST', url: `${S}/brands/${brand.brand_id}/submit` }), 200);
  return brand;
}

/** An RCS text template of a bot, as the developer's form sends it. */
const templateBody = (botId: string, name: string) => ({
  bot_id: botId,
  channel: 'rcs',
  name: `${name} ${randomUUID().slice(0, 6)}`,
  language: 'en',
  content: { kind: 'text', text: 'Hello {{first_name}}' },
  sample_values: { first_name: 'Asha' },
});

/** A developer's RCS text template, saved as a draft through its route. */
async function draftTemplate(name: string) {
  const owner = await caller(ROLES.DEVELOPER);
  const botId = await insertBot(t.database, owner.partner.partnerId);
  const created = await call(owner, {
    method: 'POST',
    url: `${S}/templates`,
    payload: templateBody(botId, name),
  });
  const { template_id } = expectEnvelope(created, 201).data as { template_id: string };
  return { owner, templateId: template_id };
}

/** A draft template submitted for review through its route. */
async function submittedTemplate() {
  const draft = await draftTemplate('Submitted');
  expectEnvelope(
    await call(draft.owner, { method: 'POST', url: `${S}/templates/${draft.templateId}/submit` }),
    200,
  );
  return draft;
}

/**
 * Every use case that writes more than one row, as the route that runs it: the table issue 31
 * point 9 asks for. Each is run with its commit failing (nothing may be left) and then for real
 * (more than one row, one transaction, nothing written outside it).
 */
const CASES: UnitOfWorkCase[] = [
  {
    name: 'inviting a user (user, invitation link, record, mail job)',
    route: 'POST /api/v1/secure/users/invite',
    writes: ['users', 'account_tokens', 'audit_log'],
    async arrange() {
      const owner = await caller(ROLES.DEVELOPER);
      return {
        method: 'POST',
        url: `${S}/users/invite`,
        headers: owner.headers,
        payload: {
          email: `invitee-${randomUUID().slice(0, 8)}@portico.test`,
          firstName: 'In',
          lastName: 'Vitee',
          role: 'CHILD_AGGREGATOR_READWRITE',
        },
      };
    },
  },
  {
    name: "changing a user's role (the user, the record)",
    route: 'PATCH /api/v1/secure/users/:userId/role',
    writes: ['users', 'audit_log'],
    async arrange() {
      const owner = await caller(ROLES.DEVELOPER);
      const member = await t.factories.user(owner.partner.partnerId, { role: 'CHILD_AGGREGATOR_READONLY' });
      return {
        method: 'PATCH',
        url: `${S}/users/${member.userId}/role`,
        headers: owner.headers,
        payload: { role: 'CHILD_AGGREGATOR_READWRITE' },
      };
    },
  },
  {
    name: 'removing a user (the user, the record)',
    route: 'DELETE /api/v1/secure/users/:userId',
    writes: ['users', 'audit_log'],
    async arrange() {
      const owner = await caller(ROLES.DEVELOPER);
      const member = await t.factories.user(owner.partner.partnerId, { role: 'CHILD_AGGREGATOR_READWRITE' });
      return { method: 'DELETE', url: `${S}/users/${member.userId}`, headers: owner.headers };
    },
  },
  {
    name: 'changing a password (the hash, sessions cut, record, notice mail)',
    route: 'POST /api/v1/secure/change-password',
    writes: ['users', 'audit_log'],
    async arrange() {
      const owner = await caller(ROLES.DEVELOPER);
      await t.factories.setPassword(owner.user.userId, 'Old-Password-1!');
      return {
        method: 'POST',
        url: `${S}/change-password`,
        headers: owner.headers,
        payload: {
          currentPassword: 'Old-Password-1!',
          newPassword: 'New-Password-2!',
          confirmPassword: 'New-Password-2!',
        },
      };
    },
  },
  {
    name: 'creating a brand (the brand, its carriers)',
    route: 'POST /api/v1/secure/brands',
    okStatus: 201,
    writes: ['brands', 'brand_carriers'],
    async arrange() {
      const owner = await caller(ROLES.DEVELOPER);
      return { method: 'POST', url: `${S}/brands`, headers: owner.headers, payload: await brandBody() };
    },
  },
  {
    name: 'submitting a brand (its state, its carriers, the review history)',
    route: 'POST /api/v1/secure/brands/:brandId/submit',
    writes: ['brands'],
    async arrange() {
      const owner = await caller(ROLES.DEVELOPER);
      const brand = await draftBrand(owner);
      const docType = String(await lookup('document-types', 'GST Registration Certificate'));
      expectEnvelope(
        await call(owner, {
          method: 'POST',
          url: `${S}/brands/${brand.brand_id}/documents`,
          ...multipart(
            { document_type_id: docType },
            { name: 'document', filename: 'gst.pdf', bytes: await pdf() },
          ),
        }),
        200,
      );
      return { method: 'POST', url: `${S}/brands/${brand.brand_id}/submit`, headers: owner.headers };
    },
  },
  {
    name: "approving a brand (its state, the carriers' reviews, the history, the notice)",
    route: 'POST /api/v1/secure/brands/:brandId/review/:action',
    writes: ['brands', 'review_history'],
    async arrange() {
      const owner = await caller(ROLES.DEVELOPER);
      const brand = await submittedBrand(owner);
      const reviewer = await caller(ROLES.ADMIN_PORTICO_READWRITE);
      return {
        method: 'POST',
        url: `${S}/brands/${brand.brand_id}/review/approve`,
        headers: reviewer.headers,
        payload: {},
      };
    },
  },
  {
    name: 'deleting a brand (the brand, its carriers)',
    route: 'DELETE /api/v1/secure/brands/:brandId',
    writes: ['brands', 'brand_carriers'],
    async arrange() {
      const owner = await caller(ROLES.DEVELOPER);
      const brand = await draftBrand(owner);
      return { method: 'DELETE', url: `${S}/brands/${brand.brand_id}`, headers: owner.headers };
    },
  },
  {
    name: 'forwarding a launch to its carriers (the bot, each carrier, the history, the notices)',
    route: 'POST /api/v1/secure/bot-reviews/:botId/:action',
    writes: ['bots', 'bot_carriers', 'review_history'],
    async arrange() {
      const f = launchFixtures(t);
      const dev = await f.developer();
      const jio = await t.factories.carrierId();
      const { botId } = await f.launch({
        partnerId: dev.partnerId,
        state: 'submitted_for_launch',
        carriers: { [jio]: 'submitted' },
      });
      const admin = await caller(ROLES.ADMIN_PORTICO_READWRITE);
      return {
        method: 'POST',
        url: `${S}/bot-reviews/${botId}/forward`,
        headers: admin.headers,
        payload: {},
      };
    },
  },
  {
    name: 'rejecting a launch (the bot, its carriers, the hold released to the wallet, the history)',
    route: 'POST /api/v1/secure/bot-reviews/:botId/:action',
    writes: ['bots', 'review_history', 'ledger_holds', 'ledger_transactions'],
    async arrange() {
      const f = launchFixtures(t);
      const dev = await f.developer();
      const jio = await t.factories.carrierId();
      const { botId } = await f.launch({
        partnerId: dev.partnerId,
        state: 'submitted_for_launch',
        carriers: { [jio]: 'submitted' },
      });
      const admin = await caller(ROLES.ADMIN_PORTICO_READWRITE);
      return {
        method: 'POST',
        url: `${S}/bot-reviews/${botId}/reject`,
        headers: admin.headers,
        payload: { reason: 'The logo is not the brand' },
      };
    },
  },
  {
    name: "a carrier's approval of a forwarded launch (its carrier row, the history, the notices)",
    route: 'POST /api/v1/secure/carrier/bot-reviews/:botId/:action',
    writes: ['bot_carriers', 'review_history'],
    async arrange() {
      const f = launchFixtures(t);
      const dev = await f.developer();
      const jio = await t.factories.carrierId();
      const airtel = await t.factories.carrierId('Bharti Airtel');
      const { botId } = await f.launch({
        partnerId: dev.partnerId,
        state: 'bot_forwarded_by_portico',
        carriers: { [jio]: 'to_be_approved_by_carrier', [airtel]: 'to_be_approved_by_carrier' },
      });
      const account = await t.factories.account(ROLES.ADMIN_BILLING, { partner: { carrierId: jio } });
      const token = await t.tokenFor(account.user.userId);
      return {
        method: 'POST',
        url: `${S}/carrier/bot-reviews/${botId}/approve`,
        headers: { authorization: `Bearer ${token}`, ...xsrfHeaders() },
        payload: {},
      };
    },
  },
  {
    name: "issuing a bot's partner credential (the credential, the record)",
    route: 'POST /api/v1/secure/bots/:botId/credentials',
    writes: ['partner_credentials'],
    async arrange() {
      const owner = await caller(ROLES.DEVELOPER);
      const botId = await insertBot(t.database, owner.partner.partnerId);
      return { method: 'POST', url: `${S}/bots/${botId}/credentials`, headers: owner.headers };
    },
  },
  {
    name: "approving an aggregator (the partner's state, the history, the owners' notices)",
    route: 'POST /api/v1/secure/aggregators/:partnerId/review/:action',
    writes: ['partners', 'review_history'],
    async arrange() {
      const aggregator = await t.factories.account(ROLES.DEVELOPER, {
        partner: {
          isAggregator: true,
          launchApproved: false,
          approvalStatus: null,
          company: { name: 'Pending Reach', countryId: 'IN' },
          address: { line1: '1 Reach Road', city: 'Pune', postalCode: '411001', countryId: 'IN' },
        },
      });
      const reviewer = await caller(ROLES.ADMIN_PORTICO_READWRITE);
      return {
        method: 'POST',
        url: `${S}/aggregators/${aggregator.partner.partnerId}/review/approve`,
        headers: reviewer.headers,
        payload: {},
      };
    },
  },
  {
    name: 'creating a template (the template, its first version)',
    route: 'POST /api/v1/secure/templates',
    okStatus: 201,
    writes: ['templates', 'template_versions'],
    async arrange() {
      const owner = await caller(ROLES.DEVELOPER);
      const botId = await insertBot(t.database, owner.partner.partnerId);
      return {
        method: 'POST',
        url: `${S}/templates`,
        headers: owner.headers,
        payload: templateBody(botId, 'Greeting'),
      };
    },
  },
  {
    name: 'submitting a template (its version pending, the history, the reviewers told)',
    route: 'POST /api/v1/secure/templates/:templateId/submit',
    writes: ['template_versions'],
    async arrange() {
      const { owner, templateId } = await draftTemplate('Shipped');
      return { method: 'POST', url: `${S}/templates/${templateId}/submit`, headers: owner.headers };
    },
  },
  {
    name: 'approving a template (its version active, the template, the history, the owner told)',
    route: 'POST /api/v1/secure/templates/:templateId/approve',
    writes: ['template_versions', 'templates'],
    async arrange() {
      const { templateId } = await submittedTemplate();
      const reviewer = await caller(ROLES.SUPER_ADMIN_PORTICO);
      return {
        method: 'POST',
        url: `${S}/templates/${templateId}/approve`,
        headers: reviewer.headers,
        payload: {},
      };
    },
  },
  {
    name: 'rejecting a template (its version rejected with the reason, the history, the owner told)',
    route: 'POST /api/v1/secure/templates/:templateId/reject',
    writes: ['template_versions'],
    async arrange() {
      const { templateId } = await submittedTemplate();
      const reviewer = await caller(ROLES.SUPER_ADMIN_PORTICO);
      return {
        method: 'POST',
        url: `${S}/templates/${templateId}/reject`,
        headers: reviewer.headers,
        payload: { reason: 'The sample values do not match the text.' },
      };
    },
  },
  {
    name: 'deleting a draft template (the template and its versions)',
    route: 'DELETE /api/v1/secure/templates/:templateId',
    writes: ['templates', 'template_versions'],
    async arrange() {
      const { owner, templateId } = await draftTemplate('Draft');
      return { method: 'DELETE', url: `${S}/templates/${templateId}`, headers: owner.headers };
    },
  },
];

describe('every use case that writes more than one row is one unit of work', () => {
  for (const useCase of CASES) {
    it(`${useCase.route}: ${useCase.name}`, async () => {
      await expectOneUnitOfWork(t, probe, useCase);
    });
  }
});

describe('the audit of every write request in the suite', () => {
  it('when a write request is not one unit of work and its route is not listed then the request throws, naming it', async () => {
    const { partnerId } = await t.factories.partner();
    await expect(
      t.app.inject({
        method: 'POST',
        url: '/api/v1/probe/unlisted',
        headers: xsrfHeaders(),
        payload: { partnerId },
      }),
    ).rejects.toThrow(
      'POST /api/v1/probe/unlisted (answered 200) is not one unit of work: 1 transactions wrote, and it wrote outside any',
    );
  });
});

describe('the probe', () => {
  for (const [url, why] of [
    ['/api/v1/probe/two-units', 'transactions that wrote'],
    ['/api/v1/probe/write-beside', 'writes outside the unit of work'],
  ] as const) {
    it(`when a use case is not one unit of work (${url}) then the check fails: ${why}`, async () => {
      const useCase: UnitOfWorkCase = {
        name: url,
        route: `POST ${url}`,
        writes: ['users'],
        arrange: async () => ({
          method: 'POST',
          url,
          headers: xsrfHeaders(),
          payload: { partnerId: (await t.factories.partner()).partnerId },
        }),
      };
      await expect(expectOneUnitOfWork(t, probe, useCase)).rejects.toThrow(why);
    });
  }
});
