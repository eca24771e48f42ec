import { HTTP_STATUS_MESSAGES, PAYLOAD_REQUIRED } from '@portico/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ok } from '../../src/platform/http/envelope.ts';
import { ConflictError } from '../../src/platform/http/errors.ts';
import { createTestApp, expectEnvelope, type TestApp, xsrfHeaders } from '../helpers.ts';

// Routes that exist only in this test, to drive the platform's handling of bodies and failures.
const probeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/probe/echo',
    { schema: { body: z.object({ name: z.string().min(1), count: z.number().int().min(0).optional() }) } },
    async (request) => ok(request.body),
  );
  app.post('/probe/text', { schema: { body: z.string().email() } }, async (request) => ok(request.body));
  app.get('/probe/boom', async () => {
    throw new Error('connection to 10.0.0.7:5432 refused (password=hunter2)');
  });
  app.get('/probe/conflict', async () => {
    throw new ConflictError('The bot is already launched.', { status: 10 });
  });
  app.get(
    '/probe/query',
    { schema: { querystring: z.object({ page: z.coerce.number().int().min(1) }) } },
    async (request) => ok(request.query),
  );
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ extraRoutes: { api: [probeRoutes] } });
});
afterAll(() => t.close());

const post = (
  url: string,
  payload: string | undefined,
  contentType?: string,
  extra: Record<string, string> = {},
) =>
  t.app.inject({
    method: 'POST',
    url,
    ...(payload !== undefined ? { payload } : {}),
    headers: { ...xsrfHeaders(), ...(contentType ? { 'content-type': contentType } : {}), ...extra },
  });

describe('the envelope', () => {
  it('when a call succeeds then it answers {status_code: 10, message, data}', async () => {
    const response = await post('/api/v1/probe/echo', JSON.stringify({ name: 'Asha' }), 'application/json');
    const body = expectEnvelope(response, 200, 10);
    expect(body.data).toEqual({ name: 'Asha' });
  });

  it('when a route is unknown then it answers 404 in the envelope, for any method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await t.app.inject({
        method,
        url: '/api/v1/no-such-thing?x=1',
        headers: xsrfHeaders(),
      });
      const body = expectEnvelope(response, 404);
      expect(body.message).toBe(`Not found: ${method} /api/v1/no-such-thing`);
      expect(body.data).toBeNull();
    }
  });

  it('when a path outside the API is unknown and no web build is served then it is a 404 envelope too', async () => {
    expectEnvelope(await t.app.inject({ method: 'GET', url: '/u/dashboard' }), 404);
  });

  it('when a handler fails unexpectedly then it answers 500 with the spec message and no internals', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/probe/boom' });
    const body = expectEnvelope(response, 500);
    expect(body.message).toBe(HTTP_STATUS_MESSAGES[500]);
    expect(body.data).toBeNull();
    expect(response.body).not.toMatch(/10\.0\.0\.7|hunter2|at .*\.ts/);
  });

  it('when a service throws an AppError then its status, message and data reach the caller', async () => {
    const body = expectEnvelope(await t.app.inject({ method: 'GET', url: '/api/v1/probe/conflict' }), 409);
    expect(body).toEqual({ status_code: 11, message: 'The bot is already launched.', data: { status: 10 } });
  });
});

describe('bad input', () => {
  it('when the JSON is malformed then 400 says so', async () => {
    const body = expectEnvelope(
      await post('/api/v1/probe/echo', '{"name": "Asha",', 'application/json'),
      400,
    );
    expect(body.message).toBe('The request body is not valid JSON.');
  });

  it('when a field is invalid then 400 names the field', async () => {
    const body = expectEnvelope(
      await post('/api/v1/probe/echo', JSON.stringify({ name: 'A', count: -1 }), 'application/json'),
      400,
    );
    expect(body.message).toMatch(/^Invalid field 'count': /);
    expect(body.data).toEqual([{ field: 'count', message: expect.any(String) }]);
  });

  it('when a required field is missing then 400 names it', async () => {
    const body = expectEnvelope(
      await post('/api/v1/probe/echo', JSON.stringify({}), 'application/json'),
      400,
    );
    expect(body.message).toMatch(/^Invalid field 'name': /);
  });

  it('when a query parameter is invalid then 400 names the parameter', async () => {
    const body = expectEnvelope(
      await t.app.inject({ method: 'GET', url: '/api/v1/probe/query?page=zero' }),
      400,
    );
    expect(body.message).toMatch(/^Invalid query parameter 'page': /);
  });

  it.each([
    ['no body and no content type', undefined, undefined],
    ['an empty JSON body', '', 'application/json'],
    ['JSON null', 'null', 'application/json'],
    ['an empty text body', '', 'text/plain'],
  ])(
    'when a call that needs a payload gets %s then 400 says "Payload is required"',
    async (_label, payload, type) => {
      const url = type === 'text/plain' ? '/api/v1/probe/text' : '/api/v1/probe/echo';
      const body = expectEnvelope(await post(url, payload, type), 400);
      expect(body.message).toBe(PAYLOAD_REQUIRED);
    },
  );

  it('when a text/plain body is given to a text route then it is accepted (verify-email style)', async () => {
    const body = expectEnvelope(await post('/api/v1/probe/text', 'asha@example.com', 'text/plain'), 200);
    expect(body.data).toBe('asha@example.com');
  });

  it('when the content type is not supported then 415', async () => {
    const body = expectEnvelope(
      await post('/api/v1/probe/echo', '<name>Asha</name>', 'application/xml'),
      415,
    );
    expect(body.message).toBe("Unsupported content type 'application/xml'. Send application/json.");
  });

  it('when the body is larger than the limit then 413', async () => {
    const big = JSON.stringify({ name: 'x'.repeat(1024 * 1024 + 10) });
    const body = expectEnvelope(await post('/api/v1/probe/echo', big, 'application/json'), 413);
    expect(body.message).toBe('The request body is larger than the limit of 1048576 bytes.');
  });

  it('when a body tries prototype pollution then it is refused, not merged', async () => {
    const response = await post(
      '/api/v1/probe/echo',
      '{"name":"a","__proto__":{"admin":true}}',
      'application/json',
    );
    expectEnvelope(response, 400);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  it('when the process has refused many bad requests then it still serves', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    expectEnvelope(health, 200);
  });
});

describe('request ids', () => {
  it('when the caller sends x-request-id then the response carries it back', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'lb-1234.abc' },
    });
    expect(response.headers['x-request-id']).toBe('lb-1234.abc');
  });

  it('when the caller sends none, or an unsafe one, then a fresh id is returned, errors included', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/api/v1/nothing-here' });
    expect(none.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const unsafe = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'a b\n<script>' },
    });
    expect(unsafe.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
