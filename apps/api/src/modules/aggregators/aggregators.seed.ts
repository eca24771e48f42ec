import { AGGREGATOR_CARRIER_MACHINE, AGGREGATOR_MACHINE, ROLES } from '@portico/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { hashPassword } from '../../platform/auth/password.ts';
import { carriers, lookupValues, partners, users } from '../../platform/db/core.schema.ts';
import type { Database } from '../../platform/db/index.ts';
import { DEMO_PARTNERS, DEMO_PASSWORD } from '../../platform/db/seed/index.ts';
import { reviewHistory } from '../../platform/review/review.schema.ts';
import { aggregatorBilling, aggregatorCarriers, type BillingAddress } from './aggregators.schema.ts';

const A = AGGREGATOR_MACHINE.states;
const C = AGGREGATOR_CARRIER_MACHINE.states;
const id = (n: number) => `00000000-0000-4000-8000-${n.toString().padStart(12, '0')}`;

type CarrierKey = 'jio' | 'airtel' | 'vi';
const CARRIER_NAMES: Record<CarrierKey, string> = {
  jio: 'Reliance Jio',
  airtel: 'Bharti Airtel',
  vi: 'Vi (Vodafone Idea)',
};
const ADMIN = 'superadmin@portico.test';
const JIO = 'carrier-admin@portico.test';
const AIRTEL = 'airtel-admin@portico.test';
const ROLE_OF: Record<string, string> = {
  [ADMIN]: ROLES.SUPER_ADMIN_PORTICO,
  [JIO]: ROLES.ADMIN_BILLING,
  [AIRTEL]: ROLES.ADMIN_BILLING,
};

interface DemoStep {
  action: string;
  from: number | null;
  to: number;
  by: string;
  carrier?: CarrierKey;
  reason?: string;
}

interface DemoBilling {
  contactName: string;
  contactEmail: string;
  contactPhone: string;
  taxId: string;
  address: BillingAddress;
  category: string;
}

interface DemoAggregator {
  partnerId: string;
  /** Made here (the demo accounts' aggregators exist already). */
  create?: { name: string; website: string; owner: { email: string; firstName: string; lastName: string } };
  status: number;
  carriers: Partial<Record<CarrierKey, number>>;
  billing: DemoBilling | null;
  steps: DemoStep[];
}

const forward: DemoStep = {
  action: 'forward',
  from: A.awaiting_approval.code,
  to: A.forwarded.code,
  by: ADMIN,
};
const carrierSays = (carrier: CarrierKey, by: string, approve: boolean, reason?: string): DemoStep => ({
  action: approve ? 'approve' : 'reject',
  from: C.to_be_approved_by_carrier.code,
  to: approve ? C.approved.code : C.rejected.code,
  by,
  carrier,
  ...(reason ? { reason } : {}),
});

/**
 * The pending and the approved aggregator of the demo accounts, and two more (one before the
 * carriers, one rejected), so that the admin's and each carrier's lists show every state.
 */
const DEMO_AGGREGATORS: readonly DemoAggregator[] = [
  {
    partnerId: DEMO_PARTNERS.aggregatorPending.partnerId,
    status: A.awaiting_approval.code,
    carriers: {},
    billing: {
      contactName: 'Neha Kapoor',
      contactEmail: 'billing@nimbus-messaging.example',
      contactPhone: '+919811122233',
      taxId: '06AABCN1234F1Z5',
      address: {
        line1: '7 Cyber City, DLF Phase 2',
        city: 'Gurugram',
        state: 'Haryana',
        postalCode: '122002',
        countryId: 'IN',
      },
      category: 'SINGLE_MESSAGE',
    },
    steps: [],
  },
  {
    partnerId: DEMO_PARTNERS.aggregator.partnerId,
    status: A.approved.code,
    carriers: { jio: C.approved.code, airtel: C.approved.code, vi: C.to_be_approved_by_carrier.code },
    billing: {
      contactName: 'Arjun Mehta',
      contactEmail: 'accounts@orbitreach.example',
      contactPhone: '+912240012345',
      taxId: '27AACCO4321K1Z8',
      address: {
        line1: '5th Floor, Peninsula Business Park',
        line2: 'Lower Parel',
        city: 'Mumbai',
        state: 'Maharashtra',
        postalCode: '400013',
        countryId: 'IN',
      },
      category: 'CONVERSATIONAL',
    },
    steps: [
      forward,
      carrierSays('jio', JIO, true),
      carrierSays('airtel', AIRTEL, true),
      { action: 'approve', from: A.forwarded.code, to: A.approved.code, by: ADMIN },
    ],
  },
  {
    partnerId: id(21),
    create: {
      name: 'Kestrel Connect Pvt Ltd',
      website: 'https://kestrelconnect.example',
      owner: { email: 'kestrel-owner@portico.test', firstName: 'Kavya', lastName: 'Rao' },
    },
    status: A.forwarded.code,
    carriers: {
      jio: C.to_be_approved_by_carrier.code,
      airtel: C.rejected.code,
      vi: C.to_be_approved_by_carrier.code,
    },
    billing: {
      contactName: 'Kavya Rao',
      contactEmail: 'finance@kestrelconnect.example',
      contactPhone: '+918041234567',
      taxId: '29AAGCK7788M1Z2',
      address: {
        line1: '21 Residency Road',
        city: 'Bengaluru',
        state: 'Karnataka',
        postalCode: '560025',
        countryId: 'IN',
      },
      category: 'BASIC_MESSAGE',
    },
    steps: [
      forward,
      carrierSays('airtel', AIRTEL, false, 'The tax id does not match the company registration.'),
    ],
  },
  {
    partnerId: id(22),
    create: {
      name: 'Lumen Bulk Messaging LLP',
      website: 'https://lumenbulk.example',
      owner: { email: 'lumen-owner@portico.test', firstName: 'Imran', lastName: 'Sheikh' },
    },
    status: A.rejected.code,
    carriers: { jio: C.rejected.code },
    billing: null,
    steps: [
      forward,
      carrierSays('jio', JIO, false, 'Complaints of unsolicited messages from this sender in 2026.'),
      {
        action: 'reject',
        from: A.forwarded.code,
        to: A.rejected.code,
        by: ADMIN,
        reason: 'Rejected by the carrier for unsolicited messages; billing info is missing.',
      },
    ],
  },
];

