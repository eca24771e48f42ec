import { randomUUID } from 'node:crypto';
import {
  apiMessagesReference,
  CHANNEL_TYPE,
  carrierOfNationalNumber,
  formatMicros,
  type MESSAGE_TYPES,
  type MeteredStatus,
  PENDING_USAGE_STATUS,
  rcsMessageType,
  type TPendingCharges,
  type TUsageDay,
  type TUsageQuery,
  unknownCarrierQuote,
  usageEventName,
  WALLET_CURRENCY,
  whatsappMessagePrice,
  whatsappPricingCategory,
  ZUsageQuery,
} from '@portico/domain';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { LRUCache } from 'lru-cache';
import type { Database } from '../../platform/db/index.ts';
import { grouped } from '../../platform/grouped.ts';
import { AppError, BadRequestError, NotFoundError } from '../../platform/http/errors.ts';
import type { PlatformMetrics } from '../../platform/metrics/metrics.ts';
import type { AnalyticsRollups } from '../analytics/analytics.rollups.ts';
import type { WalletService } from '../wallet/wallet.service.ts';
import { isUniqueViolation, type MeteringRepository, type ReservationRow } from './metering.repository.ts';

export type MessageType = (typeof MESSAGE_TYPES)[number];

export interface PriceRequest {
  partnerId: string;
  botId: string;
  /** CHANNEL_TYPE code (1 RCS, 2 WhatsApp). */
  channel: number;
  /** The recipient, E.164 ("+447700900123"). */
  msisdn: string;
  /**
   * What is sent: a WhatsApp template message is priced by its template's category, any other
   * WhatsApp message as service (decision 0033). Absent: a message that is not a template.
   */
  content?: { kind: string; templateName?: string; language?: string } | undefined;
  /** RBM's messageTrafficType, when the partner sent one: it wins over the bot's category (0032). */
  trafficType?: RbmTrafficType | undefined;
}

type RbmTrafficType = NonNullable<Parameters<typeof rcsMessageType>[0]['trafficType']>;

export interface Price {
  /** Null: the carrier is unknown and the unknown-carrier rule priced it (decision 0022), or WhatsApp. */
  carrierId: number | null;
  countryId: string;
  unitPriceMicros: bigint;
  /** The carrier rate plan that priced an RCS message (null for WhatsApp). */
  ratePlanId: number | null;
  /** The WhatsApp rate card version that priced a WhatsApp message (null for RCS). */
  rateCardId: number | null;
  /** What the message was priced as: an RCS message type or a WhatsApp category. */
  pricedAs: string;
}

export interface ReserveRequest {
  partnerId: string;
  botId: string;
  /** The partner's message id: (botId, messageId) is the send's idempotency key. */
  messageId: string;
  channel: number;
  unitPriceMicros: bigint;
  carrierId: number | null;
  countryId: string | null;
  ratePlanId: number | null;
  rateCardId?: number | null | undefined;
  pricedAs?: string | null | undefined;
}

export type ReserveResult =
  | {
      ok: true;
      /** True when this message id was already recorded: nothing new was reserved. */
      replayed: boolean;
      /** Where the message's money is now (a replay of a sent message must not be sent again). */
      status: MeteredStatus;
    }
  | { ok: false; reason: 'insufficient_funds' };

export interface SettlementReport {
  batches: number;
  messages: number;
  amount: bigint;
}

/** A network event as network-messages stored it (what usage needs of it). */
export interface NetworkEventForUsage {
  network: string;
  kind: string;
  status?: string | null | undefined;
  networkMessageId?: string | null | undefined;
  /** The user's number (E.164). */
  sender?: string | null | undefined;
  occurredAt?: Date | null | undefined;
  payload: unknown;
  /** Set when network-messages sent the message itself (tests, the console): never metered. */
  messageId?: string | null | undefined;
}

/**
 * The network's name of the bot an event is about, as the event itself says it: RBM's agentId,
 * MaaP's botId, the WhatsApp business number network-messages keeps from Meta's value.metadata.
 */
