// Finding 13 (issue 10): Cache-Control: no-store on secure responses; Retry-After on the OTP 429;
// the /oidc preflights do not reflect a foreign Origin; a javascript: media URL in a test card is
// refused; the marketing admin reads no network data (spec section 6).
import { ROLES } from '@portico/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCounters } from '../../src/platform/security/counters.ts';
import { createTestApp, expectEnvelope, type TestApp } from '../helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('Cache-Control on secure responses', () => {
  it('when a secure route answers, with data or refused, then it says no-store', async () => {
    const { token } = await t.accountOf(null);
    const calls = [
      { url: '/api/v1/secure/partner-details', headers: { authorization: `Bearer ${token}` } },
      { url: '/api/v1/secure/wallet/balance', headers: { authorization: `Bearer ${token}` } },
      { url: '/api/v1/secure/wallet/balance', headers: {} },
      { url: '/api/v1/secure/rate-plans', headers: { authorization: `Bearer ${token}` } },
      { url: '/%61pi/v1/secure/account-setup', headers: { authorization: `Bearer ${token}` } },
    ];
    for (const call of calls) {
      const response = await t.app.inject({ method: 'GET', ...call });
      expect(response.headers['cache-control'], `${call.url} ${response.statusCode}`).toBe('no-store');
    }
  });

  it('when every secure GET answers then none may be stored', async () => {
    for (const route of t.server.secureRoutes.filter((r) => r.method === 'GET')) {
      const response = await t.injectAs(ROLES.SUPER_ADMIN_PORTICO, { method: 'GET', url: route.url });
      expect(response.headers['cache-control'], route.url).toBe('no-store');
    }
  });

  it('when a public API resource is served then it is not forced to no-store', async () => {
    const file = await t.app.inject({ method: 'GET', url: '/api/v1/reference/countries' });
    expect(file.headers['cache-control']).not.toBe('no-store');
  });
});

describe('the OTP limit', () => {
  it('when a number has had its codes then the 429 carries Retry-After', async () => {
    const account = await t.accountOf(null);
    const msisdn = '+919876543210';
    await createCounters(t.database.sql).add(
      `otp:number:${account.partner.partnerId}:${msisdn}`,
      3,
      10 * 60_000,
    );
    const response = await t.injectAs(null, {
      method: 'POST',
      url: '/api/v1/secure/otp/generate',
      payload: { msisdn },
    });
    expectEnvelope(response, 429);
    const retryAfter = Number(response.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
  });
});

describe('CORS preflights at the identity provider', () => {
  const preflight = (path: string, origin: string) =>
    t.app.inject({
      method: 'OPTIONS',
      url: path,
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });

  it.each(['/oidc/token', '/oidc/token/revocation', '/oidc/me'])(
    'when %s is preflighted from a foreign origin then no CORS header lets the browser go on',
    async (path) => {
      const response = await preflight(path, 'https://evil.example');
      expect(response.headers['access-control-allow-origin']).toBeUndefined();
      expect(response.headers['access-control-allow-methods']).toBeUndefined();
    },
  );

  it("when the portal's own origin preflights /oidc/token then it is allowed", async () => {
    const origin = new URL(t.config.PUBLIC_URL).origin;
    const response = await preflight('/oidc/token', origin);
    expect(response.headers['access-control-allow-origin']).toBe(origin);
  });
});

describe('test messages', () => {
  const send = (content: object) =>
    t.injectAs(ROLES.SUPER_ADMIN_PORTICO, {
      method: 'POST',
      url: '/api/v1/secure/network-messages/test',
      payload: { network: 'rbm', recipient: '+919800000001', content },
    });

  it.each([
    'javascript:alert(document.cookie)',
    'data:text/html,<script>1</script>',
    'http://example.com/x.png',
  ])('when a card media URL is %s then 400 naming the field', async (fileUrl) => {
    const response = await send({ kind: 'rich_card', card: { title: 'Offer', media: { fileUrl } } });
    expect(expectEnvelope(response, 400).message).toContain('content.card.media.fileUrl');
  });

  it('when an open_url suggestion is javascript: then 400', async () => {
    const response = await send({
      kind: 'text',
      text: 'Hi',
      suggestions: [{ type: 'open_url', text: 'Go', url: 'javascript:alert(1)' }],
    });
    expectEnvelope(response, 400);
  });
});

describe('network data and the marketing admin', () => {
  it.each([
    '/api/v1/secure/network-messages',
    '/api/v1/secure/network-events',
    '/api/v1/secure/network-health',
    '/api/v1/secure/reference-token',
    '/api/v1/secure/pricing',
  ])('when the marketing admin asks for %s then 403', async (url) => {
    expectEnvelope(await t.injectAs(ROLES.MARKETING_ADMIN, { method: 'GET', url }), 403);
  });

  it('when a provider admin asks for network messages then they are shown', async () => {
    expectEnvelope(
      await t.injectAs(ROLES.ADMIN_PORTICO_READONLY, {
        method: 'GET',
        url: '/api/v1/secure/network-messages',
      }),
      200,
    );
  });
});
