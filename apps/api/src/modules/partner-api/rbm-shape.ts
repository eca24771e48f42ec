import type {
  TGoogleApiError,
  TMessageContentInput,
  TRbmAgentMessageRequest,
  TRbmCardContent,
  TRbmSuggestion,
} from '@portico/domain';
import type { SendRefusal } from './partner-sends.service.ts';

/**
 * Google's RBM shapes on our side: an AgentMessage as our message content (then checked by
 * ZMessageContent, the same rules as our templates; a file by URL or uploaded with files.create is
 * a `file` message), and every refusal as a Google API error.
 */

/** A suggestion as our content takes it in (before ZMessageContent checks it). */
type SuggestionInput = NonNullable<Extract<TMessageContentInput, { kind: 'text' }>['suggestions']>[number];

function suggestionOf(s: TRbmSuggestion): SuggestionInput | string {
  if (s.reply) return { type: 'reply', text: s.reply.text, postbackData: s.reply.postbackData ?? '' };
  const a = s.action;
  if (!a) return 'a suggestion needs reply or action';
  const base = { text: a.text, postbackData: a.postbackData ?? '' };
  if (a.dialAction) return { ...base, type: 'dial', phoneNumber: a.dialAction.phoneNumber };
  if (a.openUrlAction) return { ...base, type: 'open_url', url: a.openUrlAction.url };
  if (a.viewLocationAction?.latLong)
    return {
      ...base,
      type: 'view_location',
      latitude: a.viewLocationAction.latLong.latitude,
      longitude: a.viewLocationAction.latLong.longitude,
      ...(a.viewLocationAction.label ? { label: a.viewLocationAction.label } : {}),
    };
  if (a.shareLocationAction) return { ...base, type: 'share_location' };
  if (a.createCalendarEventAction) return { ...base, type: 'calendar', ...a.createCalendarEventAction };
  return 'this suggested action is not supported';
}

function suggestionsOf(list: TRbmSuggestion[] | undefined): SuggestionInput[] | string {
  const out: SuggestionInput[] = [];
  for (const s of list ?? []) {
    const converted = suggestionOf(s);
    if (typeof converted === 'string') return converted;
    out.push(converted);
  }
  return out;
}

function cardOf(card: TRbmCardContent) {
  const suggestions = suggestionsOf(card.suggestions);
  if (typeof suggestions === 'string') return suggestions;
  if (card.media && !card.media.contentInfo?.fileUrl)
    return 'card media must be given by contentInfo.fileUrl (uploaded files are not supported yet)';
  return {
    ...(card.title !== undefined ? { title: card.title } : {}),
    ...(card.description !== undefined ? { description: card.description } : {}),
    ...(card.media?.contentInfo?.fileUrl
      ? {
          media: {
            fileUrl: card.media.contentInfo.fileUrl,
            height: card.media.height === 'HEIGHT_UNSPECIFIED' ? 'MEDIUM' : (card.media.height ?? 'MEDIUM'),
          },
        }
      : {}),
    suggestions,
  };
}

