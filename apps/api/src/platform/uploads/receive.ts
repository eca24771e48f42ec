import type { FastifyRequest } from 'fastify';
import {
  AppError,
  BadRequestError,
  PayloadTooLargeError,
  UnsupportedMediaTypeError,
} from '../http/errors.ts';

export interface UploadField {
  /** How the form names it in messages: "Business document". */
  label: string;
  maxBytes: number;
  /** The message for a file over the limit, when the screen shows a fixed one. */
  tooLarge?: string;
}

export interface UploadSpec {
  /** The file fields the call takes, by form field name. */
  files: Readonly<Record<string, UploadField>>;
  /** The text fields it takes (anything else is refused). */
  fields?: readonly string[];
}

export interface ReceivedUpload {
  files: Record<string, { bytes: Buffer; filename: string }>;
  fields: Record<string, string>;
}

/** The @fastify/multipart limits that match a spec (register the plugin with them in the route's scope). */
export function multipartLimits(spec: UploadSpec) {
  const files = Object.values(spec.files);
  return {
    limits: {
      fileSize: Math.max(...files.map((f) => f.maxBytes)),
      files: files.length,
      fields: spec.fields?.length ?? 0,
      fieldSize: 64 * 1024,
      parts: files.length + (spec.fields?.length ?? 0) + 2,
    },
  };
}

export const UPLOAD_BROKEN =
  'The upload was cut off or is not valid multipart/form-data. Choose the file again and send it.';

const isClientError = (error: unknown) => {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500;
};
const tooLargeMessage = (rule: UploadField) =>
  rule.tooLarge ?? `${rule.label} is larger than the limit of ${Math.floor(rule.maxBytes / 1000)} KB.`;

/**
 * Reads a multipart/form-data request into memory as the spec allows: known file fields within
 * their byte limits, known text fields. Every failure is a 4xx that says what was wrong: a body that
 * is not multipart (415), an unexpected field (400), a file over its limit (413), an upload cut off
 * before its end (400).
 */
export async function receiveUpload(request: FastifyRequest, spec: UploadSpec): Promise<ReceivedUpload> {
  if (!request.isMultipart()) throw new UnsupportedMediaTypeError('Send the form as multipart/form-data.');
  const received: ReceivedUpload = { files: {}, fields: {} };
  // The limit error can surface from the stream of parts rather than the part: name the file it was.
  const fileRules = Object.values(spec.files);
  const reading: UploadField | undefined = fileRules.length === 1 ? fileRules[0] : undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const rule = spec.files[part.fieldname];
        if (!rule) throw new BadRequestError(`Unexpected file field '${part.fieldname}'.`);
        const bytes = await part.toBuffer();
        if (part.file.truncated || bytes.length > rule.maxBytes) {
          throw new PayloadTooLargeError(
            `${rule.label} is larger than the limit of ${Math.floor(rule.maxBytes / 1000)} KB.`,
          );
        }
        if (bytes.length > 0) received.files[part.fieldname] = { bytes, filename: part.filename };
      } else {
        if (!spec.fields?.includes(part.fieldname))
          throw new BadRequestError(`Unexpected field '${part.fieldname}'.`);
        if (typeof part.value === 'string') received.fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    const multipart = request.server.multipartErrors;
    if (error instanceof multipart.RequestFileTooLargeError) {
      throw new PayloadTooLargeError(
        reading ? tooLargeMessage(reading) : 'A file is larger than this form allows.',
      );
    }
    if (
      error instanceof multipart.FilesLimitError ||
      error instanceof multipart.FieldsLimitError ||
      error instanceof multipart.PartsLimitError
    ) {
      throw new BadRequestError('The form has more parts than this call takes.');
    }
    if (error instanceof AppError || isClientError(error)) throw error;
    // Anything else the parser throws (a body cut off mid-part, a broken boundary) is a bad upload.
    throw new BadRequestError(UPLOAD_BROKEN);
  }
  return received;
}
