import {
  allowedActions,
  can,
  type MessageStatus,
  type RcsTemplateContent,
  rcsTemplateVariables,
  stateOfCode,
  TEMPLATE_MACHINE,
  type TemplateState,
  type TemplateType,
  type TTemplate,
  type TTemplateListItem,
  type TTemplateTestRun,
  type TTemplateVersion,
  templateStatusOf,
  type WhatsappTemplateContent,
  whatsappTemplateVariables,
} from '@portico/domain';
import type { AuthenticatedUser } from '../../platform/auth/types.ts';
import type { BotTestingService } from '../bot-testing/bot-testing.service.ts';
import type {
  TemplateListRow,
  TemplateVersionRow,
  TestResultRow,
  TestRunRow,
} from './templates.repository.ts';

/** A console line as the bot-testing service reads it (a message out, or a reply or tap in). */
type ConsoleLineRow = Awaited<ReturnType<BotTestingService['consoleLines']>>[number];

const stateOf = (code: number): TemplateState => stateOfCode(TEMPLATE_MACHINE, code) ?? 'draft';

export function presentTemplateListItem(row: TemplateListRow): TTemplateListItem {
  return {
    template_id: row.templateId,
    bot_id: row.botId,
    bot_name: row.botName,
    partner_name: row.partnerName,
    name: row.name,
    channel: row.channel as 'rcs' | 'whatsapp',
    type: row.type as TemplateType,
    language: row.language,
    status: templateStatusOf(stateOf(row.statusCode)),
    version: row.latestVersion,
    active_version: row.activeVersion,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function presentVersion(channel: string, row: TemplateVersionRow): TTemplateVersion {
  const content = row.content as unknown as RcsTemplateContent | WhatsappTemplateContent;
  return {
    version_id: row.versionId,
    version: row.version,
    status: templateStatusOf(stateOf(row.statusCode)),
    content: content as TTemplateVersion['content'],
    sample_values: row.sampleValues,
    variables:
      channel === 'rcs'
        ? rcsTemplateVariables(content as RcsTemplateContent)
        : whatsappTemplateVariables(content as WhatsappTemplateContent).body,
    reason: row.reason,
    network_template_id: row.networkTemplateId,
    quality: (row.quality as TTemplateVersion['quality']) ?? null,
    network_error: row.networkError,
    submitted_at: row.submittedAt?.toISOString() ?? null,
    decided_at: row.decidedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The template with its versions and what the caller may do on its latest version now. */
export function presentTemplate(
  row: TemplateListRow,
  versions: readonly TemplateVersionRow[],
  user: AuthenticatedUser,
): TTemplate {
  const state = stateOf(row.statusCode);
  const own = row.partnerId === user.partnerId;
  const writer = own && can(user.role, 'templates.write');
  const actions = allowedActions(TEMPLATE_MACHINE, state, user.role).filter(
    // Meta decides WhatsApp templates; only the owner submits.
    (action) =>
      !(row.channel === 'whatsapp' && (action === 'approve' || action === 'reject')) &&
      (action !== 'submit' || own),
  );
  return {
    ...presentTemplateListItem(row),
    partner_id: row.partnerId,
    versions: versions.map((v) => presentVersion(row.channel, v)),
    allowed_actions: actions,
    can_edit: writer && state !== 'pending',
    can_delete: writer,
    delete_refusal: writer ? null : 'Only the template’s own developers may delete it.',
  };
}

/** A test run with each device's result: its message's receipts and what was tapped after it. */
export function presentTestRun(
  row: { run: TestRunRow; version: number; email: string | null },
  results: readonly TestResultRow[],
  linesByDevice: ReadonlyMap<string, readonly ConsoleLineRow[]>,
): TTemplateTestRun {
  return {
    run_id: row.run.runId,
    template_id: row.run.templateId,
    version: row.version,
    values: row.run.values,
    created_at: row.run.createdAt.toISOString(),
    created_by_email: row.email,
    results: results.map((result) => {
      const lines = result.deviceId ? (linesByDevice.get(result.deviceId) ?? []) : [];
      const out = lines.find((l) => l.direction === 'out' && l.messageId === result.messageId);
      const next = out ? lines.find((l) => l.direction === 'out' && l.seq > out.seq) : undefined;
      const taps = out
        ? lines.filter(
            (l) =>
              l.direction === 'in' &&
              l.postbackData !== null &&
              l.seq > out.seq &&
              (!next || l.seq < next.seq),
          )
        : [];
      const status =
        (out?.status as MessageStatus | null | undefined) ?? (result.errorMessage ? 'failed' : null);
      const reached = (s: MessageStatus) => {
        const order: MessageStatus[] = ['sent', 'delivered', 'read'];
        return (
          status !== null &&
          status !== 'failed' &&
          order.indexOf(status) >= order.indexOf(s) &&
          order.includes(status)
        );
      };
      return {
        device_id: result.deviceId,
        msisdn: result.msisdn,
        channel: result.channel as 'rcs' | 'whatsapp',
        message_id: out ? result.messageId : null,
        status,
        sent: reached('sent'),
        delivered: reached('delivered'),
        read: reached('read'),
        failed: status === 'failed',
        error_message: result.errorMessage ?? out?.errorMessage ?? null,
        taps: taps.map((t) => ({ text: t.text, postback_data: t.postbackData, at: t.at.toISOString() })),
      };
    }),
  };
}