function senderNamed(event: NetworkEventForUsage): string | null {
  const payload = (event.payload ?? {}) as Record<string, unknown>;
  const value =
    event.network === 'rbm'
      ? payload.agentId
      : event.network === 'maap'
        ? payload.botId
        : (payload.metadata as Record<string, unknown> | undefined)?.phone_number_id;
  return typeof value === 'string' && value !== '' ? value : null;
}

export const UNPRICEABLE = 'This recipient cannot be priced: no rate plan of its country prices the message.';
export const UNPRICEABLE_WHATSAPP =
  'This recipient cannot be priced: no WhatsApp rate card of its country prices the message.';
export const NOT_A_NUMBER = 'The recipient is not a valid phone number in international format.';

/** How long the price tables stay cached (rate plan versions start at dates, never retroactively). */
const CACHE_MS = 30_000;
/** The most bots, ranges and price tables one instance keeps cached. */
export const CACHE_ENTRIES = 10_000;
/** The most messages one settlement batch charges. */
export const SETTLEMENT_BATCH = 5_000;

class RollBack extends Error {}

export interface MeteringDeps {
  database: Pick<Database, 'transaction'>;
  repository: MeteringRepository;
  /** The wallet's charge of a batch and its reserved money for sends, in metering's units of work. */
  wallet: Pick<
    WalletService,
    'chargeReserved' | 'lockForReservations' | 'reserve' | 'reserveIfCovered' | 'unreserve'
  >;
  /** A reservation still 'reserved' after this long was abandoned by a killed sender. */
  abandonAfterMs: number;
  /** The most entries the cache keeps (default CACHE_ENTRIES). */
  cacheEntries?: number;
  /** The wallet's currency (pending charges are shown in it). */
  currency?: string;
  now?: () => Date;
  /** Billing analytics' rollups, kept in the same units of work (decision 0047). */
  rollups?: Pick<AnalyticsRollups, 'messagesCharged' | 'messagesFailed' | 'events'>;
  /** Told every committed settlement batch (the Prometheus metrics): the one place charges are counted. */
  metrics?: Pick<PlatformMetrics, 'charged'>;
}

/**
 * Metering (issue 16, decisions 0022 and 0023): prices a message from its recipient's carrier,
 * reserves the price on the wallet with one atomic statement per send, settles the outcome, and
 * charges sent messages in batches, one ledger debit per wallet per batch.
 */