/** The AgentMessage as our content input (to be parsed by ZMessageContent), or why it cannot be. */
export function contentOfAgentMessage(body: TRbmAgentMessageRequest): TMessageContentInput | string {
  const cm = body.contentMessage;
  const suggestions = suggestionsOf(cm.suggestions);
  if (typeof suggestions === 'string') return suggestions;
  const kinds = [
    cm.text !== undefined,
    cm.richCard !== undefined,
    cm.fileName !== undefined,
    cm.uploadedRbmFile !== undefined,
    cm.contentInfo !== undefined,
  ];
  if (kinds.filter(Boolean).length !== 1)
    return 'contentMessage must have exactly one of text, richCard, fileName, uploadedRbmFile or contentInfo';
  if (cm.text !== undefined) return { kind: 'text', text: cm.text, suggestions };
  const standalone = cm.richCard?.standaloneCard;
  if (standalone) {
    const card = cardOf(standalone.cardContent);
    if (typeof card === 'string') return card;
    return {
      kind: 'rich_card',
      card,
      ...(standalone.cardOrientation ? { orientation: standalone.cardOrientation } : {}),
      ...(standalone.thumbnailImageAlignment ? { imageAlignment: standalone.thumbnailImageAlignment } : {}),
      suggestions,
    };
  }
  const carousel = cm.richCard?.carouselCard;
  if (carousel) {
    const cards = [];
    for (const content of carousel.cardContents) {
      const card = cardOf(content);
      if (typeof card === 'string') return card;
      cards.push(card);
    }
    return { kind: 'carousel', cardWidth: carousel.cardWidth ?? 'MEDIUM', cards, suggestions };
  }
  if (cm.richCard) return 'richCard must have a standaloneCard or a carouselCard';
  if (cm.contentInfo)
    return {
      kind: 'file',
      fileUrl: cm.contentInfo.fileUrl,
      ...(cm.contentInfo.thumbnailUrl ? { thumbnailUrl: cm.contentInfo.thumbnailUrl } : {}),
      suggestions,
    };
  // A file uploaded with files.create (`fileName` is the older field for the same name).
  const uploaded = cm.uploadedRbmFile ?? (cm.fileName !== undefined ? { fileName: cm.fileName } : undefined);
  if (!uploaded) return 'contentMessage has no content';
  return {
    kind: 'file',
    uploadedFile: uploaded.fileName,
    ...(uploaded.thumbnailName ? { uploadedThumbnail: uploaded.thumbnailName } : {}),
    suggestions,
  };
}

/** The bearer token of an Authorization header, if any. */
export const bearerOf = (authorization: string | undefined) => authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];

export function googleError(code: number, status: string, message: string): TGoogleApiError {
  return { error: { code, message, status } };
}

export const invalidArgument = (message: string) => ({
  status: 400,
  body: googleError(400, 'INVALID_ARGUMENT', message),
});

/** A refusal of the send pipeline in Google's words and HTTP status. */
export function googleRefusal(refusal: SendRefusal): { status: number; body: TGoogleApiError } {
  switch (refusal.reason) {
    case 'unauthenticated':
      return {
        status: 401,
        body: googleError(
          401,
          'UNAUTHENTICATED',
          'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
        ),
      };
    case 'not_found':
      return { status: 404, body: googleError(404, 'NOT_FOUND', 'Requested entity was not found.') };
    case 'invalid':
      return invalidArgument(refusal.detail);
    case 'not_test_device':
      return {
        status: 403,
        body: googleError(
          403,
          'PERMISSION_DENIED',
          'The agent is not launched and the user is not an accepted tester.',
        ),
      };
    case 'rate_limited':
      return {
        status: 429,
        body: googleError(
          429,
          'RESOURCE_EXHAUSTED',
          `Quota exceeded for agent messages per second (at most ${refusal.detail} for this agent).`,
        ),
      };
    case 'insufficient_funds':
      return {
        status: 400,
        body: googleError(
          400,
          'FAILED_PRECONDITION',
          'The wallet does not cover this message. Top up the wallet; nothing was sent.',
        ),
      };
    case 'duplicate':
      return { status: 409, body: googleError(409, 'ALREADY_EXISTS', 'Requested entity already exists') };
    case 'network': {
      const error = refusal.error;
      const status = error.detail.httpStatus ?? error.httpStatus;
      const words = error.message.replace(/^Google RBM: |^RBM: /, '');
      const googleStatus =
        typeof error.detail.code === 'string'
          ? error.detail.code
          : status >= 500
            ? 'UNAVAILABLE'
            : 'FAILED_PRECONDITION';
      return {
        status: status >= 500 ? 503 : status,
        body: googleError(status >= 500 ? 503 : status, googleStatus, words),
      };
    }
  }
}
