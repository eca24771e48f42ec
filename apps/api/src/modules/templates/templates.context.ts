import {
  allowedActions,
  CHANNEL_TYPE,
  isProviderAdminRole,
  type RcsTemplateContent,
  rcsTemplateType,
  stateOfCode,
  TEMPLATE_MACHINE,
  type TemplateMedia,
  type TemplateState,
  type TTemplate,
  type WhatsappTemplateContent,
  whatsappTemplateType,
} from '@portico/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Connectors } from '../../networks/index.ts';
import type { AuthenticatedUser } from '../../platform/auth/types.ts';
import type { Database } from '../../platform/db/index.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../../platform/http/errors.ts';
import type { Mailer } from '../../platform/mail/index.ts';
import type { ReviewService } from '../../platform/review/review.service.ts';
import { fileUrlOf, type Storage } from '../../platform/storage/index.ts';
import type { BotTestingService } from '../bot-testing/bot-testing.service.ts';
import type { BotsService } from '../bots/bots.service.ts';
import type { NetworkMessagesService } from '../network-messages/network-messages.service.ts';
import { presentTemplate } from './templates.presenter.ts';
import type {
  TemplateRow,
  TemplateScope,
  TemplatesRepository,
  TemplateVersionRow,
} from './templates.repository.ts';

/*
 * The steps the templates' use cases share (scopes, the latest version, the summary kept true, the
 * decision mails, the platform's review of a submission), built once per service from its deps.
 * The use cases are in templates.service.ts; Meta's review in templates.whatsapp-review.ts; the
 * test sends in templates.testing.ts; the networks' JSON in templates.network-json.ts.
 */

export const NOT_FOUND = 'This template was not found.';
/** Where template media lives: public, the networks fetch it. */
export const TEMPLATE_MEDIA_PREFIX = 'public/template-media/';

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

export type Content = RcsTemplateContent | WhatsappTemplateContent;

export const stateOf = (code: number): TemplateState => stateOfCode(TEMPLATE_MACHINE, code) ?? 'draft';
export const typeOf = (channel: string, content: Content) =>
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

export function illegal(state: TemplateState, message: string, role: string | null) {
  return new ConflictError(message, {
    current: TEMPLATE_MACHINE.states[state],
    allowed: allowedActions(TEMPLATE_MACHINE, state, role),
  });
}

/** The shared steps of the templates' use cases, over the service's deps. */
export function createTemplateContext(deps: TemplatesServiceDeps) {
  const { database, repository, review, mail, publicUrl } = deps;

  const scopeOf = (user: AuthenticatedUser): TemplateScope =>
    isProviderAdminRole(user.role) ? { admin: true } : { partnerId: user.partnerId };
  const ownScope = (user: AuthenticatedUser): TemplateScope => ({ partnerId: user.partnerId });
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

  return {
    ...deps,
    scopeOf,
    ownScope,
    linkOf,
    mediaUrl,
    latestOf,
    refresh,
    tell,
    detail,
    ownBot,
    refuseTakenName,
    submitForReview,
  };
}
export type TemplateContext = ReturnType<typeof createTemplateContext>;
