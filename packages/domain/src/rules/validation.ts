import { LIMITS, PAYLOAD_REQUIRED } from '../constants/product.ts';

/** Validation rules of spec section 5, shared by the web forms and the API. */

/** Plain decimal notation: optional sign, digits, optional fraction ('12', '-3.5', '.5'). */
const NUMERIC_STRING = /^[+-]?(?:\d+(?:\.\d+)?|\.\d+)$/;

/**
 * The numeric check. Valid: finite numbers, bigints, and strings in plain decimal notation,
 * surrounding whitespace ignored (' 12 ' is valid, as a form field trims it).
 * Invalid: null, undefined, '', whitespace, NaN, Infinity (number or string), exponent ('1e3'),
 * hex ('0x1F'), grouped ('1,000', '1_000') and anything that is not a number or string.
 */
export function isNumeric(value: unknown): boolean {
  if (typeof value === 'number') return Number.isFinite(value);
  if (typeof value === 'bigint') return true;
  if (typeof value !== 'string') return false;
  return NUMERIC_STRING.test(value.trim());
}

/**
 * A campaign audience file name is valid when it is not blank and at most 50 characters long
 * (characters are Unicode code points, as the database counts them).
 */
export function isValidAudienceFileName(name: string | null | undefined): boolean {
  if (typeof name !== 'string' || name.trim() === '') return false;
  return [...name].length <= LIMITS.audienceFileNameMaxLength;
}

const PDF_MIME_TYPES = new Set(['application/pdf']);

/**
 * The browser-side PDF check, by MIME type (spec section 5): 'application/pdf', any case, parameters
 * allowed. The file name is not trusted, so an empty type is refused; the server then checks the
 * content with hasPdfMagicBytes.
 */
export function isPdfFileType(
  file: { type?: string | null; name?: string | null } | null | undefined,
): boolean {
  const type = file?.type;
  if (typeof type !== 'string') return false;
  const essence = type.split(';', 1)[0]?.trim().toLowerCase() ?? '';
  return PDF_MIME_TYPES.has(essence);
}

/** '%PDF-' */
const PDF_MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d] as const;

/** The server-side content check: the bytes start with the '%PDF-' header. */
export function hasPdfMagicBytes(bytes: Uint8Array | null | undefined): boolean {
  if (!bytes || bytes.length < PDF_MAGIC.length) return false;
  return PDF_MAGIC.every((byte, index) => bytes[index] === byte);
}

/** Thrown by requirePayload; its message is exactly PAYLOAD_REQUIRED ('Payload is required'). */
export class PayloadRequiredError extends Error {
  override readonly name = 'PayloadRequiredError';
  constructor() {
    super(PAYLOAD_REQUIRED);
  }
}

function isPlainObject(value: object): boolean {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * Set-password, verify-email and setup-user-details require a payload: null, undefined, a blank
 * string, an empty array and an empty plain object throw PayloadRequiredError. Other objects
 * (FormData, Blob, ...) are passed through; their fields are validated by the call's schema.
 */
export function requirePayload<T>(payload: T | null | undefined): T {
  if (payload === null || payload === undefined) throw new PayloadRequiredError();
  if (typeof payload === 'string' && payload.trim() === '') throw new PayloadRequiredError();
  if (Array.isArray(payload) && payload.length === 0) throw new PayloadRequiredError();
  if (
    typeof payload === 'object' &&
    !Array.isArray(payload) &&
    isPlainObject(payload) &&
    Object.keys(payload).length === 0
  ) {
    throw new PayloadRequiredError();
  }
  return payload;
}
