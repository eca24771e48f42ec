import type { TemplateMedia, WhatsappButton, WhatsappHeader, WhatsappTemplateContent } from './model.ts';
import { whatsappAuthenticationBody, whatsappAuthenticationFooter } from './whatsapp-rules.ts';

/**
 * A WhatsApp template as the body of Meta's POST /{waba-id}/message_templates (name, language,
 * category, components) and back. A media header's example is an upload handle of Meta's Resumable
 * Upload API; the caller resolves it (on download: the media's address, as the handle is made only
 * when the template is submitted).
 */

export type WhatsappComponentJson =
  | {
      type: 'HEADER';
      format: 'TEXT' | 'IMAGE' | 'VIDEO' | 'DOCUMENT';
      text?: string | undefined;
      example?: { header_text?: string[] | undefined; header_handle?: string[] | undefined } | undefined;
    }
  | {
      type: 'BODY';
      text?: string | undefined;
      add_security_recommendation?: boolean | undefined;
      example?: { body_text?: string[][] | undefined } | undefined;
    }
  | { type: 'FOOTER'; text?: string | undefined; code_expiration_minutes?: number | undefined }
  | { type: 'BUTTONS'; buttons: WhatsappButtonJson[] };

export type WhatsappButtonJson =
  | { type: 'QUICK_REPLY'; text: string }
  | { type: 'URL'; text: string; url: string; example?: string[] | undefined }
  | { type: 'PHONE_NUMBER'; text: string; phone_number: string }
  | { type: 'COPY_CODE'; example: string }
  | { type: 'OTP'; otp_type: 'COPY_CODE'; text?: string | undefined };

export interface WhatsappTemplateJson {
  name: string;
  language: string;
  category: WhatsappTemplateContent['category'];
  components: WhatsappComponentJson[];
}

/** The header media's example: Meta's upload handle (or, on download, its address). */
export type MediaHandleOf = (media: TemplateMedia) => string;
const directHandle: MediaHandleOf = (media) => (media.source === 'url' ? media.url : media.key);

/** Meta's fixed text of the copy-code button of a marketing template (the button text is not sent). */
export const WHATSAPP_COPY_CODE_TEXT = 'Copy offer code';

function buttonJson(button: WhatsappButton): WhatsappButtonJson {
  switch (button.type) {
    case 'QUICK_REPLY':
      return { type: 'QUICK_REPLY', text: button.text };
    case 'URL':
      return {
        type: 'URL',
        text: button.text,
        url: button.url,
        ...(button.example ? { example: [button.example] } : {}),
      };
    case 'PHONE_NUMBER':
      return { type: 'PHONE_NUMBER', text: button.text, phone_number: button.phoneNumber };
    case 'COPY_CODE':
      return { type: 'COPY_CODE', example: button.example ?? '' };
  }
}

/** The components of the template as Meta takes them. */
export function toWhatsappComponents(
  content: WhatsappTemplateContent,
  mediaHandle: MediaHandleOf = directHandle,
): WhatsappComponentJson[] {
  if (content.category === 'AUTHENTICATION') {
    const minutes = content.authentication?.codeExpirationMinutes ?? null;
    const button = content.buttons[0];
    return [
      { type: 'BODY', add_security_recommendation: content.authentication?.securityRecommendation ?? false },
      ...(minutes !== null ? [{ type: 'FOOTER' as const, code_expiration_minutes: minutes }] : []),
      {
        type: 'BUTTONS',
        buttons: [{ type: 'OTP', otp_type: 'COPY_CODE', ...(button ? { text: button.text } : {}) }],
      },
    ];
  }
  const components: WhatsappComponentJson[] = [];
  const { header } = content;
  if (header?.format === 'TEXT')
    components.push({
      type: 'HEADER',
      format: 'TEXT',
      text: header.text,
      ...(header.example && header.text.includes('{{') ? { example: { header_text: [header.example] } } : {}),
    });
  else if (header)
    components.push({
      type: 'HEADER',
      format: header.format,
      example: { header_handle: [mediaHandle(header.media)] },
    });
  components.push({
    type: 'BODY',
    text: content.body.text,
    ...(content.body.examples.length ? { example: { body_text: [content.body.examples] } } : {}),
  });
  if (content.footer !== null) components.push({ type: 'FOOTER', text: content.footer });
  if (content.buttons.length) components.push({ type: 'BUTTONS', buttons: content.buttons.map(buttonJson) });
  return components;
}

