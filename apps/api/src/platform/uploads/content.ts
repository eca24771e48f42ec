import { BadRequestError, PayloadTooLargeError } from '../http/errors.ts';
import { imageWork } from './image-work.ts';

/** Shown when a size limit is passed: "Logo is 612 KB; the limit is 50 KB." */
const kb = (bytes: number) => `${Math.ceil(bytes / 1000)} KB`;

function within(label: string, bytes: Uint8Array, maxBytes: number): void {
  if (bytes.length === 0) throw new BadRequestError(`${label} is empty.`);
  if (bytes.length > maxBytes) {
    throw new PayloadTooLargeError(`${label} is ${kb(bytes.length)}; the limit is ${kb(maxBytes)}.`);
  }
}

/**
 * A document that claims to be a PDF, checked by its content: it must start as a PDF, parse as one
 * (pdf-lib reads its cross-reference table and page tree), not be encrypted (a reviewer could not
 * open it), and have at least one page. Anything else is refused with what was wrong.
 */
export async function checkPdf(
  label: string,
  bytes: Uint8Array,
  maxBytes: number,
): Promise<{ pages: number }> {
  within(label, bytes, maxBytes);
  if (Buffer.from(bytes.subarray(0, 5)).toString('latin1') !== '%PDF-') {
    throw new BadRequestError(`${label} is not a PDF: its content does not start as one.`);
  }
  let pages: number;
  try {
    // pdf-lib loads on the first upload, not at start (issue 11's cold start).
    const { PDFDocument } = await import('pdf-lib');
    const document = await PDFDocument.load(bytes, { updateMetadata: false, throwOnInvalidObject: true });
    // A file that parses without a catalog or page tree fails here.
    pages = document.getPageCount();
  } catch (error) {
    // pdf-lib's EncryptedPDFError does not survive instanceof (compiled class); its message is stable.
    if (error instanceof Error && /is encrypted/.test(error.message)) {
      throw new BadRequestError(`${label} is password-protected; upload it without a password.`);
    }
    throw new BadRequestError(`${label} is not a readable PDF: it could not be parsed.`);
  }
  if (pages < 1) throw new BadRequestError(`${label} has no pages.`);
  return { pages };
}

export interface ImageRule {
  label: string;
  maxBytes: number;
  /** Exact pixel size the network requires, or none. */
  width?: number;
  height?: number;
}

export type ImageFormat = 'png' | 'jpeg' | 'webp' | 'gif';
const FORMATS = new Set<string>(['png', 'jpeg', 'webp', 'gif']);

/**
 * An image checked by its content (sharp decodes its header): a PNG, JPEG, WebP or GIF within the
 * byte limit and, when the rule names them, of exactly the required pixel size. The refusal says what
 * was wrong ("Logo is 300 x 200 px; it must be 224 x 224 px.").
 */
export async function checkImage(
  rule: ImageRule,
  bytes: Uint8Array,
): Promise<{ format: ImageFormat; width: number; height: number }> {
  within(rule.label, bytes, rule.maxBytes);
  const meta = await imageWork(async (sharp) => {
    try {
      return await sharp(bytes, { limitInputPixels: 50_000_000 }).metadata();
    } catch {
      return null;
    }
  });
  if (!meta?.format || !FORMATS.has(meta.format) || !meta.width || !meta.height) {
    throw new BadRequestError(`${rule.label} is not a PNG, JPEG, WebP or GIF image.`);
  }
  const { width, height } = meta;
  if ((rule.width && width !== rule.width) || (rule.height && height !== rule.height)) {
    throw new BadRequestError(
      `${rule.label} is ${width} x ${height} px; it must be ${rule.width ?? width} x ${rule.height ?? height} px.`,
    );
  }
  return { format: meta.format as ImageFormat, width, height };
}
