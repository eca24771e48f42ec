import { randomBytes } from 'node:crypto';
import {
  type TCloudApiError,
  type TCloudApiSendRequest,
  type TMessageContent,
  WHATSAPP_MEDIA_TYPES,
  type WhatsAppMediaType,
} from '@portico/domain';
import type { ZodError } from 'zod';
import type { SendRefusal } from './partner-sends.service.ts';

/**
 * Meta's WhatsApp Cloud API shapes on our side: the request as our message content, and every
 * refusal as a Graph API error (https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes).
 */

type CloudApiFailure = { status: number; body: TCloudApiError };

/**
 * A media message (image, video, document, audio, sticker) as our `file` content: the link, or the
 * id of media the bot uploaded (POST /{phone-number-id}/media; the send pipeline finds it the bot's
 * or answers not found), the media type the message names, and its caption and document filename.
 */
function mediaContent(
  body: TCloudApiSendRequest,
  type: WhatsAppMediaType,
): TMessageContent | CloudApiFailure {
  const media: { id?: string; link?: string; caption?: string; filename?: string } | undefined = body[type];
  if (!media) return invalidParameter(`Param ${type} is required for type ${type}.`);
  if (media.id !== undefined && !/^\d{1,40}$/.test(media.id))
    return invalidParameter(`Param ${type}['id'] is not a valid media ID.`);
  return {
    kind: 'file',
    ...(media.link !== undefined ? { fileUrl: media.link } : { uploadedFile: media.id ?? '' }),
    mediaType: type,
    ...(media.caption !== undefined ? { caption: media.caption } : {}),
    ...(media.filename !== undefined ? { fileName: media.filename } : {}),
    suggestions: [],
  };
}

const isMediaType = (type: string): type is WhatsAppMediaType =>
  (WHATSAPP_MEDIA_TYPES as readonly string[]).includes(type);

/**
 * The send's body as our content model (the connector turns it back into the Cloud API's), or the
 * refusal, in Meta's shape, of what it names but Portico does not offer.
 */
export function contentOfCloudApiRequest(body: TCloudApiSendRequest): TMessageContent | CloudApiFailure {
  if (isMediaType(body.type)) return mediaContent(body, body.type);
  if (body.type === 'location' && body.location)
    return {
      kind: 'location',
      latitude: body.location.latitude,
      longitude: body.location.longitude,
      ...(body.location.name !== undefined ? { name: body.location.name } : {}),
      ...(body.location.address !== undefined ? { address: body.location.address } : {}),
    };
  if (body.type === 'contacts' && body.contacts) return { kind: 'contacts', contacts: body.contacts };
  if (body.type === 'reaction' && body.reaction)
    return { kind: 'reaction', messageId: body.reaction.message_id, emoji: body.reaction.emoji };
  if (body.type === 'template' && body.template) {
    const components = body.template.components ?? [];
    const header = components.find((c) => c.type === 'header');
    const bodyParams = components.find((c) => c.type === 'body');
    const buttons = components.flatMap((c) => (c.type === 'button' ? [c] : []));
    return {
      kind: 'template',
      templateName: body.template.name,
      language: body.template.language.code,
      parameters: bodyParams?.parameters.map((p) => p.text) ?? [],
      ...(header?.parameters.length ? { headerParameters: header.parameters.map((p) => p.text) } : {}),
      ...(buttons.length
        ? {
            urlButtonParameters: buttons.map((b) => ({
              index: Number(b.index),
              text: b.parameters[0]?.text ?? '',
            })),
          }
        : {}),
    };
  }
  if (body.type === 'interactive' && body.interactive)
    return {
      kind: 'text',
      text: body.interactive.body.text,
      suggestions: body.interactive.action.buttons.map((b) => ({
        type: 'reply' as const,
        text: b.reply.title,
        postbackData: b.reply.id,
      })),
    };
  return { kind: 'text', text: body.text?.body ?? '', suggestions: [] };
}

const traceId = () => randomBytes(12).toString('base64url');

/**
 * Meta's message of a Graph error code, as the Cloud API answers it after `(#code)` (the network
 * connector keeps only error_data.details, so the title is put back from the code).
 */
const GRAPH_ERROR_TITLES: Readonly<Record<number, string>> = {
  100: 'Invalid parameter',
  130429: 'Rate limit hit',
  131000: 'Something went wrong',
  131026: 'Message undeliverable',
  131047: 'Re-engagement message',
  131051: 'Unsupported message type',
  131053: 'Media upload error',
  132000: 'Number of parameters does not match the expected number of params',
  132001: 'Template name does not exist in the translation',
  132005: 'Translated text too long',
  132007: 'Template format character policy violated',
  132012: 'Parameter format does not match format in the created template',
  132015: 'Template is paused',
  132016: 'Template is disabled',
};

