import { XSRF_COOKIE_NAME } from '@portico/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ok } from '../../src/platform/http/envelope.ts';
import { XSRF_MESSAGE } from '../../src/platform/security/xsrf.ts';
import { createTestApp, expectEnvelope, type TestApp, xsrfHeaders } from '../helpers.ts';

const mutations: FastifyPluginAsyncZod = async (app) => {
  for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
    app.route({
      method,
      url: '/probe/mutate',
      schema: { body: z.object({ n: z.number() }).nullish() },
      handler: async () => ok({ method }),
    });
  }
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ extraRoutes: { api: [mutations] } });
});
afterAll(() => t.close());

const cspOf = (headers: Record<string, unknown>) => String(headers['content-security-policy']);

describe('security headers', () => {
  it('when any response leaves then it carries the strict Content-Security-Policy and helmet headers', async () => {
    for (const url of ['/healthz', '/api/v1/app-config', '/api/v1/missing']) {
      const response = await t.app.inject({ method: 'GET', url });
      const csp = cspOf(response.headers);
      for (const directive of [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: blob:",
        "font-src 'self'",
        "connect-src 'self'",
        "frame-ancestors 'none'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
      ]) {
        expect(csp).toContain(directive);
      }
      expect(csp).not.toContain('unsafe-eval');
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
  });

  it('when Swagger UI is served then its page and scripts run under the same strict script policy', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger-ui');
    expect(page.body).not.toMatch(/<script>(?!\s*<\/script>)/); // no inline script
    const csp = cspOf(page.headers);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*(unsafe-inline|unsafe-eval)/);
    const initializer = await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(initializer.statusCode).toBe(200);
    expect(initializer.headers['content-type']).toMatch(/javascript/);
    expect(initializer.body).toContain("resolveUrl('./json')");
  });
});

describe('XSRF double-submit', () => {
  it('when a browser has no XSRF-TOKEN cookie then the server sets a random, script-readable one', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/app-config' });
    const cookie = response.cookies.find((c) => c.name === XSRF_COOKIE_NAME);
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookie?.httpOnly).toBeFalsy();
    expect(cookie?.sameSite).toBe('Lax');
    expect(cookie?.path).toBe('/');
    const again = await t.app.inject({ method: 'GET', url: '/api/v1/app-config' });
    expect(again.cookies.find((c) => c.name === XSRF_COOKIE_NAME)?.value).not.toBe(cookie?.value);
  });

  it('when the browser already has the cookie then it is not replaced', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/app-config', headers: xsrfHeaders() });
    expect(response.cookies.find((c) => c.name === XSRF_COOKIE_NAME)).toBeUndefined();
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'] as const)(
    'when a %s under /api carries a matching cookie and header then it goes through',
    async (method) => {
      const response = await t.app.inject({ method, url: '/api/v1/probe/mutate', headers: xsrfHeaders() });
      expect(expectEnvelope(response, 200).data).toEqual({ method });
    },
  );

  const token = 'a'.repeat(43);
  it.each([
    ['no cookie and no header', {}],
    ['a header but no cookie', { 'x-xsrf-token': token }],
    ['a cookie but no header', { cookie: `${XSRF_COOKIE_NAME}=${token}` }],
    [
      'a header that differs from the cookie',
      { cookie: `${XSRF_COOKIE_NAME}=${token}`, 'x-xsrf-token': 'b'.repeat(43) },
    ],
    ['a too-short matching pair', { cookie: `${XSRF_COOKIE_NAME}=abc`, 'x-xsrf-token': 'abc' }],
  ])('when a POST has %s then 403 "Missing or invalid XSRF token."', async (_label, headers) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/probe/mutate', headers });
    const body = expectEnvelope(response, 403);
    expect(body.message).toBe(XSRF_MESSAGE);
  });

  it('when a GET has no XSRF pair then it is not checked', async () => {
    expectEnvelope(await t.app.inject({ method: 'GET', url: '/api/v1/app-config' }), 200);
  });

  it('when a POST goes to /oidc then the API XSRF check does not apply (the provider has its own)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/oidc/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=authorization_code&code=nope',
    });
    expect(response.statusCode).not.toBe(403);
    expect(response.body).not.toContain(XSRF_MESSAGE);
  });
});
