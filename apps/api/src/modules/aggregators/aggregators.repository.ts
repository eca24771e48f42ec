import { AGGREGATOR_MACHINE, type TAggregatorFilters } from '@portico/domain';
import { and, asc, count, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { partners, users } from '../../platform/db/core.schema.ts';
import { containsPattern, orderOf } from '../../platform/db/filters.ts';
import type { Db } from '../../platform/db/index.ts';

const S = AGGREGATOR_MACHINE.states;
/** An aggregator's state: its provider approval status (an approved launch without one counts as approved). */
const statusCode = sql<number>`coalesce(${partners.approvalStatus}, CASE WHEN ${partners.launchApproved} THEN ${sql.raw(String(S.approved.code))} ELSE ${sql.raw(String(S.awaiting_approval.code))} END)::int`;
const name = sql<string>`coalesce(${partners.company}->>'name', '')`;
// Written out qualified: drizzle leaves a column unqualified in a one-table select, which a
// correlated subquery would read as the subquery's own column.
const partnerIdRef = sql.raw('"partners"."partner_id"');
/** The account that signed the aggregator up: its user without a child role. */
const ownerEmail = sql<
  string | null
>`(SELECT u.email FROM users u WHERE u.partner_id = ${partnerIdRef} AND (u.role IS NULL OR u.role = 'DEVELOPER') ORDER BY u.created_at LIMIT 1)`;
const childUsers = sql<number>`(SELECT count(*)::int FROM users u WHERE u.partner_id = ${partnerIdRef} AND u.role LIKE 'CHILD_AGGREGATOR%')`;

/** Carriers see the aggregators the platform forwarded or approved. */
export type AggregatorAudience = { kind: 'platform' } | { kind: 'carrier' };

export function createAggregatorsRepository(db: Db) {
  function where(audience: AggregatorAudience, filters: Partial<TAggregatorFilters>): SQL | undefined {
    const conditions: (SQL | undefined)[] = [eq(partners.kind, 'developer'), eq(partners.isAggregator, true)];
    if (audience.kind === 'carrier')
      conditions.push(inArray(statusCode, [S.forwarded.code, S.approved.code]));
    if (filters.status) conditions.push(eq(statusCode, S[filters.status].code));
    if (filters.search) {
      const pattern = containsPattern(filters.search);
      conditions.push(or(ilike(name, pattern), ilike(sql`coalesce(${ownerEmail}, '')`, pattern)));
    }
    return and(...conditions);
  }
  const columns = {
    partnerId: partners.partnerId,
    name,
    ownerEmail,
    status: statusCode,
    launchApproved: partners.launchApproved,
    childUsers,
    createdAt: partners.createdAt,
    company: partners.company,
    address: partners.address,
  };

  return {
    async list(
      audience: AggregatorAudience,
      filters: Partial<TAggregatorFilters> & Pick<TAggregatorFilters, 'sort' | 'order'>,
      window: { start: number; end: number },
    ) {
      const condition = where(audience, filters);
      const order = orderOf(
        { created_at: partners.createdAt, name: sql`lower(${name})` },
        filters.sort,
        filters.order,
        partners.partnerId,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select(columns)
          .from(partners)
          .where(condition)
          .orderBy(...order)
          .offset(window.start)
          .limit(window.end - window.start),
        db.select({ n: count() }).from(partners).where(condition),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async find(audience: AggregatorAudience, partnerId: string) {
      const [row] = await db
        .select(columns)
        .from(partners)
        .where(and(eq(partners.partnerId, partnerId), where(audience, {})));
      return row;
    },

    async usersOf(partnerId: string) {
      return db
        .select({
          email: users.email,
          firstName: users.firstName,
          lastName: users.lastName,
          role: users.role,
          status: users.status,
        })
        .from(users)
        .where(eq(users.partnerId, partnerId))
        .orderBy(asc(users.createdAt));
    },

    /** The aggregator's state, locked for a decision; undefined for a partner that is no aggregator. */
    async lock(partnerId: string): Promise<number | undefined> {
      const [row] = await db
        .select({ status: statusCode })
        .from(partners)
        .where(
          and(
            eq(partners.partnerId, partnerId),
            eq(partners.isAggregator, true),
            eq(partners.kind, 'developer'),
          ),
        )
        .for('update');
      return row?.status;
    },

    /** Moves the approval status only while it is still `from`; approval sets launchApproved with it. */
    async move(partnerId: string, from: number, to: number): Promise<boolean> {
      const rows = await db
        .update(partners)
        .set({ approvalStatus: to, launchApproved: to === S.approved.code })
        .where(and(eq(partners.partnerId, partnerId), eq(statusCode, from)))
        .returning({ partnerId: partners.partnerId });
      return rows.length === 1;
    },
  };
}
export type AggregatorsRepository = ReturnType<typeof createAggregatorsRepository>;
