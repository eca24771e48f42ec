import { HTTP_STATUS_MESSAGES, LIMITS, ZNoData } from '@portico/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { storeToken } from '@/lib/auth/token';
import { ApiError, isHttpError } from './api-error';
import { createHttpClient, setHttpHandlers } from './client';
import { watchExports } from './export-progress';

type FetchMock = ReturnType<typeof vi.fn<typeof fetch>>;

function respond(status: number, body: unknown): Response {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': typeof body === 'string' ? 'text/html' : 'application/json' },
  });
}

function clientWith(fetchMock: FetchMock, getToken?: () => string | null) {
  return createHttpClient({ fetch: fetchMock, getToken: getToken ?? (() => null) });
}

function lastRequest(fetchMock: FetchMock): Request {
  const call = fetchMock.mock.calls.at(-1);
  if (!call) throw new Error('no request was made');
  const [input, init] = call;
  return input instanceof Request ? input : new Request(String(input), init);
}

const ZThing = z.object({ id: z.number() });

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
  it('asks /api/v1 for JSON, with the query parameters that are set', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () =>
      respond(200, { status_code: 10, message: 'ok', data: 1 }),
    );
    await clientWith(fetchMock).get('/secure/x', z.number(), {
      params: { start: 0, end: 30, search: undefined },
    });
    const request = lastRequest(fetchMock);
    const url = new URL(request.url);
    expect(url.pathname).toBe('/api/v1/secure/x');
    expect(url.search).toBe('?start=0&end=30');
    expect(request.method).toBe('GET');
    expect(request.headers.get('Accept')).toBe('application/json');
  });

  it('sends a plain body as JSON, and FormData or text as they are', async () => {
    const sent: { type: string | null; body: string }[] = [];
    const fetchMock = vi.fn<typeof fetch>(async (input) => {
      const request = input as Request;
      sent.push({ type: request.headers.get('Content-Type'), body: await request.text() });
      return respond(200, { status_code: 10, message: 'ok', data: null });
    });
    const client = clientWith(fetchMock);
    await client.post('/secure/things', { a: 1 }, ZNoData);
    await client.post('/accounts/verify-email', 'token-1', ZNoData, {
      headers: { 'Content-Type': 'text/plain' },
    });
    const form = new FormData();
    form.append('firstName', 'Asha');
    await client.post('/secure/update-partner-profile', form, ZNoData);
    expect(sent[0]).toEqual({ type: 'application/json', body: '{"a":1}' });
    expect(sent[1]).toEqual({ type: 'text/plain', body: 'token-1' });
    expect(sent[2]?.type).toMatch(/^multipart\/form-data; boundary=/);
    expect(sent[2]?.body).toContain('Asha');
  });

  it("gives up after 100000 ms (the spec's time-out) and goes to /500, without retrying", async () => {
    vi.useFakeTimers();
    try {
      const fetchMock = vi.fn<typeof fetch>(
        (input) =>
          new Promise((_resolve, reject) => {
            const signal = input instanceof Request ? input.signal : undefined;
            signal?.addEventListener('abort', () => reject(signal.reason));
          }),
      );
      const failure = clientWith(fetchMock)
        .get('/slow', z.unknown())
        .catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(LIMITS.apiRequestTimeoutMs - 1);
      expect(onServerError).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      const error = await failure;
      expect((error as Error).name).toBe('TimeoutError');
      expect(isHttpError(error)).toBe(false);
      expect(onServerError).toHaveBeenCalledTimes(1);
      expect(fetchMock).toHaveBeenCalledTimes(1);
      expect(LIMITS.apiRequestTimeoutMs).toBe(100_000);
    } finally {
      vi.useRealTimers();
    }
  });

  it('when the envelope says 10 then it answers the data', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () =>
      respond(200, { status_code: 10, message: 'ok', data: { id: 7 } }),
    );
    await expect(clientWith(fetchMock).get('/things/7', ZThing)).resolves.toEqual({ id: 7 });
    const request = lastRequest(fetchMock);
    expect(new URL(request.url).pathname).toBe('/api/v1/things/7');
    expect(request.headers.get('Accept')).toContain('application/json');
  });

  it('when the data matches the schema then it answers the parsed value (defaults and transforms applied)', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () =>
      respond(200, { status_code: 10, message: 'ok', data: { items: [{ id: 1 }], total: 1, extra: 'x' } }),
    );
    const ZList = z.object({ items: z.array(ZThing), total: z.number(), page: z.number().default(0) });
    await expect(clientWith(fetchMock).get('/things', ZList)).resolves.toEqual({
      items: [{ id: 1 }],
      total: 1,
      page: 0,
    });
  });

  it('when the data breaks its schema then it is an ApiError naming the call, with the issues, and a console error', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const fetchMock = vi.fn<typeof fetch>(async () =>
      respond(200, { status_code: 10, message: 'ok', data: { id: 'seven' } }),
    );
    const error = await clientWith(fetchMock)
      .get('/things/7', ZThing)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      message: "The server's answer to GET /things/7 could not be read (it does not match its contract).",
      contract: true,
      httpStatus: 200,
      statusCode: 10,
    });
    expect((error as ApiError).data).toEqual([expect.objectContaining({ path: ['id'] })]);
    expect(consoleError).toHaveBeenCalledWith(
      'The answer to GET /things/7 does not match its contract.',
      expect.arrayContaining([expect.objectContaining({ path: ['id'] })]),
    );
    // An answer, not a network failure: neither retried nor sent to /500.
    expect(isHttpError(error)).toBe(true);
    expect(onServerError).not.toHaveBeenCalled();
  });

  it('when a write answers data its schema does not allow then the write fails the same way', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const fetchMock = vi.fn<typeof fetch>(async () =>
      respond(200, { status_code: 10, message: 'ok', data: { unexpected: true } }),
    );
    await expect(clientWith(fetchMock).post('/secure/things', { a: 1 }, ZNoData)).rejects.toMatchObject({
      name: 'ApiError',
      contract: true,
      message: expect.stringContaining('POST /secure/things'),
    });
  });

  it('when the envelope is not 10 then it throws with the data string', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () =>
      respond(200, { status_code: 11, message: 'failed', data: 'Bot name already taken' }),
    );
    const error = await clientWith(fetchMock)
      .get('/bots', z.unknown())
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
    await expect(clientWith(fetchMock).get('/secure/partner-details', z.unknown())).rejects.toMatchObject({
      name: 'ApiError',
      message: 'User details not present',
      statusCode: 11,
    });
  });

  it('when the server answers 401 then the session handler runs and the error reaches the caller', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => respond(401, 'nope'));
    await expect(clientWith(fetchMock).get('/secure/partner-details', z.unknown())).rejects.toMatchObject({
      httpStatus: 401,
      message: HTTP_STATUS_MESSAGES[401],
    });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(onServerError).not.toHaveBeenCalled();
  });

  it('when the server answers 500 or more then it goes to /500', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => respond(503, 'down'));
    await expect(clientWith(fetchMock).get('/x', z.unknown())).rejects.toMatchObject({
      httpStatus: 503,
      message: HTTP_STATUS_MESSAGES[503],
    });
    expect(onServerError).toHaveBeenCalledTimes(1);

    fetchMock.mockImplementation(async () =>
      respond(500, { status_code: 11, message: 'Internal error', data: null }),
    );
    await expect(clientWith(fetchMock).get('/x', z.unknown())).rejects.toMatchObject({ httpStatus: 500 });
    expect(onServerError).toHaveBeenCalledTimes(2);
  });

  it('when a messaging network is down or refuses (a 5xx naming the network) then the caller gets its reason, not /500', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () =>
      respond(503, {
        status_code: 11,
        message: 'Google RBM: the network is not answering. Your draft is saved; try again.',
        data: { network: 'rbm', kind: 'network_down' },
      }),
    );
    await expect(clientWith(fetchMock).post('/secure/bots/rcs', {}, z.unknown())).rejects.toMatchObject({
      httpStatus: 503,
      message: 'Google RBM: the network is not answering. Your draft is saved; try again.',
      data: { network: 'rbm', kind: 'network_down' },
    });
    expect(onServerError).not.toHaveBeenCalled();
  });

  it('when the network fails then it goes to /500 and the (retryable) network error reaches the caller', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => {
      throw new TypeError('Failed to fetch');
    });
    const error = await clientWith(fetchMock)
      .get('/x', z.unknown())
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TypeError);
    expect(isHttpError(error)).toBe(false);
    expect(onServerError).toHaveBeenCalledTimes(1);
  });

  it('when a background request (a header count) fails or the network does then the page stays: no /500, the caller gets the error', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => respond(503, 'down'));
    const client = clientWith(fetchMock);
    await expect(client.get('/secure/count', z.unknown(), { background: true })).rejects.toMatchObject({
      httpStatus: 503,
    });
    fetchMock.mockImplementation(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(client.get('/secure/count', z.unknown(), { background: true })).rejects.toBeInstanceOf(
      TypeError,
    );
    expect(onServerError).not.toHaveBeenCalled();
    // A 401 still ends the session.
    fetchMock.mockImplementation(async () =>
      respond(401, { status_code: 11, message: 'Unauthorized', data: null }),
    );
    await expect(client.get('/secure/count', z.unknown(), { background: true })).rejects.toMatchObject({
      httpStatus: 401,
    });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('when another HTTP error comes back then it propagates with the server message, or the spec message', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () =>
      respond(409, { status_code: 11, message: 'Conflict', data: 'The bot is already submitted' }),
    );
    await expect(clientWith(fetchMock).post('/bots/1/submit', undefined, z.unknown())).rejects.toMatchObject({
      httpStatus: 409,
      message: 'The bot is already submitted',
    });
    fetchMock.mockImplementation(async () => respond(400, ''));
    await expect(clientWith(fetchMock).get('/x', z.unknown())).rejects.toMatchObject({
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
    await clientWith(fetchMock).post('/secure/things', { a: 1 }, ZNoData);
    expect(lastRequest(fetchMock).headers.get('X-XSRF-TOKEN')).toBe('xsrf-123');
  });

  it('sends the Bearer token when one is given', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () =>
      respond(200, { status_code: 10, message: 'ok', data: 1 }),
    );
    await clientWith(fetchMock, () => 'jwt-abc').get('/secure/x', z.number());
    expect(lastRequest(fetchMock).headers.get('Authorization')).toBe('Bearer jwt-abc');
    await clientWith(fetchMock).get('/x', z.unknown());
    expect(lastRequest(fetchMock).headers.get('Authorization')).toBeNull();
  });

  it('by default sends the stored token while it is valid, and nothing once it has expired', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () =>
      respond(200, { status_code: 10, message: 'ok', data: 1 }),
    );
    const client = createHttpClient({ fetch: fetchMock });
    storeToken({ access_token: 'stored-jwt', expiresAt: Date.now() + 60_000 });
    await client.get('/secure/x', z.number());
    expect(lastRequest(fetchMock).headers.get('Authorization')).toBe('Bearer stored-jwt');
    storeToken({ access_token: 'stored-jwt', expiresAt: Date.now() - 1 });
    await client.get('/secure/x', z.number());
    expect(lastRequest(fetchMock).headers.get('Authorization')).toBeNull();
  });
});

