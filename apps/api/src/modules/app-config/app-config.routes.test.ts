import { ZAppConfig } from '@portico/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectEnvelope, type TestApp } from '../../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: {
      BRAND_NAME: 'Acme Connect',
      PRODUCT_CODE: 'ACME',
      ANALYTICS_DASHBOARD_URL: 'https://analytics.example/dash',
      FIREWALL_TOOL_URL: 'https://firewall.example/tool',
    },
  });
});
afterAll(() => t.close());

describe('GET /api/v1/app-config', () => {
  it('when asked without a token then it returns the brand, identity provider and links from configuration', async () => {
    const body = expectEnvelope(await t.app.inject({ method: 'GET', url: '/api/v1/app-config' }), 200);
    expect(ZAppConfig.strict().parse(body.data)).toEqual({
      brandName: 'Acme Connect',
      productCode: 'ACME',
      oidc: {
        issuer: 'http://localhost:3000/oidc',
        clientId: 'portico-web',
        scope: 'openid user_info',
        resource: 'http://localhost:3000/api',
      },
      links: {
        analyticsDashboard: 'https://analytics.example/dash',
        firewallTool: 'https://firewall.example/tool',
      },
    });
  });
});

describe('GET /api/v1/app-config without the external tools configured', () => {
  it('when ANALYTICS_DASHBOARD_URL and FIREWALL_TOOL_URL are unset then both links are null (the menu hides them)', async () => {
    const bare = await createTestApp();
    try {
      const body = expectEnvelope(await bare.app.inject({ method: 'GET', url: '/api/v1/app-config' }), 200);
      expect(ZAppConfig.parse(body.data).links).toEqual({ analyticsDashboard: null, firewallTool: null });
    } finally {
      await bare.close();
    }
  });
});