/** The template as the body of Meta's create call. */
export function toWhatsappTemplate(
  meta: { name: string; language: string },
  content: WhatsappTemplateContent,
  mediaHandle: MediaHandleOf = directHandle,
): WhatsappTemplateJson {
  return {
    name: meta.name,
    language: meta.language,
    category: content.category,
    components: toWhatsappComponents(content, mediaHandle),
  };
}

const HEADER_KIND = { IMAGE: 'image', VIDEO: 'video', DOCUMENT: 'document' } as const;

/** Meta's create body as our template, or the reason it cannot be one. */
export function fromWhatsappTemplate(
  json: WhatsappTemplateJson,
): { name: string; language: string; content: WhatsappTemplateContent } | { error: string } {
  const of = <T extends WhatsappComponentJson['type']>(type: T) =>
    json.components.filter((c): c is Extract<WhatsappComponentJson, { type: T }> => c.type === type);
  for (const type of ['HEADER', 'BODY', 'FOOTER', 'BUTTONS'] as const)
    if (of(type).length > 1) return { error: `A template has at most one ${type} component.` };
  const [headerJson] = of('HEADER');
  const [bodyJson] = of('BODY');
  const [footerJson] = of('FOOTER');
  const buttonsJson = of('BUTTONS')[0]?.buttons ?? [];
  if (!bodyJson) return { error: 'A template needs a BODY component.' };

  if (json.category === 'AUTHENTICATION') {
    const security = bodyJson.add_security_recommendation ?? false;
    const minutes = footerJson?.code_expiration_minutes ?? null;
    const otp = buttonsJson.find((b) => b.type === 'OTP');
    return {
      name: json.name,
      language: json.language,
      content: {
        category: 'AUTHENTICATION',
        header: null,
        body: { text: whatsappAuthenticationBody(security), examples: ['123456'] },
        footer: whatsappAuthenticationFooter(minutes),
        buttons: [{ type: 'COPY_CODE', text: otp?.type === 'OTP' && otp.text ? otp.text : 'Copy code' }],
        authentication: { securityRecommendation: security, codeExpirationMinutes: minutes },
      },
    };
  }

  let header: WhatsappHeader | null = null;
  if (headerJson?.format === 'TEXT')
    header = {
      format: 'TEXT',
      text: headerJson.text ?? '',
      ...(headerJson.example?.header_text?.[0] ? { example: headerJson.example.header_text[0] } : {}),
    };
  else if (headerJson) {
    const url = headerJson.example?.header_handle?.[0];
    if (!url || !/^https?:\/\//.test(url))
      return {
        error: 'A media header is imported from its address: put the media URL in example.header_handle.',
      };
    header = {
      format: headerJson.format,
      media: { source: 'url', url, kind: HEADER_KIND[headerJson.format] },
    };
  }
  const buttons: WhatsappButton[] = [];
  for (const b of buttonsJson) {
    if (b.type === 'OTP') return { error: 'OTP buttons belong to authentication templates.' };
    if (b.type === 'QUICK_REPLY') buttons.push({ type: 'QUICK_REPLY', text: b.text });
    if (b.type === 'URL')
      buttons.push({
        type: 'URL',
        text: b.text,
        url: b.url,
        ...(b.example?.[0] ? { example: b.example[0] } : {}),
      });
    if (b.type === 'PHONE_NUMBER')
      buttons.push({ type: 'PHONE_NUMBER', text: b.text, phoneNumber: b.phone_number });
    if (b.type === 'COPY_CODE')
      buttons.push({ type: 'COPY_CODE', text: WHATSAPP_COPY_CODE_TEXT, example: b.example });
  }
  return {
    name: json.name,
    language: json.language,
    content: {
      category: json.category,
      header,
      body: { text: bodyJson.text ?? '', examples: bodyJson.example?.body_text?.[0] ?? [] },
      footer: footerJson?.text ?? null,
      buttons,
    },
  };
}