/** A stand-in XMLHttpRequest: records what was sent, reports progress, then answers. */
class FakeXhr {
  static last: FakeXhr | null = null;
  static answer: { status: number; body: string } = { status: 200, body: '' };
  method = '';
  url = '';
  headers: Record<string, string> = {};
  status = 0;
  responseText = '';
  timeout = 0;
  sent: unknown = null;
  upload: {
    onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
  } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: URL | string) {
    this.method = method;
    this.url = String(url);
  }
  setRequestHeader(key: string, value: string) {
    this.headers[key] = value;
  }
  send(body: unknown) {
    this.sent = body;
    this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
    this.upload.onprogress?.({ lengthComputable: true, loaded: 100, total: 100 });
    this.status = FakeXhr.answer.status;
    this.responseText = FakeXhr.answer.body;
    this.onload?.();
  }
}

describe('the HTTP client uploads', () => {
  beforeEach(() => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });

  it('when a file is uploaded then it is posted with the token, progress is reported and the answer parsed', async () => {
    FakeXhr.answer = {
      status: 200,
      body: JSON.stringify({ status_code: 10, message: 'ok', data: { id: 3 } }),
    };
    const progress: number[] = [];
    const body = new FormData();
    body.set('loa', new Blob(['%PDF-1.7']), 'loa.pdf');
    const thing = await createHttpClient({ getToken: () => 'jwt' }).upload('/secure/x/loa', body, ZThing, {
      params: { bot_id: 'b1' },
      onProgress: (fraction) => progress.push(fraction),
    });
    expect(thing).toEqual({ id: 3 });
    expect(progress).toEqual([0.5, 1]);
    const xhr = FakeXhr.last as FakeXhr;
    expect(xhr.method).toBe('POST');
    expect(new URL(xhr.url).pathname).toBe('/api/v1/secure/x/loa');
    expect(new URL(xhr.url).search).toBe('?bot_id=b1');
    expect(xhr.headers.Authorization).toBe('Bearer jwt');
    expect(xhr.sent).toBe(body);
  });

  it('when the server refuses the file then the envelope message comes back as an ApiError', async () => {
    FakeXhr.answer = {
      status: 400,
      body: JSON.stringify({ status_code: 11, message: 'Bad request', data: 'The LOA is not a PDF.' }),
    };
    const failure = await createHttpClient({ getToken: () => null })
      .upload('/secure/x/loa', new FormData(), ZThing)
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).message).toBe('The LOA is not a PDF.');
    expect((failure as ApiError).httpStatus).toBe(400);
    expect(onServerError).not.toHaveBeenCalled();
  });
});

