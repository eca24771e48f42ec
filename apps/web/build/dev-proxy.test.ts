import { LOGIN_CALLBACK_PATH, PAGE_ROUTES, SERVER_ERROR_PATH } from '@portico/domain';
import { describe, expect, it } from 'vitest';
import { devProxy, isProxied } from './dev-proxy.ts';

describe('the dev proxy', () => {
  it.each([
    '/api/v1/secure/partner-details',
    '/oidc/auth?client_id=portico-web',
    '/sandbox/handsets',
    '/payments/sandbox/checkout/t-1',
    '/payments/webhooks/stripe',
    '/dev/mailbox',
    '/dev/mailbox/messages',
    '/healthz',
    '/readyz',
  ])('when the browser asks for %s then the API answers it', (path) => {
    expect(isProxied(path)).toBe(true);
  });

  it('when the browser opens a page of the portal then the SPA answers it', () => {
    const pages = ['/', LOGIN_CALLBACK_PATH, SERVER_ERROR_PATH, ...PAGE_ROUTES.map((route) => route.path)];
    expect(pages.filter(isProxied)).toEqual([]);
    expect(isProxied('/developer-assets/faqs')).toBe(false);
  });

  it('sends each prefix to the API as it is (same origin for the cookies)', () => {
    expect(devProxy('http://localhost:3000')['/payments/']).toEqual({
      target: 'http://localhost:3000',
      changeOrigin: false,
    });
  });
});
