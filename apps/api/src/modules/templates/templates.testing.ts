import { randomUUID } from 'node:crypto';
import {
  fillRcsTemplate,
  type RcsCard,
  type RcsSuggestion,
  type RcsTemplateContent,
  rcsTemplateVariables,
  TEMPLATE_MACHINE,
  type TemplateMedia,
  type TMessageContent,
  type TSuggestion,
  type TTemplateTestRun,
  type TTemplateTestSummary,
  type WhatsappTemplateContent,
  whatsappTemplateVariables,
  withRcsMedia,
  ZMessageContent,
} from '@portico/domain';
import type { AuthenticatedUser } from '../../platform/auth/types.ts';
import { AppError, BadRequestError, NotFoundError } from '../../platform/http/errors.ts';
import type { BotTestingService } from '../bot-testing/bot-testing.service.ts';
import {
  illegal,
  NOT_FOUND,
  networkTemplateName,
  stateOf,
  type TemplateContext,
} from './templates.context.ts';
import { presentTestRun } from './templates.presenter.ts';
import type { TemplateListRow, TemplateRow, TemplateVersionRow } from './templates.repository.ts';

/** Console lines read per device for the summary (its receipts and taps). */
const SUMMARY_LINES = 200;

/**
 * A template's tests on its bot's test devices and their summary, and the message a version sends
 * with given values (test sends and campaigns build their messages here).
 */
export function createTemplateTests(ctx: TemplateContext) {
  const { database, repository, review, mediaUrl, ownScope } = ctx;

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
    const testing = ctx.testing();
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
    const testing = ctx.testing();
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

  return { messageOf, runTest, summaryOf };
}
