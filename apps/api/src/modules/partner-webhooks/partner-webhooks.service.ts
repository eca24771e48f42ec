import { randomBytes } from 'node:crypto';
import {
  type AuditAction,
  type Network,
  type TWebhookDeliveriesQuery,
  type TWebhookDelivery,
  type TWebhookSecret,
  type TWebhookSettings,
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_MAX_ATTEMPTS,
  type WebhookDeliveryStatus,
  type WebhookEventKind,
} from '@portico/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { AuditService } from '../../platform/audit/audit.service.ts';
import type { AuthenticatedUser } from '../../platform/auth/types.ts';
import type { Database } from '../../platform/db/index.ts';
import { ConflictError, NotFoundError } from '../../platform/http/errors.ts';
import type { JobSender } from '../../platform/jobs/index.ts';
import type { PlatformMetrics } from '../../platform/metrics/metrics.ts';
import type { BotForTesting, BotsService } from '../bots/bots.service.ts';
import type { PARTNER_WEBHOOKS_QUEUES } from './partner-webhooks.jobs.ts';
import type { DeliveryRow, PartnerWebhooksRepository, WebhookRow } from './partner-webhooks.repository.ts';
import { Turns } from './turns.ts';
import { assertReachable } from './webhook-address.ts';
import { verifyWebhook, type WebhookClient } from './webhook-client.ts';
import { pingEvent, signedDelivery } from './webhook-shapes.ts';

export interface PartnerWebhooksSettings {
  /** A webhook that has not answered within this long is cut off (the attempt fails). */
  timeoutMs: number;
  /** The first retry waits this long; each next one twice as long, at most RETRY_MAX_MS. */
  retryBaseMs: number;
  /** Attempts of one partner's webhooks in flight at once on an instance; more wait their turn. */
  partnerConcurrency: number;
  /** Private and loopback webhook addresses allowed (DEMO=1 or SANDBOX=1). */
  allowPrivate: boolean;
}

export interface PartnerWebhooksDeps {
  database: Database;
  repository: PartnerWebhooksRepository;
  bots: Pick<BotsService, 'botForTesting'>;
  jobs: JobSender<typeof PARTNER_WEBHOOKS_QUEUES>;
  audit: AuditService;
  client: WebhookClient;
  settings: PartnerWebhooksSettings;
  log: FastifyBaseLogger;
  /** Told every delivery attempt's outcome (the Prometheus metrics). */
  metrics?: Pick<PlatformMetrics, 'webhookDelivery'>;
}

const RETRY_MAX_MS = 10 * 60_000;
/** How many deliveries one job carries for its conversation before handing over to a new job. */
const DELIVERIES_PER_JOB = 100;
const DELIVER = 'partner-webhooks.deliver';

/** The wait before attempt `attempt + 1`: exponential from the base, capped. */
export function retryDelayMs(attempt: number, baseMs: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempt - 1), RETRY_MAX_MS);
}

/** The networks a bot's events come from, with its name on each. */
export function botAddresses(bot: BotForTesting): { network: Network; address: string }[] {
  const addresses: { network: Network; address: string }[] = [];
  if (bot.rbmAgent)
    addresses.push({ network: 'rbm', address: bot.rbmAgent.split('/').pop() ?? bot.rbmAgent });
  if (bot.maapBotId) addresses.push({ network: 'maap', address: bot.maapBotId });
  if (bot.whatsappPhoneNumberId) addresses.push({ network: 'whatsapp', address: bot.whatsappPhoneNumberId });
  return addresses;
}

