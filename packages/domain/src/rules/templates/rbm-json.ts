import type { RcsCard, RcsSuggestion, RcsTemplateContent, TemplateMedia } from './model.ts';

/**
 * An RCS template as Google RBM's AgentMessage JSON (`{contentMessage: {...}}`, the body of
 * phones.agentMessages.create) and back. Uploaded media is exported with its public address (the
 * caller resolves storage keys); imported media is always an address.
 */

export interface RbmSuggestionJson {
  reply?: { text: string; postbackData?: string | undefined } | undefined;
  action?:
    | {
        text: string;
        postbackData?: string | undefined;
        dialAction?: { phoneNumber: string } | undefined;
        openUrlAction?: { url: string } | undefined;
        viewLocationAction?:
          | {
              latLong?: { latitude: number; longitude: number } | undefined;
              label?: string | undefined;
              query?: string | undefined;
            }
          | undefined;
        shareLocationAction?: Record<string, never> | undefined;
        createCalendarEventAction?:
          | { startTime: string; endTime: string; title: string; description?: string | undefined }
          | undefined;
      }
    | undefined;
}
export interface RbmCardContentJson {
  title?: string | undefined;
  description?: string | undefined;
  media?:
    | {
        height?: 'SHORT' | 'MEDIUM' | 'TALL' | undefined;
        contentInfo: {
          fileUrl: string;
          thumbnailUrl?: string | undefined;
          forceRefresh?: boolean | undefined;
        };
      }
    | undefined;
  suggestions?: RbmSuggestionJson[] | undefined;
}
export interface RbmAgentMessageJson {
  contentMessage: {
    text?: string | undefined;
    richCard?:
      | {
          standaloneCard?:
            | {
                cardOrientation: 'VERTICAL' | 'HORIZONTAL';
                thumbnailImageAlignment?: 'LEFT' | 'RIGHT' | undefined;
                cardContent: RbmCardContentJson;
              }
            | undefined;
          carouselCard?: { cardWidth: 'SMALL' | 'MEDIUM'; cardContents: RbmCardContentJson[] } | undefined;
        }
      | undefined;
    suggestions?: RbmSuggestionJson[] | undefined;
  };
}

/** Resolves media to the address the network fetches (an uploaded file's public URL). */
export type MediaUrlOf = (media: TemplateMedia) => string;
const directUrl: MediaUrlOf = (media) => (media.source === 'url' ? media.url : media.key);

export function rbmSuggestion(s: RcsSuggestion): RbmSuggestionJson {
  const base = { text: s.text, ...(s.postbackData ? { postbackData: s.postbackData } : {}) };
  switch (s.type) {
    case 'reply':
      return { reply: base };
    case 'dial':
      return { action: { ...base, dialAction: { phoneNumber: s.phoneNumber } } };
    case 'open_url':
      return { action: { ...base, openUrlAction: { url: s.url } } };
    case 'view_location':
      return {
        action: {
          ...base,
          viewLocationAction: {
            latLong: { latitude: s.latitude, longitude: s.longitude },
            ...(s.label ? { label: s.label } : {}),
          },
        },
      };
    case 'share_location':
      return { action: { ...base, shareLocationAction: {} } };
    case 'calendar':
      return {
        action: {
          ...base,
          createCalendarEventAction: {
            startTime: s.startTime,
            endTime: s.endTime,
            title: s.title,
            ...(s.description ? { description: s.description } : {}),
          },
        },
      };
  }
}

function rbmCard(card: RcsCard, mediaUrl: MediaUrlOf, withHeight: boolean): RbmCardContentJson {
  return {
    ...(card.title ? { title: card.title } : {}),
    ...(card.description ? { description: card.description } : {}),
    ...(card.media
      ? {
          media: {
            ...(withHeight ? { height: card.media.height } : {}),
            contentInfo: { fileUrl: mediaUrl(card.media), forceRefresh: false },
          },
        }
      : {}),
    ...(card.suggestions.length ? { suggestions: card.suggestions.map(rbmSuggestion) } : {}),
  };
}

