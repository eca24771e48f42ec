/**
 * An error answered by the API: either a non-success envelope (status_code other than 10) or an HTTP
 * error status. `message` is the envelope's data string or message, or the spec's message for the
 * HTTP status when the server gave none.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** The product status code of the envelope (10, 11, 13...), when there was an envelope. */
  readonly statusCode: number | null;
  /** The HTTP status of the response. */
  readonly httpStatus: number;
  readonly data: unknown;
  /** The answer came but broke its contract (its zod schema): `data` holds the issues. */
  readonly contract: boolean;

  constructor(
    message: string,
    options: { statusCode: number | null; httpStatus: number; data?: unknown; contract?: boolean },
  ) {
    super(message);
    this.statusCode = options.statusCode;
    this.httpStatus = options.httpStatus;
    this.data = options.data ?? null;
    this.contract = options.contract ?? false;
  }
}

/**
 * The "HTTP error class" of spec section 7: an answer from the server, which retrying will not
 * change. The client turns every answer that is not a success into an ApiError; a network failure
 * or a time-out is anything else.
 */
export function isHttpError(error: unknown): boolean {
  return error instanceof ApiError;
}

/** A readable sentence for any error reaching the UI. */
export function errorMessage(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
