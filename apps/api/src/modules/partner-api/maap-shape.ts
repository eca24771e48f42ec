import {
  mediaTypeOfMime,
  type TMaapCardContent,
  type TMaapError,
  type TMaapMessageRequest,
  type TMaapSuggestion,
  type TMessageContentInput,
} from '@portico/domain';
import type { SendRefusal } from './partner-sends.service.ts';
import { convertEach, type SuggestionInput } from './shapes.ts';

/**
 * GSMA MaaP's shapes on our side: an RCSMessage as our message content (then checked by
 * ZMessageContent, the same rules as our templates), and every refusal as MaaP's error. The other
 * way, our content as an RCSMessage, is the MaaP connector's (networks/maap.ts, maapRcsMessage).
 */

function suggestionOf(s: TMaapSuggestion): SuggestionInput | string {
  if (s.reply)
    return { type: 'reply', text: s.reply.displayText, postbackData: s.reply.postback?.data ?? '' };
  const a = s.action;
  if (!a) return 'a suggestion needs reply or action';
  const base = { text: a.displayText, postbackData: a.postback?.data ?? '' };
  if (a.dialerAction)
    return { ...base, type: 'dial', phoneNumber: a.dialerAction.dialPhoneNumber.phoneNumber };
  if (a.urlAction) return { ...base, type: 'open_url', url: a.urlAction.openUrl.url };
  const location = a.mapAction?.showLocation?.location;
  if (location)
    return {
      ...base,
      type: 'view_location',
      latitude: location.latitude,
      longitude: location.longitude,
      ...(location.label ? { label: location.label } : {}),
    };
  if (a.mapAction?.requestLocationPush) return { ...base, type: 'share_location' };
  const event = a.calendarAction?.createCalendarEvent;
  if (event)
    return {
      ...base,
      type: 'calendar',
      title: event.title,
      startTime: event.startTime,
      endTime: event.endTime,
      ...(event.description ? { description: event.description } : {}),
    };
  return 'this suggested action is not supported';
}

const suggestionsOf = (list: TMaapSuggestion[] | undefined) => convertEach(list, suggestionOf);

const HEIGHTS = { SHORT_HEIGHT: 'SHORT', MEDIUM_HEIGHT: 'MEDIUM', TALL_HEIGHT: 'TALL' } as const;

function cardOf(card: TMaapCardContent) {
  const suggestions = suggestionsOf(card.suggestions);
  if (typeof suggestions === 'string') return suggestions;
  return {
    ...(card.title !== undefined ? { title: card.title } : {}),
    ...(card.description !== undefined ? { description: card.description } : {}),
    ...(card.media
      ? { media: { fileUrl: card.media.mediaUrl, height: HEIGHTS[card.media.height ?? 'MEDIUM_HEIGHT'] } }
      : {}),
    suggestions,
  };
}

