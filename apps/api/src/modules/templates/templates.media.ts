import { RCS_MEDIA_TYPES, RCS_TEMPLATE_LIMITS, WHATSAPP_MEDIA } from '@portico/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { BadRequestError, PayloadTooLargeError } from '../../platform/http/errors.ts';
import { checkImage, checkPdf } from '../../platform/uploads/content.ts';
import { receiveUpload, type UploadSpec } from '../../platform/uploads/receive.ts';

/**
 * Template media checked by content (never by the name or the declared type): images decoded by
 * sharp, PDFs parsed, video recognised by its container (MP4/3GPP `ftyp` box, WebM EBML header),
 * each within the network's limit. Uploads are capped at 16 MB here (the largest WhatsApp video;
 * RBM takes up to 100 MB, which is beyond what the portal holds in memory per request).
 */
export const TEMPLATE_UPLOAD_MAX_BYTES = 16 * 1024 * 1024;

export interface CheckedMedia {
  kind: 'image' | 'video' | 'document';
  contentType: string;
  extension: string;
}

const mb = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

function sniff(bytes: Uint8Array): CheckedMedia | null {
  const head = Buffer.from(bytes.subarray(0, 16));
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return { kind: 'image', contentType: 'image/png', extension: 'png' };
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff)
    return { kind: 'image', contentType: 'image/jpeg', extension: 'jpg' };
  if (head.subarray(0, 4).toString('latin1') === 'GIF8')
    return { kind: 'image', contentType: 'image/gif', extension: 'gif' };
  if (head.subarray(4, 8).toString('latin1') === 'ftyp') {
    const brand = head.subarray(8, 12).toString('latin1');
    return brand.startsWith('3g')
      ? { kind: 'video', contentType: 'video/3gpp', extension: '3gp' }
      : { kind: 'video', contentType: 'video/mp4', extension: 'mp4' };
  }
  if (head.subarray(0, 4).equals(Buffer.from([0x1a, 0x45, 0xdf, 0xa3])))
    return { kind: 'video', contentType: 'video/webm', extension: 'webm' };
  if (head.subarray(0, 5).toString('latin1') === '%PDF-')
    return { kind: 'document', contentType: 'application/pdf', extension: 'pdf' };
  return null;
}

/** What the channel takes: content types and the byte limit of each kind. */
function allowed(channel: 'rcs' | 'whatsapp', kind: CheckedMedia['kind']) {
  if (channel === 'rcs') {
    if (kind === 'document') return null;
    return {
      types: RCS_MEDIA_TYPES[kind] as readonly string[],
      maxBytes: Math.min(RCS_TEMPLATE_LIMITS.mediaBytes, TEMPLATE_UPLOAD_MAX_BYTES),
    };
  }
  const rule = WHATSAPP_MEDIA[kind === 'image' ? 'IMAGE' : kind === 'video' ? 'VIDEO' : 'DOCUMENT'];
  return {
    types: rule.types as readonly string[],
    maxBytes: Math.min(rule.maxBytes, TEMPLATE_UPLOAD_MAX_BYTES),
  };
}

export async function checkTemplateMedia(
  channel: 'rcs' | 'whatsapp',
  bytes: Uint8Array,
): Promise<CheckedMedia> {
  if (bytes.length === 0) throw new BadRequestError('The file is empty.');
  const media = sniff(bytes);
  const network = channel === 'rcs' ? 'RCS' : 'WhatsApp';
  const accepted =
    channel === 'rcs'
      ? 'a JPEG, PNG or GIF image, or an MP4 or WebM video'
      : 'a JPEG or PNG image, an MP4 video, or a PDF';
  if (!media)
    throw new BadRequestError(`The file is not media ${network} templates take: upload ${accepted}.`);
  const rule = allowed(channel, media.kind);
  if (!rule?.types.includes(media.contentType))
    throw new BadRequestError(`${network} templates do not take ${media.contentType}: upload ${accepted}.`);
  if (bytes.length > rule.maxBytes)
    throw new PayloadTooLargeError(
      `The file is ${mb(bytes.length)}; the limit for ${network} ${media.kind}s is ${mb(rule.maxBytes)}.`,
    );
  if (media.kind === 'image') await checkImage({ label: 'The image', maxBytes: rule.maxBytes }, bytes);
  if (media.kind === 'document') await checkPdf('The document', bytes, rule.maxBytes);
  return media;
}

/** The media upload's form (multipart: file, channel), for templates and for a campaign's own media. */
export const TEMPLATE_MEDIA_FORM: UploadSpec = {
  files: { file: { label: 'The media file', maxBytes: TEMPLATE_UPLOAD_MAX_BYTES } },
  fields: ['channel'],
};

/** Receives the media form and checks its file by content for the channel named; a clear 400 otherwise. */
export async function receiveTemplateMedia(
  request: FastifyRequest,
): Promise<{ bytes: Uint8Array; media: CheckedMedia }> {
  const { files, fields } = await receiveUpload(request, TEMPLATE_MEDIA_FORM);
  const channel = z.enum(['rcs', 'whatsapp']).safeParse(fields.channel);
  if (!channel.success) {
    const message = 'Say which channel the media is for: rcs or whatsapp.';
    throw new BadRequestError(message, [{ field: 'channel', message }]);
  }
  const file = files.file;
  if (!file) {
    const message = 'Choose a file to upload.';
    throw new BadRequestError(message, [{ field: 'file', message }]);
  }
  return { bytes: file.bytes, media: await checkTemplateMedia(channel.data, file.bytes) };
}

/** The upload's answer: the stored key and link, what the file is, and its size. */
export function mediaUploaded(stored: { key: string; url: string }, media: CheckedMedia, bytes: Uint8Array) {
  return {
    key: stored.key,
    url: stored.url,
    kind: media.kind,
    content_type: media.contentType,
    bytes: bytes.length,
  };
}
