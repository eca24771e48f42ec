import { randomUUID } from 'node:crypto';
import {
  CAMPAIGN_FAILURE_REASONS,
  CAMPAIGN_FINAL_STATUSES,
  CAMPAIGN_MACHINE,
  CAMPAIGN_MEDIA_PREFIX,
  type CampaignAction,
  type CampaignFailureReason,
  type CampaignPauseReason,
  type CampaignStatus,
  type CampaignTimeZone,
  CHANNEL_TYPE,
  campaignActions,
  campaignMediaKind,
  campaignReference,
  campaignTransition,
  campaignValues,
  decideReview,
  formatCurrency,
  formatMicros,
  mappingProblems,
  type Network,
  scheduledInstant,
  scheduleProblem,
  secondsLeft,
  type TCampaignCreate,
  type TCampaignDetails,
  type TCampaignEstimate,
  type TCampaignFallback,
  type TCampaignListItem,
  type TCampaignLive,
  type TCampaignSchedule,
  type TCampaignUpdateRequest,
  type TestDeviceInvite,
  type TListResult,
  type TMessageContent,
  testDeviceMayReceive,
  WALLET_CURRENCY,
} from '@portico/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Connectors } from '../../networks/index.ts';
import type { AuthenticatedUser } from '../../platform/auth/types.ts';
import { type Database, ifAdvisoryLockFree } from '../../platform/db/index.ts';
import type { ChannelListener } from '../../platform/db/notifications.ts';
import {
  AppError,
  BadRequestError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
} from '../../platform/http/errors.ts';
import type { JobSender } from '../../platform/jobs/index.ts';
import type { Mailer } from '../../platform/mail/index.ts';
import type { ReviewService } from '../../platform/review/review.service.ts';
import type { Counters } from '../../platform/security/counters.ts';
import { fileUrlOf, type Storage } from '../../platform/storage/index.ts';
import type { BotsService } from '../bots/bots.service.ts';
import type { MeteringService, Price } from '../metering/metering.service.ts';
import type { NetworkMessagesService } from '../network-messages/network-messages.service.ts';
import type { TemplatesService } from '../templates/templates.service.ts';
import type { WalletService } from '../wallet/wallet.service.ts';
import type { CampaignsQueues } from './campaigns.jobs.ts';
import { createPacer } from './campaigns.pace.ts';
import type {
  CampaignFilters,
  CampaignListRow,
  CampaignRecipientRow,
  CampaignRow,
  CampaignsRepository,
  StoredMessage,
} from './campaigns.repository.ts';

export interface CampaignsDeps {
  database: Pick<Database, 'transaction' | 'notify' | 'listen'>;
  repository: CampaignsRepository;
  review: Pick<ReviewService, 'record' | 'recordStart' | 'history'>;
  wallet: Pick<
    WalletService,
    'availableFor' | 'holdForPartner' | 'capturePart' | 'releaseRest' | 'debit' | 'alertRecipients'
  >;
  metering: Pick<MeteringService, 'price' | 'priceMany'>;
  templates: Pick<TemplatesService, 'forCampaign'>;
  bots: Pick<BotsService, 'botsForTesting'>;
  messages: Pick<NetworkMessagesService, 'sendAll' | 'resend' | 'requeue'>;
  connectors: Pick<Connectors, 'sms'>;
  jobs: JobSender<CampaignsQueues>;
  counters: Pick<Counters, 'add' | 'addAndSum'>;
  /** A campaign's own media (stored before the unit of work that names it). */
  storage: Pick<Storage, 'put' | 'get'>;
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>;
  /** The partner is told when its campaign ends by itself or is stopped (mail and notification). */
  mail: Mailer;
  /** The portal's public URL (the mail's link to the campaign). */
  publicUrl: string;
  /** Messages per second per sender, by network (configuration). */
  pace: Readonly<Record<Network, number>>;
  /** Recipients sent per batch (one capture each). */
  batchSize?: number;
  now?: () => Date;
  sleep?: (ms: number) => Promise<void>;
}

const NOT_FOUND = 'Campaign not found.';
/** Recipients priced per page of the estimate (one MNP query each). */
const ESTIMATE_PAGE = 5_000;
/** The advisory lock space of campaign dispatches (one lock per campaign id within it). */
const CAMPAIGN_DISPATCH_LOCK = 740_121_003;
/** The channel the database notifies when a campaign's counts may have changed (the live page). */
export const CAMPAIGN_CHANNEL = 'campaign_changed';
/** The network events that count as a recipient's reply or tap (repository.recordReplies reads them). */
const REPLY_KINDS: readonly string[] = ['user_message', 'suggestion_response'];

type Template = NonNullable<Awaited<ReturnType<TemplatesService['forCampaign']>>>;

const field = (name: string, message: string) => new BadRequestError(message, [{ field: name, message }]);

/** A network's refusal of one recipient (its NetworkError kind) as a campaign failure reason. */
function refusalReason(kind: string | undefined): CampaignFailureReason {
  if (kind === 'not_capable') return 'not_rcs_capable';
  if (kind === 'invalid_content') return 'invalid_number';
  if (kind === 'unauthorized' || kind === 'not_launched') return 'blocked';
  return 'network_error';
}

/**
 * Campaigns (issue 28): drafts checked against the template, bot and audience; the estimate by
 * metering's one pricing function; the start that copies the recipients and takes the wallet hold;
 * the dispatch in batches (each batch captured from the hold at its real price, the rest released
 * at the end); pause, resume, cancel and the platform's stop; the history of every status change.
 */