/** A Graph API error body. */
export function cloudApiError(
  code: number,
  title: string,
  details?: string,
  subcode?: number,
  type = 'OAuthException',
): TCloudApiError {
  return {
    error: {
      message: `(#${code}) ${title}`,
      type,
      code,
      ...(subcode !== undefined ? { error_subcode: subcode } : {}),
      ...(details ? { error_data: { messaging_product: 'whatsapp' as const, details } } : {}),
      fbtrace_id: traceId(),
    },
  };
}

/** A malformed body, as Meta's (#100) Invalid parameter, naming the first wrong field. */
export function invalidParameter(details: string): CloudApiFailure {
  return { status: 400, body: cloudApiError(100, 'Invalid parameter', details) };
}

export function invalidBodyOf(error: ZodError): { status: number; body: TCloudApiError } {
  const issue = error.issues[0];
  const where = issue?.path.length ? issue.path.join('.') : 'body';
  return invalidParameter(`Parameter ${where}: ${issue?.message ?? 'is not valid'}.`);
}

/**
 * An Idempotency-Key that cannot run now (Meta has no such header; its (#100) and these statuses):
 * its first request is still in flight (409), or it was used with another request (422).
 */
export function idempotencyRefusal(refusal: 'in_flight' | 'other_request', key: string): CloudApiFailure {
  return refusal === 'in_flight'
    ? {
        status: 409,
        body: cloudApiError(
          100,
          'Invalid parameter',
          `The request with Idempotency-Key '${key}' is still being processed. Retry later for its answer.`,
        ),
      }
    : {
        status: 422,
        body: cloudApiError(
          100,
          'Invalid parameter',
          `Idempotency-Key '${key}' was already used with a different request. Use a new key for a new message.`,
        ),
      };
}

/** A refusal of the send pipeline in Meta's words, with Meta's HTTP status. */
export function cloudApiRefusal(refusal: SendRefusal): { status: number; body: TCloudApiError } {
  switch (refusal.reason) {
    case 'unauthenticated':
      // Meta answers an invalid, expired or revoked token with code 190 and HTTP 401.
      return {
        status: 401,
        body: {
          error: {
            message:
              refusal.detail === 'expired'
                ? 'Error validating access token: Session has expired.'
                : 'Invalid OAuth access token - Cannot parse access token',
            type: 'OAuthException',
            code: 190,
            fbtrace_id: traceId(),
          },
        },
      };
    case 'not_found':
      return {
        status: 404,
        body: cloudApiError(
          100,
          'Unsupported post request',
          `Object with ID '${refusal.detail}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
          33,
          'GraphMethodException',
        ),
      };
    case 'invalid':
      return invalidParameter(refusal.detail);
    case 'not_test_device':
      return {
        status: 400,
        body: cloudApiError(
          131030,
          'Recipient phone number not in allowed list',
          'The bot is not launched yet: it can only send to its test devices. Add the number as a test device, or launch the bot.',
        ),
      };
    case 'rate_limited':
      return {
        status: 429,
        body: cloudApiError(
          130429,
          'Rate limit hit',
          `Cloud API message throughput has been reached: at most ${refusal.detail} messages per second for this number. Try again later.`,
        ),
      };
    case 'insufficient_funds':
      return {
        status: 400,
        body: cloudApiError(
          131042,
          'Business eligibility payment issue',
          'The wallet does not cover this message. Top up the wallet; nothing was sent.',
        ),
      };
    case 'duplicate':
      return {
        status: 409,
        body: cloudApiError(
          100,
          'Invalid parameter',
          `A message with Idempotency-Key '${refusal.detail}' was already accepted; it is not sent again.`,
        ),
      };
    case 'network': {
      // The network's own code and details (the sandbox and Meta speak the same), else Meta's
      // 131000; the message is Meta's title of the code, the details the network's own words.
      const error = refusal.error;
      const detailCode = Number(error.detail.code);
      const code = Number.isInteger(detailCode) && detailCode > 0 ? detailCode : 131000;
      const status = error.detail.httpStatus ?? error.httpStatus;
      const words = error.message.replace(/^WhatsApp: /, '');
      return {
        status: status >= 500 ? 503 : status,
        body: cloudApiError(code, GRAPH_ERROR_TITLES[code] ?? words, words),
      };
    }
  }
}
