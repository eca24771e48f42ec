import {
  ANALYTICS_DIMENSIONS,
  type AnalyticsAudience,
  type AnalyticsDimension,
  CHANNEL_TYPE,
  eachDay,
  formatMicros,
  isBillingRole,
  isProviderAdminRole,
  resolveAnalyticsRange,
  type TAnalyticsFigures,
  type TAnalyticsMoney,
  type TAnalyticsQuery,
  type TAnalyticsReport,
  type TAnalyticsRow,
  type TStatementQuery,
  WALLET_CURRENCY,
  ZAnalyticsQuery,
  ZStatementQuery,
  zoneMinutes,
} from '@portico/domain';
import type { AuthenticatedUser } from '../../platform/auth/types.ts';
import type { Database } from '../../platform/db/index.ts';
import { BadRequestError, ForbiddenError, NotFoundError } from '../../platform/http/errors.ts';
import type { AnalyticsRepository, RollupScope, StatusSum } from './analytics.repository.ts';

/** What a report needs of the wallet: the developer's balance and held money as they stand. */
export interface AnalyticsWallet {
  balance(user: AuthenticatedUser): Promise<{ balance: string; held: string }>;
}

export interface AnalyticsDeps {
  database: Database;
  repository: AnalyticsRepository;
  wallet: AnalyticsWallet;
  now?: () => Date;
}

const CHANNEL_LABELS: Readonly<Record<string, string>> = {
  [String(CHANNEL_TYPE.rcs)]: 'RCS',
  [String(CHANNEL_TYPE.whatsapp)]: 'WhatsApp',
};
const CHANNEL_CODES = { rcs: CHANNEL_TYPE.rcs, whatsapp: CHANNEL_TYPE.whatsapp } as const;

interface Figures {
  sent: bigint;
  delivered: bigint;
  read: bigint;
  failed: bigint;
  amount: bigint;
}
const zero = (): Figures => ({ sent: 0n, delivered: 0n, read: 0n, failed: 0n, amount: 0n });

/** Adds one status sum of the rollups to figures: which statuses count as what (decision 0047). */
function addStatus(figures: Figures, sum: StatusSum): void {
  switch (sum.status) {
    case 'sent':
      figures.sent += sum.count;
      figures.amount += sum.amount;
      break;
    case 'failed':
    case 'FAILED':
      figures.failed += sum.count;
      break;
    case 'DELIVERED':
      figures.delivered += sum.count;
      break;
    case 'READ':
      figures.read += sum.count;
      break;
    default:
      break;
  }
}

const present = (f: Figures): TAnalyticsFigures => ({
  sent: Number(f.sent),
  delivered: Number(f.delivered),
  read: Number(f.read),
  failed: Number(f.failed),
  amount: formatMicros(f.amount),
});

const MINUTE_MS = 60_000;
/** The instant a local day starts in a zone (minutes east of UTC). */
const startOfLocalDay = (day: string, zone: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - zone * MINUTE_MS);
const nextDay = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** A partner's monthly statement, as the PDF shows it (money in micro-units). */
export interface Statement {
  partnerName: string;
  addressLines: string[];
  contact: string | null;
  taxId: string | null;
  month: string;
  /** A carrier's billing report of an aggregator: its network's name (no wallet lines are shown). */
  network: string | null;
  opening: bigint;
  topUps: bigint;
  messageCharges: bigint;
  otherCharges: bigint;
  verificationFees: bigint;
  holds: bigint;
  releases: bigint;
  adjustments: bigint;
  closing: bigint;
  charges: { carrier: string; billingCategory: string; messages: number; amount: bigint }[];
}

/** The scope an audience reads, and the filters asked, resolved and checked. */
interface Resolved {
  audience: AnalyticsAudience;
  scope: RollupScope;
  /** The partner whose ledger money the cards show (undefined: every partner). */
  moneyPartner: string | undefined;
  filterLabels: Record<string, string>;
}

/**
 * Billing analytics (issue 29): traffic and money over a range of local days in one of the 12
 * zones, with the period before, broken down and drilled into; every figure from the rollups.
 */