export function createCampaignsService(deps: CampaignsDeps) {
  const { database, repository, review, wallet, metering, templates, messages, jobs, log } = deps;
  const batchSize = deps.batchSize ?? 100;
  const now = deps.now ?? (() => new Date());
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  /** Each sender's pace across processes (campaigns.pace.ts). */
  const paced = createPacer({ counters: deps.counters, pace: deps.pace, sleep });

  const scopeOf = (user: AuthenticatedUser, admin: boolean) => (admin ? null : user.partnerId);

  async function changed(campaignId: string): Promise<void> {
    await database.notify(CAMPAIGN_CHANNEL, campaignId);
  }

  /* ---------------------------------------------------------------- checks */

  /**
   * The numbers a bot that is not launched may send to on the template's channel: its test devices
   * that the network lets receive now (an RBM tester who accepted the invite). Null: the bot is
   * launched and sends to every kept recipient.
   */
  async function testNumbersOf(template: Template): Promise<string[] | null> {
    if (template.botLaunched) return null;
    const bot = (await deps.bots.botsForTesting([template.botId])).get(template.botId);
    const address = bot ? addressOf(bot, template.channel) : null;
    if (!address) return [];
    const devices = await repository.testDevices(template.botId, template.channel);
    return devices
      .filter((d) => testDeviceMayReceive(address.network, d.inviteStatus as TestDeviceInvite))
      .map((d) => d.msisdn);
  }

  async function templateFor(
    partnerId: string,
    botId: string,
    templateId: string,
  ): Promise<Template & { testNumbers: string[] | null }> {
    const template = await templates.forCampaign(partnerId, templateId);
    if (!template) throw field('template_id', 'The template was not found.');
    if (template.botId !== botId)
      throw field('template_id', 'The template belongs to another bot: choose a template of this bot.');
    if (!template.approved)
      throw field('template_id', 'The template is not approved yet: campaigns send approved templates only.');
    const testNumbers = await testNumbersOf(template);
    if (testNumbers !== null && testNumbers.length === 0)
      throw field(
        'bot_id',
        'The bot is not launched and has no test device that may receive: launch it, or add a test device (an RBM tester must accept the invite first). A bot that is not launched sends only to its test devices.',
      );
    return { ...template, testNumbers };
  }

  async function audienceFor(partnerId: string, audienceId: string) {
    const audience = await repository.audience(partnerId, audienceId);
    if (!audience) throw field('audience_id', 'The audience was not found.');
    if (audience.status !== 'ready')
      throw field('audience_id', 'The audience is not checked yet: wait until it is ready.');
    if (audience.kept === 0) throw field('audience_id', 'The audience has no recipients.');
    return audience;
  }

  function checkMapping(template: Template, variables: Record<string, string>, columns: string[]) {
    const problems = mappingProblems(template.variables, variables, columns);
    if (problems.missing.length)
      throw field(
        'variables',
        `Map ${problems.missing.map((v) => `{{${v}}}`).join(', ')} to a column of the audience.`,
      );
    if (problems.unknownColumns.length)
      throw field('variables', `The audience has no column ${problems.unknownColumns.join(', ')}.`);
    if (problems.unknownVariables.length)
      throw field('variables', `The template has no variable ${problems.unknownVariables.join(', ')}.`);
  }

  /** The campaign's own media as the template sends it (by its public address), or undefined. */
  function mediaOf(key: string | null) {
    const kind = key ? campaignMediaKind(key) : null;
    if (!key || !kind) return undefined;
    return { source: 'url' as const, url: new URL(fileUrlOf(key), deps.publicUrl).toString(), kind };
  }

  /** A media key the form names: uploaded (stored), and of a kind the template takes. Outside units of work. */
  async function checkMediaStored(key: string | null | undefined): Promise<void> {
    if (!key) return;
    if (!(await deps.storage.get(key)))
      throw field('media_key', 'The media file is no longer stored: upload it again.');
  }

  function checkMedia(template: Template, key: string | null, sending = false) {
    if (!key) return;
    // RBM fetches a card's media by its https address (a http portal is a development one).
    if (sending && template.channel === 'rcs' && !deps.publicUrl.startsWith('https:'))
      throw field(
        'media_key',
        `The networks cannot fetch this campaign's media: the portal's address (${deps.publicUrl}) is not https. Remove the uploaded file to send the template's own media.`,
      );
    const kind = campaignMediaKind(key);
    if (template.mediaKinds.length === 0)
      throw field('media_key', 'This template takes no media: remove the uploaded file.');
    if (!kind || !template.mediaKinds.includes(kind))
      throw field(
        'media_key',
        `This template takes ${template.mediaKinds.map((k) => `an ${k}`.replace('an video', 'a video').replace('an document', 'a document')).join(' or ')}: upload one of those.`,
      );
  }

  function scheduleColumns(schedule: TCampaignSchedule) {
    if (schedule.kind === 'now')
      return { scheduleKind: 'now', scheduleDate: null, scheduleTime: null, scheduledAt: null };
    const at = scheduledInstant(schedule.date, schedule.time, schedule.time_zone);
    if (!at) throw field('schedule', 'Choose a real date and time.');
    const problem = scheduleProblem(at, now());
    if (problem) throw field('schedule', problem);
    return {
      scheduleKind: 'at',
      scheduleDate: schedule.date,
      scheduleTime: schedule.time,
      timeZone: schedule.time_zone,
      scheduledAt: at,
    };
  }

  /* ---------------------------------------------------------------- pricing */

  const channelCode = (channel: 'rcs' | 'whatsapp') =>
    channel === 'whatsapp' ? CHANNEL_TYPE.whatsapp : CHANNEL_TYPE.rcs;

  /** One recipient's price by metering's one pricing function, or null when nothing prices it. */
  async function priceOf(
    partnerId: string,
    template: Template,
    content: TMessageContent,
    msisdn: string,
  ): Promise<Price | null> {
    try {
      return await metering.price({
        partnerId,
        botId: template.botId,
        channel: channelCode(template.channel),
        msisdn,
        content: content as { kind: string },
      });
    } catch (error) {
      if (error instanceof AppError && error.httpStatus < 500) return null;
      throw error;
    }
  }

  async function estimate(
    partnerId: string,
    template: Template & { testNumbers: string[] | null },
    audienceId: string,
  ): Promise<{ estimate: TCampaignEstimate; total: bigint }> {
    const content = template.message({});
    const lines = new Map<
      string,
      { carrierId: number | null; country: string | null; type: string; unit: bigint | null; n: number }
    >();
    let recipients = 0;
    let unpriced = 0;
    let total = 0n;
    let after = 0;
    for (;;) {
      const page = await repository.audienceNumbers(audienceId, after, ESTIMATE_PAGE, template.testNumbers);
      if (page.length === 0) break;
      // Priced by destination (country x carrier, the template's one message type), page by page.
      const prices = await metering.priceMany(
        {
          partnerId,
          botId: template.botId,
          channel: channelCode(template.channel),
          content: content as { kind: string },
        },
        page.map((row) => row.msisdn),
      );
      for (const price of prices) {
        recipients += 1;
        if (!price) unpriced += 1;
        else total += price.unitPriceMicros;
        const key = price
          ? `${price.carrierId}:${price.countryId}:${price.pricedAs}:${price.unitPriceMicros}`
          : 'none';
        const line = lines.get(key) ?? {
          carrierId: price?.carrierId ?? null,
          country: price?.countryId ?? null,
          type: price?.pricedAs ?? 'not priced',
          unit: price?.unitPriceMicros ?? null,
          n: 0,
        };
        line.n += 1;
        lines.set(key, line);
      }
      after = page[page.length - 1]?.line ?? after;
    }
    const carrierNames = await repository.carrierNames(
      [...lines.values()].flatMap((l) => (l.carrierId === null ? [] : [l.carrierId])),
    );
    const balance = (await wallet.availableFor(partnerId)) ?? 0n;
    return {
      total,
      estimate: {
        currency: WALLET_CURRENCY,
        recipients,
        unpriced,
        lines: [...lines.values()].map((l) => ({
          carrier_id: l.carrierId,
          carrier_name:
            l.carrierId !== null
              ? (carrierNames.get(l.carrierId) ?? `Carrier ${l.carrierId}`)
              : l.unit === null
                ? 'Not priced'
                : template.channel === 'whatsapp'
                  ? `WhatsApp ${l.country ?? ''}`.trim()
                  : 'Other carriers',
          country: l.country,
          channel: template.channel,
          message_type: l.type,
          recipients: l.n,
          unit_price: l.unit === null ? null : formatMicros(l.unit),
          amount: formatMicros(l.unit === null ? 0n : l.unit * BigInt(l.n)),
        })),
        total: formatMicros(total),
        balance: formatMicros(balance),
        hold: formatMicros(total),
        sufficient: balance >= total,
      },
    };
  }

  /* ---------------------------------------------------------------- presenting */

  async function live(row: CampaignRow | CampaignListRow): Promise<TCampaignLive> {
    const counts = await repository.counts(row.campaignId);
    const byReason = Object.fromEntries(
      CAMPAIGN_FAILURE_REASONS.map((r) => [r, counts.by_reason?.[r] ?? 0]),
    ) as Record<CampaignFailureReason, number>;
    const pace = row.status === 'r' && !row.pausedAt ? counts.last_minute / 60 : 0;
    const held = row.holdId ? row.estimateMicros - row.chargedMicros - row.releasedMicros : 0n;
    return {
      campaign_id: row.campaignId,
      status: row.status as CampaignStatus,
      paused: row.pausedAt !== null,
      pause_reason: (row.pauseReason as CampaignPauseReason | null) ?? null,
      counts: {
        recipients: counts.recipients,
        queued: counts.queued,
        sent: counts.sent,
        delivered: counts.delivered,
        read: counts.read,
        failed: counts.failed,
        failed_by_reason: byReason,
        skipped: counts.skipped,
        fallback_sms: counts.fallback_sms,
        replied: counts.replied,
        clicked: counts.clicked,
      },
      pace: Math.round(pace * 10) / 10,
      seconds_left: row.status === 'r' ? secondsLeft(counts.queued, pace) : null,
      held: formatMicros(
        held > 0n && row.status !== 'c' && row.status !== 'i' && row.status !== 'd' ? held : 0n,
      ),
      charged: formatMicros(row.chargedMicros),
      released: formatMicros(row.releasedMicros),
      ended_at: row.endedAt?.toISOString() ?? null,
    };
  }

  function presentItem(row: CampaignListRow): TCampaignListItem {
    return {
      campaign_id: row.campaignId,
      name: row.name,
      status: row.status as CampaignStatus,
      paused: row.pausedAt !== null,
      channel: row.channel as 'rcs' | 'whatsapp',
      partner_id: row.partnerId,
      partner_name: row.partnerName,
      created_by_email: row.createdByEmail,
      bot_id: row.botId,
      bot_name: row.botName,
      template_id: row.templateId,
      template_name: row.templateName,
      audience_id: row.audienceId,
      audience_name: row.audienceName,
      recipients: row.recipients,
      sent: row.sent,
      delivered: row.delivered,
      failed: row.failed,
      scheduled_at: row.scheduledAt?.toISOString() ?? null,
      time_zone: row.timeZone as CampaignTimeZone,
      started_at: row.startedAt?.toISOString() ?? null,
      ended_at: row.endedAt?.toISOString() ?? null,
      estimate_total: formatMicros(row.estimateMicros),
      charged: formatMicros(row.chargedMicros),
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    };
  }

  async function details(
    user: AuthenticatedUser,
    campaignId: string,
    admin = false,
  ): Promise<TCampaignDetails> {
    const row = await repository.find(scopeOf(user, admin), campaignId);
    if (!row) throw new NotFoundError(NOT_FOUND);
    return {
      ...presentItem(row),
      variables: row.variables,
      fallback: row.fallback as TCampaignFallback,
      schedule:
        row.scheduleKind === 'at' && row.scheduleDate && row.scheduleTime
          ? {
              kind: 'at',
              date: row.scheduleDate,
              time: row.scheduleTime,
              time_zone: row.timeZone as CampaignTimeZone,
            }
          : { kind: 'now' },
      live: await live(row),
      end_reason: row.endReason,
      media: row.mediaKey
        ? {
            key: row.mediaKey,
            url: fileUrlOf(row.mediaKey),
            kind: campaignMediaKind(row.mediaKey) ?? 'image',
          }
        : null,
      test_devices_only:
        row.status === 'p'
          ? (await templates.forCampaign(row.partnerId, row.templateId))?.botLaunched === false
          : row.testDevicesOnly,
      allowed_actions: campaignActions(row.status as CampaignStatus, row.pausedAt !== null, user.role),
    };
  }

  /* ---------------------------------------------------------------- moves */

  /** Refuses (409, with what may be done now) an action the machine does not allow from the campaign's state. */
  function guard(row: CampaignRow, action: CampaignAction, actor: AuthenticatedUser | null): void {
    const from = row.status as CampaignStatus;
    if (campaignTransition(from, action) !== null) return;
    const allowed = actor ? campaignActions(from, row.pausedAt !== null, actor.role) : [];
    throw new ConflictError(
      `This campaign is ${CAMPAIGN_MACHINE.states[from].label.toLowerCase()} now: it cannot be ${CAMPAIGN_MACHINE.transitions[action].label.toLowerCase()}.`,
      { current: CAMPAIGN_MACHINE.states[from], allowed },
    );
  }

  /** Moves a locked campaign by the machine and writes the history row (who, why). */
  async function move(
    row: CampaignRow,
    action: CampaignAction,
    actor: AuthenticatedUser | null,
    patch: Parameters<CampaignsRepository['update']>[1],
    reason?: string | null,
  ): Promise<CampaignRow> {
    guard(row, action, actor);
    const from = row.status as CampaignStatus;
    const to = campaignTransition(from, action) as CampaignStatus;
    const updated = await repository.update(row.campaignId, { ...patch, status: to });
    if (!updated) throw new NotFoundError(NOT_FOUND);
    await review.record({
      machine: CAMPAIGN_MACHINE,
      subjectId: row.campaignId,
      action,
      from,
      to,
      reason: reason ?? null,
      actor,
    });
    if (action === 'complete' || action === 'fail' || action === 'stop')
      await tellFinished(updated, action, reason ?? null);
    await changed(row.campaignId);
    return updated;
  }

  const OUTCOMES = { complete: 'completed', fail: 'failed', stop: 'was stopped by the platform' } as const;

  /**
   * Mails the campaign's creator (or, without one, the partner's main accounts) that it ended by
   * itself or was stopped, in the move's unit of work; the notifications module turns the mail into
   * the header's notification (decision 0037), linking to the campaign's details.
   */
  async function tellFinished(
    row: CampaignRow,
    action: keyof typeof OUTCOMES,
    reason: string | null,
  ): Promise<void> {
    const shown = await repository.find(null, row.campaignId);
    const to = shown?.createdByEmail ? [shown.createdByEmail] : await wallet.alertRecipients(row.partnerId);
    const { counts } = await live(row);
    const n = (value: number) => value.toLocaleString('en-US');
    const summary = `${n(counts.sent)} of ${n(counts.recipients)} sent, ${n(counts.delivered)} delivered, ${n(counts.failed)} failed; charged ${formatCurrency(formatMicros(row.chargedMicros))}.`;
    const link = `${deps.publicUrl}/u/my-campaigns?campaign=${encodeURIComponent(row.campaignId)}`;
    for (const address of to)
      await deps.mail({
        to: address,
        template: 'campaign-finished',
        data: { name: row.name, outcome: OUTCOMES[action], summary, reason: reason ?? '', link },
      });
  }

  /** Gives back what the campaign's captures left of its hold, in the caller's unit of work. */
  async function releaseHold(row: CampaignRow, why: string): Promise<Partial<CampaignRow>> {
    if (!row.holdId) return {};
    const released = await wallet.releaseRest({
      partnerId: row.partnerId,
      holdId: row.holdId,
      idempotencyKey: `campaign:${row.campaignId}:release:${row.holdId}`,
      description: `Campaign ${why}: the rest of its hold released`,
      reference: campaignReference(row.name),
    });
    return { releasedMicros: row.releasedMicros + released };
  }

  async function lockOwn(user: AuthenticatedUser, campaignId: string): Promise<CampaignRow> {
    const row = await repository.lock(user.partnerId, campaignId);
    if (!row) throw new NotFoundError(NOT_FOUND);
    return row;
  }

  /** Starts a running campaign's dispatch (one job per campaign at a time). */
  async function dispatchSoon(campaignId: string): Promise<void> {
    await jobs.send('campaigns.dispatch', { campaignId }, { singletonKey: campaignId });
  }

  /* ---------------------------------------------------------------- dispatch */

  type Outcome =
    | { seq: number; status: 'sent'; channel: string; carrierId: number | null; price: bigint }
    | { seq: number; status: 'failed' | 'skipped'; reason: CampaignFailureReason; channel: string | null };

  /** What a batch's lookups found for one recipient (see `lookUp`). */
  interface Known {
    optedOut: boolean;
    price: Price | null;
    already: StoredMessage | undefined;
  }

  /**
   * A batch's per-recipient reads in three queries instead of three per recipient: the opt-outs,
   * the prices (metering's priceMany, grouped by what prices a message: its kind, template and
   * language) and the stored messages of their ids.
   */
  async function lookUp(
    row: CampaignRow,
    template: Template,
    batch: readonly CampaignRecipientRow[],
  ): Promise<Map<number, Known>> {
    const msisdns = batch.map((r) => r.msisdn);
    const [optedOut, stored] = await Promise.all([
      repository.optedOutAmong(row.partnerId, msisdns),
      repository.sentMessageStatuses(batch.map((r) => r.messageId)),
    ]);
    const groups = new Map<string, { content: TMessageContent; recipients: CampaignRecipientRow[] }>();
    for (const r of batch) {
      const content = template.message(campaignValues(row.variables, r.fields ?? {}), mediaOf(row.mediaKey));
      const priced = content as { kind: string; templateName?: string; language?: string };
      const key = JSON.stringify([priced.kind, priced.templateName ?? null, priced.language ?? null]);
      const group = groups.get(key) ?? { content, recipients: [] };
      group.recipients.push(r);
      groups.set(key, group);
    }
    const known = new Map<number, Known>();
    for (const { content, recipients } of groups.values()) {
      const prices = await metering.priceMany(
        {
          partnerId: row.partnerId,
          botId: template.botId,
          channel: channelCode(template.channel),
          content: content as { kind: string },
        },
        recipients.map((r) => r.msisdn),
      );
      for (const [i, r] of recipients.entries())
        known.set(r.seq, {
          optedOut: optedOut.has(r.msisdn),
          price: prices[i] ?? null,
          already: stored.get(r.messageId),
        });
    }
    return known;
  }

  /**
   * Sends a slice of recipients: each id is stored before its send, so a retry of one the network
   * answered is not sent again, and one stored but never answered (a killed process) is sent again
   * under that id. The new ones go out together (network-messages' sendAll: one statement to store
   * them, one unit of work to mark them sent). Answers each recipient's outcome in order; a network
   * outage is thrown after the slice's other sends are settled (their outcomes kept in `into`).
   */
  async function sendSlice(
    row: CampaignRow,
    template: Template,
    address: { network: Network; sender: string },
    actor: AuthenticatedUser,
    slice: readonly { r: CampaignRecipientRow; known: Known }[],
    into: Outcome[],
  ): Promise<void> {
    const fresh: { r: CampaignRecipientRow; price: Price; content: TMessageContent }[] = [];
    const resent: { r: CampaignRecipientRow; price: Price }[] = [];
    for (const { r, known } of slice) {
      if (known.optedOut) {
        into.push({ seq: r.seq, status: 'failed', reason: 'opted_out', channel: null });
        continue;
      }
      const price = known.price;
      if (!price) {
        into.push({ seq: r.seq, status: 'failed', reason: 'no_rate', channel: null });
        continue;
      }
      const already = known.already;
      if (already === undefined)
        fresh.push({
          r,
          price,
          content: template.message(campaignValues(row.variables, r.fields ?? {}), mediaOf(row.mediaKey)),
        });
      else if (already.status === 'queued') resent.push({ r, price });
      // Taken by the network before the kill (a receipt that failed it since counts as its status).
      else if (already.status !== 'failed' || already.accepted)
        into.push(sentOutcome(r, template.channel, price));
      // Refused before the kill: the same outcome the refusal had then.
      else await refused(row, template, r, price, already.errorKind ?? undefined, into);
    }
    const answers = [
      ...(await messages.sendAll(
        actor,
        fresh.map(({ r, content }) => ({
          messageId: r.messageId,
          network: address.network,
          sender: address.sender,
          recipient: r.msisdn,
          content,
          purpose: 'campaign',
        })),
      )),
      // Stored but never answered (the process stopped mid-send): sent again under its id.
      ...(await Promise.allSettled(resent.map(({ r }) => messages.resend(r.messageId)))),
    ];
    let outage: NetworkOutage | null = null;
    let unexpected: unknown = null;
    for (const [i, { r, price }] of [...fresh, ...resent].entries()) {
      const answer = answers[i];
      if (answer?.status === 'fulfilled') {
        into.push(sentOutcome(r, template.channel, price));
        continue;
      }
      const error: unknown = answer?.reason;
      if (!(error instanceof AppError)) {
        unexpected ??= error;
        continue;
      }
      const cause = (error.data as { kind?: string } | null)?.kind;
      if (cause === 'network_down' || cause === 'rate_limited') {
        // Stored and not answered: queued again, so the resume resends it under its id (not the
        // fallback of a number the network refused).
        await messages.requeue(r.messageId, cause);
        outage ??= new NetworkOutage(String(cause));
        continue;
      }
      await refused(row, template, r, price, cause, into);
    }
    if (unexpected) throw unexpected;
    if (outage) throw outage;
  }

  /** A recipient the network refused: failed with the reason, or the fallback when RCS cannot reach it. */
  async function refused(
    row: CampaignRow,
    template: Template,
    r: CampaignRecipientRow,
    price: Price,
    kind: string | undefined,
    into: Outcome[],
  ): Promise<void> {
    const reason = refusalReason(kind);
    if (reason !== 'not_rcs_capable' || template.channel !== 'rcs')
      into.push({ seq: r.seq, status: 'failed', reason, channel: template.channel });
    else await fallbackOf(row, r, price, into);
  }

  function sentOutcome(r: CampaignRecipientRow, channel: string, price: Price): Outcome {
    return { seq: r.seq, status: 'sent', channel, carrierId: price.carrierId, price: price.unitPriceMicros };
  }

  /** Not reachable over RCS: the partner's fallback (skip, or an SMS charged at the RCS rate the hold reserved). */
  async function fallbackOf(
    row: CampaignRow,
    r: CampaignRecipientRow,
    price: Price,
    into: Outcome[],
  ): Promise<void> {
    const fallback = row.fallback as TCampaignFallback;
    if (fallback.kind === 'skip') {
      into.push({ seq: r.seq, status: 'skipped', reason: 'not_rcs_capable', channel: null });
      return;
    }
    try {
      await deps.connectors.sms.send({ to: r.msisdn, body: fallback.text });
      into.push(sentOutcome(r, 'sms', price));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      into.push({ seq: r.seq, status: 'failed', reason: 'not_rcs_capable', channel: 'sms' });
    }
  }

  /** The batch's outcomes and its capture, in one unit of work (keyed by the batch's first recipient). */
  async function commitBatch(campaignId: string, outcomes: Outcome[]): Promise<void> {
    if (outcomes.length === 0) return;
    await database.transaction(async () => {
      const row = await repository.lock(null, campaignId);
      if (!row) return;
      let amount = 0n;
      for (const o of outcomes) if (o.status === 'sent') amount += o.price;
      if (amount > 0n && row.holdId) {
        const charge = {
          partnerId: row.partnerId,
          amount,
          idempotencyKey: `campaign:${campaignId}:${row.holdId}:batch:${outcomes[0]?.seq}`,
          description: `Campaign messages: ${row.name}`,
          reference: campaignReference(row.name),
        };
        // A cancel or stop that came while this batch was with the network has released the hold
        // already (with this batch's share in it): the messages it sent are charged from the wallet.
        const moved = CAMPAIGN_FINAL_STATUSES.includes(row.status as CampaignStatus)
          ? !(await wallet.debit(charge)).replayed
          : await wallet.capturePart({ ...charge, holdId: row.holdId });
        // A batch committed twice (two dispatches of one campaign) is charged, and counted, once.
        if (moved) await repository.addCharged(campaignId, amount);
      }
      // Every outcome of the batch in one statement, last: the recipients' rows stay locked only until
      // the commit (a receipt of the batch's messages waits for them, and the receipts wait in line).
      await repository.setRecipients(
        campaignId,
        outcomes.map((o) =>
          o.status === 'sent'
            ? {
                seq: o.seq,
                status: o.status,
                reason: null,
                channel: o.channel,
                carrierId: o.carrierId,
                priceMicros: o.price,
              }
            : {
                seq: o.seq,
                status: o.status,
                reason: o.reason,
                channel: o.channel,
                carrierId: null,
                priceMicros: null,
              },
        ),
        now(),
      );
    });
    await changed(campaignId);
  }

  /**
   * Sends a running campaign's queued recipients in batches until none is left, it is paused or it
   * ends; a network outage pauses it with the reason (the scheduler resumes it). Safe to run again
   * after a kill: each recipient's message id exists before it is sent, and a batch commits its
   * outcomes with its capture.
   */
  async function dispatch(campaignId: string): Promise<void> {
    // One dispatch of a campaign at a time across every worker process (decision 0055): the
    // scheduler queues another each minute while a long one runs; that one finds the lock taken and
    // ends. A killed worker's lock goes with its connection, so the next one takes over.
    await ifAdvisoryLockFree(database, CAMPAIGN_DISPATCH_LOCK, campaignId, () => dispatchNow(campaignId));
  }

  async function dispatchNow(campaignId: string): Promise<void> {
    const first = await database.transaction(() => repository.lock(null, campaignId));
    if (!first) return;
    if (CAMPAIGN_FINAL_STATUSES.includes(first.status as CampaignStatus)) {
      await reconcile(first);
      return;
    }
    if (first.status !== 'r' || first.pausedAt) return;
    const template = await database.transaction(() =>
      templates.forCampaign(first.partnerId, first.templateId),
    );
    const bot = (await database.transaction(() => deps.bots.botsForTesting([first.botId]))).get(first.botId);
    const address = bot && template ? addressOf(bot, template.channel) : null;
    if (!template?.approved || !address) {
      await finish(campaignId, 'fail', 'The template or the bot is no longer available to send.');
      return;
    }
    // A bot that is not launched never sends to a number that is not one of its test devices now
    // (the start copied only those; a device removed since is skipped as blocked).
    const testNumbers = await database.transaction(() => testNumbersOf(template));
    const allowed = testNumbers === null ? null : new Set(testNumbers);
    const actor: AuthenticatedUser = {
      userId: first.createdBy ?? first.partnerId,
      partnerId: first.partnerId,
      email: '',
      role: null,
    };
    let after = 0;
    for (;;) {
      const current = await database.transaction(() => repository.lock(null, campaignId));
      if (current?.status !== 'r' || current.pausedAt) return;
      const batch = await repository.queued(campaignId, after, batchSize);
      if (batch.length === 0) break;
      const known = await lookUp(current, template, batch);
      const outcomes: Outcome[] = [];
      try {
        let i = 0;
        while (i < batch.length) {
          const granted = await paced(address.network, address.sender, batch.length - i);
          const slice = batch.slice(i, i + granted);
          // Every settled send's outcome is kept, so a sibling's failure never loses a sent message.
          const own: { r: CampaignRecipientRow; known: Known }[] = [];
          for (const r of slice) {
            const k = known.get(r.seq);
            if (allowed && !allowed.has(r.msisdn))
              outcomes.push({ seq: r.seq, status: 'skipped', reason: 'blocked', channel: null });
            else if (k) own.push({ r, known: k });
          }
          await sendSlice(current, template, address, actor, own, outcomes);
          i += granted;
        }
      } catch (error) {
        await commitBatch(campaignId, outcomes);
        if (error instanceof NetworkOutage) {
          await pause(campaignId, 'network_outage', null);
          log.warn({ campaignId, cause: error.message }, 'campaign paused: the network does not answer');
          return;
        }
        throw error;
      }
      await commitBatch(campaignId, outcomes);
      after = batch[batch.length - 1]?.seq ?? after;
    }
    await finish(campaignId, 'complete', null);
  }

  function addressOf(
    bot: Awaited<ReturnType<BotsService['botsForTesting']>> extends Map<string, infer B> ? B : never,
    channel: 'rcs' | 'whatsapp',
  ): { network: Network; sender: string } | null {
    if (channel === 'whatsapp')
      return bot.whatsappPhoneNumberId ? { network: 'whatsapp', sender: bot.whatsappPhoneNumberId } : null;
    if (bot.rbmAgent) return { network: 'rbm', sender: bot.rbmAgent.split('/').pop() ?? bot.rbmAgent };
    if (bot.maapBotId) return { network: 'maap', sender: bot.maapBotId };
    return null;
  }

  /**
   * An ended campaign whose last batch was with the network when the process died (or the campaign
   * was cancelled): the messages the network took (stored with the network's id, whatever their
   * receipts said since) are recorded as sent and charged; one stored but never answered is sent again under its id first,
   * as a live dispatch finishes its batch after a cancel (decision 0056); the others stay unsent.
   */
  async function reconcile(row: CampaignRow): Promise<void> {
    const outcomes: Outcome[] = [];
    let after = 0;
    for (;;) {
      const batch = await repository.queued(row.campaignId, after, 500);
      if (batch.length === 0) break;
      const stored = await repository.sentMessageStatuses(batch.map((r) => r.messageId));
      for (const r of batch) {
        const message = stored.get(r.messageId);
        if (!message) continue;
        // Taken: answered before the end (a receipt may have failed it since), or taken now.
        const taken =
          message.status === 'queued'
            ? await resentStored(r.messageId)
            : message.status !== 'failed' || message.accepted;
        if (!taken) continue;
        const price = r.priceMicros ?? (await priceFromRun(row, r.msisdn));
        if (price !== null)
          outcomes.push({ seq: r.seq, status: 'sent', channel: row.channel, carrierId: r.carrierId, price });
      }
      after = batch[batch.length - 1]?.seq ?? after;
    }
    await commitBatch(row.campaignId, outcomes);
  }

  /** Sends a stored, never-answered message again under its id: whether the network took it. */
  async function resentStored(messageId: string): Promise<boolean> {
    try {
      await messages.resend(messageId);
      return true;
    } catch (error) {
      if (error instanceof AppError) return false;
      throw error;
    }
  }

  /** A recipient's price now, for reconciling a sent message of an ended campaign. */
  async function priceFromRun(row: CampaignRow, msisdn: string): Promise<bigint | null> {
    const template = await database.transaction(() => templates.forCampaign(row.partnerId, row.templateId));
    if (!template) return null;
    return (await priceOf(row.partnerId, template, template.message({}), msisdn))?.unitPriceMicros ?? null;
  }

  /** The system ends a campaign (completed or failed): the rest of its hold goes back. */
  async function finish(
    campaignId: string,
    action: 'complete' | 'fail',
    reason: string | null,
  ): Promise<void> {
    await database.transaction(async () => {
      const row = await repository.lock(null, campaignId);
      if (!row || campaignTransition(row.status as CampaignStatus, action) === null) return;
      if (action === 'complete' && (await repository.queued(campaignId, 0, 1)).length > 0) return;
      const released = await releaseHold(row, action === 'complete' ? 'completed' : 'failed');
      await move(
        row,
        action,
        null,
        { ...released, endedAt: now(), endReason: reason, pausedAt: null, pauseReason: null },
        reason,
      );
    });
  }

  async function pause(campaignId: string, why: CampaignPauseReason, actor: AuthenticatedUser | null) {
    await database.transaction(async () => {
      const row = await repository.lock(null, campaignId);
      if (row?.status !== 'r' || row.pausedAt) return;
      await move(
        row,
        'pause',
        actor,
        { pausedAt: now(), pauseReason: why },
        why === 'network_outage' ? 'The network does not answer' : null,
      );
    });
  }

  /* ---------------------------------------------------------------- use cases */

  return {
    details,

    async list(
      user: AuthenticatedUser,
      filters: CampaignFilters,
      admin = false,
    ): Promise<TListResult<TCampaignListItem>> {
      return database.transaction(async () => {
        const { items, total } = await repository.list(scopeOf(user, admin), filters);
        return { items: items.map(presentItem), total };
      });
    },

    /** Rows for the list's Excel/PDF export (at most 10,000). */
    async exportRows(
      user: AuthenticatedUser,
      filters: Omit<CampaignFilters, 'start' | 'end'>,
      admin = false,
    ) {
      const { items } = await repository.list(scopeOf(user, admin), { ...filters, start: 0, end: 10_000 });
      return items.map(presentItem);
    },

    /** The estimate of a form not yet saved (priced outside any unit of work: it only reads). */
    async estimateDraft(
      user: AuthenticatedUser,
      body: { bot_id: string; template_id: string; audience_id: string },
    ): Promise<TCampaignEstimate> {
      const template = await templateFor(user.partnerId, body.bot_id, body.template_id);
      await audienceFor(user.partnerId, body.audience_id);
      return (await estimate(user.partnerId, template, body.audience_id)).estimate;
    },

    async estimateOf(user: AuthenticatedUser, campaignId: string, admin = false): Promise<TCampaignEstimate> {
      const row = await repository.find(scopeOf(user, admin), campaignId);
      if (!row) throw new NotFoundError(NOT_FOUND);
      if (row.status !== 'p') {
        const balance = (await wallet.availableFor(row.partnerId)) ?? 0n;
        const l = await live(row);
        return {
          currency: WALLET_CURRENCY,
          recipients: row.recipients,
          unpriced: l.counts.failed_by_reason.no_rate,
          lines: [],
          total: formatMicros(row.estimateMicros),
          balance: formatMicros(balance),
          hold: l.held,
          sufficient: true,
        };
      }
      const template = await templateFor(row.partnerId, row.botId, row.templateId);
      return (await estimate(row.partnerId, template, row.audienceId)).estimate;
    },

    async create(
      user: AuthenticatedUser,
      body: Omit<TCampaignCreate, 'media_key'> & { media_key?: string | null },
    ): Promise<TCampaignDetails> {
      await checkMediaStored(body.media_key);
      const id = await database.transaction(async () => {
        const template = await templateFor(user.partnerId, body.bot_id, body.template_id);
        const audience = await audienceFor(user.partnerId, body.audience_id);
        checkMapping(template, body.variables, audience.fields);
        checkMedia(template, body.media_key ?? null);
        const row = await repository.insert({
          partnerId: user.partnerId,
          createdBy: user.userId,
          name: body.name,
          botId: body.bot_id,
          templateId: body.template_id,
          audienceId: body.audience_id,
          botName: template.botName,
          templateName: template.name,
          audienceName: audience.name,
          channel: template.channel,
          variables: body.variables,
          fallback: body.fallback,
          mediaKey: body.media_key ?? null,
          recipients: audience.kept,
          ...scheduleColumns(body.schedule),
        });
        await review.recordStart({
          machine: CAMPAIGN_MACHINE,
          subjectId: row.campaignId,
          action: 'created',
          to: 'p',
          actor: user,
        });
        return row.campaignId;
      });
      return details(user, id);
    },

    async update(
      user: AuthenticatedUser,
      campaignId: string,
      body: TCampaignUpdateRequest,
    ): Promise<TCampaignDetails> {
      await checkMediaStored(body.media_key);
      await database.transaction(async () => {
        const row = await lockOwn(user, campaignId);
        if (row.status !== 'p')
          throw new ConflictError('Only a pending campaign can be changed: move it back to pending first.');
        const botId = body.bot_id ?? row.botId;
        const templateId = body.template_id ?? row.templateId;
        const audienceId = body.audience_id ?? row.audienceId;
        const variables = (body.variables as Record<string, string> | undefined) ?? row.variables;
        const template = await templateFor(user.partnerId, botId, templateId);
        const audience = await audienceFor(user.partnerId, audienceId);
        checkMapping(template, variables, audience.fields);
        const mediaKey = body.media_key === undefined ? row.mediaKey : body.media_key;
        checkMedia(template, mediaKey);
        await repository.update(campaignId, {
          ...(body.name ? { name: body.name.trim() } : {}),
          botId,
          templateId,
          audienceId,
          botName: template.botName,
          templateName: template.name,
          audienceName: audience.name,
          channel: template.channel,
          variables,
          mediaKey,
          recipients: audience.kept,
          ...(body.fallback ? { fallback: body.fallback as TCampaignFallback } : {}),
          ...(body.schedule ? scheduleColumns(body.schedule as TCampaignSchedule) : {}),
        });
        await changed(campaignId);
      });
      return details(user, campaignId);
    },

    /**
     * Starts a pending campaign now (r) or at its time (s), in one unit of work: the checks again,
     * the estimate, the hold for it (refused when the balance is short), the recipients copied with
     * their message ids, the history row, the dispatch job.
     */
    async start(user: AuthenticatedUser, campaignId: string): Promise<TCampaignDetails> {
      // Priced first, outside the unit of work (metering reads on its own); the unit then checks
      // that the campaign is still the one priced (same updated_at) before it holds the total.
      const priced = await repository.find(user.partnerId, campaignId);
      if (!priced) throw new NotFoundError(NOT_FOUND);
      const action = priced.scheduleKind === 'at' ? 'schedule' : 'start';
      guard(priced, action, user);
      const template = await templateFor(priced.partnerId, priced.botId, priced.templateId);
      const { total } = await estimate(priced.partnerId, template, priced.audienceId);
      await database.transaction(async () => {
        const row = await lockOwn(user, campaignId);
        guard(row, action, user);
        if (row.updatedAt.getTime() !== priced.updatedAt.getTime())
          throw new ConflictError('The campaign changed while it was priced: start it again.');
        const scheduled = row.scheduleKind === 'at';
        if (scheduled && row.scheduledAt) {
          const problem = scheduleProblem(row.scheduledAt, now());
          if (problem) throw field('schedule', problem);
        }
        const audience = await audienceFor(row.partnerId, row.audienceId);
        checkMapping(template, row.variables, audience.fields);
        const balance = await wallet.availableFor(row.partnerId);
        if (balance === null)
          throw new ConflictError('This account has no wallet: campaigns are paid from the wallet.');
        if (balance < total)
          throw new ConflictError(
            `The wallet balance (${formatMicros(balance)} ${WALLET_CURRENCY}) does not cover the campaign's estimate (${formatMicros(total)} ${WALLET_CURRENCY}): top up first.`,
          );
        const holdId =
          total > 0n
            ? await wallet.holdForPartner({
                partnerId: row.partnerId,
                amount: total,
                idempotencyKey: `campaign:${campaignId}:hold:${row.updatedAt.getTime()}`,
                description: `Campaign hold: ${row.name}`,
                reference: campaignReference(row.name),
              })
            : null;
        const recipients = await repository.copyRecipients(
          campaignId,
          row.audienceId,
          row.partnerId,
          template.testNumbers,
        );
        if (recipients === 0 && template.testNumbers !== null)
          throw field(
            'audience_id',
            "None of the audience's recipients is a test device of this bot: a bot that is not launched sends only to its test devices.",
          );
        checkMedia(template, row.mediaKey, true);
        await move(row, action, user, {
          testDevicesOnly: template.testNumbers !== null,
          estimateMicros: total,
          holdId,
          recipients,
          chargedMicros: 0n,
          releasedMicros: 0n,
          ...(scheduled ? {} : { startedAt: now() }),
        });
        if (!scheduled) await dispatchSoon(campaignId);
      });
      return details(user, campaignId);
    },

    /** Stores a checked media file under a server-chosen key (the upload route checks it by content). */
    async storeMedia(bytes: Uint8Array, contentType: string, extension: string) {
      const key = `${CAMPAIGN_MEDIA_PREFIX}${randomUUID()}.${extension}`;
      await deps.storage.put(key, bytes, contentType);
      return { key, url: fileUrlOf(key) };
    },

    storedFiles: [
      {
        prefix: CAMPAIGN_MEDIA_PREFIX,
        referenced: (keys: readonly string[]) =>
          database.transaction(() => repository.referencedMediaKeys(keys)),
      },
    ],

    /** A scheduled campaign back to pending: its hold released, its recipients dropped (copied again at the start). */
    async unschedule(user: AuthenticatedUser, campaignId: string): Promise<TCampaignDetails> {
      await database.transaction(async () => {
        const row = await lockOwn(user, campaignId);
        guard(row, 'unschedule', user);
        const released = await releaseHold(row, 'unscheduled');
        await repository.dropRecipients(campaignId);
        await move(row, 'unschedule', user, {
          ...released,
          holdId: null,
          estimateMicros: 0n,
          chargedMicros: 0n,
          releasedMicros: 0n,
        });
      });
      return details(user, campaignId);
    },

    async pause(user: AuthenticatedUser, campaignId: string): Promise<TCampaignDetails> {
      await database.transaction(async () => {
        const row = await lockOwn(user, campaignId);
        if (row.pausedAt) throw new ConflictError('The campaign is already paused.');
        await move(row, 'pause', user, { pausedAt: now(), pauseReason: 'partner' });
      });
      return details(user, campaignId);
    },

    async resume(user: AuthenticatedUser, campaignId: string): Promise<TCampaignDetails> {
      await database.transaction(async () => {
        const row = await lockOwn(user, campaignId);
        if (row.status === 'r' && !row.pausedAt) throw new ConflictError('The campaign is not paused.');
        await move(row, 'resume', user, { pausedAt: null, pauseReason: null });
        await dispatchSoon(campaignId);
      });
      return details(user, campaignId);
    },

    /** The partner cancels: nothing more is sent, the rest of the hold goes back. */
    async cancel(user: AuthenticatedUser, campaignId: string, reason?: string): Promise<TCampaignDetails> {
      await database.transaction(async () => {
        const row = await lockOwn(user, campaignId);
        guard(row, 'cancel', user);
        const released = await releaseHold(row, 'cancelled');
        await move(
          row,
          'cancel',
          user,
          { ...released, endedAt: now(), pausedAt: null, pauseReason: null },
          reason ?? null,
        );
      });
      return details(user, campaignId);
    },

    /** A platform admin stops a scheduled or running campaign with a reason the partner sees. */
    async stop(user: AuthenticatedUser, campaignId: string, reason: string): Promise<TCampaignDetails> {
      await database.transaction(async () => {
        const row = await repository.lock(null, campaignId);
        if (!row) throw new NotFoundError(NOT_FOUND);
        const decision = decideReview(
          CAMPAIGN_MACHINE,
          row.status as CampaignStatus,
          'stop',
          user.role,
          reason,
        );
        if (decision.refused === 'forbidden') throw new ForbiddenError();
        if (decision.refused === 'reason-required') throw field('reason', 'Say why the campaign is stopped.');
        if (decision.refused === 'illegal') guard(row, 'stop', user);
        const released = await releaseHold(row, 'stopped by the platform');
        await move(
          row,
          'stop',
          user,
          { ...released, endedAt: now(), endReason: reason, pausedAt: null, pauseReason: null },
          reason,
        );
      });
      return details(user, campaignId, true);
    },

    async history(
      user: AuthenticatedUser,
      campaignId: string,
      window: { start: number; end: number },
      admin = false,
    ) {
      return database.transaction(async () => {
        const row = await repository.find(scopeOf(user, admin), campaignId);
        if (!row) throw new NotFoundError(NOT_FOUND);
        return review.history([CAMPAIGN_MACHINE], campaignId, window);
      });
    },

    async recipients(
      user: AuthenticatedUser,
      campaignId: string,
      query: { start: number; end: number; search?: string | undefined; status?: string | undefined },
      admin = false,
    ) {
      const row = await repository.find(scopeOf(user, admin), campaignId);
      if (!row) throw new NotFoundError(NOT_FOUND);
      return repository.recipients(campaignId, query);
    },

    /** The campaign the caller may see, for its streamed report (404 otherwise). */
    async visible(user: AuthenticatedUser, campaignId: string, admin = false): Promise<CampaignListRow> {
      const row = await repository.find(scopeOf(user, admin), campaignId);
      if (!row) throw new NotFoundError(NOT_FOUND);
      return row;
    },

    recipientPage: (campaignId: string, afterSeq: number, limit: number) =>
      repository.recipientPage(campaignId, afterSeq, limit),

    live,

    /** The campaign's live part now (any partner's: the caller checked who may see it), null when gone. */
    async liveOf(campaignId: string): Promise<TCampaignLive | null> {
      const row = await repository.find(null, campaignId);
      return row ? live(row) : null;
    },

    /**
     * Network-messages' status listener: each recipient keeps a copy of its message's status (decision
     * 0058), and each campaign whose recipients changed notifies its live streams (on commit), also
     * after the campaign ended.
     */
    async copyStatuses(messages: readonly { messageId: string; status: string }[]): Promise<void> {
      for (const campaignId of await repository.setNetStatuses(messages)) await changed(campaignId);
    },

    /**
     * network-messages' listener of newly stored events, in their unit of work: a user's reply or tap
     * to a bot counts for each of the bot's campaigns that sent to the number before it (replied and
     * clicked), also after the campaign's end, and the streams watching those campaigns read again.
     */
    async eventsStored(events: readonly { eventId: string; kind: string; sender?: string | null }[]) {
      const replies = events.filter((event) => event.sender && REPLY_KINDS.includes(event.kind));
      const changedIds = await repository.recordReplies(replies.map((event) => event.eventId));
      for (const campaignId of changedIds) await changed(campaignId);
    },

    /** Listens to every campaign's change notifications (the live streams; one LISTEN per process). */
    listenChanges: (listener: ChannelListener) => database.listen(CAMPAIGN_CHANNEL, listener),

    /** The platform list's filter options: partners and bots that have campaigns. */
    async facets() {
      const { partners, bots } = await repository.facets();
      return {
        partners: partners.map((p) => ({ partner_id: p.id, name: p.name })),
        bots: bots.map((b) => ({ bot_id: b.id, name: b.name, partner_id: b.partnerId })),
      };
    },

    dispatch,

    /**
     * The system fails a running campaign that cannot go on, with the reason the partner sees (the
     * dispatcher's own move when the template or the bot can no longer send): the rest of its hold
     * goes back. Nothing when the campaign is not running.
     */
    fail: (campaignId: string, reason: string) => finish(campaignId, 'fail', reason),

    /**
     * The scheduler, every minute on the workers: due scheduled campaigns start, running ones not
     * paused by their partner are dispatched again (after a restart, a kill, or a network outage).
     */
    async tick(): Promise<number> {
      // The counts' additions of the last minute, folded into a row per key (decision 0061).
      await repository.foldCounts();
      const due = await repository.due(now());
      for (const c of due) {
        if (c.status === 's')
          await database.transaction(async () => {
            const row = await repository.lock(null, c.campaignId);
            if (row?.status !== 's') return;
            await move(row, 'begin', null, { startedAt: now() });
            await dispatchSoon(c.campaignId);
          });
        else {
          if (c.pauseReason === 'network_outage')
            await database.transaction(async () => {
              const row = await repository.lock(null, c.campaignId);
              if (row?.pauseReason !== 'network_outage') return;
              await move(
                row,
                'resume',
                null,
                { pausedAt: null, pauseReason: null },
                'The network answers again',
              );
            });
          await dispatchSoon(c.campaignId);
        }
      }
      return due.length;
    },

    /** Why a template may not be deleted: a scheduled or running campaign sends it. */
    async templateInUse(templateId: string): Promise<string | null> {
      const used = await repository.activeUsingTemplate(templateId);
      if (!used) return null;
      const state = CAMPAIGN_MACHINE.states[used.status as CampaignStatus].label.toLowerCase();
      return `The template is used by the ${state} campaign "${used.name}": cancel it or wait until it ends.`;
    },
  };
}
export type CampaignsService = ReturnType<typeof createCampaignsService>;

/** The network does not answer (down or rate limiting): the campaign pauses with the reason. */
class NetworkOutage extends Error {}
