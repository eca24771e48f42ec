import { randomUUID } from 'node:crypto';
import {
  TEMPLATE_MACHINE,
  type TemplateAction,
  type TemplateState,
  toWhatsappTemplate,
  type WhatsappTemplateContent,
} from '@portico/domain';
import { NetworkError } from '../../networks/errors.ts';
import type { AuthenticatedUser } from '../../platform/auth/types.ts';
import { AppError, BadRequestError, ConflictError, NotFoundError } from '../../platform/http/errors.ts';
import type { NetworkEventHandler } from '../network-messages/network-messages.service.ts';
import {
  illegal,
  NOT_FOUND,
  networkTemplateName,
  stateOf,
  type TemplateContext,
} from './templates.context.ts';

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

/**
 * Meta's review of WhatsApp templates: the submission through the connector (outside any
 * transaction, reconciled by the version's network_request_id) and Meta's webhooks (applied once,
 * the latest event deciding).
 */
export function createWhatsappReview(ctx: TemplateContext) {
  const { database, repository, review, storage, connectors } = ctx;
  const { ownScope, latestOf, submitForReview, refresh, tell } = ctx;

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
      await ctx
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

  return { submitToMeta, applyMetaStatus, onNetworkEvent };
}
