import {
  LIMITS,
  messageForHttpStatus,
  SERVER_ERROR_PATH,
  STATUS_CODE,
  XSRF_COOKIE_NAME,
  XSRF_HEADER_NAME,
} from '@portico/domain';
import ky, { type KyInstance, type Options } from 'ky';
import type { ZodType } from 'zod';
import { getValidAccessToken } from '@/lib/auth/token';
import { browser } from '@/lib/browser';
import { ApiError } from './api-error';

export const API_BASE_URL = '/api/v1';

/** What happens on the failures the client handles itself (spec section 8). */
export interface HttpHandlers {
  /** HTTP 401: the session handler (clear the token, remember where we were, sign in again). */
  onUnauthorized: () => void;
  /** A network error, a time-out or HTTP >= 500: the /500 page. */
  onServerError: () => void;
}

const handlers: HttpHandlers = {
  onUnauthorized: () => {},
  onServerError: () => browser.navigate(SERVER_ERROR_PATH),
};

export function setHttpHandlers(next: Partial<HttpHandlers>): void {
  Object.assign(handlers, next);
}

interface Envelope {
  status_code: number;
  message: string;
  data: unknown;
}

function isEnvelope(body: unknown): body is Envelope {
  return (
    typeof body === 'object' &&
    body !== null &&
    typeof (body as Record<string, unknown>).status_code === 'number' &&
    'data' in body
  );
}

function envelopeMessage(body: Envelope): string {
  if (typeof body.data === 'string' && body.data.trim() !== '') return body.data;
  return body.message;
}

/** The body as JSON, or the text itself when it is not JSON (an HTML error page, nothing). */
async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * A 5xx whose envelope names a messaging network (`data.network`: the connectors' NetworkError) is
 * that network being down or refusing, not our server failing: the caller shows the network's reason
 * and keeps what was typed (decision 0019), instead of the /500 page.
 */
function isMessagingNetworkFailure(body: unknown): boolean {
  if (!isEnvelope(body)) return false;
  const data: unknown = body.data;
  return (
    typeof data === 'object' && data !== null && typeof (data as { network?: unknown }).network === 'string'
  );
}

/** Status 10 gives the data; any other status throws with the data string or the message. */
export function unwrapEnvelope(response: { status: number; data: unknown }): unknown {
  const body = response.data;
  if (!isEnvelope(body)) {
    throw new ApiError(messageForHttpStatus(undefined), { statusCode: null, httpStatus: response.status });
  }
  if (body.status_code === STATUS_CODE.success) return body.data;
  throw new ApiError(envelopeMessage(body) || messageForHttpStatus(response.status), {
    statusCode: body.status_code,
    httpStatus: response.status,
    data: body.data,
  });
}

/**
 * An HTTP error status as the caller sees it, running the 401 and 5xx handlers on the way: the
 * envelope's data string or message, else the spec's message for the status.
 */
export function httpFailure(status: number, body: unknown, background = false): ApiError {
  if (status === 401) handlers.onUnauthorized();
  else if (status >= 500 && !background && !isMessagingNetworkFailure(body)) handlers.onServerError();
  const message = isEnvelope(body) ? envelopeMessage(body) : '';
  return new ApiError(message || messageForHttpStatus(status), {
    statusCode: isEnvelope(body) ? body.status_code : null,
    httpStatus: status,
    data: isEnvelope(body) ? body.data : body,
  });
}

/** A response's contract: the zod schema of its data, from packages/domain. */
export type ResponseSchema<T> = ZodType<T>;

/**
 * The data checked against its contract. A mismatch is a bug on one side or the other, never
 * something to cast past: the caller gets an ApiError that says which call broke its contract, and
 * the console gets the zod issues.
 */
export function parseResponse<T>(
  schema: ResponseSchema<T>,
  data: unknown,
  request: { method: string; url: string; httpStatus: number },
): T {
  const parsed = schema.safeParse(data);
  if (parsed.success) return parsed.data;
  const call = `${request.method} ${request.url}`;
  console.error(`The answer to ${call} does not match its contract.`, parsed.error.issues);
  throw new ApiError(`The server's answer to ${call} could not be read (it does not match its contract).`, {
    statusCode: STATUS_CODE.success,
    httpStatus: request.httpStatus,
    data: parsed.error.issues,
    contract: true,
  });
}

/** Query parameters: undefined ones are left out. */
export type Params = Readonly<Record<string, string | number | boolean | undefined>>;

export interface RequestConfig {
  params?: Params | undefined;
  headers?: Readonly<Record<string, string>> | undefined;
  /**
   * A request the user did not ask for (a header's periodic count): when it fails the caller keeps
   * its last answer and asks again later, and the page the user is on stays (no /500 page).
   */
  background?: boolean | undefined;
}

export interface HttpClientOptions {
  baseURL?: string;
  /** The bearer token to send, if any (defaults to the stored token while it is valid). */
  getToken?: () => string | null;
  /** For tests: the fetch to use. */
  fetch?: typeof fetch;
}

/**
 * Every call names the zod schema of its answer's data (from packages/domain) and gets the parsed
 * value: `http.get('/secure/wallet/balance', ZWalletBalance)`.
 */
export interface HttpClient {
  get<T>(url: string, schema: ResponseSchema<T>, config?: RequestConfig): Promise<T>;
  post<T>(url: string, body: unknown, schema: ResponseSchema<T>, config?: RequestConfig): Promise<T>;
  put<T>(url: string, body: unknown, schema: ResponseSchema<T>, config?: RequestConfig): Promise<T>;
  patch<T>(url: string, body: unknown, schema: ResponseSchema<T>, config?: RequestConfig): Promise<T>;
  delete<T>(url: string, schema: ResponseSchema<T>, config?: RequestConfig): Promise<T>;
  /**
   * A file the API answers (not the envelope), e.g. an export: the body and the name it suggests.
   * A large export the server renders in the background (202) is followed until its file is ready,
   * its progress reported to the export progress panel on the way.
   */
  download(url: string, config?: RequestConfig): Promise<{ blob: Blob; filename: string | null }>;
  /**
   * POST a multipart body and report how much of it was sent (0 to 1) while it goes: the same
   * headers, envelope, 401/5xx handling and contract check as `post`.
   */
  upload<T>(url: string, body: FormData, schema: ResponseSchema<T>, config?: UploadConfig): Promise<T>;
}

export interface UploadConfig extends RequestConfig {
  onProgress?: (fraction: number) => void;
}

function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return null;
}

