import {
  fromRbmAgentMessage,
  fromWhatsappTemplate,
  type RcsTemplateContent,
  rcsTemplateProblems,
  type TemplateMedia,
  type TTemplateImport,
  type TTemplateJson,
  toRbmAgentMessage,
  toWhatsappTemplate,
  type WhatsappTemplateContent,
  whatsappTemplateProblems,
  ZRbmAgentMessageJson,
  ZWhatsappTemplateJson,
} from '@portico/domain';
import { BadRequestError } from '../../platform/http/errors.ts';
import { networkTemplateName } from './templates.context.ts';
import type { TemplateRow, TemplateVersionRow } from './templates.repository.ts';

/** A version as the network's JSON (RBM AgentMessage, Meta's create body). */
export function networkJsonOf(
  template: Pick<TemplateRow, 'channel' | 'name' | 'language'>,
  version: TemplateVersionRow,
  mediaUrl: (media: TemplateMedia) => string,
): TTemplateJson {
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
}

/** The network's JSON read into a template to start from (validated; nothing is saved). */
export function importNetworkJson(channel: 'rcs' | 'whatsapp', json: unknown): TTemplateImport {
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
}
