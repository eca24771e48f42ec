import {
  formatMicros,
  PARTNER_USAGE_DEFAULT_DAYS,
  PARTNER_USAGE_MAX_DAYS,
  PENDING_USAGE_STATUS,
  parseMoney,
  type TPartnerUsage,
  type TPartnerUsageQuery,
  type TUsageCounts,
  type TUsageDay,
  USAGE_EVENT,
  WALLET_CURRENCY,
} from '@portico/domain';
import type { AuthenticatedUser } from '../../platform/auth/types.ts';
import type { Database } from '../../platform/db/index.ts';
import { BadRequestError } from '../../platform/http/errors.ts';
import type { BotsService } from '../bots/bots.service.ts';
import type { MeteringService } from '../metering/metering.service.ts';

const DAY_MS = 86_400_000;
const dateOf = (time: number) => new Date(time).toISOString().slice(0, 10);

/** The window asked for, or the last PARTNER_USAGE_DEFAULT_DAYS days (UTC) up to `to` or today. */
export function usageWindow(query: { from?: string | undefined; to?: string | undefined }, now = new Date()) {
  const to = query.to ?? dateOf(now.getTime());
  const from =
    query.from ?? dateOf(Date.parse(`${to}T00:00:00Z`) - (PARTNER_USAGE_DEFAULT_DAYS - 1) * DAY_MS);
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS + 1;
  if (days < 1) throw new BadRequestError('The start date is after the end date.');
  if (days > PARTNER_USAGE_MAX_DAYS)
    throw new BadRequestError(`Choose at most ${PARTNER_USAGE_MAX_DAYS} days.`);
  return { from, to };
}

/** Which count a usage row adds to: messages by their outcome, events by their type. */
function columnOf(
  row: Pick<TUsageDay, 'kind' | 'status'>,
): keyof Omit<TUsageCounts, 'charged' | 'pending_amount'> {
  if (row.kind === 'message' && row.status === PENDING_USAGE_STATUS) return 'pending';
  if (row.kind === 'message') return row.status === 'failed' ? 'failed' : 'sent';
  if (row.status === USAGE_EVENT.delivered) return 'delivered';
  if (row.status === USAGE_EVENT.read) return 'read';
  return 'events';
}

/** Counts being added up; the money in micro-units until it is presented. */
interface Tally {
  sent: number;
  pending: number;
  delivered: number;
  read: number;
  failed: number;
  events: number;
  micros: bigint;
  pendingMicros: bigint;
}
const emptyTally = (): Tally => ({
  sent: 0,
  pending: 0,
  delivered: 0,
  read: 0,
  failed: 0,
  events: 0,
  micros: 0n,
  pendingMicros: 0n,
});
function add(tally: Tally, row: TUsageDay): void {
  const column = columnOf(row);
  tally[column] += row.count;
  if (column === 'pending') tally.pendingMicros += parseMoney(row.amount) ?? 0n;
  else tally.micros += parseMoney(row.amount) ?? 0n;
}
const present = ({ micros, pendingMicros, ...counts }: Tally): TUsageCounts => ({
  ...counts,
  charged: formatMicros(micros),
  pending_amount: formatMicros(pendingMicros),
});

/**
 * A bot's usage as the API page shows it: metering's daily rows counted per day and per carrier,
 * and in total. Pure: the rows and the carriers' names in, the summary out.
 */
export function summarizeUsage(
  window: { botId: string; from: string; to: string },
  rows: readonly TUsageDay[],
  carrierNames: ReadonlyMap<number, string>,
): TPartnerUsage {
  const days = new Map<string, Tally>();
  const carriers = new Map<string, { id: number | null; country: string | null; tally: Tally }>();
  const totals = emptyTally();
  for (const row of rows) {
    const day = days.get(row.day) ?? emptyTally();
    days.set(row.day, day);
    add(day, row);
    const key = `${row.carrier_id ?? ''}|${row.country_id ?? ''}`;
    const carrier = carriers.get(key) ?? { id: row.carrier_id, country: row.country_id, tally: emptyTally() };
    carriers.set(key, carrier);
    add(carrier.tally, row);
    add(totals, row);
  }
  const messages = (t: Tally) => t.sent + t.pending + t.failed;
  return {
    bot_id: window.botId,
    from: window.from,
    to: window.to,
    currency: WALLET_CURRENCY,
    days: [...days.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([day, tally]) => ({ day, ...present(tally) })),
    carriers: [...carriers.values()]
      .sort((a, b) => messages(b.tally) - messages(a.tally) || (a.id ?? 0) - (b.id ?? 0))
      .map(({ id, country, tally }) => ({
        carrier_id: id,
        carrier_name: id === null ? null : (carrierNames.get(id) ?? null),
        country_id: country,
        ...present(tally),
      })),
    totals: present(totals),
  };
}

export interface PartnerUsageDeps {
  database: Database;
  bots: Pick<BotsService, 'botForTesting'>;
  metering: Pick<MeteringService, 'usage'>;
}

/** A bot's API usage for its partner (another partner's bot is a 404, as botForTesting answers). */
export function createPartnerUsageService({ database, bots, metering }: PartnerUsageDeps) {
  async function carrierNames(ids: readonly number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const { rows } = await database.sql.query<{ carrier_id: number; name: string }>(
      'SELECT carrier_id, name FROM carriers WHERE carrier_id = ANY($1::int[])',
      [[...ids]],
    );
    return new Map(rows.map((r) => [r.carrier_id, r.name]));
  }

  return {
    async usage(
      user: AuthenticatedUser,
      query: TPartnerUsageQuery,
    ): Promise<{ botName: string; usage: TPartnerUsage }> {
      const bot = await bots.botForTesting(user, query.bot_id);
      const window = usageWindow(query);
      const rows = await metering.usage(bot.partnerId, { ...window, bot_id: bot.id });
      const ids = [...new Set(rows.flatMap((r) => (r.carrier_id === null ? [] : [r.carrier_id])))];
      return {
        botName: bot.name,
        usage: summarizeUsage({ botId: bot.id, ...window }, rows, await carrierNames(ids)),
      };
    },
  };
}
export type PartnerUsageService = ReturnType<typeof createPartnerUsageService>;