/**
 * The session's headers for a request made outside this client (the resumable upload's tus
 * requests): the bearer token while it is valid and the double-submit XSRF header.
 */
export function sessionHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const token = getValidAccessToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const xsrf = readCookie(XSRF_COOKIE_NAME);
  if (xsrf) headers[XSRF_HEADER_NAME] = xsrf;
  return headers;
}

/** JSON for plain values; FormData, text and nothing as they are. */
function bodyOptions(body: unknown): Options {
  if (body === undefined) return {};
  if (body instanceof FormData || typeof body === 'string') return { body };
  return { json: body };
}

/** How deep the current synchronous call is in inBackground. */
let backgroundDepth = 0;

/**
 * Runs `start`, and every request it starts at once (in the same synchronous call) is a background
 * one (RequestConfig.background): data fetched ahead of the user, such as a page's first queries
 * when a link is reached, never sends the page the user is on to /500 when it fails. TanStack Query
 * calls a query's function synchronously when a prefetch starts it.
 */
export function inBackground<T>(start: () => T): T {
  backgroundDepth += 1;
  try {
    return start();
  } finally {
    backgroundDepth -= 1;
  }
}

export function createHttpClient(options: HttpClientOptions = {}): HttpClient {
  const getToken = options.getToken ?? getValidAccessToken;
  const baseURL = options.baseURL ?? API_BASE_URL;
  const instance: KyInstance = ky.create({
    timeout: LIMITS.apiRequestTimeoutMs,
    // TanStack Query retries queries by the spec's rules (shouldRetry); the client never does.
    retry: 0,
    throwHttpErrors: false,
    headers: { Accept: 'application/json' },
    ...(options.fetch ? { fetch: options.fetch } : {}),
    hooks: {
      beforeRequest: [
        (request) => {
          const token = getToken();
          if (token) request.headers.set('Authorization', `Bearer ${token}`);
          // The double-submit XSRF pair: the API's cookie comes back as the header (same origin only).
          const xsrf = readCookie(XSRF_COOKIE_NAME);
          if (xsrf) request.headers.set(XSRF_HEADER_NAME, xsrf);
        },
      ],
    },
  });

  /** The response, any status; a network failure or time-out goes to /500 and reaches the caller as it is. */
  async function fetchResponse(method: string, url: string, config: RequestConfig, extra: Options) {
    const target = targetUrl(url, config);
    try {
      return await instance(target, {
        method,
        ...(config.headers ? { headers: config.headers } : {}),
        ...extra,
      });
    } catch (error) {
      if (!config.background) handlers.onServerError();
      throw error;
    }
  }

  function targetUrl(url: string, config: RequestConfig): URL {
    const target = new URL(`${baseURL}${url}`, browser.origin());
    for (const [key, value] of Object.entries(config.params ?? {})) {
      if (value !== undefined) target.searchParams.set(key, String(value));
    }
    return target;
  }

  /**
   * fetch cannot report upload progress over HTTP/1.1 (a streamed request body needs HTTP/2), so an
   * upload goes through XMLHttpRequest, whose upload events can.
   */
  function upload<T>(url: string, body: FormData, schema: ResponseSchema<T>, config: UploadConfig = {}) {
    return new Promise<T>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open('POST', targetUrl(url, config));
      xhr.timeout = LIMITS.apiRequestTimeoutMs;
      xhr.setRequestHeader('Accept', 'application/json');
      const token = getToken();
      if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
      const xsrf = readCookie(XSRF_COOKIE_NAME);
      if (xsrf) xhr.setRequestHeader(XSRF_HEADER_NAME, xsrf);
      for (const [key, value] of Object.entries(config.headers ?? {})) xhr.setRequestHeader(key, value);
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) config.onProgress?.(event.loaded / event.total);
      };
      const failed = () => {
        handlers.onServerError();
        reject(new Error('The upload did not reach the server. Please try again.'));
      };
      xhr.onerror = failed;
      xhr.ontimeout = failed;
      xhr.onload = () => {
        let data: unknown = xhr.responseText;
        try {
          data = JSON.parse(xhr.responseText) as unknown;
        } catch {
          // not JSON: kept as text, as readBody does
        }
        try {
          if (xhr.status < 200 || xhr.status >= 300) throw httpFailure(xhr.status, data);
          const unwrapped = unwrapEnvelope({ status: xhr.status, data });
          resolve(parseResponse(schema, unwrapped, { method: 'POST', url, httpStatus: xhr.status }));
        } catch (error) {
          reject(error);
        }
      };
      xhr.send(body);
    });
  }

  async function send<T>(
    method: string,
    url: string,
    schema: ResponseSchema<T>,
    asked: RequestConfig = {},
    body?: unknown,
  ): Promise<T> {
    const config = backgroundDepth > 0 ? { ...asked, background: true } : asked;
    const response = await fetchResponse(method, url, config, bodyOptions(body));
    const data = await readBody(response);
    if (!response.ok) throw httpFailure(response.status, data, config.background);
    const unwrapped = unwrapEnvelope({ status: response.status, data });
    return parseResponse(schema, unwrapped, { method, url, httpStatus: response.status });
  }

  return {
    get: (url, schema, config) => send('GET', url, schema, config),
    post: (url, body, schema, config) => send('POST', url, schema, config, body),
    put: (url, body, schema, config) => send('PUT', url, schema, config, body),
    patch: (url, body, schema, config) => send('PATCH', url, schema, config, body),
    delete: (url, schema, config) => send('DELETE', url, schema, config),
    upload,
    async download(url, config = {}) {
      const asked = { ...config, headers: { ...config.headers, Prefer: 'respond-async' } };
      let response = await fetchResponse('GET', url, asked, {});
      if (response.status === 202) {
        // Loaded with the first large export, not with the shell.
        const { followExport } = await import('./follow-export');
        const link = await followExport(
          url,
          unwrapEnvelope({ status: 202, data: await readBody(response) }),
          (path, schema) => send('GET', path, schema),
        );
        response = await fetchResponse(
          'GET',
          link.startsWith(baseURL) ? link.slice(baseURL.length) : link,
          {},
          {},
        );
      }
      if (!response.ok) throw httpFailure(response.status, await readBody(response));
      const disposition = response.headers.get('content-disposition') ?? '';
      return { blob: await response.blob(), filename: /filename="([^"]+)"/.exec(disposition)?.[1] ?? null };
    },
  };
}

/** The one HTTP client of the portal. */
export const http = createHttpClient();