export function createAnalyticsService({ repository, wallet, now = () => new Date() }: AnalyticsDeps) {
  function audienceOf(user: AuthenticatedUser): AnalyticsAudience {
    if (isBillingRole(user.role)) return 'carrier';
    if (isProviderAdminRole(user.role)) return 'platform';
    return 'developer';
  }

  async function resolve(
    user: AuthenticatedUser,
    q: ReturnType<typeof ZAnalyticsQuery.parse>,
  ): Promise<Resolved> {
    const audience = audienceOf(user);
    const scope: RollupScope = {};
    const filterLabels: Record<string, string> = {};
    let moneyPartner: string | undefined;
    if (audience === 'developer') {
      scope.partnerId = user.partnerId;
      moneyPartner = user.partnerId;
    } else if (audience === 'carrier') {
      const carrierId = await repository.carrierOfPartner(user.partnerId);
      if (carrierId === null) throw new ForbiddenError('Your account stands for no carrier.');
      scope.carrierId = carrierId;
    }
    if (q.partner_id !== undefined) {
      // A developer reads its own partner only; another partner is not found, whoever it is.
      const kind = audience === 'developer' ? null : await repository.partnerKind(q.partner_id);
      if (audience === 'developer' ? q.partner_id !== user.partnerId : kind !== 'developer') {
        throw new NotFoundError('No such partner.');
      }
      scope.partnerId = q.partner_id;
      moneyPartner = q.partner_id;
      filterLabels.partner_id =
        (await repository.partnerNames([q.partner_id])).get(q.partner_id) ?? q.partner_id;
    }
    if (q.bot_id !== undefined) {
      const bot = (await repository.botNames([q.bot_id])).get(q.bot_id);
      if (!bot || (audience === 'developer' && bot.partnerId !== user.partnerId)) {
        throw new NotFoundError('No such bot.');
      }
      scope.botId = q.bot_id;
      filterLabels.bot_id = bot.name;
    }
    if (q.carrier_id !== undefined) {
      const name = (await repository.carrierNames([q.carrier_id])).get(q.carrier_id);
      if (name === undefined || (audience === 'carrier' && scope.carrierId !== q.carrier_id)) {
        throw new NotFoundError('No such carrier.');
      }
      scope.carrierId = q.carrier_id;
      filterLabels.carrier_id = name;
    }
    if (q.country_id !== undefined) {
      const name = (await repository.countryNames([q.country_id])).get(q.country_id);
      if (name === undefined) throw new NotFoundError('No such country.');
      scope.countryId = q.country_id;
      filterLabels.country_id = name;
    }
    if (q.region !== undefined) {
      scope.region = q.region;
      filterLabels.region = q.region;
    }
    if (q.channel !== undefined) {
      scope.channel = CHANNEL_CODES[q.channel];
      filterLabels.channel = CHANNEL_LABELS[String(scope.channel)] ?? q.channel;
    }
    if (q.billing_category !== undefined) {
      scope.billingCategory = q.billing_category;
      filterLabels.billing_category = q.billing_category;
    }
    if (q.message_type !== undefined) {
      scope.messageType = q.message_type;
      filterLabels.message_type = q.message_type;
    }
    return { audience, scope, moneyPartner, filterLabels };
  }

  /** Names of the breakdowns' keys (ids become names; empty keys say unknown). */
  async function labelRows(
    dimension: AnalyticsDimension,
    byKey: Map<string, Figures>,
  ): Promise<TAnalyticsRow[]> {
    const keys = [...byKey.keys()];
    let names: Map<string, string>;
    switch (dimension) {
      case 'bot': {
        const bots = await repository.botNames(keys);
        names = new Map([...bots].map(([id, b]) => [id, b.name]));
        break;
      }
      case 'carrier': {
        const carriers = await repository.carrierNames(keys.map(Number).filter((n) => n > 0));
        names = new Map([...carriers].map(([id, name]) => [String(id), name]));
        names.set('0', 'Unknown carrier');
        break;
      }
      case 'country':
        names = await repository.countryNames(keys.filter((k) => k !== ''));
        break;
      case 'partner':
        names = await repository.partnerNames(keys);
        break;
      case 'channel':
        names = new Map(Object.entries(CHANNEL_LABELS));
        break;
      default:
        names = new Map();
    }
    return [...byKey]
      .map(([key, figures]) => ({
        key,
        label: names.get(key) ?? (key === '' ? 'Unknown' : key),
        ...present(figures),
      }))
      .sort((a, b) => b.sent - a.sent || b.delivered - a.delivered || a.label.localeCompare(b.label));
  }

  /** Ledger money of the cards (developer and platform); a carrier's revenue is its network's charges. */
  async function money(
    resolved: Resolved,
    start: Date,
    end: Date,
    traffic: Figures,
  ): Promise<TAnalyticsMoney> {
    if (resolved.audience === 'carrier') {
      const revenue = formatMicros(traffic.amount);
      return { spend: revenue, verification_fees: formatMicros(0n), top_ups: formatMicros(0n), revenue };
    }
    const kinds = await repository.money(resolved.moneyPartner, start, end);
    const get = (kind: string) => kinds.get(kind) ?? 0n;
    const spend = get('message_charge') + get('other_charge');
    const fees = get('verification_fee');
    return {
      spend: formatMicros(spend),
      verification_fees: formatMicros(fees),
      top_ups: formatMicros(get('top_up')),
      revenue: formatMicros(spend + fees),
    };
  }

  return {
    audienceOf,

    /**
     * A partner's monthly statement (a month of UTC): its billing information, the wallet's opening
     * and closing balance and the month's movements by kind (money rollups of the ledger), and the
     * messages charged by carrier and billing category (traffic rollups, by send time).
     */
    async statement(user: AuthenticatedUser, input: TStatementQuery): Promise<Statement> {
      const parsed = ZStatementQuery.safeParse(input);
      if (!parsed.success) throw new BadRequestError(parsed.error.issues[0]?.message ?? 'Choose a month.');
      const { month, partner_id: asked } = parsed.data;
      if (month > now().toISOString().slice(0, 7))
        throw new BadRequestError('Choose this month or one before it.');
      let partnerId = user.partnerId;
      let network: { carrierId: number; name: string } | null = null;
      const audience = audienceOf(user);
      if (audience === 'developer') {
        if (asked !== undefined && asked !== user.partnerId) throw new NotFoundError('No such partner.');
      } else {
        if (!asked) throw new BadRequestError('Choose a partner.');
        partnerId = asked;
      }
      if (audience === 'carrier') {
        // A carrier reads the billing report of an aggregator forwarded to it: its network's charges only.
        const carrierId = (await repository.carrierOfPartner(user.partnerId)) ?? -1;
        if (!(await repository.forwardedTo(partnerId, carrierId)))
          throw new NotFoundError('No such partner.');
        network = { carrierId, name: (await repository.carrierNames([carrierId])).get(carrierId) ?? '' };
      }
      const info = await repository.billingInfo(partnerId);
      if (info?.kind !== 'developer') throw new NotFoundError('No such partner.');
      const start = new Date(`${month}-01T00:00:00Z`);
      const end = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
      const [before, during, charges] = await Promise.all([
        repository.moneyBefore(partnerId, start),
        repository.money(partnerId, start, end),
        repository.charges(partnerId, start, end, network?.carrierId),
      ]);
      const get = (m: Map<string, bigint>, kind: string) => m.get(kind) ?? 0n;
      /** What each kind of ledger movement does to the wallet's balance. */
      const walletDelta = (m: Map<string, bigint>) =>
        get(m, 'top_up') +
        get(m, 'adjustment') +
        get(m, 'release') -
        get(m, 'message_charge') -
        get(m, 'other_charge') -
        get(m, 'hold');
      const opening = walletDelta(before);
      const text = (v: unknown) => (typeof v === 'string' ? v : '');
      const address = info.billing_address ?? info.address ?? {};
      return {
        partnerName: text(info.company?.name) || partnerId,
        addressLines: [
          text(address.line1),
          text(address.line2),
          [text(address.city), text(address.state), text(address.postalCode)].filter(Boolean).join(', '),
          text(address.countryId),
        ].filter(Boolean),
        contact: info.contact_name ? `${info.contact_name} <${info.contact_email ?? ''}>` : null,
        taxId: info.tax_id,
        month,
        network: network?.name ?? null,
        opening,
        topUps: get(during, 'top_up'),
        messageCharges: get(during, 'message_charge'),
        otherCharges: get(during, 'other_charge'),
        verificationFees: get(during, 'verification_fee'),
        holds: get(during, 'hold'),
        releases: get(during, 'release'),
        adjustments: get(during, 'adjustment'),
        closing: opening + walletDelta(during),
        charges,
      };
    },

    async report(user: AuthenticatedUser, input: TAnalyticsQuery): Promise<TAnalyticsReport> {
      const parsed = ZAnalyticsQuery.safeParse(input);
      if (!parsed.success) throw new BadRequestError(parsed.error.issues[0]?.message ?? 'Check the filters.');
      const q = parsed.data;
      const zone = zoneMinutes(q.zone);
      if (zone === undefined) {
        throw new BadRequestError(
          `Choose one of the 12 time zones (such as +05:30); "${q.zone}" is not one.`,
        );
      }
      const ranged = resolveAnalyticsRange({ preset: q.preset, from: q.from, to: q.to }, now(), zone);
      if (!ranged.ok) throw new BadRequestError(ranged.message);
      const { range } = ranged;
      const resolved = await resolve(user, q);
      const start = startOfLocalDay(range.from, zone);
      const end = startOfLocalDay(nextDay(range.to), zone);
      const previousStart = startOfLocalDay(range.previousFrom, zone);
      const previousEnd = startOfLocalDay(nextDay(range.previousTo), zone);

      const dimensions = ANALYTICS_DIMENSIONS.filter(
        (d) => d !== 'partner' || resolved.audience !== 'developer',
      );
      const [daily, previousDaily, grouped] = await Promise.all([
        repository.daily(resolved.scope, start, end, zone),
        repository.daily(resolved.scope, previousStart, previousEnd, zone),
        repository.breakdowns(resolved.scope, start, end, dimensions),
      ]);

      const byDay = new Map(eachDay(range.from, range.to).map((d) => [d, zero()]));
      const totals = zero();
      for (const row of daily) {
        const figures = byDay.get(row.day);
        if (figures) addStatus(figures, row);
        addStatus(totals, row);
      }
      const previousTotals = zero();
      for (const row of previousDaily) addStatus(previousTotals, row);

      const groups = new Map<AnalyticsDimension, Map<string, Figures>>(dimensions.map((d) => [d, new Map()]));
      for (const row of grouped) {
        const group = groups.get(row.dimension);
        if (!group) continue;
        const figures = group.get(row.key) ?? zero();
        addStatus(figures, row);
        group.set(row.key, figures);
      }
      const breakdowns: TAnalyticsReport['breakdowns'] = {};
      for (const [dimension, group] of groups) breakdowns[dimension] = await labelRows(dimension, group);

      let walletNow: TAnalyticsReport['wallet'] = null;
      if (resolved.audience === 'developer') {
        walletNow = await wallet.balance(user).then(
          ({ balance, held }) => ({ balance, held }),
          (error: unknown) => {
            // A partner without a wallet has no balance to show; anything else is a real failure.
            if (error instanceof ForbiddenError) return null;
            throw error;
          },
        );
      }

      return {
        audience: resolved.audience,
        currency: WALLET_CURRENCY,
        range: {
          preset: q.preset,
          from: range.from,
          to: range.to,
          days: range.days,
          zone: q.zone,
          previous_from: range.previousFrom,
          previous_to: range.previousTo,
        },
        totals: present(totals),
        previous_totals: present(previousTotals),
        money: await money(resolved, start, end, totals),
        previous_money: await money(resolved, previousStart, previousEnd, previousTotals),
        wallet: walletNow,
        series: [...byDay].map(([day, figures]) => ({ day, ...present(figures) })),
        breakdowns,
        filter_labels: resolved.filterLabels,
      };
    },
  };
}
export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
