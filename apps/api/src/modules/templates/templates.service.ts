import { randomUUID } from 'node:crypto';
import {
  type ActiveTemplateSort,
  allowedActions,
  BOT_STATUS,
  CHANNEL_TYPE,
  fillRcsTemplate,
  fromRbmAgentMessage,
  fromWhatsappTemplate,
  isProviderAdminRole,
  type RcsCard,
  type RcsSuggestion,
  type RcsTemplateContent,
  rcsTemplateProblems,
  rcsTemplateType,
  rcsTemplateVariables,
  stateOfCode,
  type TActiveTemplate,
  TEMPLATE_EDITABLE_STATES,
  TEMPLATE_MACHINE,
  type TemplateAction,
  type TemplateMedia,
  type TemplateState,
  type TListResult,
  type TMessageContent,
  type TReviewHistory,
  type TSuggestion,
  type TTemplate,
  type TTemplateCreate,
  type TTemplateFilters,
  type TTemplateImport,
  type TTemplateJson,
  type TTemplateList,
  type TTemplateListItem,
  type TTemplateTestRun,
  type TTemplateTestSummary,
  type TTemplateUpdate,
  templateMediaKinds,
  toRbmAgentMessage,
  toWhatsappTemplate,
  type WhatsappTemplateContent,
  whatsappTemplateProblems,
  whatsappTemplateType,
  whatsappTemplateVariables,
  withRcsMedia,
  ZMessageContent,
  ZRbmAgentMessageJson,
  ZWhatsappTemplateJson,
} from '@portico/domain';
import type { FastifyBaseLogger } from 'fastify';
import { NetworkError } from '../../networks/errors.ts';
import type { Connectors } from '../../networks/index.ts';
import type { AuthenticatedUser } from '../../platform/auth/types.ts';
import type { Database } from '../../platform/db/index.ts';
import { AppError, BadRequestError, ConflictError, NotFoundError } from '../../platform/http/errors.ts';
import type { Mailer } from '../../platform/mail/index.ts';
import type { ReviewService } from '../../platform/review/review.service.ts';
import { fileUrlOf, type Storage } from '../../platform/storage/index.ts';
import type { BotTestingService } from '../bot-testing/bot-testing.service.ts';
import type { BotsService } from '../bots/bots.service.ts';
import type {
  NetworkEventHandler,
  NetworkMessagesService,
} from '../network-messages/network-messages.service.ts';
import { presentTemplate, presentTemplateListItem, presentTestRun } from './templates.presenter.ts';
import type {
  TemplateListRow,
  TemplateRow,
  TemplateScope,
  TemplatesRepository,
  TemplateVersionRow,
} from './templates.repository.ts';

export const NOT_FOUND = 'This template was not found.';
/** Where template media lives: public, the networks fetch it. */
export const TEMPLATE_MEDIA_PREFIX = 'public/template-media/';
const EXPORT_WINDOW = { start: 0, end: 5000 };
/** How many test runs the summary shows. */
const SUMMARY_RUNS = 10;
/** Console lines read per device for the summary (its receipts and taps). */
const SUMMARY_LINES = 200;

export interface TemplatesServiceDeps {
  database: Database;
  repository: TemplatesRepository;
  review: ReviewService;
  mail: Mailer;
  storage: Storage;
  connectors: Connectors;
  log: FastifyBaseLogger;
  bots: () => Pick<BotsService, 'botForTesting'>;
  testing: () => Pick<BotTestingService, 'ownDevice' | 'send' | 'consoleLines'>;
  /** Meta's events stored before the template's id was known are replayed from there. */
  events: () => Pick<NetworkMessagesService, 'replayEvents'>;
  /** The portal's address: the networks fetch uploaded media from it; mails link to it. */
  publicUrl: string;
}

type Content = RcsTemplateContent | WhatsappTemplateContent;

const stateOf = (code: number): TemplateState => stateOfCode(TEMPLATE_MACHINE, code) ?? 'draft';
const typeOf = (channel: string, content: Content) =>
  channel === 'rcs'
    ? rcsTemplateType(content as RcsTemplateContent)
    : whatsappTemplateType(content as WhatsappTemplateContent);

/**
 * Meta's name of a version: the template's name for version 1, `<name>_v<n>` after. Each version is
 * its own template on Meta, so the approved one stays sendable while a new one is reviewed.
 */
export function networkTemplateName(name: string, version: number): string {
  return version === 1 ? name : `${name}_v${version}`;
}

/** Meta's template statuses as our states (DISABLED counts as rejected, REINSTATED as approved). */
const META_STATES: Record<string, TemplateState> = {
  PENDING: 'pending',
  APPROVED: 'approved',
  REJECTED: 'rejected',
  PAUSED: 'paused',
  DISABLED: 'rejected',
  REINSTATED: 'approved',
};
const META_QUALITY = new Set(['GREEN', 'YELLOW', 'RED', 'UNKNOWN']);

function metaAction(from: TemplateState, to: TemplateState): TemplateAction {
  if (to === 'approved') return from === 'paused' ? 'meta-reinstate' : 'meta-approve';
  if (to === 'rejected') return 'meta-reject';
  if (to === 'paused') return 'meta-pause';
  return 'meta-pending';
}

