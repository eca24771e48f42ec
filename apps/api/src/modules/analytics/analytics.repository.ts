import type { AnalyticsDimension } from '@portico/domain';
import type { SqlExecutor } from '../../platform/db/index.ts';

/** Which rows an audience may read, and the page's drill-down filters, as SQL conditions. */
export interface RollupScope {
  partnerId?: string | undefined;
  carrierId?: number | undefined;
  botId?: string | undefined;
  countryId?: string | undefined;
  region?: string | undefined;
  channel?: number | undefined;
  billingCategory?: string | undefined;
  messageType?: string | undefined;
}

export interface StatusSum {
  status: string;
  count: bigint;
  amount: bigint;
}

/** How each breakdown groups the rollups (region through the countries table). */
const DIMENSION_SQL: Readonly<Record<AnalyticsDimension, string>> = {
  bot: 'r.bot_id::text',
  carrier: 'r.carrier_id::text',
  country: 'r.country_id',
  region: "coalesce(c.region, '')",
  channel: 'r.channel::text',
  billing_category: 'r.billing_category',
  message_type: 'r.message_type',
  partner: 'r.partner_id::text',
};

/** SQL of billing analytics: every figure is read from the rollups (decision 0047). */
export function createAnalyticsRepository(sql: SqlExecutor) {
  const q = <R>(text: string, values: unknown[]) => sql.query<R>(text, values).then((r) => r.rows);

  /** WHERE conditions of a scope, numbering parameters from `first`. */
  function where(scope: RollupScope, values: unknown[]): string {
    const parts: string[] = [];
    const add = (condition: (n: string) => string, value: unknown) => {
      values.push(value);
      parts.push(condition(`$${values.length}`));
    };
    if (scope.partnerId !== undefined) add((n) => `r.partner_id = ${n}::uuid`, scope.partnerId);
    if (scope.carrierId !== undefined) add((n) => `r.carrier_id = ${n}::int`, scope.carrierId);
    if (scope.botId !== undefined) add((n) => `r.bot_id = ${n}::uuid`, scope.botId);
    if (scope.countryId !== undefined) add((n) => `r.country_id = ${n}`, scope.countryId);
    if (scope.region !== undefined) {
      add((n) => `r.country_id IN (SELECT country_id FROM countries WHERE region = ${n})`, scope.region);
    }
    if (scope.channel !== undefined) add((n) => `r.channel = ${n}::int`, scope.channel);
    if (scope.billingCategory !== undefined) add((n) => `r.billing_category = ${n}`, scope.billingCategory);
    if (scope.messageType !== undefined) add((n) => `r.message_type = ${n}`, scope.messageType);
    return parts.length > 0 ? parts.join(' AND ') : 'TRUE';
  }

  const toSum = (r: { status: string; count: string; amount: string }): StatusSum => ({
    status: r.status,
    count: BigInt(r.count),
    amount: BigInt(r.amount),
  });

  return {
    /** Per local day (the zone's offset in minutes) and status, between two instants. */
    async daily(scope: RollupScope, start: Date, end: Date, zoneMinutes: number) {
      const values: unknown[] = [start.toISOString(), end.toISOString(), zoneMinutes];
      const rows = await q<{ day: string; status: string; count: string; amount: string }>(
        `SELECT to_char((r.bucket AT TIME ZONE 'UTC') + make_interval(mins => $3::int), 'YYYY-MM-DD') AS day,
                r.status, sum(r.count)::text AS count, sum(r.amount)::text AS amount
           FROM analytics_rollups r
          WHERE r.bucket >= $1::timestamptz AND r.bucket < $2::timestamptz AND ${where(scope, values)}
          GROUP BY 1, 2`,
        values,
      );
      return rows.map((r) => ({ day: r.day, ...toSum(r) }));
    },

    /** Every breakdown in one scan (grouping sets): dimension -> key -> status sums. */
    async breakdowns(scope: RollupScope, start: Date, end: Date, dimensions: readonly AnalyticsDimension[]) {
      if (dimensions.length === 0) return [];
      const values: unknown[] = [start.toISOString(), end.toISOString()];
      const keys = dimensions.map((d) => DIMENSION_SQL[d]);
      const sets = keys.map((k) => `(${k}, r.status)`).join(', ');
      const which = dimensions.map((d, i) => `WHEN grouping(${keys[i]}) = 0 THEN '${d}'`).join(' ');
      const key = `coalesce(${keys.map((k) => `CASE WHEN grouping(${k}) = 0 THEN ${k} END`).join(', ')})`;
      const rows = await q<{
        dimension: AnalyticsDimension;
        key: string;
        status: string;
        count: string;
        amount: string;
      }>(
        `SELECT CASE ${which} END AS dimension, ${key} AS key,
                r.status, sum(r.count)::text AS count, sum(r.amount)::text AS amount
           FROM analytics_rollups r LEFT JOIN countries c ON c.country_id = r.country_id
          WHERE r.bucket >= $1::timestamptz AND r.bucket < $2::timestamptz AND ${where(scope, values)}
          GROUP BY GROUPING SETS (${sets})`,
        values,
      );
      return rows.map((r) => ({ dimension: r.dimension, key: r.key, ...toSum(r) }));
    },

    /** The money rollups of the ledger by kind, for one partner or every partner, between two instants. */
    async money(partnerId: string | undefined, start: Date, end: Date) {
      const rows = await q<{ kind: string; amount: string }>(
        `SELECT kind, sum(amount)::text AS amount FROM analytics_money_rollups
          WHERE bucket >= $1::timestamptz AND bucket < $2::timestamptz AND ($3::uuid IS NULL OR partner_id = $3::uuid)
          GROUP BY kind`,
        [start.toISOString(), end.toISOString(), partnerId ?? null],
      );
      return new Map(rows.map((r) => [r.kind, BigInt(r.amount)]));
    },

    /** The money rollups by kind before an instant (every partner's history up to it). */
    async moneyBefore(partnerId: string, end: Date) {
      const rows = await q<{ kind: string; amount: string }>(
        `SELECT kind, sum(amount)::text AS amount FROM analytics_money_rollups
          WHERE partner_id = $1::uuid AND bucket < $2::timestamptz GROUP BY kind`,
        [partnerId, end.toISOString()],
      );
      return new Map(rows.map((r) => [r.kind, BigInt(r.amount)]));
    },

    /** Whether an aggregator was forwarded to a carrier (it may then read the aggregator's billing report). */
    async forwardedTo(partnerId: string, carrierId: number): Promise<boolean> {
      const rows = await q(
        'SELECT 1 FROM aggregator_carriers WHERE partner_id = $1::uuid AND carrier_id = $2',
        [partnerId, carrierId],
      );
      return rows.length > 0;
    },

    /** Messages charged by carrier and billing category between two instants (by send time), on one carrier or all. */
    async charges(partnerId: string, start: Date, end: Date, carrierId?: number) {
      const rows = await q<{ carrier: string; billing_category: string; messages: string; amount: string }>(
        `SELECT coalesce(c.name, 'Unknown carrier') AS carrier, r.billing_category,
                sum(r.count)::text AS messages, sum(r.amount)::text AS amount
           FROM analytics_rollups r LEFT JOIN carriers c ON c.carrier_id = r.carrier_id
          WHERE r.partner_id = $1::uuid AND r.status = 'sent' AND r.bucket >= $2::timestamptz AND r.bucket < $3::timestamptz
            AND ($4::int IS NULL OR r.carrier_id = $4::int)
          GROUP BY 1, 2 ORDER BY 1, 2`,
        [partnerId, start.toISOString(), end.toISOString(), carrierId ?? null],
      );
      return rows.map((r) => ({
        carrier: r.carrier,
        billingCategory: r.billing_category,
        messages: Number(r.messages),
        amount: BigInt(r.amount),
      }));
    },

    /** A developer partner's billing information: its company and address, and an aggregator's billing info. */
    async billingInfo(partnerId: string) {
      const [row] = await q<{
        kind: string;
        company: Record<string, unknown> | null;
        address: Record<string, unknown> | null;
        contact_name: string | null;
        contact_email: string | null;
        tax_id: string | null;
        billing_address: Record<string, unknown> | null;
      }>(
        `SELECT p.kind, p.company, p.address, b.contact_name, b.contact_email, b.tax_id, b.address AS billing_address
           FROM partners p LEFT JOIN aggregator_billing b ON b.partner_id = p.partner_id
          WHERE p.partner_id = $1::uuid`,
        [partnerId],
      );
      return row ?? null;
    },

    async botNames(ids: readonly string[]) {
      if (ids.length === 0) return new Map<string, { name: string; partnerId: string }>();
      const rows = await q<{ bot_id: string; name: string; partner_id: string }>(
        'SELECT bot_id, name, partner_id FROM bots WHERE bot_id = ANY($1::uuid[])',
        [ids],
      );
      return new Map(rows.map((r) => [r.bot_id, { name: r.name, partnerId: r.partner_id }]));
    },

    async carrierNames(ids: readonly number[]) {
      if (ids.length === 0) return new Map<number, string>();
      const rows = await q<{ carrier_id: number; name: string }>(
        'SELECT carrier_id, name FROM carriers WHERE carrier_id = ANY($1::int[])',
        [ids],
      );
      return new Map(rows.map((r) => [r.carrier_id, r.name]));
    },

    async countryNames(ids: readonly string[]) {
      if (ids.length === 0) return new Map<string, string>();
      const rows = await q<{ country_id: string; name: string }>(
        'SELECT country_id, name FROM countries WHERE country_id = ANY($1::text[])',
        [ids],
      );
      return new Map(rows.map((r) => [r.country_id, r.name]));
    },

    /** Partners' names (the company's name, else the main user's email). */
    async partnerNames(ids: readonly string[]) {
      if (ids.length === 0) return new Map<string, string>();
      const rows = await q<{ partner_id: string; name: string }>(
        `SELECT p.partner_id,
                coalesce(nullif(p.company->>'name', ''),
                         (SELECT u.email FROM users u WHERE u.partner_id = p.partner_id ORDER BY u.created_at LIMIT 1),
                         p.partner_id::text) AS name
           FROM partners p WHERE p.partner_id = ANY($1::uuid[])`,
        [ids],
      );
      return new Map(rows.map((r) => [r.partner_id, r.name]));
    },

    /** The carrier a carrier user's partner stands for. */
    async carrierOfPartner(partnerId: string): Promise<number | null> {
      const [row] = await q<{ carrier_id: number | null }>(
        'SELECT carrier_id FROM partners WHERE partner_id = $1',
        [partnerId],
      );
      return row?.carrier_id ?? null;
    },

    async partnerKind(partnerId: string): Promise<string | null> {
      const [row] = await q<{ kind: string }>('SELECT kind FROM partners WHERE partner_id = $1', [partnerId]);
      return row?.kind ?? null;
    },
  };
}
export type AnalyticsRepository = ReturnType<typeof createAnalyticsRepository>;