describe('a large export rendered in the background', () => {
  const ID = '7d3c8f0e-2b1a-4c5d-9e6f-0a1b2c3d4e5f';
  const status = (over: Record<string, unknown>) =>
    respond(200, {
      status_code: 10,
      message: 'ok',
      data: {
        export_id: ID,
        status: 'running',
        done: 0,
        total: 3000,
        file_name: 'brands-2026-11-30.pdf',
        url: null,
        error: null,
        ...over,
      },
    });

  it('asks to respond async, follows the progress (reported to the panel) and fetches the signed link', async () => {
    const seen: number[] = [];
    const answers = [
      respond(202, { status_code: 10, message: 'ok', data: { export_id: ID, total: 3000 } }),
      status({ done: 1500 }),
      status({ status: 'ready', done: 3000, url: '/api/v1/files/download/token.abc' }),
      new Response('%PDF-1.7', {
        status: 200,
        headers: {
          'Content-Type': 'application/pdf',
          'Content-Disposition': 'attachment; filename="brands-2026-11-30.pdf"',
        },
      }),
    ];
    const urls: string[] = [];
    const prefer: (string | null)[] = [];
    const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
      const request = input instanceof Request ? input : new Request(String(input), init);
      urls.push(new URL(request.url).pathname);
      prefer.push(request.headers.get('Prefer'));
      const answer = answers.shift();
      if (!answer) throw new Error('no more answers');
      return answer;
    });
    let underWay = -1;
    const stop = watchExports((items) => {
      underWay = items.length;
      for (const item of items) seen.push(item.done);
    });
    const file = await clientWith(fetchMock).download('/secure/brands/export', { params: { format: 'pdf' } });
    stop();
    expect(seen.at(-1)).toBe(3000);
    expect(file.filename).toBe('brands-2026-11-30.pdf');
    expect(await file.blob.text()).toBe('%PDF-1.7');
    expect(urls).toEqual([
      '/api/v1/secure/brands/export',
      `/api/v1/secure/exports/${ID}`,
      `/api/v1/secure/exports/${ID}`,
      '/api/v1/files/download/token.abc',
    ]);
    expect(prefer[0]).toBe('respond-async');
    // Reported as it went (0, 1,500, 3,000), then the export left the panel (an empty list).
    expect(seen).toEqual([0, 1500, 3000]);
    expect(underWay).toBe(0);
  });

  it('when the export fails then the download fails with its reason', async () => {
    const answers = [
      respond(202, { status_code: 10, message: 'ok', data: { export_id: ID, total: 3000 } }),
      status({ status: 'failed', error: 'The export stopped before it was ready. Please try again.' }),
    ];
    const fetchMock = vi.fn<typeof fetch>(async () => {
      const answer = answers.shift();
      if (!answer) throw new Error('no more answers');
      return answer;
    });
    await expect(clientWith(fetchMock).download('/secure/brands/export')).rejects.toThrow(
      'The export stopped before it was ready. Please try again.',
    );
  });
});
