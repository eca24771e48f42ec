import {
  LIMITS,
  messageForHttpStatus,
  SERVER_ERROR_PATH,
  STATUS_CODE,
  XSRF_COOKIE_NAME,
  XSRF_HEADER_NAME,
} from '@portico/domain';
import axios, {
  type AxiosAdapter,
  type AxiosError,
  type AxiosInstance,
  type AxiosRequestConfig,
  type AxiosResponse,
} from 'axios';
import { getValidAccessToken } from '@/lib/auth/token';
import { browser } from '@/lib/browser';
import { ApiError } from './api-error';

export const API_BASE_URL = '/api/v1';

/** What happens on the failures the client handles itself (spec section 8). */
export interface HttpHandlers {
  /** HTTP 401: the session handler (clear the token, remember where we were, sign in again). */
  onUnauthorized: () => void;
  /** A network error or HTTP >= 500: the /500 page. */
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

/** Status 10 gives the data; any other status throws with the data string or the message. */
export function unwrapEnvelope<T>(response: Pick<AxiosResponse<unknown>, 'data' | 'status'>): T {
  const body = response.data;
  if (!isEnvelope(body)) {
    throw new ApiError(messageForHttpStatus(undefined), { statusCode: null, httpStatus: response.status });
  }
  if (body.status_code === STATUS_CODE.success) return body.data as T;
  throw new ApiError(envelopeMessage(body) || messageForHttpStatus(response.status), {
    statusCode: body.status_code,
    httpStatus: response.status,
    data: body.data,
  });
}

/** Turns an axios failure into what the caller sees, running the 401 and 5xx/network handlers on the way. */
export function handleHttpFailure(error: unknown): never {
  if (axios.isCancel(error) || !axios.isAxiosError(error)) throw error;
  const response = (error as AxiosError<unknown>).response;
  if (!response) {
    handlers.onServerError();
    throw error;
  }
  const { status } = response;
  if (status === 401) handlers.onUnauthorized();
  else if (status >= 500) handlers.onServerError();
  const body = response.data;
  const message = isEnvelope(body) ? envelopeMessage(body) : '';
  throw new ApiError(message || messageForHttpStatus(status), {
    statusCode: isEnvelope(body) ? body.status_code : null,
    httpStatus: status,
    data: isEnvelope(body) ? body.data : body,
  });
}

export interface HttpClientOptions {
  baseURL?: string;
  /** The bearer token to send, if any (defaults to the stored token while it is valid). */
  getToken?: () => string | null;
  /** For tests: a custom adapter, or the fetch adapter with its own fetch. */
  adapter?: AxiosAdapter | 'fetch' | 'xhr';
  env?: AxiosRequestConfig['env'];
}

export interface HttpClient {
  get<T>(url: string, config?: AxiosRequestConfig): Promise<T>;
  post<T>(url: string, body?: unknown, config?: AxiosRequestConfig): Promise<T>;
  put<T>(url: string, body?: unknown, config?: AxiosRequestConfig): Promise<T>;
  patch<T>(url: string, body?: unknown, config?: AxiosRequestConfig): Promise<T>;
  delete<T>(url: string, config?: AxiosRequestConfig): Promise<T>;
  /** The underlying axios instance (downloads and other non-envelope responses). */
  axios: AxiosInstance;
}

export function createHttpClient(options: HttpClientOptions = {}): HttpClient {
  const getToken = options.getToken ?? getValidAccessToken;
  const instance = axios.create({
    baseURL: options.baseURL ?? API_BASE_URL,
    timeout: LIMITS.apiRequestTimeoutMs,
    headers: { Accept: 'application/json' },
    xsrfCookieName: XSRF_COOKIE_NAME,
    xsrfHeaderName: XSRF_HEADER_NAME,
    withXSRFToken: true,
    ...(options.adapter ? { adapter: options.adapter } : {}),
    ...(options.env ? { env: options.env } : {}),
  });

  instance.interceptors.request.use((config) => {
    const token = getToken();
    if (token) config.headers.set('Authorization', `Bearer ${token}`);
    return config;
  });

  async function send<T>(config: AxiosRequestConfig): Promise<T> {
    let response: AxiosResponse<unknown>;
    try {
      response = await instance.request<unknown>(config);
    } catch (error) {
      handleHttpFailure(error);
    }
    return unwrapEnvelope<T>(response);
  }

  return {
    get: (url, config) => send({ ...config, method: 'GET', url }),
    post: (url, data, config) => send({ ...config, method: 'POST', url, data }),
    put: (url, data, config) => send({ ...config, method: 'PUT', url, data }),
    patch: (url, data, config) => send({ ...config, method: 'PATCH', url, data }),
    delete: (url, config) => send({ ...config, method: 'DELETE', url }),
    axios: instance,
  };
}

/** The one HTTP client of the portal. */
export const http = createHttpClient();
