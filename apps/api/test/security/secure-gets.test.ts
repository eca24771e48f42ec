// Finding 4 (issue 10): every secure GET, as every seeded role with a fully filled-in account,
// answers below 500, and a 200 matches the route's own response schema. The routes come from the
// server's registry, so a route added later is probed without editing this file.
import { randomUUID } from 'node:crypto';
import type { FastifySchema } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { accountState } from '../../src/platform/db/core.schema.ts';
import { SUBJECTS, subjectName } from '../authz-matrix.ts';
import type { Subject } from '../factories.ts';
import { createTestApp, type TestApp, xsrfHeaders } from '../helpers.ts';

/** Every optional field filled in, the ones that once broke the review page included. */
const FULL_COMPANY = {
  name: 'Filled In Ltd',
  website: 'https://filled.example',
  industryTypeId: 1,
  registrationNumber: 'U72900MH2020PTC123456',
};
const FULL_ADDRESS = {
  line1: '1 Long Road',
  line2: 'Floor 2, Wing B',
  city: 'Pune',
  state: 'Maharashtra',
  postalCode: '411001',
  countryId: 'IN',
};

let t: TestApp;
const tokens = new Map<string, string>();

/** A fully filled-in account of this role (status: active, or pending_setup mid-way through sign-up). */
async function filledAccount(subject: Subject, status = 'active'): Promise<string> {
  const { user } = await t.factories.account(subject, {
    partner: {
      company: FULL_COMPANY,
      address: FULL_ADDRESS,
      profileImage: '/api/v1/files/profile-images/x/y.webp',
    },
    user: { firstName: 'Filled', lastName: 'In', status, lastSignInAt: new Date() },
  });
  await t.database.db.insert(accountState).values({
    userId: user.userId,
    accountType: 'developer',
    setupCompletedAt: status === 'active' ? new Date() : null,
  });
  return t.tokenFor(user.userId);
}

const accounts: { name: string; key: string }[] = [
  ...SUBJECTS.map((subject) => ({ name: subjectName(subject), key: `active:${subject}` })),
  { name: 'no role (developer) mid-way through set-up', key: 'pending:null' },
];

beforeAll(async () => {
  t = await createTestApp();
  for (const subject of SUBJECTS) tokens.set(`active:${subject}`, await filledAccount(subject));
  tokens.set('pending:null', await filledAccount(null, 'pending_setup'));
});
afterAll(() => t.close());

/** A concrete URL for a route pattern: every parameter a fresh UUID (allowed callers then get a 404). */
const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, () => randomUUID());

function responseSchema(url: string): ZodType | undefined {
  const route = t.server.routes.find((r) => r.url === url && [r.method].flat().includes('GET'));
  const response = (route?.schema as FastifySchema | undefined)?.response as
    | Record<string, unknown>
    | undefined;
  return response?.[200] as ZodType | undefined;
}

describe('every secure GET as every seeded role with a filled-in account', () => {
  it('finds the secure GET routes in the registry', () => {
    const gets = t.server.secureRoutes.filter((r) => r.method === 'GET');
    expect(gets.map((r) => r.url)).toContain('/api/v1/secure/account-setup');
  });

  it.each(accounts)(
    'as $name: every secure GET answers below 500, and a 200 matches its schema',
    async ({ key }) => {
      const token = tokens.get(key);
      if (!token) throw new Error(`no token for ${key}`);
      const failures: string[] = [];
      for (const route of t.server.secureRoutes.filter((r) => r.method === 'GET')) {
        const response = await t.app.inject({
          method: 'GET',
          url: concrete(route.url),
          headers: { authorization: `Bearer ${token}`, ...xsrfHeaders() },
        });
        if (response.statusCode >= 500) {
          failures.push(`${route.url}: ${response.statusCode} ${response.body.slice(0, 200)}`);
          continue;
        }
        const schema = responseSchema(route.url);
        if (response.statusCode !== 200 || !schema || !/json/.test(String(response.headers['content-type'])))
          continue;
        const parsed = schema.safeParse(response.json());
        if (!parsed.success)
          failures.push(`${route.url}: body does not match its schema: ${parsed.error.message}`);
      }
      expect(failures).toEqual([]);
    },
  );

  it('when the developer owner has every optional field filled then account-setup answers 200 with them', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/secure/account-setup',
      headers: { authorization: `Bearer ${tokens.get('pending:null')}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    const { data } = response.json();
    expect(data.company).toEqual(FULL_COMPANY);
    expect(data.address).toEqual(FULL_ADDRESS);
    expect(data.completed).toBe(false);
  });
});