/** The template as RBM's AgentMessage. */
export function toRbmAgentMessage(
  content: RcsTemplateContent,
  mediaUrl: MediaUrlOf = directUrl,
): RbmAgentMessageJson {
  const suggestions = content.suggestions.length
    ? { suggestions: content.suggestions.map(rbmSuggestion) }
    : {};
  switch (content.kind) {
    case 'text':
      return { contentMessage: { text: content.text, ...suggestions } };
    case 'rich_card': {
      const horizontal = content.orientation === 'HORIZONTAL';
      return {
        contentMessage: {
          richCard: {
            standaloneCard: {
              cardOrientation: content.orientation,
              ...(horizontal ? { thumbnailImageAlignment: content.imageAlignment } : {}),
              cardContent: rbmCard(content.card, mediaUrl, !horizontal),
            },
          },
          ...suggestions,
        },
      };
    }
    case 'carousel':
      return {
        contentMessage: {
          richCard: {
            carouselCard: {
              cardWidth: content.cardWidth,
              cardContents: content.cards.map((card) => rbmCard(card, mediaUrl, true)),
            },
          },
          ...suggestions,
        },
      };
  }
}

const VIDEO_FILE = /\.(mp4|m4v|mpe?g|mpeg4|webm|3gp|h263)(\?|#|$)/i;
function mediaFromUrl(url: string): TemplateMedia {
  return { source: 'url', url, kind: VIDEO_FILE.test(url) ? 'video' : 'image' };
}

/** One RBM suggestion in our model; null (with the reason) for one we cannot represent. */
export function fromRbmSuggestion(json: RbmSuggestionJson): RcsSuggestion | string {
  if (json.reply)
    return { type: 'reply', text: json.reply.text, postbackData: json.reply.postbackData ?? '' };
  const a = json.action;
  if (!a) return 'A suggestion is neither a reply nor an action.';
  const base = { text: a.text, postbackData: a.postbackData ?? '' };
  if (a.dialAction) return { ...base, type: 'dial', phoneNumber: a.dialAction.phoneNumber };
  if (a.openUrlAction) return { ...base, type: 'open_url', url: a.openUrlAction.url };
  if (a.viewLocationAction) {
    if (!a.viewLocationAction.latLong)
      return 'A view-location action by search query is not supported: give its latitude and longitude.';
    return {
      ...base,
      type: 'view_location',
      latitude: a.viewLocationAction.latLong.latitude,
      longitude: a.viewLocationAction.latLong.longitude,
      ...(a.viewLocationAction.label ? { label: a.viewLocationAction.label } : {}),
    };
  }
  if (a.shareLocationAction) return { ...base, type: 'share_location' };
  if (a.createCalendarEventAction) {
    const e = a.createCalendarEventAction;
    return {
      ...base,
      type: 'calendar',
      title: e.title,
      startTime: e.startTime,
      endTime: e.endTime,
      ...(e.description ? { description: e.description } : {}),
    };
  }
  return 'This suggestion action is not one a template offers (reply, dial, open URL, view or share location, calendar event).';
}

/** The AgentMessage as our template content, or the reason it cannot be one. */
export function fromRbmAgentMessage(
  json: RbmAgentMessageJson,
): { content: RcsTemplateContent } | { error: string } {
  const errors: string[] = [];
  const suggestionsOf = (list: RbmSuggestionJson[] | undefined) =>
    (list ?? []).flatMap((s) => {
      const out = fromRbmSuggestion(s);
      if (typeof out === 'string') {
        errors.push(out);
        return [];
      }
      return [out];
    });
  const cardOf = (c: RbmCardContentJson): RcsCard => ({
    ...(c.title !== undefined ? { title: c.title } : {}),
    ...(c.description !== undefined ? { description: c.description } : {}),
    ...(c.media
      ? { media: { ...mediaFromUrl(c.media.contentInfo.fileUrl), height: c.media.height ?? 'MEDIUM' } }
      : {}),
    suggestions: suggestionsOf(c.suggestions),
  });
  const m = json.contentMessage;
  const suggestions = suggestionsOf(m.suggestions);
  let content: RcsTemplateContent | null = null;
  if (m.text !== undefined && !m.richCard) content = { kind: 'text', text: m.text, suggestions };
  else if (m.richCard?.standaloneCard && m.text === undefined) {
    const card = m.richCard.standaloneCard;
    content = {
      kind: 'rich_card',
      orientation: card.cardOrientation,
      imageAlignment: card.thumbnailImageAlignment ?? 'LEFT',
      card: cardOf(card.cardContent),
      suggestions,
    };
  } else if (m.richCard?.carouselCard && m.text === undefined) {
    content = {
      kind: 'carousel',
      cardWidth: m.richCard.carouselCard.cardWidth,
      cards: m.richCard.carouselCard.cardContents.map(cardOf),
      suggestions,
    };
  }
  if (!content)
    return {
      error: 'The contentMessage must hold exactly one of text or a rich card (standalone or carousel).',
    };
  if (errors.length) return { error: errors.join(' ') };
  return { content };
}
