import {
  type TGoogleApiError,
  type TMessageContentInput,
  type TRbmAgentMessageRequest,
  type TRbmCardContent,
  type TRbmSuggestion,
  ZGoogleApiError,
} from '@portico/domain';
import type { FastifyInstance } from 'fastify';
import type { PartnerCaller } from '../partner-credentials/partner-credentials.service.ts';
import { type PartnerSendsService, type SendRefusal, SendRefused } from './partner-sends.service.ts';
import { convertEach, type SuggestionInput } from './shapes.ts';

/**
 * Google's RBM shapes on our side: an AgentMessage as our message content (then checked by
 * ZMessageContent, the same rules as our templates; a file by URL or uploaded with files.create is
 * a `file` message), and every refusal as a Google API error.
 */

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

const suggestionsOf = (list: TRbmSuggestion[] | undefined) => convertEach(list, suggestionOf);

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
    const cards = convertEach(carousel.cardContents, cardOf);
    if (typeof cards === 'string') return cards;
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

/** The route config of a partner's call: a bearer token, not the portal's cookie (no XSRF), nor the portal's rate limit. */
export const PARTNER_CALL = { xsrf: false, rateLimit: false } as const;

/** Every 4xx and 5xx of a Google route is in Google's error shape. */
export const GOOGLE_ERRORS = { '4xx': ZGoogleApiError, '5xx': ZGoogleApiError } as const;

/** Ends a Google call with a refusal, which the routes' error handler (googleErrors) words as Google does. */
export const refuseAsGoogle = (refusal: SendRefusal): never => {
  throw new SendRefused(refusal);
};

/** Ends a Google call with INVALID_ARGUMENT and this message. */
export const invalid = (message: string): never => refuseAsGoogle({ reason: 'invalid', detail: message });

/**
 * The agent of the token's bot; a request naming another agent (any of `agentIds` given) finds
 * nothing, NOT_FOUND, as another partner's would.
 */
export async function agentOfCaller(
  sends: Pick<PartnerSendsService, 'senderOfCaller'>,
  caller: PartnerCaller,
  ...agentIds: (string | undefined)[]
): Promise<string> {
  const sender = await sends.senderOfCaller(caller, 'rbm');
  if (!sender || agentIds.some((id) => id !== undefined && id !== sender))
    return refuseAsGoogle({ reason: 'not_found', detail: agentIds.find(Boolean) ?? '' });
  return sender;
}

/**
 * Google's error shape for what a route's handler or hook throws: a refusal (ours or the send
 * pipeline's) in Google's words and status, and a request Fastify cannot take (bad JSON, a wrong
 * content type, too large) as INVALID_ARGUMENT; a 5xx goes on to the app's own handler.
 */
export function googleErrors(app: Pick<FastifyInstance, 'setErrorHandler'>): void {
  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof SendRefused) {
      const { status, body } = googleRefusal(error.refusal);
      return reply.code(status).send(body);
    }
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status >= 500) throw error;
    const { body } = invalidArgument(error instanceof Error ? error.message : 'The request is not valid.');
    return reply.code(status === 429 ? 429 : 400).send(body);
  });
}