export function createMeteringService({
  database,
  repository,
  wallet,
  abandonAfterMs,
  rollups,
  metrics,
  cacheEntries = CACHE_ENTRIES,
  currency = WALLET_CURRENCY,
  now = () => new Date(),
}: MeteringDeps) {
  // Bots, carrier ranges and price tables, each for CACHE_MS; the least recently used leave first
  // past `cacheEntries` (one entry per bot that sends, so the bound matters).
  const cache = new LRUCache<string, { value: Promise<unknown> }>({ max: cacheEntries, ttl: CACHE_MS });
  function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = cache.get(key);
    if (hit) return hit.value as Promise<T>;
    const value = load();
    const entry = { value };
    cache.set(key, entry);
    value.catch(() => {
      if (cache.get(key) === entry) cache.delete(key);
    });
    return value;
  }

  /**
   * The price of one message (issue 25): the ONE pricing function of the partner API, the test
   * console and campaigns. RCS: the recipient's carrier's rate plan, by the bot's billing category and
   * the message type (rcsMessageType: the message's own traffic type, else the bot's message
   * category; decision 0032). WhatsApp: the recipient country's rate card, by Meta's category
   * (whatsappPricingCategory: a template's category, else service; decision 0033).
   */
  async function price(request: PriceRequest): Promise<Price> {
    const bot = await cached(`bot:${request.botId}`, () => repository.bot(request.botId));
    if (!bot || bot.partnerId !== request.partnerId) throw new NotFoundError('Bot not found.');
    const number = parsePhoneNumberFromString(request.msisdn);
    const countryId = number?.isPossible() ? number.country : undefined;
    if (!number || !countryId) throw new BadRequestError(NOT_A_NUMBER);
    if (request.channel === CHANNEL_TYPE.whatsapp) return whatsappPrice(request, countryId);
    const category = bot.billingCategory ?? 'BASIC_MESSAGE';
    const messageType = rcsMessageType({
      trafficType: request.trafficType,
      botCategory: bot.messageCategory,
    });
    const [ported, ranges, prices] = await Promise.all([
      portedCarrier(number.number),
      cached(`ranges:${countryId}`, () => repository.ranges(countryId)),
      cached(`prices:${countryId}:${category}:${messageType}`, () =>
        repository.countryPrices(countryId, category, messageType),
      ),
    ]);
    const carrierId = ported ?? carrierOfNationalNumber(number.nationalNumber, ranges);
    const own = carrierId === null ? undefined : prices.find((p) => p.carrierId === carrierId);
    const rcs = { countryId, rateCardId: null, pricedAs: messageType };
    if (own && own.priceMicros !== null) {
      return {
        ...rcs,
        carrierId: own.carrierId,
        unitPriceMicros: own.priceMicros,
        ratePlanId: own.ratePlanId,
      };
    }
    // Unknown carrier (or one without a plan in force): the country's highest price.
    const quote = unknownCarrierQuote(
      prices.flatMap((p) => (p.priceMicros === null ? [] : [{ ...p, priceMicros: p.priceMicros }])),
    );
    if (!quote) throw new BadRequestError(UNPRICEABLE);
    return { ...rcs, carrierId: null, unitPriceMicros: quote.priceMicros, ratePlanId: quote.ratePlanId };
  }

  /** WhatsApp: the country's rate card in force, by the message's Meta category (decision 0033). */
  async function whatsappPrice(request: PriceRequest, countryId: string): Promise<Price> {
    const content = request.content ?? { kind: 'text' };
    const templateCategory =
      content.kind === 'template' && content.templateName
        ? await cached(`template:${request.botId}:${content.templateName}:${content.language ?? ''}`, () =>
            repository.templateCategory(
              request.botId,
              content.templateName ?? '',
              content.language ?? 'en_US',
            ),
          )
        : null;
    const card = await cached(`whatsapp-card:${countryId}`, () => repository.whatsappCard(countryId));
    const priced = card
      ? whatsappMessagePrice(card, whatsappPricingCategory(content, templateCategory))
      : null;
    if (!card || !priced) throw new BadRequestError(UNPRICEABLE_WHATSAPP);
    return {
      carrierId: null,
      countryId,
      unitPriceMicros: priced.priceMicros,
      ratePlanId: null,
      rateCardId: card.rateCardId,
      pricedAs: priced.category,
    };
  }

  type Reserved = ReserveResult | { error: unknown } | { released: true };

  /**
   * Reservations of concurrent sends, in one transaction: lock the wallets, read which message ids
   * exist, decide in order what each wallet's spendable money covers, then one statement records
   * them and raises the wallets' reserved money. One commit for the whole group.
   */
  async function reserveGroup(rows: ReservationRow[]): Promise<Reserved[]> {
    return database.transaction(async () => {
      const wallets = await wallet.lockForReservations([...new Set(rows.map((r) => r.partnerId))]);
      const existing = await repository.existing(rows);
      const accepted: ReservationRow[] = [];
      const results = rows.map((row): Reserved => {
        const key = `${row.botId}|${row.messageId}`;
        const found = existing.get(key);
        if (found) {
          if (found.partnerId !== row.partnerId) return { error: new NotFoundError('Bot not found.') };
          if (found.status === 'released') return { released: true };
          return { ok: true, replayed: true, status: found.status as MeteredStatus };
        }
        const account = wallets.get(row.partnerId);
        if (!account || account.balance - account.reserved < row.amount) {
          return { ok: false, reason: 'insufficient_funds' };
        }
        account.reserved += row.amount;
        existing.set(key, { status: 'reserved', partnerId: row.partnerId });
        accepted.push(row);
        return { ok: true, replayed: false, status: 'reserved' };
      });
      if (accepted.length > 0) {
        await repository.insertReservations(accepted);
        const totals = new Map<string, bigint>();
        for (const r of accepted) totals.set(r.partnerId, (totals.get(r.partnerId) ?? 0n) + r.amount);
        await wallet.reserve(totals);
      }
      return results;
    });
  }

  async function reserveOne(row: ReservationRow): Promise<Reserved> {
    try {
      const [result] = await reserveGroup([row]);
      return result ?? { error: new Error('no reservation result') };
    } catch (error) {
      return { error };
    }
  }

  const reserveGrouped = grouped(async (rows: ReservationRow[]): Promise<Reserved[]> => {
    try {
      return await reserveGroup(rows);
    } catch (error) {
      // A message id recorded meanwhile by another process (a unique violation rolled the group
      // back): each reservation again on its own, so only that one replays.
      if (!isUniqueViolation(error) || rows.length === 1) throw error;
      return Promise.all(rows.map(reserveOne));
    }
  });

  async function reserve(request: ReserveRequest): Promise<ReserveResult> {
    if (request.unitPriceMicros < 0n) throw new Error('a price is never negative');
    const row: ReservationRow = {
      partnerId: request.partnerId,
      botId: request.botId,
      messageId: request.messageId,
      channel: request.channel,
      carrierId: request.carrierId,
      countryId: request.countryId,
      ratePlanId: request.ratePlanId,
      rateCardId: request.rateCardId ?? null,
      pricedAs: request.pricedAs ?? null,
      amount: request.unitPriceMicros,
    };
    let result: Reserved;
    try {
      result = await reserveGrouped(row);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // The same message id reserved concurrently elsewhere: that one won; this is a replay.
      result = { released: true };
    }
    if ('error' in result) throw result.error;
    if (!('released' in result)) return result;
    const existing = await repository.status(request.botId, request.messageId);
    if (!existing) return reserve(request);
    if (existing.partnerId !== request.partnerId) throw new NotFoundError('Bot not found.');
    if (existing.status !== 'released') {
      return { ok: true, replayed: true, status: existing.status as MeteredStatus };
    }
    // A retry of a message whose send failed: reserve it again, once.
    try {
      const outcome = await database.transaction(async () => {
        if ((await repository.reReserveReleased(row)) === 'not-released') return 'not-released';
        if (!(await wallet.reserveIfCovered(row.partnerId, row.amount))) throw new RollBack();
        return 'reserved';
      });
      if (outcome === 'reserved') return { ok: true, replayed: false, status: 'reserved' };
    } catch (error) {
      if (error instanceof RollBack) return { ok: false, reason: 'insufficient_funds' };
      throw error;
    }
    const now = await repository.status(request.botId, request.messageId);
    return { ok: true, replayed: true, status: (now?.status ?? 'released') as MeteredStatus };
  }

  /**
   * Sent outcomes are written in groups (one UPDATE for the sends that finish meanwhile). Safe for
   * exactness: a sent outcome lost with the process leaves the message reserved, which the
   * abandoned-reservation rule charges as sent all the same.
   */
  const markSent = grouped(async (keys: { botId: string; messageId: string }[]) => {
    const changed = await repository.markSent(keys);
    return keys.map((k) => changed.has(`${k.botId}|${k.messageId}`));
  });
  /** MNP answers of concurrent sends in one lookup. */
  const portedCarrier = grouped(async (numbers: string[]) => {
    const found = await repository.portedCarriers(numbers);
    return numbers.map((n) => found.get(n) ?? null);
  });

  /**
   * The connector's outcome: sent -> charged by the next settlement batch; failed -> released
   * (the money is spendable again). Idempotent: a second call changes nothing and says so.
   */
  async function settle(
    key: { botId: string; messageId: string },
    outcome: 'sent' | 'failed',
  ): Promise<{ changed: boolean; status: MeteredStatus | null }> {
    const changed = outcome === 'sent' ? await markSent(key) : await release(key);
    if (changed) return { changed, status: outcome === 'sent' ? 'sent' : 'released' };
    const current = await repository.status(key.botId, key.messageId);
    return { changed: false, status: (current?.status ?? null) as MeteredStatus | null };
  }

  /** A failed send released, its money back in the wallet and counted in the rollups, in one unit of work. */
  function release(key: { botId: string; messageId: string }): Promise<boolean> {
    return database.transaction(async () => {
      const message = await repository.release(key.botId, key.messageId);
      const released = message !== null && (await wallet.unreserve(message.partnerId, message.amount));
      if (released) await rollups?.messagesFailed([key]);
      return released;
    });
  }

  /** One batch of one partner in one transaction: the ledger debit, the messages charged, the usage. */
  async function settlePartner(partnerId: string): Promise<{ messages: number; amount: bigint }> {
    return database.transaction(async () => {
      const messages = await repository.lockSent(partnerId, SETTLEMENT_BATCH);
      if (messages.length === 0) return { messages: 0, amount: 0n };
      const amount = messages.reduce((sum, m) => sum + m.amount, 0n);
      const batchId = randomUUID();
      await repository.markCharged(batchId, messages);
      await rollups?.messagesCharged(messages);
      await repository.addUsage(
        messages.map((m) => ({
          day: m.createdAt.toISOString().slice(0, 10),
          partnerId,
          botId: m.botId,
          carrierId: m.carrierId,
          countryId: m.countryId,
          kind: 'message' as const,
          status: 'sent',
          count: 1,
          amount: m.amount,
        })),
      );
      // The ledger last: it locks the wallet row, which every reservation of the partner updates,
      // so the lock is held only for the debit and the commit.
      if (amount > 0n) {
        const { transaction } = await wallet.chargeReserved({
          partnerId,
          idempotencyKey: `metering:${batchId}`,
          amount,
          description: `Messages sent: ${messages.length}`,
          reference: apiMessagesReference(new Date()),
        });
        await repository.insertBatch({
          batchId,
          partnerId,
          transactionId: transaction.transactionId,
          count: messages.length,
          amount,
        });
      }
      return { messages: messages.length, amount };
    });
  }

  /** Counts events received from the networks in the daily usage (one statement for the list). */
  async function recordEvents(
    events: {
      partnerId: string;
      botId: string;
      carrierId?: number | null;
      countryId?: string | null;
      /** The event's usage name (USAGE_EVENT: 'DELIVERED', 'READ', 'USER_MESSAGE', ...). */
      status: string;
      at?: Date;
      /** Our message id when the event names one (analytics reads its message type). */
      messageId?: string | null;
    }[],
  ): Promise<void> {
    await repository.addUsage(
      events.map((e) => ({
        day: (e.at ?? now()).toISOString().slice(0, 10),
        partnerId: e.partnerId,
        botId: e.botId,
        carrierId: e.carrierId ?? null,
        countryId: e.countryId ?? null,
        kind: 'event' as const,
        status: e.status,
        count: 1,
        amount: 0n,
      })),
    );
    await rollups?.events(
      events.map((e) => ({
        partnerId: e.partnerId,
        botId: e.botId,
        carrierId: e.carrierId ?? null,
        countryId: e.countryId ?? null,
        status: e.status,
        at: e.at ?? now(),
        messageId: e.messageId ?? null,
      })),
    );
  }

  /**
   * The carrier and country of a number as a send to it is priced (MNP answer, then ranges), in the
   * caller's unit of work (not grouped: a group runs outside it). Unknown parts are null.
   */
  async function destinationOf(
    msisdn: string,
  ): Promise<{ carrierId: number | null; countryId: string | null }> {
    const number = parsePhoneNumberFromString(msisdn);
    const countryId = number?.isPossible() ? number.country : undefined;
    if (!number || !countryId) return { carrierId: null, countryId: null };
    const [ported, ranges] = await Promise.all([
      repository.portedCarriers([number.number]),
      cached(`ranges:${countryId}`, () => repository.ranges(countryId)),
    ]);
    return {
      carrierId: ported.get(number.number) ?? carrierOfNationalNumber(number.nationalNumber, ranges),
      countryId,
    };
  }

  /**
   * The prices of many recipients of one message (a campaign's estimate): the numbers are resolved
   * to their destination in bulk (one MNP query for the lot, the country's cached ranges), then
   * priced once per destination (country x carrier; the message type is the request's) by `price`
   * itself, with the group's first number, so each answer is exactly what `price` would say for
   * that number. A number `price` refuses (not a number, nothing prices it) answers null.
   */
  async function priceMany(request: Omit<PriceRequest, 'msisdn'>, msisdns: readonly string[]) {
    const parsed = msisdns.map((msisdn) => {
      const number = parsePhoneNumberFromString(msisdn);
      const countryId = number?.isPossible() ? number.country : undefined;
      return number && countryId ? { number, countryId } : null;
    });
    const whatsapp = request.channel === CHANNEL_TYPE.whatsapp;
    const ported = whatsapp
      ? new Map<string, number>()
      : await repository.portedCarriers(parsed.flatMap((p) => (p ? [p.number.number] : [])));
    const keys: (string | null)[] = [];
    const groups = new Map<string, Promise<Price | null>>();
    for (const [i, p] of parsed.entries()) {
      if (!p) {
        keys.push(null);
        continue;
      }
      let key: string = p.countryId;
      if (!whatsapp) {
        const ranges = await cached(`ranges:${p.countryId}`, () => repository.ranges(p.countryId));
        const carrierId =
          ported.get(p.number.number) ?? carrierOfNationalNumber(p.number.nationalNumber, ranges);
        key = `${p.countryId}:${carrierId ?? ''}`;
      }
      keys.push(key);
      if (!groups.has(key))
        groups.set(
          key,
          price({ ...request, msisdn: msisdns[i] ?? '' }).catch((error: unknown) => {
            if (error instanceof AppError && error.httpStatus < 500) return null;
            throw error;
          }),
        );
    }
    const prices = new Map<string, Price | null>();
    for (const [key, value] of groups) prices.set(key, await value);
    return keys.map((key) => (key === null ? null : (prices.get(key) ?? null)));
  }

  return {
    price,
    priceMany,
    reserve,
    settle,

    /** A bot's metered message by its message id: its partner and where its money is, or null. */
    async message(key: {
      botId: string;
      messageId: string;
    }): Promise<{ status: MeteredStatus; partnerId: string } | null> {
      const found = await repository.status(key.botId, key.messageId);
      return found ? { status: found.status as MeteredStatus, partnerId: found.partnerId } : null;
    },

    /**
     * Charges every sent message not yet charged: per partner, batches of up to SETTLEMENT_BATCH
     * messages, each one ledger debit. Safe to run concurrently and after a kill (a batch commits
     * whole or not at all; locked rows are skipped by another settler).
     */
    async settleBatches(): Promise<SettlementReport> {
      const report: SettlementReport = { batches: 0, messages: 0, amount: 0n };
      for (const partnerId of await repository.partnersToSettle()) {
        for (;;) {
          const batch = await settlePartner(partnerId);
          if (batch.messages === 0) break;
          metrics?.charged(batch.messages, batch.amount);
          report.batches += 1;
          report.messages += batch.messages;
          report.amount += batch.amount;
          if (batch.messages < SETTLEMENT_BATCH) break;
        }
      }
      return report;
    },

    /**
     * Reservations abandoned by a sender killed between reserve and settle are settled as sent:
     * the connector may have delivered them, and a message is never free (decision 0023). A
     * retry with the same id then replays instead of sending twice.
     */
    async settleAbandoned(limit = 10_000): Promise<number> {
      const cutoff = new Date(now().getTime() - abandonAfterMs);
      let settled = 0;
      for (const key of await repository.abandoned(cutoff, limit)) {
        if ((await settle(key, 'sent')).changed) settled += 1;
      }
      return settled;
    },

    /**
     * Counts newly stored network events in the daily usage, in the caller's unit of work
     * (network-messages' ingest: an event is stored once, so it is counted once). Counted: the
     * receipts (delivered, read, failed) of metered messages, and a user's messages, taps and
     * unsubscribes to a bot that sends through the partner API. An RBM or MaaP receipt names our
     * message id, so it counts only for a metered message, under that message's carrier; a WhatsApp
     * receipt names Meta's wamid, which metering does not keep, so it counts for the bot whose number
     * Meta names when network-messages did not send the message itself, and a user's event counts
     * under the carrier of the user's number (as a send to it would be priced). Answers how many.
     */
    async recordNetworkEvents(events: readonly NetworkEventForUsage[]): Promise<number> {
      const named = events.flatMap((event) => {
        const status = usageEventName(event);
        const address = senderNamed(event);
        // network-messages' own messages (tests, the console) are not sent through the API.
        if (!status || !address || event.messageId) return [];
        return [{ event, status, address }];
      });
      if (named.length === 0) return 0;
      const bots = await repository.botsByAddress(
        named.map(({ event, address }) => ({ network: event.network, address })),
      );
      const found = named.flatMap((n) => {
        const bot = bots.get(`${n.event.network}|${n.address}`);
        return bot ? [{ ...n, bot }] : [];
      });
      const byMessageId = (n: (typeof found)[number]) =>
        n.event.kind === 'status' && n.event.network !== 'whatsapp';
      const destinations = await repository.destinations(
        found
          .filter(byMessageId)
          .map((n) => ({ botId: n.bot.botId, messageId: n.event.networkMessageId ?? '' })),
      );
      const apiBots = await repository.botsWithMessages(found.map((n) => n.bot.botId));
      const counted: Parameters<typeof recordEvents>[0] = [];
      for (const n of found) {
        let where: { carrierId: number | null; countryId: string | null } | undefined;
        if (byMessageId(n)) where = destinations.get(`${n.bot.botId}|${n.event.networkMessageId ?? ''}`);
        else if (apiBots.has(n.bot.botId)) where = await destinationOf(n.event.sender ?? '');
        if (!where) continue;
        counted.push({
          partnerId: n.bot.partnerId,
          botId: n.bot.botId,
          ...where,
          status: n.status,
          ...(n.event.occurredAt ? { at: n.event.occurredAt } : {}),
          ...(byMessageId(n) ? { messageId: n.event.networkMessageId ?? null } : {}),
        });
      }
      await recordEvents(counted);
      return counted.length;
    },

    recordEvents,

    /**
     * The partner's charges not yet in the ledger (issue 25 point 9): messages reserved or sent that
     * the next settlement batch charges. Shown as pending at once, settled within a minute.
     */
    async pending(partnerId: string): Promise<TPendingCharges> {
      const found = await repository.pending(partnerId);
      return {
        currency,
        count: found.count,
        amount: formatMicros(found.amount),
        since: found.since?.toISOString() ?? null,
      };
    },

    /**
     * Daily usage of a partner for billing: the rows of usage_daily in a window of days, and the
     * messages not yet charged as rows of status 'pending' (issue 25 point 9).
     */
    async usage(partnerId: string, input: TUsageQuery): Promise<TUsageDay[]> {
      const query = ZUsageQuery.parse(input);
      if (query.from > query.to) throw new BadRequestError('The start date is after the end date.');
      const [rows, pending] = await Promise.all([
        repository.usage(partnerId, query.from, query.to, query.bot_id),
        repository.pendingUsage(partnerId, query.from, query.to, query.bot_id),
      ]);
      const pendingRows = pending.map((r) => ({
        ...r,
        kind: 'message' as const,
        status: PENDING_USAGE_STATUS,
      }));
      return [...rows, ...pendingRows].map((r) => ({
        day: r.day,
        bot_id: r.bot_id,
        carrier_id: r.carrier_id === 0 ? null : r.carrier_id,
        country_id: r.country_id === '' ? null : r.country_id,
        kind: r.kind,
        status: r.status,
        count: Number(r.count),
        amount: formatMicros(BigInt(r.amount)),
      }));
    },
  };
}
export type MeteringService = ReturnType<typeof createMeteringService>;
