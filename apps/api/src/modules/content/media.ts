import { BadRequestError, PayloadTooLargeError } from '../../platform/http/errors.ts';
import { checkImage, checkPdf } from '../../platform/uploads/content.ts';

/** What a checked file is: its content type, a short type label and the extension its key gets. */
export interface CheckedFile {
  contentType: string;
  typeLabel: string;
  extension: string;
}

const kb = (bytes: number) => `${Math.ceil(bytes / 1000)} KB`;
function within(label: string, bytes: Uint8Array, maxBytes: number): void {
  if (bytes.length === 0) throw new BadRequestError(`${label} is empty.`);
  if (bytes.length > maxBytes) {
    throw new PayloadTooLargeError(`${label} is ${kb(bytes.length)}; the limit is ${kb(maxBytes)}.`);
  }
}
const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  signature.every((b, i) => bytes[at + i] === b);
const ascii = (bytes: Uint8Array, from: number, to: number) =>
  Buffer.from(bytes.subarray(from, to)).toString('latin1');

/** A ZIP archive: local file header (PK\3\4) or the end record of an empty one (PK\5\6). */
export function isZip(bytes: Uint8Array): boolean {
  return startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) || startsWith(bytes, [0x50, 0x4b, 0x05, 0x06]);
}
/** An ISO base media file (MP4): its first box is `ftyp`. */
export function isMp4(bytes: Uint8Array): boolean {
  return bytes.length >= 12 && ascii(bytes, 4, 8) === 'ftyp';
}
/** A WebM file: the EBML header (1A 45 DF A3) whose DocType is "webm". */
export function isWebm(bytes: Uint8Array): boolean {
  return startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3]) && ascii(bytes, 4, 64).includes('webm');
}
/** Text a spreadsheet or editor reads: valid UTF-8 without NUL bytes. */
function isText(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** A download, by content: PDF, ZIP, CSV (UTF-8 text) or an image; anything else is refused. */
export async function checkDownload(
  label: string,
  bytes: Uint8Array,
  fileName: string,
  maxBytes: number,
): Promise<CheckedFile> {
  within(label, bytes, maxBytes);
  if (ascii(bytes, 0, 5) === '%PDF-') {
    await checkPdf(label, bytes, maxBytes);
    return { contentType: 'application/pdf', typeLabel: 'PDF', extension: 'pdf' };
  }
  if (isZip(bytes)) return { contentType: 'application/zip', typeLabel: 'ZIP', extension: 'zip' };
  if (/\.csv$/i.test(fileName) && isText(bytes))
    return { contentType: 'text/csv', typeLabel: 'CSV', extension: 'csv' };
  const image = await checkImage({ label, maxBytes }, bytes).catch(() => null);
  if (image) {
    const extension = image.format === 'jpeg' ? 'jpg' : image.format;
    return { contentType: `image/${image.format}`, typeLabel: image.format.toUpperCase(), extension };
  }
  throw new BadRequestError(
    `${label} must be a PDF, ZIP, CSV or image (PNG, JPEG, WebP, GIF); its content is none of these.`,
  );
}

/** A video, by content: MP4 or WebM. */
export function checkVideo(label: string, bytes: Uint8Array, maxBytes: number): CheckedFile {
  within(label, bytes, maxBytes);
  if (isWebm(bytes)) return { contentType: 'video/webm', typeLabel: 'WebM', extension: 'webm' };
  if (isMp4(bytes)) return { contentType: 'video/mp4', typeLabel: 'MP4', extension: 'mp4' };
  throw new BadRequestError(`${label} must be an MP4 or WebM video; its content is neither.`);
}

/** WebVTT captions: UTF-8 text that starts with "WEBVTT". */
export function checkCaptions(label: string, bytes: Uint8Array, maxBytes: number): CheckedFile {
  within(label, bytes, maxBytes);
  const text = isText(bytes)
    ? Buffer.from(bytes)
        .toString('utf8')
        .replace(/^\uFEFF/, '')
    : '';
  if (!/^WEBVTT(?:[ \t]|\r?\n|$)/.test(text)) {
    throw new BadRequestError(`${label} must be WebVTT captions (a text file that starts with WEBVTT).`);
  }
  return { contentType: 'text/vtt', typeLabel: 'VTT', extension: 'vtt' };
}

/** A poster or press-release image, by content. */
export async function checkPicture(label: string, bytes: Uint8Array, maxBytes: number): Promise<CheckedFile> {
  const image = await checkImage({ label, maxBytes }, bytes);
  const extension = image.format === 'jpeg' ? 'jpg' : image.format;
  return { contentType: `image/${image.format}`, typeLabel: image.format.toUpperCase(), extension };
}