async function createPartner(database: Database, aggregator: DemoAggregator): Promise<boolean> {
  const { db } = database;
  const made = aggregator.create;
  if (!made) return false;
  const inserted = await db
    .insert(partners)
    .values({
      partnerId: aggregator.partnerId,
      kind: 'developer',
      isAggregator: true,
      launchApproved: aggregator.status === A.approved.code,
      approvalStatus: aggregator.status,
      hasEwallet: true,
      company: { name: made.name, website: made.website, countryId: 'IN' },
      address: aggregator.billing
        ? { ...aggregator.billing.address }
        : {
            line1: '3 Park Street',
            city: 'Kolkata',
            postalCode: '700016',
            countryId: 'IN',
          },
    })
    .onConflictDoNothing({ target: partners.partnerId })
    .returning({ partnerId: partners.partnerId });
  if (inserted.length === 0) return false;
  await db
    .insert(users)
    .values({
      partnerId: aggregator.partnerId,
      email: made.owner.email,
      passwordHash: await hashPassword(DEMO_PASSWORD),
      firstName: made.owner.firstName,
      lastName: made.owner.lastName,
      role: ROLES.DEVELOPER,
      status: 'active',
    })
    .onConflictDoNothing();
  return true;
}

/**
 * The demo's aggregators (DEMO=1): billing info, the carriers they were forwarded to with their
 * decisions, and the histories that led there. Idempotent: an aggregator that has a history or
 * billing info already is left as the demo users changed it.
 */
export async function seedDemoAggregators(
  database: Database,
): Promise<{ aggregators: number; created: number }> {
  const { db } = database;
  const carrierRows = await db
    .select({ id: carriers.carrierId, name: carriers.name })
    .from(carriers)
    .where(and(eq(carriers.countryId, 'IN'), inArray(carriers.name, Object.values(CARRIER_NAMES))));
  const carrierId = (key: CarrierKey) => {
    const row = carrierRows.find((c) => c.name === CARRIER_NAMES[key]);
    if (!row) throw new Error(`demo carrier ${CARRIER_NAMES[key]} is not seeded; seed reference data first`);
    return row.id;
  };
  const categories = await db
    .select({ id: lookupValues.id, code: lookupValues.code })
    .from(lookupValues)
    .where(eq(lookupValues.kind, 'billing-categories'));
  const categoryId = (code: string) => {
    const row = categories.find((c) => c.code === code);
    if (!row) throw new Error(`billing category ${code} is not seeded; seed reference data first`);
    return row.id;
  };
  const people = await db
    .select({ userId: users.userId, email: users.email })
    .from(users)
    .where(inArray(users.email, Object.keys(ROLE_OF)));
  const userId = (email: string) => people.find((p) => p.email === email)?.userId ?? null;

  let created = 0;
  const base = Date.parse('2026-08-20T10:00:00Z');
  for (const [i, aggregator] of DEMO_AGGREGATORS.entries()) {
    const { partnerId } = aggregator;
    const fresh = await createPartner(database, aggregator);
    const [seen] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(reviewHistory)
      .where(
        and(
          eq(reviewHistory.subjectId, partnerId),
          inArray(reviewHistory.subject, ['aggregator', 'aggregator-carrier']),
        ),
      );
    const [billed] = await db
      .select({ partnerId: aggregatorBilling.partnerId })
      .from(aggregatorBilling)
      .where(eq(aggregatorBilling.partnerId, partnerId));
    if (!fresh && ((seen?.n ?? 0) > 0 || billed)) continue;
    created += 1;
    const at = (step: number) => new Date(base + i * 86_400_000 + step * 3_600_000);
    if (aggregator.billing) {
      const { category, ...billing } = aggregator.billing;
      await db
        .insert(aggregatorBilling)
        .values({
          partnerId,
          ...billing,
          billingCategoryId: categoryId(category),
          updatedBy: billing.contactEmail,
          updatedAt: at(0),
        })
        .onConflictDoNothing();
    }
    const forwarded = Object.entries(aggregator.carriers) as [CarrierKey, number][];
    if (forwarded.length > 0) {
      await db
        .insert(aggregatorCarriers)
        .values(
          forwarded.map(([key, status]) => ({
            partnerId,
            carrierId: carrierId(key),
            status,
            decidedAt: status === C.to_be_approved_by_carrier.code ? null : at(2),
          })),
        )
        .onConflictDoNothing();
    }
    if (aggregator.steps.length > 0) {
      await db.insert(reviewHistory).values(
        aggregator.steps.map((step, n) => ({
          subject: step.carrier ? 'aggregator-carrier' : 'aggregator',
          subjectId: partnerId,
          carrierId: step.carrier ? carrierId(step.carrier) : null,
          action: step.action,
          fromCode: step.from,
          toCode: step.to,
          reason: step.reason ?? null,
          actorUserId: userId(step.by),
          actorEmail: step.by,
          actorRole: ROLE_OF[step.by] ?? null,
          createdAt: at(n + 1),
        })),
      );
    }
  }
  return { aggregators: DEMO_AGGREGATORS.length, created };
}
