/**
 * Errors that the envelope handler maps to an HTTP status and a `{status_code, message, data}` body.
 * Throw these from services; never build error replies by hand in routes.
 */
export class AppError extends Error {
  constructor(
    readonly httpStatus: number,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class BadRequestError extends AppError {
  constructor(message: string, data: unknown = null) {
    super(400, message, data);
  }
}
export class UnauthorizedError extends AppError {
  constructor(message = 'Authentication failed. Please refresh the page to try again.') {
    super(401, message);
  }
}
export class ForbiddenError extends AppError {
  constructor(message = 'You are not allowed to do this.') {
    super(403, message);
  }
}
export class NotFoundError extends AppError {
  constructor(message = 'Not found.') {
    super(404, message);
  }
}
export class ConflictError extends AppError {
  constructor(message: string, data: unknown = null) {
    super(409, message, data);
  }
}
export class PayloadTooLargeError extends AppError {
  constructor(message = 'The request is too large.') {
    super(413, message);
  }
}
export class UnsupportedMediaTypeError extends AppError {
  constructor(message = 'Unsupported content type.') {
    super(415, message);
  }
}
export class TooManyRequestsError extends AppError {
  constructor(
    message = 'Too many requests. Please wait a moment and try again.',
    readonly retryAfterSeconds?: number,
  ) {
    super(429, message);
  }
}
export class ServiceUnavailableError extends AppError {
  constructor(
    message = 'The server is currently unable to handle the request. Please try again later.',
    data: unknown = null,
  ) {
    super(503, message, data);
  }
}
