import { RBM_FILE_LIMITS } from '../contracts/rbm-agent-messages.ts';

/**
 * Google's rules for an RBM `files.create` upload, shared by Portico's partner API (checked before
 * the connector uploads) and the sandbox playing Google: the file's type and size, and the
 * multipart/related body googleapis-common sends for `uploadType=multipart`.
 */

const FILE_TYPES: ReadonlySet<string> = new Set(RBM_FILE_LIMITS.contentTypes);
const MAX_MB = RBM_FILE_LIMITS.maxBytes / (1024 * 1024);

/** The media type of a Content-Type header, lower case, without its parameters ('' when none). */
export function mediaTypeOf(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

/** What Google refuses in an uploaded file (its type, then its size), or null when it takes it. */
export function rbmFileProblem(file: { contentType: string | undefined; size: number }): string | null {
  const type = mediaTypeOf(file.contentType);
  if (!FILE_TYPES.has(type))
    return `Unsupported file type ${type || '(none)'}: RBM takes images, audio, video and PDF.`;
  if (file.size === 0) return 'The file is empty.';
  if (file.size > RBM_FILE_LIMITS.maxBytes)
    return `The file is larger than ${MAX_MB} MB, the largest file RBM sends.`;
  return null;
}

const DASH = 0x2d;
const CR = 0x0d;
const LF = 0x0a;
const HEADER_END = new Uint8Array([CR, LF, CR, LF]);

/** Where `sequence` next stands in `bytes` from `from`, or -1. */
function indexOf(bytes: Uint8Array, sequence: Uint8Array, from = 0): number {
  const first = sequence[0];
  if (first === undefined) return from;
  for (let at = bytes.indexOf(first, from); at !== -1; at = bytes.indexOf(first, at + 1)) {
    if (at + sequence.length > bytes.length) return -1;
    let n = 1;
    while (n < sequence.length && bytes[at + n] === sequence[n]) n += 1;
    if (n === sequence.length) return at;
  }
  return -1;
}

/** One part of a multipart body: its content type, its form field's name and file name if any, its bytes. */
export interface MultipartPart {
  contentType: string;
  name?: string;
  fileName?: string;
  body: Uint8Array;
}

/**
 * The parts of a multipart/related or multipart/form-data body (each its content type, its
 * Content-Disposition name and filename, and its bytes, views into `body`), or null when it is
 * malformed: no boundary, a part without headers, or no closing delimiter.
 */
export function multipartRelatedParts(body: Uint8Array, contentType: string): MultipartPart[] | null {
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (!boundary) return null;
  const delimiter = new TextEncoder().encode(`--${boundary}`);
  const parts: MultipartPart[] = [];
  let at = indexOf(body, delimiter);
  while (at !== -1) {
    const start = at + delimiter.length;
    if (body[start] === DASH && body[start + 1] === DASH) return parts;
    const next = indexOf(body, delimiter, start);
    if (next === -1) return null;
    const part = body.subarray(start, next);
    const headerEnd = indexOf(part, HEADER_END);
    if (headerEnd === -1) return null;
    const headers = new TextDecoder().decode(part.subarray(0, headerEnd));
    // The part's body ends before the CRLF that precedes the next delimiter.
    const end = part[part.length - 2] === CR && part[part.length - 1] === LF ? part.length - 2 : part.length;
    const disposition = /content-disposition:\s*([^\r\n]+)/i.exec(headers)?.[1] ?? '';
    const name = /[;\s]name="([^"]*)"/i.exec(disposition)?.[1];
    const fileName = /filename="([^"]*)"/i.exec(disposition)?.[1];
    parts.push({
      contentType: /content-type:\s*([^\r\n]+)/i.exec(headers)?.[1]?.trim() ?? 'application/octet-stream',
      ...(name !== undefined ? { name } : {}),
      ...(fileName !== undefined ? { fileName } : {}),
      body: part.subarray(headerEnd + HEADER_END.length, end),
    });
    at = next;
  }
  return null;
}
