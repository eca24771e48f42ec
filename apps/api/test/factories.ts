import { randomUUID } from 'node:crypto';
import {
  BILLING_ROLES,
  PLATFORM_ADMIN_ROLES,
  PROVIDER_APPROVED_STATUS,
  ROLES,
  type Role,
} from '@portico/domain';
import { and, eq } from 'drizzle-orm';
import { hashPassword } from '../src/platform/auth/password.ts';
import { carriers, partners, users } from '../src/platform/db/core.schema.ts';
import type { Database } from '../src/platform/db/index.ts';

export type PartnerRow = typeof partners.$inferSelect;
export type UserRow = typeof users.$inferSelect;
export type PartnerInput = Partial<typeof partners.$inferInsert>;
export type UserInput = Partial<typeof users.$inferInsert>;

/** Every role of spec section 6, plus `null`: a developer account with no role. */
export type Subject = Role | null;

export interface Account {
  partner: PartnerRow;
  user: UserRow;
}

const uniqueEmail = (hint: string) =>
  `${hint.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${randomUUID().slice(0, 8)}@portico.test`;

/** Data factories over the real tables (outline's server/test/factories.ts). */
export function createFactories(database: Database) {
  const { db } = database;

  async function carrierId(name = 'Reliance Jio', countryId = 'IN'): Promise<number> {
    const [row] = await db
      .select({ id: carriers.carrierId })
      .from(carriers)
      .where(and(eq(carriers.name, name), eq(carriers.countryId, countryId)));
    if (!row) throw new Error(`carrier ${name} is not seeded`);
    return row.id;
  }

  async function partner(input: PartnerInput = {}): Promise<PartnerRow> {
    const [row] = await db
      .insert(partners)
      .values({ kind: 'developer', company: { name: 'Test Co' }, ...input })
      .returning();
    if (!row) throw new Error('partner insert returned nothing');
    return row;
  }

  async function user(partnerId: string, input: UserInput = {}): Promise<UserRow> {
    const [row] = await db
      .insert(users)
      .values({
        partnerId,
        email: uniqueEmail(input.role ?? 'developer'),
        firstName: 'Test',
        lastName: 'User',
        status: 'active',
        ...input,
      })
      .returning();
    if (!row) throw new Error('user insert returned nothing');
    return row;
  }

  /** The partner a user of this role belongs to, shaped as the demo organises them. */
  async function partnerFor(role: Subject, input: PartnerInput = {}): Promise<PartnerRow> {
    if (role !== null && (PLATFORM_ADMIN_ROLES as readonly string[]).includes(role)) {
      return partner({ kind: 'platform', launchApproved: true, ...input });
    }
    if (role !== null && (BILLING_ROLES as readonly string[]).includes(role)) {
      return partner({ kind: 'carrier', carrierId: await carrierId(), launchApproved: true, ...input });
    }
    if (role === ROLES.CHILD_AGGREGATOR_READONLY || role === ROLES.CHILD_AGGREGATOR_READWRITE) {
      return partner({
        kind: 'developer',
        isAggregator: true,
        launchApproved: true,
        approvalStatus: PROVIDER_APPROVED_STATUS,
        hasEwallet: true,
        ...input,
      });
    }
    return partner({ kind: 'developer', hasEwallet: true, ...input });
  }

  /** A partner and one user with this role (null: a developer with no role). */
  async function account(
    role: Subject,
    input: { partner?: PartnerInput; user?: UserInput } = {},
  ): Promise<Account> {
    const p = await partnerFor(role, input.partner);
    const u = await user(p.partnerId, { role, ...input.user });
    return { partner: p, user: u };
  }

  /** Gives a user a password they can sign in with through the real sign-in page. */
  async function setPassword(userId: string, password: string): Promise<void> {
    await db
      .update(users)
      .set({ passwordHash: await hashPassword(password) })
      .where(eq(users.userId, userId));
  }

  return { carrierId, partner, user, partnerFor, account, setPassword };
}
export type Factories = ReturnType<typeof createFactories>;
