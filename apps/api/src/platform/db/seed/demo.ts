import { and, eq, inArray, sql } from 'drizzle-orm';
import { hashPassword } from '../../auth/password.ts';
import { carriers, lookupValues, partners, users } from '../core.schema.ts';
import type { Database } from '../index.ts';
import { DEMO_ACCOUNTS, DEMO_PARTNERS, DEMO_PASSWORD, type DemoPartner } from './demo-accounts.ts';

export interface DemoSeedResult {
  partners: number;
  /** Accounts created by this run (0 when they all existed). */
  accountsCreated: number;
}

/**
 * The demo organisations and one account per role (DEMO=1 only, never in production). Idempotent:
 * fixed partner ids and unique emails; existing rows are left as they are, so a demo user's edits survive restarts.
 */
export async function seedDemoData(database: Database): Promise<DemoSeedResult> {
  const { db } = database;
  const partnerRows = await Promise.all(Object.values(DEMO_PARTNERS).map((p) => partnerRow(database, p)));
  await db.insert(partners).values(partnerRows).onConflictDoNothing({ target: partners.partnerId });

  const emails = DEMO_ACCOUNTS.map((a) => a.email.toLowerCase());
  const existing = await db
    .select({ email: users.email })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, emails));
  const present = new Set(existing.map((row) => row.email.toLowerCase()));
  const missing = DEMO_ACCOUNTS.filter((a) => !present.has(a.email.toLowerCase()));
  if (missing.length > 0) {
    // One hash each (own salt), as a real sign-up would store.
    const hashes = await Promise.all(missing.map(() => hashPassword(DEMO_PASSWORD)));
    await db
      .insert(users)
      .values(
        missing.map((account, i) => ({
          partnerId: DEMO_PARTNERS[account.partner].partnerId,
          email: account.email,
          passwordHash: hashes[i],
          firstName: account.firstName,
          lastName: account.lastName,
          role: account.role,
          status: 'active',
        })),
      )
      .onConflictDoNothing();
  }
  return { partners: partnerRows.length, accountsCreated: missing.length };
}

async function partnerRow(database: Database, partner: DemoPartner) {
  const { industryTypeCode, ...company } = partner.company;
  return {
    partnerId: partner.partnerId,
    kind: partner.kind,
    isAggregator: partner.isAggregator,
    launchApproved: partner.launchApproved,
    approvalStatus: partner.approvalStatus,
    hasEwallet: partner.hasEwallet,
    carrierId: partner.carrier ? await carrierId(database, partner.carrier) : null,
    company: {
      ...company,
      ...(industryTypeCode ? { industryTypeId: await industryTypeId(database, industryTypeCode) } : {}),
    },
    address: partner.address,
    profileImage: partner.profileImage,
  };
}

async function carrierId(database: Database, carrier: { countryId: string; name: string }): Promise<number> {
  const [row] = await database.db
    .select({ id: carriers.carrierId })
    .from(carriers)
    .where(and(eq(carriers.countryId, carrier.countryId), eq(carriers.name, carrier.name)));
  if (!row)
    throw new Error(
      `demo carrier ${carrier.name} (${carrier.countryId}) is not seeded; seed reference data first`,
    );
  return row.id;
}

async function industryTypeId(database: Database, code: string): Promise<number> {
  const [row] = await database.db
    .select({ id: lookupValues.id })
    .from(lookupValues)
    .where(and(eq(lookupValues.kind, 'industry-types'), eq(lookupValues.code, code)));
  if (!row) throw new Error(`demo industry type ${code} is not seeded; seed reference data first`);
  return row.id;
}
