import { randomUUID } from 'node:crypto';
import {
  type ActiveTemplateSort,
  BOT_STATUS,
  type RcsTemplateContent,
  rcsTemplateVariables,
  type TActiveTemplate,
  TEMPLATE_EDITABLE_STATES,
  TEMPLATE_MACHINE,
  type TemplateMedia,
  type TListResult,
  type TMessageContent,
  type TReviewHistory,
  type TTemplate,
  type TTemplateCreate,
  type TTemplateFilters,
  type TTemplateJson,
  type TTemplateList,
  type TTemplateListItem,
  type TTemplateTestRun,
  type TTemplateTestSummary,
  type TTemplateUpdate,
  templateMediaKinds,
  type WhatsappTemplateContent,
  whatsappTemplateVariables,
} from '@portico/domain';
import { NetworkError } from '../../networks/errors.ts';
import type { AuthenticatedUser } from '../../platform/auth/types.ts';
import { AppError, BadRequestError, ConflictError, NotFoundError } from '../../platform/http/errors.ts';
import { fileUrlOf } from '../../platform/storage/index.ts';
import {
  type Content,
  createTemplateContext,
  illegal,
  NOT_FOUND,
  networkTemplateName,
  stateOf,
  TEMPLATE_MEDIA_PREFIX,
  type TemplatesServiceDeps,
  typeOf,
} from './templates.context.ts';
import { importNetworkJson, networkJsonOf } from './templates.network-json.ts';
import { presentTemplateListItem } from './templates.presenter.ts';
import type { TemplateVersionRow } from './templates.repository.ts';
import { createTemplateTests } from './templates.testing.ts';
import { createWhatsappReview } from './templates.whatsapp-review.ts';

const EXPORT_WINDOW = { start: 0, end: 5000 };
/** How many test runs the summary shows. */
const SUMMARY_RUNS = 10;

/**
 * Templates: drafts and versions, submission (RCS to the platform's review, WhatsApp to Meta through
 * the connector, outside any transaction, reconciled by the version's network_request_id), Meta's
 * webhooks (applied once, the latest event deciding), tests on the bot's test devices and their
 * summary, the networks' JSON. Each use case is one unit of work.
 */
export function createTemplatesService(deps: TemplatesServiceDeps) {
  const ctx = createTemplateContext(deps);
  const { database, repository, review, storage, connectors, log } = ctx;
  const { scopeOf, ownScope, linkOf, mediaUrl, latestOf, refresh, detail, ownBot, refuseTakenName } = ctx;
  const { submitForReview } = ctx;
  const { submitToMeta, applyMetaStatus, onNetworkEvent } = createWhatsappReview(ctx);
  const { messageOf, runTest, summaryOf } = createTemplateTests(ctx);
  const deleteGuards: ((templateId: string) => Promise<string | null>)[] = [];

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
        return networkJsonOf(template, version, mediaUrl);
      });
    },

    /** The network's JSON read into a template to start from (validated; nothing is saved). */
    importJson: importNetworkJson,

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
