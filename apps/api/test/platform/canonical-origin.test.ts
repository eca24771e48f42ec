import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.ts';

// PUBLIC_URL is http://localhost:3000 in the tests.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const navigate = (host: string, url: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: { host, accept: 'text/html,application/xhtml+xml', 'sec-fetch-mode': 'navigate' },
  });

describe('the canonical origin', () => {
  it('when a browser opens a page on 127.0.0.1 then it is sent to the same page on PUBLIC_URL first', async () => {
    const response = await navigate('127.0.0.1:3000', '/u/dashboard?tab=bots');
    expect(response.statusCode).toBe(308);
    expect(response.headers.location).toBe('http://localhost:3000/u/dashboard?tab=bots');
  });

  it('when sign-in starts on a LAN name then it is sent to PUBLIC_URL, so the redirect URI matches', async () => {
    const response = await navigate('portal.lan:3000', '/oidc/auth?client_id=portico-web&response_type=code');
    expect(response.statusCode).toBe(308);
    expect(response.headers.location).toBe(
      'http://localhost:3000/oidc/auth?client_id=portico-web&response_type=code',
    );
  });

  it('when the host is PUBLIC_URL then nothing is redirected', async () => {
    const response = await navigate('localhost:3000', '/oidc/.well-known/openid-configuration');
    expect(response.statusCode).toBe(200);
  });

  it('when an API client, a probe or a webhook uses another host then it is served where it asked', async () => {
    const api = await navigate('127.0.0.1:3000', '/api/v1/app-config');
    expect(api.statusCode).toBe(200);
    const probe = await navigate('10.0.0.7:3000', '/readyz');
    expect(probe.statusCode).toBe(200);
    const script = await t.app.inject({
      method: 'GET',
      url: '/oidc/.well-known/openid-configuration',
      headers: { host: '127.0.0.1:3000', accept: 'application/json', 'sec-fetch-mode': 'cors' },
    });
    expect(script.statusCode).toBe(200);
  });
});
