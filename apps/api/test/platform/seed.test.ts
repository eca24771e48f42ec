import {
  BILLING_ROLES,
  deriveNavUser,
  navBarFor,
  PLATFORM_ADMIN_ROLES,
  ROLES,
  type TPartnerDetails,
  ZPartnerDetails,
} from '@portico/domain';
import { getCountries } from 'libphonenumber-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../src/platform/auth/password.ts';
import {
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  seedDemoData,
  seedReferenceData,
} from '../../src/platform/db/seed/index.ts';
import { createTestApp, expectEnvelope, type TestApp } from '../helpers.ts';
import { signInWithPassword } from '../tokens.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const count = async (table: string) =>
  (await t.database.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]?.n;

describe('reference data seed', () => {
  it('when run again then nothing is duplicated (idempotent)', async () => {
    const before = {
      countries: await count('countries'),
      carriers: await count('carriers'),
      lookups: await count('lookup_values'),
    };
    const result = await seedReferenceData(t.database);
    expect(result.countries).toBe(getCountries().length);
    expect({
      countries: await count('countries'),
      carriers: await count('carriers'),
      lookups: await count('lookup_values'),
    }).toEqual(before);
    expect(before.countries).toBe(result.countries);
  });
});

describe('demo seed', () => {
  it('creates the twelve role accounts once, each password an argon2id hash of the demo password', async () => {
    const first = await seedDemoData(t.database);
    expect(first).toEqual({ partners: 5, accountsCreated: 12 });
    expect(await seedDemoData(t.database)).toEqual({ partners: 5, accountsCreated: 0 });

    const { rows } = await t.database.sql.query<{
      email: string;
      role: string | null;
      password_hash: string;
      status: string;
    }>('SELECT email, role, password_hash, status FROM users ORDER BY email');
    const byEmail = new Map(rows.map((r) => [r.email, r]));
    const expectedRoles = new Set(Object.values(ROLES));
    expect(new Set(DEMO_ACCOUNTS.map((a) => a.role))).toEqual(expectedRoles);
    for (const account of DEMO_ACCOUNTS) {
      const row = byEmail.get(account.email);
      expect(row, account.email).toBeDefined();
      expect(row?.role).toBe(account.role);
      expect(row?.status).toBe('active');
      expect(row?.password_hash).toMatch(/^\$argon2id\$/);
    }
    const sample = byEmail.get('developer@portico.test')?.password_hash ?? '';
    expect(await verifyPassword(sample, DEMO_PASSWORD)).toBe(true);
    expect(await verifyPassword(sample, 'wrong')).toBe(false);
  });

  it.each(DEMO_ACCOUNTS.map((a) => [a.email, a] as const))(
    'when %s signs in through the real sign-in flow then partner details match the demo',
    async (email, account) => {
      const { accessToken } = await signInWithPassword(t.app, email, DEMO_PASSWORD, { config: t.config });
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/v1/secure/partner-details',
        headers: { authorization: `Bearer ${accessToken}` },
      });
      const details = ZPartnerDetails.parse(expectEnvelope(response, 200).data) as TPartnerDetails;
      const profile = details.partners_profile;
      expect(details.email).toBe(email);
      expect(profile.role).toBe(account.role);
      expect(profile.firstName).toBe(account.firstName);

      const isCarrier = (BILLING_ROLES as readonly string[]).includes(account.role);
      const isAdmin = (PLATFORM_ADMIN_ROLES as readonly string[]).includes(account.role);
      expect(profile.isCarrier).toBe(isCarrier);
      if (isCarrier) {
        expect(details.carrier_name).toBe('Reliance Jio');
        expect(details.admin_carrier_list.map((c) => c.carrier_name)).toEqual(['Reliance Jio']);
      }
      if (isAdmin) expect(details.admin_carrier_list.length).toBeGreaterThan(20);
      if (!isAdmin && !isCarrier) {
        expect(profile.hasEwallet).toBe(true);
        expect(details.admin_carrier_list).toEqual([]);
      }

      const bar = navBarFor(deriveNavUser(details));
      const disabled = bar.filter((item) => item.disabled).map((item) => item.id);
      if (email === 'aggregator-pending@portico.test') {
        expect(profile).toMatchObject({ isAggregator: true, launchApproved: false });
        expect(disabled).toEqual(['my-billing', 'my-brands', 'my-campaigns']);
      } else {
        expect(disabled).toEqual([]);
      }
      if (email === 'developer@portico.test') {
        expect(profile.isAggregator).toBe(false);
        expect(details.profile_image).toBeNull();
        expect(details.profile_completed).toBe(90);
      }
      if (email === 'aggregator@portico.test') {
        expect(profile).toMatchObject({ isAggregator: true, launchApproved: true });
        expect(details.profile_completed).toBe(100);
      }
    },
  );
});