/** The RCSMessage as our content input (to be parsed by ZMessageContent), or why it cannot be. */
export function contentOfRcsMessage(
  message: TMaapMessageRequest['RCSMessage'],
): TMessageContentInput | string {
  const suggestions = suggestionsOf(message.suggestedChipList?.suggestions);
  if (typeof suggestions === 'string') return suggestions;
  const kinds = [
    message.textMessage !== undefined,
    message.richcardMessage !== undefined,
    message.fileMessage !== undefined,
    message.audioMessage !== undefined,
    message.geolocationPushMessage !== undefined,
  ];
  if (kinds.filter(Boolean).length !== 1)
    return 'RCSMessage must have exactly one of textMessage, richcardMessage, fileMessage, audioMessage or geolocationPushMessage';
  if (message.textMessage !== undefined) return { kind: 'text', text: message.textMessage, suggestions };
  const rich = message.richcardMessage?.message;
  const standalone = rich?.generalPurposeCard;
  if (standalone) {
    const card = cardOf(standalone.content);
    if (typeof card === 'string') return card;
    const layout = standalone.layout;
    return {
      kind: 'rich_card',
      card,
      ...(layout?.cardOrientation ? { orientation: layout.cardOrientation } : {}),
      ...(layout?.imageAlignment ? { imageAlignment: layout.imageAlignment } : {}),
      suggestions,
    };
  }
  const carousel = rich?.generalPurposeCardCarousel;
  if (carousel) {
    const cards = convertEach(carousel.content, cardOf);
    if (typeof cards === 'string') return cards;
    const width = carousel.layout?.cardWidth === 'SMALL_WIDTH' ? 'SMALL' : 'MEDIUM';
    return { kind: 'carousel', cardWidth: width, cards, suggestions };
  }
  if (rich) return 'richcardMessage.message must have a generalPurposeCard or a generalPurposeCardCarousel';
  const file = message.fileMessage ?? message.audioMessage;
  if (file) {
    const mediaType = mediaTypeOfMime(file.fileMIMEType);
    if (message.audioMessage && mediaType !== 'audio')
      return 'audioMessage.fileMIMEType must be an audio type, e.g. audio/mp4';
    const thumbnailUrl = message.fileMessage?.thumbnailUrl;
    return {
      kind: 'file',
      fileUrl: file.fileUrl,
      mimeType: file.fileMIMEType,
      mediaType,
      ...(file.fileSize !== undefined ? { fileSize: file.fileSize } : {}),
      ...(file.fileName !== undefined ? { fileName: file.fileName } : {}),
      ...(thumbnailUrl !== undefined ? { thumbnailUrl } : {}),
      suggestions,
    };
  }
  return 'location pushes are not supported yet: send textMessage, richcardMessage, fileMessage or audioMessage';
}

export const maapError = (code: number, message: string): TMaapError => ({ error: { code, message } });

export const badRequest = (message: string) => ({ status: 400, body: maapError(400, message) });

/** A refusal of the send pipeline in MaaP's words and HTTP status. */
export function maapRefusal(refusal: SendRefusal): { status: number; body: TMaapError } {
  switch (refusal.reason) {
    case 'unauthenticated':
      return {
        status: 401,
        body: maapError(
          401,
          refusal.detail === 'expired'
            ? 'Unauthorized: the access token has expired.'
            : 'Unauthorized: the access token is missing, invalid or revoked.',
        ),
      };
    case 'not_found':
      return { status: 404, body: maapError(404, `Not found: ${refusal.detail || 'the resource'}.`) };
    case 'invalid':
      return badRequest(refusal.detail);
    case 'not_test_device':
      // MaaP's 403: the chatbot may not reach this contact (a carrier refuses an unlaunched bot so).
      return {
        status: 403,
        body: maapError(
          403,
          'Forbidden: the chatbot is not launched and the contact is not one of its test devices.',
        ),
      };
    case 'rate_limited':
      return {
        status: 429,
        body: maapError(
          429,
          `Too many requests: at most ${refusal.detail} messages per second for this chatbot.`,
        ),
      };
    case 'insufficient_funds':
      // MaaP has no wallet error of its own. 402 Payment Required is the closest HTTP form and
      // stays apart from 403 (a contact the bot may not reach): a client that retries 5xx and 429
      // does not retry it, and nothing was sent.
      return {
        status: 402,
        body: maapError(
          402,
          'Payment required: the wallet does not cover this message. Top up the wallet; nothing was sent.',
        ),
      };
    case 'duplicate':
      // The routes answer a repeated msgId as MaaP does, accepted again and not sent again; this
      // form is for a caller that asks for the refusal itself.
      return { status: 409, body: maapError(409, `The message ${refusal.detail} was already accepted.`) };
    case 'network': {
      // The network's own status and words (the sandbox and a carrier's MaaP speak the same).
      const error = refusal.error;
      const status = error.detail.httpStatus ?? error.httpStatus;
      const words = error.message.replace(/^GSMA MaaP: /, '');
      // Our own credentials refused by the network is not the partner's fault: unavailable to them.
      const code = status >= 500 || error.kind === 'unauthorized' ? 503 : status;
      return { status: code, body: maapError(code, words) };
    }
  }
}
