// Finding 1, checkout part (issue 10): the sandbox checkout accepts a confirmation only from the
// top-up owner's session (the checkout token the authenticated POST /secure/wallet/topups issued,
// bound to that browser's XSRF cookie), with the XSRF cookie/field pair, from our own origin; and a
// repeated confirmation never credits twice.
import { XSRF_COOKIE_NAME } from '@portico/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createCheckoutTokens } from '../../src/modules/wallet/checkout-token.ts';
import {
  type Browser,
  confirmCheckout,
  hiddenFields,
  newBrowser,
  openCheckout,
  startTopup,
} from '../checkout.ts';
import { createTestApp, expectEnvelope, type TestApp } from '../helpers.ts';

let t: TestApp;
let origin: string;
beforeAll(async () => {
  t = await createTestApp();
  origin = new URL(t.config.PUBLIC_URL).origin;
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

async function balance(subject: 'DEVELOPER' | null = null): Promise<number> {
  const response = await t.injectAs(subject, { method: 'GET', url: '/api/v1/secure/wallet/balance' });
  return Number((expectEnvelope(response, 200).data as { balance: string }).balance);
}

const pathOf = (checkoutUrl: string) => new URL(checkoutUrl, t.config.PUBLIC_URL).pathname;

/** A form post to the checkout with exactly these headers and fields. */
function post(checkoutUrl: string, headers: Record<string, string>, fields: Record<string, string>) {
  return t.app.inject({
    method: 'POST',
    url: pathOf(checkoutUrl),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams(fields).toString(),
  });
}

/** The fields the owner's checkout page carries, read from the page in the owner's browser. */
async function ownerFields(checkoutUrl: string, browser: Browser) {
  const page = await openCheckout(t, checkoutUrl, browser);
  expect(page.statusCode, page.body).toBe(200);
  return hiddenFields(page.body);
}

const cookieOf = (browser: Browser) => `${XSRF_COOKIE_NAME}=${browser.xsrf}`;

describe('the sandbox checkout', () => {
  it("when the issue's curl posts outcome=succeeded from another origin without a session then 403 and no credit", async () => {
    const before = await balance();
    const topup = await startTopup(t, null, '10000', newBrowser());
    const response = await t.app.inject({
      method: 'POST',
      url: pathOf(topup.checkout_url),
      headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=succeeded',
    });
    expectEnvelope(response, 403);
    // Even from our own origin, a post without the owner's session is refused.
    expectEnvelope(await post(topup.checkout_url, { origin }, { outcome: 'succeeded' }), 403);
    expect(await balance()).toBeCloseTo(before, 6);
  });

  it('when the owner confirms from the browser that started the top-up then it is credited, once however often they press Pay', async () => {
    const browser = newBrowser();
    const before = await balance();
    const topup = await startTopup(t, null, '40', browser);
    // The same form sent again and again (a double click, a reload that re-posts).
    const fields = await ownerFields(topup.checkout_url, browser);
    const first = await confirmCheckout(t, topup.checkout_url, 'succeeded', browser);
    expect(first.statusCode, first.body).toBe(303);
    expect(first.headers.location).toBe(`/u/my-wallet?topup=${topup.topup_id}&outcome=succeeded`);
    for (let i = 0; i < 3; i += 1) {
      const again = await post(
        topup.checkout_url,
        { origin, cookie: cookieOf(browser) },
        { ...fields, outcome: 'succeeded' },
      );
      expect(again.statusCode).toBe(303);
    }
    const failedLater = await post(
      topup.checkout_url,
      { origin, cookie: cookieOf(browser) },
      { ...fields, outcome: 'failed' },
    );
    expect(failedLater.headers.location).toContain('outcome=succeeded');
    expect(await balance()).toBeCloseTo(before + 40, 6);
  });

  it('when the link is opened in another browser (a leaked URL) then the page and the confirmation are refused', async () => {
    const owner = newBrowser();
    const stranger = newBrowser();
    const topup = await startTopup(t, null, '25', owner);
    expectEnvelope(await openCheckout(t, topup.checkout_url, stranger), 403);
    expectEnvelope(await openCheckout(t, topup.checkout_url, null), 403);
    // The stranger copies the owner's form fields but posts with their own cookie and field.
    const fields = await ownerFields(topup.checkout_url, owner);
    const response = await post(
      topup.checkout_url,
      { origin, cookie: cookieOf(stranger) },
      { ...fields, _xsrf: stranger.xsrf, outcome: 'succeeded' },
    );
    expectEnvelope(response, 403);
  });

  it('when another user (same partner or not) uses a checkout that is not theirs then 403', async () => {
    const owner = newBrowser();
    const before = await balance('DEVELOPER');
    const topup = await startTopup(t, 'DEVELOPER', '30', owner);
    // Another user's own top-up gives them a token, but for their top-up, not this one.
    const other = newBrowser();
    const theirs = await startTopup(t, null, '30', other);
    const theirFields = await ownerFields(theirs.checkout_url, other);
    const response = await post(
      topup.checkout_url,
      { origin, cookie: cookieOf(other) },
      { ...theirFields, outcome: 'succeeded' },
    );
    expectEnvelope(response, 403);
    expect(await balance('DEVELOPER')).toBeCloseTo(before, 6);
  });

  it('when the XSRF field is missing or differs from the cookie then 403', async () => {
    const browser = newBrowser();
    const topup = await startTopup(t, null, '11', browser);
    const fields = await ownerFields(topup.checkout_url, browser);
    const { _xsrf: _dropped, ...withoutField } = fields;
    for (const form of [withoutField, { ...fields, _xsrf: newBrowser().xsrf }]) {
      expectEnvelope(
        await post(
          topup.checkout_url,
          { origin, cookie: cookieOf(browser) },
          { ...form, outcome: 'succeeded' },
        ),
        403,
      );
    }
    // Without the cookie at all.
    expectEnvelope(await post(topup.checkout_url, { origin }, { ...fields, outcome: 'succeeded' }), 403);
  });

  it('when the form comes from another origin, or with neither Origin nor Referer, then 403; a same-origin Referer is enough', async () => {
    const browser = newBrowser();
    const topup = await startTopup(t, null, '12', browser);
    const fields = { ...(await ownerFields(topup.checkout_url, browser)), outcome: 'failed' };
    const cookie = cookieOf(browser);
    expectEnvelope(await post(topup.checkout_url, { origin: 'https://evil.example', cookie }, fields), 403);
    expectEnvelope(await post(topup.checkout_url, { origin: 'null', cookie }, fields), 403);
    expectEnvelope(
      await post(topup.checkout_url, { referer: 'https://evil.example/x', cookie }, fields),
      403,
    );
    expectEnvelope(await post(topup.checkout_url, { cookie }, fields), 403);
    const viaReferer = await post(
      topup.checkout_url,
      { referer: `${origin}${topup.checkout_url}`, cookie },
      fields,
    );
    expect(viaReferer.statusCode, viaReferer.body).toBe(303);
  });

  it('when the checkout token is for another top-up, forged or expired then it is refused', async () => {
    const tokens = createCheckoutTokens('a-secret-of-the-sandbox-for-this-test');
    const browser = 'b'.repeat(43);
    const token = await tokens.issue({ topupId: 't-1', userId: 'u-1', browser });
    expect(await tokens.verify(token, { topupId: 't-1', browser })).toEqual({
      topupId: 't-1',
      userId: 'u-1',
    });
    expect(await tokens.verify(token, { topupId: 't-2', browser })).toBeNull();
    expect(await tokens.verify(token, { topupId: 't-1', browser: 'c'.repeat(43) })).toBeNull();
    expect(await tokens.verify(token, { topupId: 't-1', browser: null })).toBeNull();
    expect(
      await createCheckoutTokens('another-secret-entirely-here').verify(token, { topupId: 't-1', browser }),
    ).toBeNull();
    // One character of the signature changed (not its last: base64url's last character carries
    // padding bits, so some changes there decode to the same bytes).
    const at = token.length - 10;
    const forged = `${token.slice(0, at)}${token[at] === 'A' ? 'B' : 'A'}${token.slice(at + 1)}`;
    expect(await tokens.verify(forged, { topupId: 't-1', browser })).toBeNull();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 31 * 60_000);
    expect(await tokens.verify(token, { topupId: 't-1', browser })).toBeNull();
  });
});
