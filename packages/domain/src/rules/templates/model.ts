/**
 * The template model, network-neutral: what the builder edits and the API stores in a version.
 * RCS templates are Google RBM content messages; WhatsApp templates are Meta message templates.
 * The zod shapes (with every limit at its field) are in contracts/templates.ts; the checks are
 * rcs-rules.ts and whatsapp-rules.ts, the JSON of each network rbm-json.ts and whatsapp-json.ts.
 */

export type TemplateChannel = 'rcs' | 'whatsapp';

/** Media of a card or a header: a web address, or a file uploaded to us (its storage key). */
export type TemplateMedia =
  | { source: 'url'; url: string; kind: 'image' | 'video' | 'document' }
  | { source: 'upload'; key: string; kind: 'image' | 'video' | 'document' };

interface SuggestionBase {
  text: string;
  postbackData: string;
}
export type RcsSuggestion =
  | (SuggestionBase & { type: 'reply' })
  | (SuggestionBase & { type: 'dial'; phoneNumber: string })
  | (SuggestionBase & { type: 'open_url'; url: string })
  | (SuggestionBase & {
      type: 'view_location';
      latitude: number;
      longitude: number;
      label?: string | undefined;
    })
  | (SuggestionBase & { type: 'share_location' })
  | (SuggestionBase & {
      type: 'calendar';
      title: string;
      description?: string | undefined;
      startTime: string;
      endTime: string;
    });
export type RcsSuggestionType = RcsSuggestion['type'];
export const RCS_SUGGESTION_TYPES = [
  'reply',
  'dial',
  'open_url',
  'view_location',
  'share_location',
  'calendar',
] as const satisfies readonly RcsSuggestionType[];

export const RCS_MEDIA_HEIGHTS = ['SHORT', 'MEDIUM', 'TALL'] as const;
export type RcsMediaHeight = (typeof RCS_MEDIA_HEIGHTS)[number];

export interface RcsCard {
  title?: string | undefined;
  description?: string | undefined;
  media?: (TemplateMedia & { height: RcsMediaHeight }) | undefined;
  suggestions: RcsSuggestion[];
}

export type RcsTemplateContent =
  | { kind: 'text'; text: string; suggestions: RcsSuggestion[] }
  | {
      kind: 'rich_card';
      orientation: 'VERTICAL' | 'HORIZONTAL';
      /** Horizontal cards: the image on the left or the right. */
      imageAlignment: 'LEFT' | 'RIGHT';
      card: RcsCard;
      suggestions: RcsSuggestion[];
    }
  | { kind: 'carousel'; cardWidth: 'SMALL' | 'MEDIUM'; cards: RcsCard[]; suggestions: RcsSuggestion[] };

export const WHATSAPP_TEMPLATE_CATEGORIES = ['MARKETING', 'UTILITY', 'AUTHENTICATION'] as const;
export type WhatsappTemplateCategory = (typeof WHATSAPP_TEMPLATE_CATEGORIES)[number];

export type WhatsappHeader =
  | { format: 'TEXT'; text: string; example?: string | undefined }
  | { format: 'IMAGE' | 'VIDEO' | 'DOCUMENT'; media: TemplateMedia };

export type WhatsappButton =
  | { type: 'QUICK_REPLY'; text: string }
  | { type: 'URL'; text: string; url: string; example?: string | undefined }
  | { type: 'PHONE_NUMBER'; text: string; phoneNumber: string }
  | { type: 'COPY_CODE'; text: string; example?: string | undefined };
export const WHATSAPP_BUTTON_TYPES = ['QUICK_REPLY', 'URL', 'PHONE_NUMBER', 'COPY_CODE'] as const;

export interface WhatsappTemplateContent {
  category: WhatsappTemplateCategory;
  header: WhatsappHeader | null;
  body: { text: string; examples: string[] };
  footer: string | null;
  buttons: WhatsappButton[];
  /** Authentication templates only: Meta's security line and the code's expiry. */
  authentication?: { securityRecommendation: boolean; codeExpirationMinutes: number | null } | undefined;
}

/** The template types the list filters on (RCS: the content's kind; WhatsApp: text or media header, or authentication). */
export const TEMPLATE_TYPES = ['text', 'rich_card', 'carousel', 'media', 'authentication'] as const;
export type TemplateType = (typeof TEMPLATE_TYPES)[number];

export function rcsTemplateType(content: RcsTemplateContent): TemplateType {
  return content.kind;
}
export function whatsappTemplateType(content: WhatsappTemplateContent): TemplateType {
  if (content.category === 'AUTHENTICATION') return 'authentication';
  return content.header && content.header.format !== 'TEXT' ? 'media' : 'text';
}

/** A field's problem: its path in the content (as zod paths are) and the reason shown at the field. */
export interface TemplateProblem {
  path: (string | number)[];
  message: string;
}
