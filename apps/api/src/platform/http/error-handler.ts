import { HTTP_STATUS_MESSAGES, messageForHttpStatus, PAYLOAD_REQUIRED } from '@portico/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failed } from './envelope.ts';
import { AppError, NotFoundError, TooManyRequestsError } from './errors.ts';

/** Answers a request nobody routed (e.g. the SPA's index.html); true when it sent a reply. */
export type NotFoundFallback = (request: FastifyRequest, reply: FastifyReply) => Promise<boolean>;

export interface ErrorHandlingOptions {
  notFoundFallback?: NotFoundFallback | undefined;
}

interface HttpFailure {
  status: number;
  message: string;
  data: unknown;
}

const WHERE: Record<string, string> = {
  body: 'field',
  querystring: 'query parameter',
  params: 'path parameter',
  headers: 'header',
};

/**
 * The one place errors become responses: every failure leaves as `{status_code: 11, message, data}`
 * with the HTTP status that says what happened; 5xx never carry internals.
 */
export const errorHandling = fp(
  async (app: FastifyInstance, options: ErrorHandlingOptions) => {
    app.setErrorHandler(async (error: unknown, request, reply) => {
      const failure = toHttpFailure(error, request);
      if (failure.status >= 500) request.log.error({ err: error }, 'request failed');
      else if (databaseInputProblem(error)) {
        // Refused, but by the database: a contract is missing a rule for this field.
        request.log.warn({ err: error, status: failure.status }, 'request refused by the database');
      } else request.log.info({ status: failure.status, reason: failure.message }, 'request refused');
      // A 429 says when to come back (the rate limit sets its own; services' refusals set theirs here).
      if (
        error instanceof TooManyRequestsError &&
        error.retryAfterSeconds &&
        !reply.hasHeader('retry-after')
      ) {
        reply.header('retry-after', String(Math.max(1, Math.ceil(error.retryAfterSeconds))));
      }
      return reply
        .code(failure.status)
        .type('application/json; charset=utf-8')
        .send(failed(failure.message, failure.data));
    });

    app.setNotFoundHandler(async (request, reply) => {
      if (options.notFoundFallback && (await options.notFoundFallback(request, reply))) return reply;
      const path = (request.url.split('?')[0] ?? '').slice(0, 200);
      throw new NotFoundError(`Not found: ${request.method} ${path}`);
    });
  },
  { name: 'portico-error-handling' },
);

function toHttpFailure(error: unknown, request: FastifyRequest): HttpFailure {
  if (error instanceof AppError)
    return { status: error.httpStatus, message: error.message, data: error.data };

  if (hasZodFastifySchemaValidationErrors(error)) {
    const where = WHERE[error.validationContext ?? 'body'] ?? 'field';
    const issues = error.validation.map((issue) => ({
      field: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
      message: issue.message ?? 'is invalid',
    }));
    const [first] = issues;
    const message = first?.field
      ? `Invalid ${where} '${first.field}': ${first.message}`
      : `Invalid request ${error.validationContext ?? 'body'}: ${first?.message ?? 'is invalid'}`;
    return { status: 400, message, data: issues };
  }

  // A schema parsed in a service or route (not the route's own schema) refused the input.
  if (error instanceof z.core.$ZodError) {
    const issues = error.issues.map((issue) => ({
      field: issue.path.map(String).join('.'),
      message: issue.message,
    }));
    const [first] = issues;
    const message = first?.field
      ? `Invalid field '${first.field}': ${first.message}`
      : (first?.message ?? 'The request is not valid.');
    return { status: 400, message, data: issues };
  }

  const refusedByDatabase = databaseInputProblem(error);
  if (refusedByDatabase) return { status: 400, message: refusedByDatabase, data: null };

  if (isFastifyError(error)) {
    switch (error.code) {
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return { status: 400, message: PAYLOAD_REQUIRED, data: null };
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
        return { status: 400, message: 'The request body is not valid JSON.', data: null };
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE': {
        const type = String(request.headers['content-type'] ?? '').slice(0, 100);
        return {
          status: 415,
          message: `Unsupported content type '${type}'. Send application/json.`,
          data: null,
        };
      }
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return {
          status: 413,
          message: `The request body is larger than the limit of ${request.routeOptions.bodyLimit} bytes.`,
          data: null,
        };
      case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
        return { status: 400, message: 'The Content-Length header does not match the body.', data: null };
      default:
        break;
    }
    // JSON.parse failures surface as a SyntaxError carrying statusCode 400.
    if (error instanceof SyntaxError && error.statusCode === 400) {
      return { status: 400, message: 'The request body is not valid JSON.', data: null };
    }
    if (
      !isResponseSerializationError(error) &&
      error.statusCode &&
      error.statusCode >= 400 &&
      error.statusCode < 500
    ) {
      // Fastify's own 4xx errors carry safe, specific messages.
      const message = error.code?.startsWith('FST_') ? error.message : messageForHttpStatus(error.statusCode);
      return { status: error.statusCode, message, data: null };
    }
    if (error.statusCode === 503) return { status: 503, message: HTTP_STATUS_MESSAGES[503], data: null };
  }

  return { status: 500, message: HTTP_STATUS_MESSAGES[500], data: null };
}

/**
 * PostgreSQL's "this value cannot be this type" errors (SQLSTATE class 22) are bad input that no
 * contract rule caught, not a server failure. Drivers and drizzle wrap them: the cause chain is read.
 */
const DATABASE_INPUT_ERRORS: Record<string, string> = {
  '22021': 'The request contains a character that cannot be stored (a NUL character).',
  '22P05': 'The request contains a character that cannot be stored (a NUL character).',
  '22P02': 'A value in the request is not valid for its field.',
  '22003': 'A number in the request is out of range.',
  '22001': 'A value in the request is too long.',
  '22007': 'A date in the request is not valid.',
  '22008': 'A date in the request is out of range.',
};

function databaseInputProblem(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && Object.hasOwn(DATABASE_INPUT_ERRORS, code)) {
      return DATABASE_INPUT_ERRORS[code] ?? null;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

function isFastifyError(error: unknown): error is FastifyError {
  return typeof error === 'object' && error !== null && ('code' in error || 'statusCode' in error);
}
