// Finding 3 (issue 10): the guards decide on the route that matched or the canonical path, so no
// spelling of a guarded path (percent-encoded, double-encoded, //, /./, /../, another case) skips
// the rate limit, the XSRF check or the secure prefix's token check. Probed over real HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalPath } from '../../src/platform/security/guarded-path.ts';
import { XSRF_MESSAGE } from '../../src/platform/security/xsrf.ts';
import { createTestApp, type TestApp, xsrfHeaders } from '../helpers.ts';
import { pathVariants, rawRequest } from './probe.ts';

const LIMIT = 3;
let t: TestApp;
let port: number;
let nextClient = 0;
/** A client address of its own (the app trusts X-Forwarded-For here), so each probe has a fresh budget. */
const client = () => {
  nextClient += 1;
  return { 'x-forwarded-for': `10.3.${Math.floor(nextClient / 250)}.${nextClient % 250}` };
};

beforeAll(async () => {
  t = await createTestApp({
    listen: true,
    env: { RATE_LIMIT_MAX: String(LIMIT), RATE_LIMIT_WINDOW_MS: '600000', TRUST_PROXY: '1' },
  });
  port = Number(new URL(t.config.PUBLIC_URL).port);
});
afterAll(() => t.close());

describe('canonicalPath', () => {
  it.each([
    ['/api/v1/x', '/api/v1/x'],
    ['/%61pi/v1/x?y=1', '/api/v1/x'],
    ['/%2561pi/v1/x', '/api/v1/x'],
    ['/api%2Fv1/x', '/api/v1/x'],
    ['//api//v1/x', '/api/v1/x'],
    ['/./api/./v1/x', '/api/v1/x'],
    ['/x/../api/v1/x', '/api/v1/x'],
    ['/../../api', '/api'],
    ['/API/V1', '/api/v1'],
    ['\\api\\v1', '/api/v1'],
    ['/%E0%A4%A/x', '/%e0%a4%a/x'],
  ])('%s is %s', (raw, canonical) => {
    expect(canonicalPath(raw)).toBe(canonical);
  });
});

describe('the XSRF check under /api', () => {
  const target = '/api/v1/secure/wallet/low-balance';

  it.each(pathVariants(target))(
    'when a PUT spelled $label ($path) carries a token but no XSRF pair then 403',
    async ({ path }) => {
      const { token } = await t.accountOf(null);
      const response = await rawRequest(port, {
        method: 'PUT',
        path,
        headers: { ...client(), authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ threshold: '20' }),
      });
      expect(response.status, response.body).toBe(403);
      expect(JSON.parse(response.body).message).toBe(XSRF_MESSAGE);
    },
  );

  it('when the encoded spelling carries the pair then it reaches the route (the probe above is routed)', async () => {
    const { token } = await t.accountOf(null);
    const response = await rawRequest(port, {
      method: 'PUT',
      path: '/%61pi/v1/secure/wallet/low-balance',
      headers: {
        ...client(),
        ...xsrfHeaders(),
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ threshold: '20' }),
    });
    expect(response.status, response.body).toBe(200);
  });

  it.each(pathVariants('/api/v1/accounts/sign-up'))(
    'when a public POST spelled $label has no XSRF pair then 403',
    async ({ path }) => {
      const response = await rawRequest(port, {
        method: 'POST',
        path,
        headers: { ...client(), 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'probe@portico.test', acceptTerms: true }),
      });
      expect(response.status, response.body).toBe(403);
    },
  );

  it('when a network posts to its signed webhook (config.xsrf false) then no XSRF pair is asked', async () => {
    for (const { path } of pathVariants('/api/v1/network-events/rbm').slice(0, 2)) {
      const response = await rawRequest(port, {
        method: 'POST',
        path,
        headers: { ...client(), 'content-type': 'application/json' },
        body: '{}',
      });
      expect(response.body).not.toContain(XSRF_MESSAGE);
    }
  });
});

describe('the rate limit under /api and /oidc', () => {
  const targets = [
    '/api/v1/reference/countries',
    '/api/v1/secure/wallet/balance',
    '/oidc/.well-known/openid-configuration',
  ];
  const cases = targets.flatMap((target) => pathVariants(target).map((v) => ({ target, ...v })));

  it.each(cases)(
    'when $target spelled $label ($path) is called past the limit then 429',
    async ({ path }) => {
      const headers = client();
      for (let i = 0; i < LIMIT; i += 1) {
        const response = await rawRequest(port, { method: 'GET', path, headers });
        expect(response.status).not.toBe(429);
      }
      const limited = await rawRequest(port, { method: 'GET', path, headers });
      expect(limited.status, limited.body).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    },
  );

  it('when stored files or the webhooks are called (config.rateLimit false) then they are never counted', async () => {
    const headers = client();
    for (let i = 0; i < LIMIT + 2; i += 1) {
      for (const path of [
        '/api/v1/files/profile-images/x/missing.webp',
        '/%61pi/v1/files/profile-images/x/y.webp',
      ]) {
        const response = await rawRequest(port, { method: 'GET', path, headers });
        expect(response.status).toBe(404);
      }
      const challenge = await rawRequest(port, {
        method: 'GET',
        path: '/api/v1/network-events/whatsapp',
        headers,
      });
      expect(challenge.status).not.toBe(429);
    }
  });

  it('when health checks are polled then they are never counted', async () => {
    const headers = client();
    for (let i = 0; i < LIMIT + 2; i += 1) {
      expect((await rawRequest(port, { method: 'GET', path: '/healthz', headers })).status).toBe(200);
    }
  });
});

describe('the token check under the secure prefix', () => {
  it.each(pathVariants('/api/v1/secure/wallet/balance'))(
    'when $label ($path) is called without a token then it is refused or not found, never answered',
    async ({ path }) => {
      const response = await rawRequest(port, { method: 'GET', path, headers: client() });
      expect([401, 404]).toContain(response.status);
      expect(response.body).not.toContain('"balance"');
    },
  );
});