const newSecret = () => randomBytes(24).toString('base64url');
/** A verify token for a bot whose partner chose none (Meta's verify token is the developer's choice). */
const newVerifyToken = () => `pvt_${randomBytes(18).toString('base64url')}`;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function presentDelivery(row: DeliveryRow): TWebhookDelivery {
  return {
    delivery_id: row.deliveryId,
    network: row.network as Network,
    kind: row.kind as WebhookEventKind,
    msisdn: row.msisdn,
    status: row.status as WebhookDeliveryStatus,
    attempts: row.attempts,
    response_code: row.responseCode,
    latency_ms: row.latencyMs,
    last_error: row.lastError,
    next_attempt_at: row.status === 'pending' || row.status === 'retrying' ? iso(row.nextAttemptAt) : null,
    delivered_at: iso(row.deliveredAt),
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * A bot's webhook: URL (verified by a challenge, SSRF-guarded), signing secret, test ping, and the
 * delivery of its events: an outbox row per (bot, event) written with the event, delivered in
 * order per conversation by the `partner-webhooks.deliver` job, retried with backoff, dead-lettered
 * after WEBHOOK_MAX_ATTEMPTS, replayable (decision 0024).
 */
export function createPartnerWebhooksService(deps: PartnerWebhooksDeps) {
  const { database, repository, bots, jobs, audit, client, settings, log, metrics } = deps;
  /** Attempts in flight per partner on this instance. */
  const inFlight = new Map<string, number>();
  /** Conversations delivering on this instance; true: a job came in meanwhile, go round again. */
  const running = new Map<string, boolean>();
  /** Per partner, its conversations waiting for a free slot, a bot at a time in turn. */
  const waiting = new Map<string, Turns>();
  const background = new Set<Promise<void>>();

  const record = (user: AuthenticatedUser, action: AuditAction, botId: string) =>
    audit.record(action, {
      actorUserId: user.userId,
      actorEmail: user.email,
      partnerId: user.partnerId,
      detail: { botId },
    });

  async function present(bot: BotForTesting, webhook: WebhookRow | undefined): Promise<TWebhookSettings> {
    const counts = await repository.counts(bot.id);
    return {
      bot_id: bot.id,
      url: webhook?.url ?? null,
      verified_at: iso(webhook?.verifiedAt ?? null),
      networks: botAddresses(bot).map((a) => a.network),
      secret_hint: webhook ? webhook.signingSecret.slice(-4) : null,
      secret_rotated_at: iso(webhook?.secretRotatedAt ?? null),
      verify_token: webhook?.verifyToken ?? null,
      counts: Object.fromEntries(WEBHOOK_DELIVERY_STATUSES.map((s) => [s, counts[s] ?? 0])) as Record<
        WebhookDeliveryStatus,
        number
      >,
    };
  }

  function registeredAddresses(bot: BotForTesting) {
    const addresses = botAddresses(bot);
    if (addresses.length === 0)
      throw new ConflictError(
        'The bot is not registered on a network yet: its events have nowhere to come from. Submit the bot first.',
      );
    return addresses;
  }

  async function enqueue(conversations: string[], partnerId: string) {
    for (const conversation of conversations) await jobs.send(DELIVER, { conversation, partnerId });
  }

  /** One attempt of a claimed delivery, outside any transaction; returns whether the conversation may go on. */
  async function attempt(delivery: DeliveryRow, url: string | null, secret: string): Promise<boolean> {
    const body = delivery.body as { event: Record<string, unknown>; address: string };
    const answer = url
      ? await client.post(
          url,
          signedDelivery(
            {
              network: delivery.network as Network,
              event: body.event,
              address: body.address,
              msisdn: delivery.msisdn,
            },
            secret,
            delivery.deliveryId,
          ),
        )
      : { status: null, latencyMs: 0, text: '', error: 'the bot has no webhook URL' };
    const ok = answer.status !== null && answer.status >= 200 && answer.status < 300;
    const attempts = delivery.attempts + 1;
    const dead = !ok && attempts >= WEBHOOK_MAX_ATTEMPTS;
    const nextAttemptAt = new Date(Date.now() + retryDelayMs(attempts, settings.retryBaseMs));
    await database.transaction(async () => {
      await repository.recordAttempt(delivery.deliveryId, {
        status: ok ? 'delivered' : dead ? 'dead' : 'retrying',
        responseCode: answer.status,
        latencyMs: answer.latencyMs,
        lastError: ok ? null : (answer.error ?? `answered ${answer.status}`),
        ...(ok || dead ? {} : { nextAttemptAt }),
      });
      if (!ok && !dead)
        await jobs.send(
          DELIVER,
          { conversation: delivery.conversation, partnerId: delivery.partnerId },
          { startAfter: nextAttemptAt },
        );
    });
    metrics?.webhookDelivery(ok ? 'delivered' : dead ? 'dead' : 'retrying', answer.latencyMs);
    return ok || dead;
  }

  /** Delivers the conversation's due deliveries in order until it is empty, waits for a retry, or is held. */
  async function deliverConversation(conversation: string, partnerId: string): Promise<void> {
    for (let n = 0; n < DELIVERIES_PER_JOB; n += 1) {
      const claim = await database.transaction(() =>
        repository.claimHead(conversation, settings.timeoutMs * 2 + 5000),
      );
      if ('empty' in claim || 'busy' in claim) return;
      if ('wait' in claim) {
        await jobs.send(DELIVER, { conversation, partnerId }, { startAfter: claim.wait });
        return;
      }
      const { delivery, url, secret } = claim.claimed;
      if (!(await attempt(delivery, url, secret))) return;
    }
    await jobs.send(DELIVER, { conversation, partnerId });
  }

  /** Delivers the conversation in the background in one of its partner's slots; then the next in turn. */
  function run(conversation: string, partnerId: string): void {
    running.set(conversation, false);
    inFlight.set(partnerId, (inFlight.get(partnerId) ?? 0) + 1);
    const work = (async () => {
      try {
        do {
          running.set(conversation, false);
          await deliverConversation(conversation, partnerId);
        } while (running.get(conversation));
      } catch (error) {
        log.error({ err: error, conversation }, 'webhook delivery stopped; the sweep retries it');
      } finally {
        running.delete(conversation);
        const left = (inFlight.get(partnerId) ?? 1) - 1;
        if (left > 0) inFlight.set(partnerId, left);
        else inFlight.delete(partnerId);
        startNext(partnerId);
      }
    })();
    background.add(work);
    void work.finally(() => background.delete(work));
  }

  /** Starts the partner's next waiting conversation, skipping one that got running meanwhile. */
  function startNext(partnerId: string): void {
    const turns = waiting.get(partnerId);
    for (let next = turns?.next(); next !== undefined; next = turns?.next()) {
      if (running.has(next)) {
        running.set(next, true);
        continue;
      }
      run(next, partnerId);
      return;
    }
    waiting.delete(partnerId);
  }

  return {
    async settings(user: AuthenticatedUser, botId: string): Promise<TWebhookSettings> {
      const bot = await bots.botForTesting(user, botId);
      return database.transaction(async () => present(bot, await repository.webhook(bot.id)));
    },

    /** Creates the signing secret, or replaces it; the new secret is answered this once. */
    async rotateSecret(user: AuthenticatedUser, botId: string): Promise<TWebhookSecret> {
      const bot = await bots.botForTesting(user, botId);
      const secret = newSecret();
      return database.transaction(async () => {
        const webhook = await repository.saveSecret(bot.id, bot.partnerId, secret);
        await record(user, 'webhook.secret-rotated', bot.id);
        return { secret, settings: await present(bot, webhook) };
      });
    },

    /**
     * Sets the webhook URL: public addresses only (unless the sandbox is on), and only after the URL
     * echoed our challenge in each of the bot's networks' ways. A bot without a secret gets one
     * first, answered in `secret` this once (the receiver may check it during the challenge).
     */
    async updateUrl(
      user: AuthenticatedUser,
      botId: string,
      url: string,
      chosenVerifyToken?: string,
    ): Promise<TWebhookSettings & { secret: string | null }> {
      const bot = await bots.botForTesting(user, botId);
      const addresses = registeredAddresses(bot);
      await assertReachable(url, settings.allowPrivate);
      const created = await database.transaction(async () => {
        const existing = await repository.webhook(bot.id);
        if (existing) return { webhook: existing, secret: null };
        const secret = newSecret();
        return { webhook: await repository.saveSecret(bot.id, bot.partnerId, secret), secret };
      });
      // Meta challenges with a verify token apart from the app secret; Google's client token and
      // MaaP's bearer are the secret itself.
      const verifyToken = chosenVerifyToken ?? created.webhook.verifyToken ?? newVerifyToken();
      for (const { network } of addresses)
        await verifyWebhook(
          client,
          url,
          network,
          network === 'whatsapp' ? verifyToken : created.webhook.signingSecret,
        );
      return database.transaction(async () => {
        const saved = await repository.saveUrl(bot.id, url, verifyToken);
        await record(user, 'webhook.updated', bot.id);
        return { ...(await present(bot, saved)), secret: created.secret };
      });
    },

    /** A test event in each of the bot's networks' shapes, through the same queue as real events. */
    async ping(user: AuthenticatedUser, botId: string): Promise<TWebhookDelivery[]> {
      const bot = await bots.botForTesting(user, botId);
      const addresses = registeredAddresses(bot);
      return database.transaction(async () => {
        const webhook = await repository.webhook(bot.id);
        if (!webhook?.url || !webhook.verifiedAt)
          throw new ConflictError('Set and verify the webhook URL before sending a test ping.');
        const rows: DeliveryRow[] = [];
        for (const { network, address } of addresses) {
          const row = await repository.insertDelivery({
            botId: bot.id,
            partnerId: bot.partnerId,
            network,
            kind: 'ping',
            conversation: `${bot.id}:ping`,
            body: { event: pingEvent(network, address), address },
          });
          rows.push(row);
        }
        await enqueue([`${bot.id}:ping`], bot.partnerId);
        return rows.map(presentDelivery);
      });
    },

    async list(user: AuthenticatedUser, botId: string, query: TWebhookDeliveriesQuery) {
      const bot = await bots.botForTesting(user, botId);
      const { start, end, ...filters } = query;
      const { items, total } = await database.transaction(() =>
        repository.list(bot.id, filters, { start, end }),
      );
      return { items: items.map(presentDelivery), total };
    },

    /** The whole log (filters applied), for the Excel and PDF export. */
    async exportRows(
      user: AuthenticatedUser,
      botId: string,
      filters: {
        status?: WebhookDeliveryStatus | undefined;
        kind?: WebhookEventKind | undefined;
        order?: 'asc' | 'desc' | undefined;
      },
    ) {
      const bot = await bots.botForTesting(user, botId);
      const { items } = await database.transaction(() => repository.list(bot.id, filters));
      return { bot, items: items.map(presentDelivery) };
    },

    /** Puts a dead-lettered delivery back in its conversation's queue (409 for any other state). */
    async replay(user: AuthenticatedUser, botId: string, deliveryId: string): Promise<TWebhookDelivery> {
      const bot = await bots.botForTesting(user, botId);
      return database.transaction(async () => {
        const delivery = await repository.delivery(bot.id, deliveryId);
        if (!delivery) throw new NotFoundError('Delivery not found.');
        if (delivery.status !== 'dead')
          throw new ConflictError(
            `Only a dead-lettered delivery can be replayed; this one is ${delivery.status}.`,
            { status: delivery.status },
          );
        const reopened = await repository.reopen(delivery.deliveryId);
        if (!reopened) throw new Error('delivery vanished');
        await enqueue([reopened.conversation], reopened.partnerId);
        return presentDelivery(reopened);
      });
    },

    /** network-messages calls this in the unit of work that stores the events. */
    async onEventsStored(eventIds: string[]): Promise<void> {
      for (const { conversation, partnerId } of await repository.enqueueEvents(eventIds))
        await jobs.send(DELIVER, { conversation, partnerId });
    },

    /**
     * The deliver job: starts delivering the conversation in the background and returns, so a slow
     * webhook never holds the job worker (pg-boss runs a batch one job after another) nor another
     * partner's deliveries. A conversation runs once per instance at a time; a partner with
     * `partnerConcurrency` conversations running queues it in memory, its bots taking turns, and
     * the next one starts as soon as a slot frees. A crash mid-delivery leaves a lease that expires,
     * and one with conversations queued loses nothing stored: the sweep job picks them up again.
     */
    async startConversation(conversation: string, partnerId: string): Promise<void> {
      if (running.has(conversation)) {
        running.set(conversation, true); // the running loop goes round once more
        return;
      }
      if ((inFlight.get(partnerId) ?? 0) >= settings.partnerConcurrency) {
        const turns = waiting.get(partnerId) ?? new Turns();
        turns.add(conversation);
        waiting.set(partnerId, turns);
        return;
      }
      run(conversation, partnerId);
    },

    /** The sweep job: every conversation with a due delivery nobody holds gets a deliver job. */
    async sweep(): Promise<number> {
      const due = await database.transaction(() => repository.dueConversations(1000));
      for (const { conversation, partnerId } of due) await jobs.send(DELIVER, { conversation, partnerId });
      return due.length;
    },

    /** Resolves when the deliveries running in the background have finished (tests, shutdown). */
    async idle(): Promise<void> {
      while (background.size > 0) await Promise.all([...background]);
    },
  };
}
export type PartnerWebhooksService = ReturnType<typeof createPartnerWebhooksService>;