/** A network failure as the API answers it (like the bots': 503 try again, else 502 with the reason). */
function networkFailure(error: NetworkError, what: string): AppError {
  const status = error.transient ? 503 : 502;
  return new AppError(status, `${what}: ${error.message} Your draft is saved; try again.`, {
    network: error.network,
    kind: error.kind,
  });
}

function illegal(state: TemplateState, message: string, role: string | null) {
  return new ConflictError(message, {
    current: TEMPLATE_MACHINE.states[state],
    allowed: allowedActions(TEMPLATE_MACHINE, state, role),
  });
}

/**
 * Templates: drafts and versions, submission (RCS to the platform's review, WhatsApp to Meta through
 * the connector, outside any transaction, reconciled by the version's network_request_id), Meta's
 * webhooks (applied once, the latest event deciding), tests on the bot's test devices and their
 * summary, the networks' JSON. Each use case is one unit of work.
 */
export function createTemplatesService(deps: TemplatesServiceDeps) {
  const { database, repository, review, mail, storage, connectors, log, publicUrl } = deps;

  const scopeOf = (user: AuthenticatedUser): TemplateScope =>
    isProviderAdminRole(user.role) ? { admin: true } : { partnerId: user.partnerId };
  const ownScope = (user: AuthenticatedUser): TemplateScope => ({ partnerId: user.partnerId });
  const deleteGuards: ((templateId: string) => Promise<string | null>)[] = [];
  const linkOf = (templateId: string) =>
    `${publicUrl}/u/view-template-details?template_id=${encodeURIComponent(templateId)}`;
  const mediaUrl = (media: TemplateMedia) =>
    media.source === 'url' ? media.url : new URL(fileUrlOf(media.key), publicUrl).toString();

  async function latestOf(template: TemplateRow): Promise<TemplateVersionRow> {
    const version = await repository.version(template.templateId, template.latestVersion);
    if (!version) throw new Error(`template ${template.templateId} has no version ${template.latestVersion}`);
    return version;
  }

  /** Keeps the template's summary (latest state and type, the approved version in use) true. */
  async function refresh(templateId: string): Promise<void> {
    const [latest] = await repository.versions(templateId);
    const template = await repository.lockById(templateId);
    if (!latest || !template) return;
    await repository.updateTemplate(templateId, {
      statusCode: latest.statusCode,
      type: typeOf(template.channel, latest.content as unknown as Content),
      activeVersion: await repository.highestApproved(templateId),
    });
  }

  async function tell(
    templateId: string,
    name: string,
    decision: string,
    state: TemplateState,
    reason: string,
  ) {
    for (const recipient of await repository.recipients(templateId)) {
      await mail({
        to: recipient,
        template: 'review-decision',
        data: {
          subject: `Template ${name}`,
          decision,
          state: TEMPLATE_MACHINE.states[state].label,
          reason,
          link: linkOf(templateId),
        },
      });
    }
  }

  async function detail(user: AuthenticatedUser, templateId: string): Promise<TTemplate> {
    return database.transaction(async () => {
      const row = await repository.find(scopeOf(user), templateId);
      if (!row) throw new NotFoundError(NOT_FOUND);
      return presentTemplate(row, await repository.versions(templateId), user);
    });
  }

  async function ownBot(user: AuthenticatedUser, botId: string, channel: 'rcs' | 'whatsapp') {
    const bot = await deps.bots().botForTesting(user, botId);
    const type = channel === 'rcs' ? CHANNEL_TYPE.rcs : CHANNEL_TYPE.whatsapp;
    if (!bot.channels.includes(type)) {
      const message = `This bot has no ${channel === 'rcs' ? 'RCS' : 'WhatsApp'} channel: choose a bot that has one.`;
      throw new BadRequestError(message, [{ field: 'channel', message }]);
    }
    return bot;
  }

  async function refuseTakenName(
    botId: string,
    channel: string,
    name: string,
    language: string,
    except?: string,
  ) {
    if (await repository.nameTaken(botId, channel, name, language, except)) {
      const message = 'This bot already has a template of this name in this language.';
      throw new ConflictError(message, { field: 'name', message });
    }
  }

  /** RCS: the platform reviews it. The draft (or rejected version) moves to pending. */
  async function submitForReview(
    user: AuthenticatedUser,
    templateId: string,
    extra?: Partial<TemplateVersionRow>,
  ) {
    let version: TemplateVersionRow | undefined;
    await review.decide({
      machine: TEMPLATE_MACHINE,
      subjectId: templateId,
      action: 'submit',
      actor: user,
      load: async () => {
        const template = await repository.lock(ownScope(user), templateId);
        if (!template) return undefined;
        version = await latestOf(template);
        return version.statusCode;
      },
      move: async (from, to) => (version ? repository.moveVersion(version.versionId, from, to) : false),
      alsoDo: async () => {
        if (!version) return;
        await repository.updateVersion(version.versionId, {
          submittedAt: new Date(),
          decidedAt: null,
          reason: null,
          networkError: null,
          ...extra,
        });
        await refresh(templateId);
      },
    });
  }

  /** The header media's upload handle on Meta (Resumable Upload of the stored file). */
  async function headerHandle(content: WhatsappTemplateContent): Promise<string | null> {
    const header = content.header;
    if (!header || header.format === 'TEXT') return null;
    if (header.media.source !== 'upload') {
      const message = "Upload the header's media: Meta takes template media as an upload, not an address.";
      throw new BadRequestError(message, [{ field: 'content.header.media', message }]);
    }
    const file = await storage.get(header.media.key);
    if (!file) {
      const message = "The header's media is no longer stored: upload it again.";
      throw new BadRequestError(message, [{ field: 'content.header.media', message }]);
    }
    return connectors
      .get('whatsapp')
      .uploadProfilePhoto({ bytes: file.bytes, contentType: file.contentType });
  }

  /**
   * WhatsApp: the version goes to Meta (outside any transaction). The request id is stored first;
   * a retry after a lost answer finds the template Meta already has under its name and adopts it.
   */
  async function submitToMeta(user: AuthenticatedUser, templateId: string): Promise<void> {
    const prepared = await database.transaction(async () => {
      const template = await repository.lock(ownScope(user), templateId);
      if (!template) throw new NotFoundError(NOT_FOUND);
      const version = await latestOf(template);
      const state = stateOf(version.statusCode);
      if (!TEMPLATE_MACHINE.transitions.submit.from.includes(state))
        throw illegal(
          state,
          `This template is ${TEMPLATE_MACHINE.states[state].label.toLowerCase()}: it cannot be submitted now.`,
          user.role,
        );
      const retry = version.networkRequestId !== null;
      if (!retry) await repository.updateVersion(version.versionId, { networkRequestId: randomUUID() });
      return { template, version, retry };
    });
    const { template, version, retry } = prepared;
    const bot = await repository.bot(template.botId);
    if (!bot?.wabaId)
      throw new ConflictError(
        "The bot's WhatsApp sender is not registered yet: submit its WhatsApp details first.",
      );
    const content = version.content as unknown as WhatsappTemplateContent;
    const name = networkTemplateName(template.name, version.version);
    let created: { id: string; status: string };
    try {
      // A rejected version Meta still has under this name is replaced (Meta keeps one per name and language).
      if (version.networkTemplateId) await connectors.get('whatsapp').deleteTemplate(bot.wabaId, name);
      const handle = await headerHandle(content);
      const json = toWhatsappTemplate({ name, language: template.language }, content, () => handle ?? '');
      try {
        created = await connectors.get('whatsapp').submitTemplate({
          wabaId: bot.wabaId,
          name,
          language: template.language,
          category: json.category,
          components: json.components as unknown as Array<Record<string, unknown>>,
        });
      } catch (error) {
        // A retry after an answer we lost: Meta already has it under its name and language.
        if (!(retry && error instanceof NetworkError && /already exists/i.test(error.message))) throw error;
        const found = await findOnMeta(bot.wabaId, name, template.language);
        if (!found) throw error;
        created = found;
      }
    } catch (error) {
      if (!(error instanceof NetworkError)) throw error;
      await database.transaction(() =>
        repository.updateVersion(version.versionId, { networkError: error.message }),
      );
      throw networkFailure(error, 'Meta did not take the template');
    }
    // Under the id's lock: a webhook of this id either waits and then finds the version, or was
    // stored before it and the replay below finds it.
    await database.transaction(async () => {
      await repository.lockNetworkTemplateId(created.id);
      await submitForReview(user, templateId, { networkTemplateId: created.id });
    });
    const answered = META_STATES[created.status];
    if (answered && answered !== 'pending')
      await database.transaction(() => applyMetaStatus(created.id, created.status, new Date(), null));
    // Meta's webhook may have come before its answer: apply what was stored for this id meanwhile.
    for (const field of ['message_template_status_update', 'message_template_quality_update'])
      await deps
        .events()
        .replayEvents('whatsapp', `${field}:${created.id}:`, (event) =>
          database.transaction(() => onNetworkEvent(event)),
        );
  }

  async function findOnMeta(wabaId: string, name: string, language: string) {
    let after: string | undefined;
    for (let page = 0; page < 20; page += 1) {
      const { items, after: next } = await connectors.get('whatsapp').listTemplates(wabaId, {
        limit: 100,
        ...(after ? { after } : {}),
      });
      const found = items.find((t) => t.name === name && t.language === language);
      if (found) return { id: found.id, status: found.status };
      if (!next) return null;
      after = next;
    }
    return null;
  }

  /**
   * Applies one of Meta's template statuses to the version it names, in the caller's unit of work:
   * an event older than the last one applied is ignored (the latest decides), a repeat changes nothing.
   */
  async function applyMetaStatus(
    networkTemplateId: string,
    event: string,
    occurredAt: Date,
    reason: string | null,
  ): Promise<void> {
    const version = await repository.lockVersionByNetworkId(networkTemplateId);
    if (!version) return;
    if (version.lastEventAt && occurredAt < version.lastEventAt) return;
    const to = META_STATES[event];
    const from = stateOf(version.statusCode);
    await repository.updateVersion(version.versionId, { lastEventAt: occurredAt });
    if (!to || to === from) return;
    const template = await repository.lockById(version.templateId);
    if (!template) return;
    const action = metaAction(from, to);
    const because = to === 'rejected' && reason && reason !== 'NONE' ? reason : null;
    await repository.moveVersion(version.versionId, version.statusCode, TEMPLATE_MACHINE.states[to].code);
    await repository.updateVersion(version.versionId, {
      ...(to === 'pending' ? {} : { decidedAt: occurredAt }),
      ...(to === 'rejected' ? { reason: because } : {}),
    });
    await refresh(template.templateId);
    await review.record({
      machine: TEMPLATE_MACHINE,
      subjectId: template.templateId,
      action,
      from,
      to,
      reason: because,
      actor: null,
    });
    await tell(
      template.templateId,
      template.name,
      TEMPLATE_MACHINE.transitions[action].label,
      to,
      because ?? '',
    );
  }

  /** Meta's webhooks (network-messages hands each new event over once, in its unit of work). */
  async function onNetworkEvent(event: Parameters<NetworkEventHandler>[0]): Promise<void> {
    if (event.network !== 'whatsapp') return;
    const change = event.payload as { field?: string; value?: Record<string, unknown> };
    const value = change.value ?? {};
    const id = value.message_template_id === undefined ? null : String(value.message_template_id);
    if (!id) return;
    const at = event.occurredAt ?? new Date();
    await repository.lockNetworkTemplateId(id);
    if (change.field === 'message_template_status_update') {
      await applyMetaStatus(
        id,
        String(value.event ?? ''),
        at,
        typeof value.reason === 'string' ? value.reason : null,
      );
    } else if (change.field === 'message_template_quality_update') {
      const quality = String(value.new_quality_score ?? '');
      const version = await repository.lockVersionByNetworkId(id);
      if (version && META_QUALITY.has(quality))
        await repository.updateVersion(version.versionId, { quality });
    }
  }

  /* ---------------------------------------------------------------- tests */

  function rcsSuggestion(s: RcsSuggestion): TSuggestion {
    return s as TSuggestion;
  }
  function rcsCard(card: RcsCard) {
    return {
      ...(card.title ? { title: card.title } : {}),
      ...(card.description ? { description: card.description } : {}),
      ...(card.media ? { media: { fileUrl: mediaUrl(card.media), height: card.media.height } } : {}),
      suggestions: card.suggestions.map(rcsSuggestion),
    };
  }
  /** The filled RCS template as the message the connectors send. */
  function rcsMessage(content: RcsTemplateContent): TMessageContent {
    const suggestions = content.suggestions.map(rcsSuggestion);
    const message =
      content.kind === 'text'
        ? { kind: 'text', text: content.text, suggestions }
        : content.kind === 'rich_card'
          ? {
              kind: 'rich_card',
              card: rcsCard(content.card),
              orientation: content.orientation,
              imageAlignment: content.imageAlignment,
              suggestions,
            }
          : {
              kind: 'carousel',
              cardWidth: content.cardWidth,
              cards: content.cards.map(rcsCard),
              suggestions,
            };
    const parsed = ZMessageContent.safeParse(message);
    if (!parsed.success) {
      const message = `With these values the message is refused: ${parsed.error.issues[0]?.message ?? 'invalid'}.`;
      throw new BadRequestError(message, [{ field: 'values', message }]);
    }
    return parsed.data;
  }

  /**
   * The message a template version sends with these values (missing ones take the samples): the
   * filled RCS message, or the WhatsApp template message with its parameters. Test sends and
   * campaigns build their messages here.
   */
  function messageOf(
    template: Pick<TemplateRow, 'channel' | 'name' | 'language'>,
    version: TemplateVersionRow,
    values: Record<string, string>,
    media?: TemplateMedia,
  ): TMessageContent {
    const filled = { ...version.sampleValues, ...values };
    let content: TMessageContent;
    if (template.channel === 'rcs') {
      const own = version.content as unknown as RcsTemplateContent;
      const rcs = fillRcsTemplate(media ? withRcsMedia(own, media) : own, filled);
      const missing = rcsTemplateVariables(rcs);
      if (missing.length) {
        const message = `Give a value for ${missing.map((m) => `{{${m}}}`).join(', ')}.`;
        throw new BadRequestError(message, [{ field: 'values', message }]);
      }
      content = rcsMessage(rcs);
    } else {
      const wa = version.content as unknown as WhatsappTemplateContent;
      const variables = whatsappTemplateVariables(wa);
      const headerExample = wa.header?.format === 'TEXT' ? wa.header.example : undefined;
      const header = wa.header && wa.header.format !== 'TEXT' ? wa.header : null;
      content = {
        kind: 'template',
        templateName: networkTemplateName(template.name, version.version),
        language: template.language,
        parameters: variables.body.map((n, i) => filled[n]?.trim() || wa.body.examples[i] || n),
        // The header's {{1}} and each dynamic URL button's suffix: the value given for header_1 or
        // button_<index>, else the template's example (Meta refuses a send that leaves one out).
        headerParameters: variables.header.map((n) => filled[`header_${n}`]?.trim() || headerExample || n),
        urlButtonParameters: wa.buttons.flatMap((button, index) =>
          button.type === 'URL' && button.url.includes('{{1}}')
            ? [{ index, text: filled[`button_${index}`]?.trim() || button.example || '1' }]
            : [],
        ),
        // A media header's file (Meta asks for it with each send): the campaign's own, else the template's.
        ...(header
          ? {
              headerMedia: {
                type: header.format.toLowerCase() as 'image' | 'video' | 'document',
                link: mediaUrl(media ?? header.media),
              },
            }
          : {}),
      };
    }
    return content;
  }

  async function runTest(
    user: AuthenticatedUser,
    templateId: string,
    deviceIds: readonly string[],
    values: Record<string, string>,
  ): Promise<TTemplateTestRun> {
    const { template, version } = await database.transaction(async () => {
      const template = await repository.find(ownScope(user), templateId);
      if (!template) throw new NotFoundError(NOT_FOUND);
      if (template.channel === 'whatsapp') {
        // Meta sends only approved templates: the test uses the approved version in use.
        if (template.activeVersion === null)
          throw illegal(
            stateOf(template.statusCode),
            'WhatsApp sends only templates Meta approved: test this one once it is approved.',
            user.role,
          );
        const version = await repository.version(templateId, template.activeVersion);
        return { template, version };
      }
      return { template, version: await repository.version(templateId, template.latestVersion) };
    });
    if (!version) throw new Error(`template ${templateId} lost its version`);
    const filled = { ...version.sampleValues, ...values };
    const content = messageOf(template, version, values);
    const testing = deps.testing();
    const devices: {
      device: Awaited<ReturnType<BotTestingService['ownDevice']>>['device'];
      messageId: string;
    }[] = [];
    for (const deviceId of deviceIds) {
      const { device } = await testing.ownDevice(user, template.botId, deviceId);
      if (device.channel !== template.channel) {
        const message = `The device ${device.msisdn} is a ${device.channel === 'rcs' ? 'RCS' : 'WhatsApp'} test device: choose ${template.channel === 'rcs' ? 'RCS' : 'WhatsApp'} devices.`;
        throw new BadRequestError(message, [{ field: 'device_ids', message }]);
      }
      devices.push({ device, messageId: randomUUID() });
    }
    const run = await database.transaction(async () => {
      const run = await repository.insertRun({
        templateId,
        versionId: version.versionId,
        values: filled,
        createdBy: user.userId,
      });
      for (const { device, messageId } of devices)
        await repository.insertResult({
          runId: run.runId,
          deviceId: device.deviceId,
          msisdn: device.msisdn,
          channel: device.channel,
          messageId,
        });
      await review.record({
        machine: TEMPLATE_MACHINE,
        subjectId: templateId,
        action: 'tested',
        from: stateOf(version.statusCode),
        to: stateOf(version.statusCode),
        reason: `Version ${version.version} sent to ${devices.map((d) => d.device.msisdn).join(', ')}`,
        actor: user,
      });
      return run;
    });
    for (const { device, messageId } of devices) {
      try {
        await testing.send(user, template.botId, device.deviceId, content, messageId);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        await database.transaction(() => repository.setResultError(run.runId, device.msisdn, error.message));
      }
    }
    const summary = await summaryOf(template, 1);
    const latest = summary.runs[0];
    if (!latest) throw new Error('the test run vanished');
    return latest;
  }

  async function summaryOf(template: TemplateListRow, runLimit: number): Promise<TTemplateTestSummary> {
    const runs = await database.transaction(() => repository.runs(template.templateId, runLimit));
    const results = await database.transaction(() => repository.results(runs.map((r) => r.run.runId)));
    // The template's visibility was checked; the devices are its owner's (admins read them too).
    const owner: AuthenticatedUser = { userId: '', email: '', role: null, partnerId: template.partnerId };
    const linesByDevice = new Map<string, Awaited<ReturnType<BotTestingService['consoleLines']>>>();
    const testing = deps.testing();
    for (const deviceId of new Set(results.flatMap((r) => (r.deviceId ? [r.deviceId] : [])))) {
      try {
        linesByDevice.set(
          deviceId,
          await testing.consoleLines(owner, template.botId, deviceId, SUMMARY_LINES),
        );
      } catch (error) {
        if (!(error instanceof NotFoundError)) throw error;
      }
    }
    const presented = runs.map((r) =>
      presentTestRun(
        r,
        results.filter((x) => x.runId === r.run.runId),
        linesByDevice,
      ),
    );
    const latestPerDevice = new Map<string, (typeof presented)[number]['results'][number]>();
    for (const run of presented)
      for (const result of run.results)
        if (!latestPerDevice.has(result.msisdn)) latestPerDevice.set(result.msisdn, result);
    const latest = [...latestPerDevice.values()];
    return {
      runs: presented,
      totals: {
        devices: latest.length,
        sent: latest.filter((r) => r.sent).length,
        delivered: latest.filter((r) => r.delivered).length,
        read: latest.filter((r) => r.read).length,
        failed: latest.filter((r) => r.failed).length,
        tapped: latest.filter((r) => r.taps.length > 0).length,
      },
    };
  }

  /* ---------------------------------------------------------------- use cases */

  return {
    onNetworkEvent,
    /** For tests and the sandbox journey: Meta's status as if its webhook had said it. */
    applyMetaStatus: (networkTemplateId: string, event: string, occurredAt: Date, reason: string | null) =>
      database.transaction(() => applyMetaStatus(networkTemplateId, event, occurredAt, reason)),

    async list(
      user: AuthenticatedUser,
      filters: TTemplateFilters,
      window: { start: number; end: number },
    ): Promise<TTemplateList> {
      return database.transaction(async () => {
        const scope = scopeOf(user);
        const { items, total } = await repository.list(scope, filters, window);
        const tabs = await repository.tabCounts(scope, filters, BOT_STATUS.launched);
        const presented = items.map(presentTemplateListItem);
        // Written per audience so the counts keep their own tabs' keys.
        return tabs.kind === 'review'
          ? { items: presented, total, tabCounts: tabs.counts }
          : { items: presented, total, tabCounts: tabs.counts };
      });
    },

    async exportRows(user: AuthenticatedUser, filters: TTemplateFilters): Promise<TTemplateListItem[]> {
      const { items } = await repository.list(scopeOf(user), filters, EXPORT_WINDOW);
      return items.map(presentTemplateListItem);
    },

    get: detail,

    async create(user: AuthenticatedUser, body: TTemplateCreate): Promise<TTemplate> {
      await ownBot(user, body.bot_id, body.channel);
      const template = await database.transaction(async () => {
        await refuseTakenName(body.bot_id, body.channel, body.name, body.language);
        const template = await repository.insertTemplate({
          partnerId: user.partnerId,
          botId: body.bot_id,
          createdBy: user.userId,
          name: body.name,
          channel: body.channel,
          language: body.language,
          type: typeOf(body.channel, body.content as Content),
          statusCode: TEMPLATE_MACHINE.states.draft.code,
        });
        await repository.insertVersion({
          templateId: template.templateId,
          version: 1,
          statusCode: TEMPLATE_MACHINE.states.draft.code,
          content: body.content as unknown as Record<string, unknown>,
          sampleValues: body.sample_values,
          createdBy: user.userId,
        });
        await review.record({
          machine: TEMPLATE_MACHINE,
          subjectId: template.templateId,
          action: 'created',
          from: null,
          to: 'draft',
          actor: user,
        });
        return template;
      });
      if (body.submit) await this.submit(user, template.templateId);
      return detail(user, template.templateId);
    },

    /**
     * Edits the template: a draft or rejected version in place (a rejected one is a draft again),
     * an approved or paused one by a new draft version (the approved one stays in use). A pending
     * version cannot change (409); the name and language are fixed once it was submitted.
     */
    async update(user: AuthenticatedUser, templateId: string, body: TTemplateUpdate): Promise<TTemplate> {
      await database.transaction(async () => {
        const template = await repository.lock(ownScope(user), templateId);
        if (!template) throw new NotFoundError(NOT_FOUND);
        if (template.channel !== body.channel) {
          const message = 'The channel of a template cannot change: create a new template.';
          throw new BadRequestError(message, [{ field: 'channel', message }]);
        }
        const versions = await repository.versions(templateId);
        const latest = await latestOf(template);
        const state = stateOf(latest.statusCode);
        if (state === 'pending')
          throw illegal(
            state,
            'This template is pending approval: wait for the decision before editing it.',
            user.role,
          );
        const renamed = body.name !== template.name || body.language !== template.language;
        if (renamed && versions.some((v) => v.submittedAt !== null)) {
          const message = 'The name and language are fixed once the template was submitted.';
          throw new ConflictError(message, { field: 'name', message });
        }
        if (renamed)
          await refuseTakenName(template.botId, template.channel, body.name, body.language, templateId);
        const content = body.content as unknown as Record<string, unknown>;
        if (TEMPLATE_EDITABLE_STATES.includes(state)) {
          await repository.updateVersion(latest.versionId, {
            content,
            sampleValues: body.sample_values,
            networkError: null,
            networkRequestId: null,
            statusCode: TEMPLATE_MACHINE.states.draft.code,
          });
        } else {
          await repository.insertVersion({
            templateId,
            version: template.latestVersion + 1,
            statusCode: TEMPLATE_MACHINE.states.draft.code,
            content,
            sampleValues: body.sample_values,
            createdBy: user.userId,
          });
          await repository.updateTemplate(templateId, { latestVersion: template.latestVersion + 1 });
        }
        await repository.updateTemplate(templateId, { name: body.name, language: body.language });
        await refresh(templateId);
        await review.record({
          machine: TEMPLATE_MACHINE,
          subjectId: templateId,
          action: TEMPLATE_EDITABLE_STATES.includes(state) ? 'edited' : 'new-version',
          from: state,
          to: 'draft',
          reason: TEMPLATE_EDITABLE_STATES.includes(state)
            ? null
            : `Version ${template.latestVersion + 1} created; version ${template.latestVersion} stays in use until it is approved`,
          actor: user,
        });
      });
      if (body.submit) await this.submit(user, templateId);
      return detail(user, templateId);
    },

    /** Submits the latest version for approval: RCS to the platform, WhatsApp to Meta. */
    async submit(user: AuthenticatedUser, templateId: string): Promise<TTemplate> {
      const template = await database.transaction(() => repository.find(ownScope(user), templateId));
      if (!template) throw new NotFoundError(NOT_FOUND);
      if (template.channel === 'whatsapp') await submitToMeta(user, templateId);
      else await submitForReview(user, templateId);
      return detail(user, templateId);
    },

    /** The platform's decision on an RCS template (read-write and super admins). */
    async decide(
      user: AuthenticatedUser,
      templateId: string,
      action: 'approve' | 'reject',
      reason: string | undefined,
    ): Promise<TTemplate> {
      const template = await database.transaction(() => repository.find(scopeOf(user), templateId));
      if (!template) throw new NotFoundError(NOT_FOUND);
      if (template.channel === 'whatsapp')
        throw illegal(
          stateOf(template.statusCode),
          "Meta approves WhatsApp templates: its decision arrives from Meta's review.",
          user.role,
        );
      let version: TemplateVersionRow | undefined;
      await review.decide({
        machine: TEMPLATE_MACHINE,
        subjectId: templateId,
        action,
        actor: user,
        reason,
        load: async () => {
          const locked = await repository.lock(scopeOf(user), templateId);
          if (!locked) return undefined;
          version = await latestOf(locked);
          return version.statusCode;
        },
        move: async (from, to) => (version ? repository.moveVersion(version.versionId, from, to) : false),
        alsoDo: async () => {
          if (!version) return;
          await repository.updateVersion(version.versionId, {
            decidedAt: new Date(),
            reason: action === 'reject' ? (reason?.trim() ?? null) : null,
          });
          await refresh(templateId);
        },
        notify: async () => ({
          recipients: await repository.recipients(templateId),
          subjectName: `Template ${template.name}`,
          link: linkOf(templateId),
        }),
      });
      return detail(user, templateId);
    },

    /**
     * Deletes a template (after the screen's confirmation), unless a module that uses it refuses
     * (campaigns: a scheduled or running campaign sends it, named in the answer). A WhatsApp template is
     * deleted on Meta first (each version's name), outside any transaction.
     */
    async remove(user: AuthenticatedUser, templateId: string): Promise<void> {
      const { template, versions } = await database.transaction(async () => {
        const template = await repository.lock(ownScope(user), templateId);
        if (!template) throw new NotFoundError(NOT_FOUND);
        for (const guard of deleteGuards) {
          const refusal = await guard(templateId);
          if (refusal) throw new ConflictError(refusal);
        }
        return { template, versions: await repository.versions(templateId) };
      });
      if (template.channel === 'whatsapp') {
        const bot = await repository.bot(template.botId);
        const onMeta = versions.filter((v) => v.networkTemplateId !== null);
        if (bot?.wabaId) {
          try {
            for (const v of onMeta)
              await connectors
                .get('whatsapp')
                .deleteTemplate(bot.wabaId, networkTemplateName(template.name, v.version));
          } catch (error) {
            if (!(error instanceof NetworkError)) throw error;
            throw new AppError(
              error.transient ? 503 : 502,
              `Meta did not delete the template, so it is kept: ${error.message}`,
              {
                network: error.network,
                kind: error.kind,
              },
            );
          }
        }
      }
      await database.transaction(async () => {
        if (!(await repository.lock(ownScope(user), templateId))) throw new NotFoundError(NOT_FOUND);
        await repository.deleteTemplate(templateId);
      });
      log.info({ templateId, name: template.name }, 'template deleted');
    },

    async history(
      user: AuthenticatedUser,
      templateId: string,
      window: { start: number; end: number },
    ): Promise<TReviewHistory> {
      return database.transaction(async () => {
        if (!(await repository.find(scopeOf(user), templateId))) throw new NotFoundError(NOT_FOUND);
        return review.history([TEMPLATE_MACHINE], templateId, window);
      });
    },

    async test(
      user: AuthenticatedUser,
      templateId: string,
      body: { device_ids: string[]; values: Record<string, string> },
    ) {
      return runTest(user, templateId, body.device_ids, body.values);
    },

    /** Sends again, after a change, to the last test's devices with its values. */
    async retest(user: AuthenticatedUser, templateId: string): Promise<TTemplateTestRun> {
      const last = await database.transaction(async () => {
        if (!(await repository.find(ownScope(user), templateId))) throw new NotFoundError(NOT_FOUND);
        const run = await repository.latestRun(templateId);
        return run ? { run, results: await repository.results([run.runId]) } : null;
      });
      const deviceIds = last?.results.flatMap((r) => (r.deviceId ? [r.deviceId] : [])) ?? [];
      if (!last || deviceIds.length === 0)
        throw new ConflictError(
          'Test the template on your devices first: a retest sends to the same devices again.',
        );
      return runTest(user, templateId, deviceIds, last.run.values);
    },

    async testSummary(user: AuthenticatedUser, templateId: string): Promise<TTemplateTestSummary> {
      const template = await database.transaction(() => repository.find(scopeOf(user), templateId));
      if (!template) throw new NotFoundError(NOT_FOUND);
      return summaryOf(template, SUMMARY_RUNS);
    },

    /** A version as the network's JSON (RBM AgentMessage, Meta's create body). */
    async json(user: AuthenticatedUser, templateId: string, versionNumber?: number): Promise<TTemplateJson> {
      return database.transaction(async () => {
        const template = await repository.find(scopeOf(user), templateId);
        if (!template) throw new NotFoundError(NOT_FOUND);
        const version = await repository.version(templateId, versionNumber ?? template.latestVersion);
        if (!version) throw new NotFoundError('This version of the template was not found.');
        const fileName = `${template.name.replace(/[^A-Za-z0-9_.-]+/g, '_')}-v${version.version}.json`;
        if (template.channel === 'rcs')
          return {
            channel: 'rcs',
            format: 'rbm_agent_message',
            file_name: fileName,
            json: toRbmAgentMessage(
              version.content as unknown as RcsTemplateContent,
              mediaUrl,
            ) as unknown as Record<string, unknown>,
          };
        return {
          channel: 'whatsapp',
          format: 'whatsapp_message_template',
          file_name: fileName,
          json: toWhatsappTemplate(
            { name: networkTemplateName(template.name, version.version), language: template.language },
            version.content as unknown as WhatsappTemplateContent,
            mediaUrl,
          ) as unknown as Record<string, unknown>,
        };
      });
    },

    /** The network's JSON read into a template to start from (validated; nothing is saved). */
    importJson(channel: 'rcs' | 'whatsapp', json: unknown): TTemplateImport {
      const refuse = (message: string): never => {
        throw new BadRequestError(
          `This is not ${channel === 'rcs' ? 'an RBM AgentMessage' : 'a WhatsApp message template'}: ${message}`,
          [{ field: 'json', message }],
        );
      };
      if (channel === 'rcs') {
        const parsed = ZRbmAgentMessageJson.safeParse(json);
        if (!parsed.success)
          return refuse(
            `${parsed.error.issues[0]?.path.join('.') || 'json'} ${parsed.error.issues[0]?.message ?? ''}`.trim(),
          );
        const read = fromRbmAgentMessage(parsed.data);
        if ('error' in read) return refuse(read.error);
        return {
          channel,
          name: null,
          language: null,
          content: read.content,
          problems: rcsTemplateProblems(read.content),
        };
      }
      const parsed = ZWhatsappTemplateJson.safeParse(json);
      if (!parsed.success)
        return refuse(
          `${parsed.error.issues[0]?.path.join('.') || 'json'} ${parsed.error.issues[0]?.message ?? ''}`.trim(),
        );
      const read = fromWhatsappTemplate(parsed.data);
      if ('error' in read) return refuse(read.error);
      return {
        channel,
        name: read.name,
        language: read.language,
        content: read.content,
        problems: whatsappTemplateProblems(read.content),
      };
    },

    /** The approved templates of launched bots (and, asked, of bots with test devices): what campaigns may send. */
    async active(
      user: AuthenticatedUser,
      filters: {
        bot_id?: string | undefined;
        channel?: 'rcs' | 'whatsapp' | undefined;
        search?: string | undefined;
        testing?: boolean | undefined;
        sort?: ActiveTemplateSort | undefined;
        order?: 'asc' | 'desc' | undefined;
      },
      window: { start: number; end: number },
    ): Promise<TListResult<TActiveTemplate>> {
      return database.transaction(async () => {
        const { items, total } = await repository.active(scopeOf(user), filters, window, BOT_STATUS.launched);
        return {
          total,
          items: items.map((row) => {
            const content = row.version.content as unknown as Content;
            return {
              template_id: row.templateId,
              bot_id: row.botId,
              bot_name: row.botName,
              bot_launched: row.botStatus === BOT_STATUS.launched,
              name: row.name,
              channel: row.channel as 'rcs' | 'whatsapp',
              type: typeOf(row.channel, content),
              language: row.language,
              version: row.version.version,
              version_id: row.version.versionId,
              variables:
                row.channel === 'rcs'
                  ? rcsTemplateVariables(content as RcsTemplateContent)
                  : whatsappTemplateVariables(content as WhatsappTemplateContent).body,
            };
          }),
        };
      });
    },

    /**
     * A module that uses templates refuses their deletion while it needs them (campaigns): the guard
     * answers why (naming what uses it), or null. Asked in the deletion's unit of work.
     */
    refuseDeleteWhen(guard: (templateId: string) => Promise<string | null>): void {
      deleteGuards.push(guard);
    },

    /**
     * A partner's template as a campaign needs it (undefined: not the partner's): its bot, channel,
     * whether it is approved (its version in use) and its bot launched, the variables of that version,
     * and the message it sends with a recipient's values. Joins the caller's unit of work.
     */
    async forCampaign(partnerId: string, templateId: string) {
      const template = await repository.find({ partnerId }, templateId);
      if (!template) return undefined;
      const bot = await repository.bot(template.botId);
      const version =
        template.activeVersion === null
          ? undefined
          : await repository.version(templateId, template.activeVersion);
      const content = version?.content as unknown as Content | undefined;
      return {
        templateId: template.templateId,
        botId: template.botId,
        botName: template.botName,
        name: template.name,
        channel: template.channel as 'rcs' | 'whatsapp',
        approved: version !== undefined,
        botLaunched: bot?.status === BOT_STATUS.launched,
        variables:
          content === undefined
            ? []
            : template.channel === 'rcs'
              ? rcsTemplateVariables(content as RcsTemplateContent)
              : whatsappTemplateVariables(content as WhatsappTemplateContent).body,
        /** The media kinds a campaign may send instead of the template's own (none: it takes no media). */
        mediaKinds:
          content === undefined ? [] : templateMediaKinds(template.channel as 'rcs' | 'whatsapp', content),
        /** The message with a recipient's values, and the campaign's own media (by its address) if any. */
        message: (values: Record<string, string>, media?: TemplateMedia): TMessageContent => {
          if (!version) throw new ConflictError('The template has no approved version to send.');
          return messageOf(template, version, values, media);
        },
      };
    },

    /** Stores a checked media file under a server-chosen key (the upload route checks it by content). */
    async storeMedia(bytes: Uint8Array, contentType: string, extension: string) {
      const key = `${TEMPLATE_MEDIA_PREFIX}${randomUUID()}.${extension}`;
      await storage.put(key, bytes, contentType);
      return { key, url: fileUrlOf(key) };
    },

    storedFiles: [
      {
        prefix: TEMPLATE_MEDIA_PREFIX,
        referenced: (keys: readonly string[]) => repository.referencedKeys(keys),
      },
    ],
  };
}
export type TemplatesService = ReturnType<typeof createTemplatesService>;
