import { HTTP_STATUS_MESSAGES, LIMITS } from '@portico/domain';
import axios from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeToken } from '@/lib/auth/token';
import { ApiError } from './api-error';
import { createHttpClient, http, setHttpHandlers } from './client';

type FetchMock = ReturnType<typeof vi.fn<typeof fetch>>;

function respond(status: number, body: unknown): Response {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': typeof body === 'string' ? 'text/html' : 'application/json' },
  });
}

/** Node's Request needs absolute URLs; the browser resolves '/api/v1/...' against the page. */
class PageRequest extends Request {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' ? new URL(input, window.location.origin).href : input, init);
  }
}

function clientWith(fetchMock: FetchMock, getToken?: () => string | null) {
  return createHttpClient({
    adapter: 'fetch',
    env: { fetch: fetchMock, Request: PageRequest },
    ...(getToken ? { getToken } : { getToken: () => null }),
  });
}

function lastRequest(fetchMock: FetchMock): Request {
  const call = fetchMock.mock.calls.at(-1);
  if (!call) throw new Error('no request was made');
  const [input, init] = call;
  return input instanceof Request ? input : new Request(String(input), init);
}

const onUnauthorized = vi.fn();
const onServerError = vi.fn();

beforeEach(() => {
  onUnauthorized.mockReset();
  onServerError.mockReset();
  setHttpHandlers({ onUnauthorized, onServerError });
});
afterEach(() => {
  setHttpHandlers({ onUnauthorized: () => {}, onServerError: () => {} });
});

describe('the HTTP client', () => {
  it('is configured as the spec says: /api/v1, JSON, the XSRF pair, 100000 ms', () => {
    const { defaults } = http.axios;
    expect(defaults.baseURL).toBe('/api/v1');
    expect(defaults.timeout).toBe(LIMITS.apiRequestTimeoutMs);
    expect(defaults.timeout).toBe(100_000);
    expect(defaults.xsrfCookieName).toBe('XSRF-TOKEN');
    expect(defaults.xsrfHeaderName).toBe('X-XSRF-TOKEN');
    expect(defaults.withXSRFToken).toBe(true);
    expect(defaults.headers.Accept).toBe('application/json');
  });

  it('when the envelope says 10 then it answers the data', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () =>
      respond(200, { status_code: 10, message: 'ok', data: { id: 7 } }),
    );
    await expect(clientWith(fetchMock).get('/things/7')).resolves.toEqual({ id: 7 });
    const request = lastRequest(fetchMock);
    expect(new URL(request.url).pathname).toBe('/api/v1/things/7');
    expect(request.headers.get('Accept')).toContain('application/json');
  });

  it('when the envelope is not 10 then it throws with the data string', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () =>
      respond(200, { status_code: 11, message: 'failed', data: 'Bot name already taken' }),
    );
    const error = await clientWith(fetchMock)
      .get('/bots')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Bot name already taken');
    expect((error as ApiError).statusCode).toBe(11);
    expect((error as ApiError).httpStatus).toBe(200);
  });

  it('when the envelope is not 10 and data is not a string then it throws with the message', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () =>
      respond(200, { status_code: 11, message: 'User details not present', data: null }),
    );
    await expect(clientWith(fetchMock).get('/secure/partner-details')).rejects.toMatchObject({
      name: 'ApiError',
      message: 'User details not present',
      statusCode: 11,
    });
  });

  it('when the server answers 401 then the session handler runs and the error reaches the caller', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => respond(401, 'nope'));
    await expect(clientWith(fetchMock).get('/secure/partner-details')).rejects.toMatchObject({
      httpStatus: 401,
      message: HTTP_STATUS_MESSAGES[401],
    });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(onServerError).not.toHaveBeenCalled();
  });

  it('when the server answers 500 or more then it goes to /500', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => respond(503, 'down'));
    await expect(clientWith(fetchMock).get('/x')).rejects.toMatchObject({
      httpStatus: 503,
      message: HTTP_STATUS_MESSAGES[503],
    });
    expect(onServerError).toHaveBeenCalledTimes(1);

    fetchMock.mockImplementation(async () =>
      respond(500, { status_code: 11, message: 'Internal error', data: null }),
    );
    await expect(clientWith(fetchMock).get('/x')).rejects.toMatchObject({ httpStatus: 500 });
    expect(onServerError).toHaveBeenCalledTimes(2);
  });

  it('when the network fails then it goes to /500 and the (retryable) network error reaches the caller', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => {
      throw new TypeError('Failed to fetch');
    });
    const error = await clientWith(fetchMock)
      .get('/x')
      .catch((e: unknown) => e);
    expect(axios.isAxiosError(error)).toBe(true);
    expect(error).not.toBeInstanceOf(ApiError);
    expect(onServerError).toHaveBeenCalledTimes(1);
  });

  it('when another HTTP error comes back then it propagates with the server message, or the spec message', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () =>
      respond(409, { status_code: 11, message: 'Conflict', data: 'The bot is already submitted' }),
    );
    await expect(clientWith(fetchMock).post('/bots/1/submit')).rejects.toMatchObject({
      httpStatus: 409,
      message: 'The bot is already submitted',
    });
    fetchMock.mockImplementation(async () => respond(400, ''));
    await expect(clientWith(fetchMock).get('/x')).rejects.toMatchObject({
      httpStatus: 400,
      message: HTTP_STATUS_MESSAGES.default,
    });
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(onServerError).not.toHaveBeenCalled();
  });

  it('sends the XSRF-TOKEN cookie back as the X-XSRF-TOKEN header', async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: the server sets this cookie; the test plays the server.
    document.cookie = 'XSRF-TOKEN=xsrf-123; Path=/';
    const fetchMock = vi.fn<typeof fetch>(async () =>
      respond(200, { status_code: 10, message: 'ok', data: null }),
    );
    await clientWith(fetchMock).post('/secure/things', { a: 1 });
    expect(lastRequest(fetchMock).headers.get('X-XSRF-TOKEN')).toBe('xsrf-123');
  });

  it('sends the Bearer token when one is given', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () =>
      respond(200, { status_code: 10, message: 'ok', data: 1 }),
    );
    await clientWith(fetchMock, () => 'jwt-abc').get('/secure/x');
    expect(lastRequest(fetchMock).headers.get('Authorization')).toBe('Bearer jwt-abc');
    await clientWith(fetchMock).get('/x');
    expect(lastRequest(fetchMock).headers.get('Authorization')).toBeNull();
  });

  it('by default sends the stored token while it is valid, and nothing once it has expired', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () =>
      respond(200, { status_code: 10, message: 'ok', data: 1 }),
    );
    const client = createHttpClient({ adapter: 'fetch', env: { fetch: fetchMock, Request: PageRequest } });
    storeToken({ access_token: 'stored-jwt', expiresAt: Date.now() + 60_000 });
    await client.get('/secure/x');
    expect(lastRequest(fetchMock).headers.get('Authorization')).toBe('Bearer stored-jwt');
    storeToken({ access_token: 'stored-jwt', expiresAt: Date.now() - 1 });
    await client.get('/secure/x');
    expect(lastRequest(fetchMock).headers.get('Authorization')).toBeNull();
  });
});
