import { randomBytes } from 'node:crypto';
import { XSRF_COOKIE_NAME } from '@portico/domain';
import type { LightMyRequestResponse } from 'fastify';
import type { Subject } from './factories.ts';
import { expectEnvelope, type TestApp, xsrfHeaders } from './helpers.ts';

/** One browser: its XSRF cookie, kept across the portal's calls and the checkout page. */
export interface Browser {
  xsrf: string;
}

export const newBrowser = (): Browser => ({ xsrf: randomBytes(32).toString('base64url') });

/** POST /secure/wallet/topups from this browser, as the portal does; the answer's checkout URL is bound to it. */
export async function startTopup(t: TestApp, subject: Subject, amount: string, browser: Browser) {
  const response = await t.injectAs(subject, {
    method: 'POST',
    url: '/api/v1/secure/wallet/topups',
    payload: { amount },
    headers: xsrfHeaders(browser.xsrf),
  });
  return expectEnvelope(response, 200).data as { topup_id: string; checkout_url: string; status: string };
}

/** The hidden fields of the checkout page's form. */
export function hiddenFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    fields[match[1] ?? ''] = (match[2] ?? '').replaceAll('&amp;', '&');
  }
  return fields;
}

/** GET the checkout page in this browser. */
export function openCheckout(t: TestApp, checkoutUrl: string, browser: Browser | null) {
  return t.app.inject({
    method: 'GET',
    url: checkoutUrl,
    headers: browser ? { cookie: `${XSRF_COOKIE_NAME}=${browser.xsrf}` } : {},
  });
}

/** Opens the checkout page and presses a button, as the browser would (same origin, its cookie, the form's fields). */
export async function confirmCheckout(
  t: TestApp,
  checkoutUrl: string,
  outcome: 'succeeded' | 'failed' | 'abandoned',
  browser: Browser,
): Promise<LightMyRequestResponse> {
  const page = await openCheckout(t, checkoutUrl, browser);
  if (page.statusCode !== 200) throw new Error(`checkout page answered ${page.statusCode}: ${page.body}`);
  return t.app.inject({
    method: 'POST',
    url: new URL(checkoutUrl, t.config.PUBLIC_URL).pathname,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: new URL(t.config.PUBLIC_URL).origin,
      cookie: `${XSRF_COOKIE_NAME}=${browser.xsrf}`,
    },
    payload: new URLSearchParams({ ...hiddenFields(page.body), outcome }).toString(),
  });
}
