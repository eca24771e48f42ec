/**
 * Issue 2, browser journey 2: layout rules, public path mapping, sign-in and its callback URL, the
 * token as stored, the session handler on 401, the /500 and not-found pages, and sign-out.
 */

import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { TOKEN_COOKIE_NAME, TOKEN_STORAGE_KEY } from '@portico/domain';
import {
  expectSignInPage,
  SIGN_IN_URL,
  signInForm,
  signInFromLanding,
  submitCredentials,
} from '../support/auth.ts';
import { BAD_CREDENTIALS_MESSAGE } from '../support/roles.ts';
import { expectFooter, shell } from '../support/shell.ts';
import { storageStatePath } from '../support/stack-env.ts';

const PARTNER_DETAILS = '**/api/v1/secure/partner-details';
const SERVER_ERROR_TITLE = 'Something went wrong on our side';
const SERVER_ERROR_MESSAGE = 'The server encountered an unexpected error. Please try again later.';
const SERVER_ERROR_RESPONSE = {
  status: 500,
  contentType: 'application/json',
  body: JSON.stringify({ status_code: 11, message: 'Internal Server Error', data: null }),
};

interface StoredToken {
  access_token: string;
  expiresAt: number;
}

function decodeStoredToken(encoded: string): StoredToken {
  return JSON.parse(Buffer.from(decodeURIComponent(encoded), 'base64').toString('utf8')) as StoredToken;
}

function jwtPart(jwt: string, index: 0 | 1): Record<string, unknown> {
  return JSON.parse(Buffer.from(jwt.split('.')[index] ?? '', 'base64url').toString('utf8'));
}

async function tokenCookie(context: BrowserContext) {
  return (await context.cookies()).find((cookie) => cookie.name === TOKEN_COOKIE_NAME);
}

function storedTokenInPage(page: Page): Promise<string | null> {
  return page.evaluate((key) => localStorage.getItem(key), TOKEN_STORAGE_KEY);
}

/** Writes a token where the portal keeps it (cookie and local storage), as the portal writes it. */
async function storeTokenInPage(page: Page, token: StoredToken): Promise<void> {
  const encoded = Buffer.from(JSON.stringify(token)).toString('base64');
  await page.evaluate(
    ({ cookieName, storageKey, value }) => {
      // biome-ignore lint/suspicious/noDocumentCookie: reproduces how the portal stores its token.
      document.cookie = `${cookieName}=${value}; Max-Age=86400; Path=/; Secure; SameSite=Lax`;
      localStorage.setItem(storageKey, value);
    },
    { cookieName: TOKEN_COOKIE_NAME, storageKey: TOKEN_STORAGE_KEY, value: encoded },
  );
}

/** The same JWT with one claim changed and the original signature: a forgery the API must refuse. */
function tamper(jwt: string): string {
  const [header, payload, signature] = jwt.split('.');
  const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8'));
  claims.email = 'intruder@portico.test';
  return [header, Buffer.from(JSON.stringify(claims)).toString('base64url'), signature].join('.');
}

/** The main frame's URLs, in order, as the browser goes through them. */
function recordNavigations(page: Page): string[] {
  const urls: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) urls.push(frame.url());
  });
  return urls;
}

test.describe('a visitor who is not signed in', () => {
  test('when a visitor opens / then the public header (Sign in, Sign up) and the landing page are shown', async ({
    page,
  }) => {
    await page.goto('/');
    const ui = shell(page);
    await expect(
      page.getByRole('heading', {
        level: 1,
        name: 'Business messaging on RCS and WhatsApp, from one console.',
      }),
    ).toBeVisible();
    await expect(ui.signInButton).toBeVisible();
    await expect(ui.signUpLink).toHaveAttribute('href', '/sign-up');
    await expect(ui.logo).toHaveAttribute('href', '/');
    await expect(ui.nav).toHaveCount(0);
    await expect(ui.profileButton).toHaveCount(0);
    await expectFooter(page);
  });

  test('when a visitor opens a /mef page then it renders with no header and no footer', async ({ page }) => {
    await page.goto('/mef/anything');
    await expect(page.getByRole('main')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('banner')).toHaveCount(0);
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
    await expect(page.locator('header, footer')).toHaveCount(0);
  });

  test('when a visitor opens an unknown route then the not-found page is shown inside the shell', async ({
    page,
  }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Go to the home page' })).toHaveAttribute(
      'href',
      '/',
    );
    await expect(shell(page).signInButton).toBeVisible();
    await expect(shell(page).footer).toBeVisible();
  });

  test('when a visitor opens /u/dashboard then the sign-in page appears and signing in returns to /u/dashboard', async ({
    page,
  }) => {
    await page.goto('/u/dashboard');
    await expectSignInPage(page);
    await submitCredentials(page, 'developer@portico.test');
    await expect(page).toHaveURL('/u/dashboard');
    await expect(shell(page).nav.getByRole('link', { name: 'MY BOTS' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  test('when a visitor opens a deep carrier page then signing in returns to it, query included (stored callback URL)', async ({
    page,
  }) => {
    await page.goto('/billing/my-bots?status=pending');
    await submitCredentials(page, 'carrier-manager@portico.test');
    await expect(page).toHaveURL('/billing/my-bots?status=pending');
    await expect(shell(page).nav.getByRole('link', { name: 'BOTS' })).toHaveAttribute('aria-current', 'page');
  });

  test('when a wrong password is typed then a clear message is shown, the email is kept, and the right password then signs in', async ({
    page,
  }) => {
    await page.goto('/u/dashboard');
    await submitCredentials(page, 'child-readwrite@portico.test', 'not-the-password');
    const form = signInForm(page);
    await expect(form.alert).toHaveText(BAD_CREDENTIALS_MESSAGE);
    await expect(page).toHaveURL(SIGN_IN_URL);
    await expect(form.email).toHaveValue('child-readwrite@portico.test');
    await expect(form.password).toHaveValue('');
    await expect(form.email).toHaveAttribute('aria-invalid', 'true');

    await form.password.fill('Portico!Demo2026');
    await form.submit.click();
    await expect(page).toHaveURL('/u/dashboard');
  });
});

test.describe('a user who signs in', () => {
  test('when sign-in completes then the token is stored base64 in the portico_token cookie and local storage, expiring in about an hour', async ({
    page,
    context,
  }) => {
    const before = Date.now();
    await signInFromLanding(page, 'aggregator@portico.test');
    await expect(page).toHaveURL('/u/dashboard');
    const after = Date.now();

    const cookie = await tokenCookie(context);
    expect(cookie, `cookie ${TOKEN_COOKIE_NAME}`).toBeDefined();
    const encoded = cookie?.value ?? '';
    expect(encoded).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(await storedTokenInPage(page)).toBe(encoded);

    const token = decodeStoredToken(encoded);
    expect(Object.keys(token).sort()).toEqual(['access_token', 'expiresAt']);
    expect(token.access_token.split('.')).toHaveLength(3);
    const hour = 3600 * 1000;
    expect(token.expiresAt).toBeGreaterThanOrEqual(before + hour - 5_000);
    expect(token.expiresAt).toBeLessThanOrEqual(after + hour + 5_000);

    // The access token is the provider's JWT, and its own expiry agrees with expiresAt.
    expect(jwtPart(token.access_token, 0).typ).toBe('at+jwt');
    const claims = jwtPart(token.access_token, 1);
    expect(Math.abs(Number(claims.exp) * 1000 - token.expiresAt)).toBeLessThan(10_000);

    // A 1-day, Secure, SameSite=Lax cookie readable by the app.
    expect(cookie?.secure).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    expect(cookie?.httpOnly).toBe(false);
    expect(cookie?.path).toBe('/');
    const day = 24 * 3600;
    expect(Math.abs((cookie?.expires ?? 0) - (after / 1000 + day))).toBeLessThan(120);
  });

  test('when the user signs out from the profile menu then end-session runs and the logout callback leads back to the sign-in page', async ({
    page,
    context,
  }) => {
    await signInFromLanding(page, 'child-readonly@portico.test');
    await expect(page).toHaveURL('/u/dashboard');
    const navigations = recordNavigations(page);

    await shell(page).profileButton.click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expectSignInPage(page);

    const paths = navigations.map((url) => {
      const { pathname, search } = new URL(url);
      return `${pathname}${search}`;
    });
    const endSession = paths.findIndex((path) => path.startsWith('/oidc/session/end'));
    const logoutCallback = paths.indexOf('/?action=logout&status=signed-out');
    expect(endSession, paths.join('\n')).toBeGreaterThanOrEqual(0);
    expect(logoutCallback, paths.join('\n')).toBeGreaterThan(endSession);

    expect(await tokenCookie(context)).toBeUndefined();
    expect(await storedTokenInPage(page)).toBeNull();

    // The provider session is over: the sign-in page asks again, and signing in returns to where the user was.
    await submitCredentials(page, 'child-readonly@portico.test');
    await expect(page).toHaveURL('/u/dashboard');
  });

  test('when a marketing admin signs out from the bare header then the logout callback leads back to the sign-in page', async ({
    page,
    context,
  }) => {
    await signInFromLanding(page, 'marketing@portico.test');
    // Its home is the press-release editor.
    await expect(page).toHaveURL('/marketing/PressReleaseCms');
    const navigations = recordNavigations(page);
    await shell(page).header.getByRole('button', { name: 'Sign out' }).click();
    await expectSignInPage(page);
    expect(navigations.some((url) => new URL(url).pathname === '/oidc/session/end')).toBe(true);
    expect(await tokenCookie(context)).toBeUndefined();
  });
});

test.describe('a signed-in developer', () => {
  test.use({ storageState: storageStatePath('developer') });

  test('when /developer and /developer/my-brands are opened then they map to /u/dashboard and /u/my-brands', async ({
    page,
  }) => {
    await page.goto('/developer');
    await expect(page).toHaveURL('/u/dashboard');
    await expect(shell(page).nav).toBeVisible();
    await page.goto('/developer/my-brands');
    await expect(page).toHaveURL('/u/my-brands');
    await expect(page.getByRole('heading', { level: 1, name: 'My Brands' })).toBeVisible();
    await expect(shell(page).nav.getByRole('link', { name: 'MY BRANDS' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  test('when a /mef page is opened while signed in then it still has no header and no footer', async ({
    page,
  }) => {
    await page.goto('/mef/preview');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('banner')).toHaveCount(0);
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
  });

  test('when the API answers 500 for partner details then the /500 page is shown', async ({ page }) => {
    await page.route(PARTNER_DETAILS, (route) => route.fulfill(SERVER_ERROR_RESPONSE));
    await page.goto('/u/my-carriers');
    await expect(page).toHaveURL('/500');
    await expect(page.getByRole('heading', { level: 1, name: SERVER_ERROR_TITLE })).toBeVisible();
    await expect(page.getByRole('main')).toContainText(SERVER_ERROR_MESSAGE);
    await expect(page.getByRole('button', { name: 'Go back and try again' })).toBeVisible();
    await expect(shell(page).footer).toBeVisible();
  });

  test('when the server recovers and "Go back and try again" is pressed on /500 then the page loads', async ({
    page,
  }) => {
    await page.route(PARTNER_DETAILS, (route) => route.fulfill(SERVER_ERROR_RESPONSE));
    await page.goto('/u/my-carriers');
    await expect(page).toHaveURL('/500');
    await page.unroute(PARTNER_DETAILS);
    await page.getByRole('button', { name: 'Go back and try again' }).click();
    await expect(page).toHaveURL('/u/my-carriers');
    await expect(shell(page).nav.getByRole('link', { name: 'PRICING' })).toHaveAttribute(
      'aria-current',
      'page',
      {
        timeout: 5_000,
      },
    );
  });

  test("when partner details answer 'User details not present' then the first-time flow opens with the bare header, not an error", async ({
    page,
  }) => {
    await page.route(PARTNER_DETAILS, (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ status_code: 11, message: 'User details not present', data: null }),
      }),
    );
    await page.goto('/u/dashboard');
    // Signed up but not set up (issue 3): the /u pages lead to the first-time flow.
    await expect(page).toHaveURL('/u/setup-user');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const ui = shell(page);
    await expect(ui.logo).toBeVisible();
    await expect(ui.nav).toHaveCount(0);
    await expect(ui.profileButton).toHaveCount(0);
    await expect(ui.header.getByRole('button')).toHaveText(['Sign out']);
  });

  test('when the network fails for partner details then the /500 page is shown', async ({ page }) => {
    await page.route(PARTNER_DETAILS, (route) => route.abort('failed'));
    await page.goto('/u/dashboard');
    await expect(page).toHaveURL('/500');
    await expect(page.getByRole('heading', { level: 1, name: SERVER_ERROR_TITLE })).toBeVisible();
  });
});

test.describe('a signed-in platform admin', () => {
  test.use({ storageState: storageStatePath('superadmin') });

  test('when /portico-admin/bots is opened then it maps to /admin/bots', async ({ page }) => {
    await page.goto('/portico-admin/bots');
    await expect(page).toHaveURL('/admin/bots');
    await expect(page.getByRole('heading', { level: 1, name: 'Bots' })).toBeVisible();
    await expect(shell(page).nav.getByRole('link', { name: 'BOTS' })).toHaveAttribute('aria-current', 'page');
  });
});

test.describe('a stored token that was tampered with', () => {
  test.use({ storageState: storageStatePath('admin-readonly') });

  test('when the provider session is gone then the API 401 leads to the sign-in page, and signing in returns to the page', async ({
    page,
    context,
  }) => {
    // A new browser session: no provider session cookie, so sign-in must ask for the password.
    await context.clearCookies({ name: /^_session/ });
    // The page has asked for its partner details with the good token before the token is spoiled
    // (the app renders as a transition: that request may come after the load event).
    const loaded = page.waitForResponse(
      (response) => response.url().endsWith('/api/v1/secure/partner-details') && response.status() === 200,
    );
    await page.goto('/developer-pp');
    await loaded;
    const stored = decodeStoredToken((await storedTokenInPage(page)) ?? '');
    await storeTokenInPage(page, { ...stored, access_token: tamper(stored.access_token) });

    const refused = page.waitForResponse(
      (response) => response.url().endsWith('/api/v1/secure/partner-details') && response.status() === 401,
    );
    await page.goto('/admin/bots');
    await refused;
    await expectSignInPage(page);
    expect(await tokenCookie(context)).toBeUndefined();

    await submitCredentials(page, 'admin-readonly@portico.test');
    await expect(page).toHaveURL('/admin/bots');
    await expect(shell(page).nav).toBeVisible();
  });

  test('when the provider session is still alive then the API 401 signs in again silently and the page loads with a new token', async ({
    page,
  }) => {
    const loaded = page.waitForResponse(
      (response) => response.url().endsWith('/api/v1/secure/partner-details') && response.status() === 200,
    );
    await page.goto('/developer-pp');
    await loaded;
    const stored = decodeStoredToken((await storedTokenInPage(page)) ?? '');
    const forged = tamper(stored.access_token);
    await storeTokenInPage(page, { ...stored, access_token: forged });
    const navigations = recordNavigations(page);

    const refused = page.waitForResponse(
      (response) => response.url().endsWith('/api/v1/secure/partner-details') && response.status() === 401,
    );
    await page.goto('/admin/campaigns');
    await refused;
    await expect(page).toHaveURL('/admin/campaigns');
    await expect(shell(page).nav.getByRole('link', { name: 'CAMPAIGNS' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    expect(navigations.some((url) => new URL(url).pathname === '/callback')).toBe(true);
    const renewed = decodeStoredToken((await storedTokenInPage(page)) ?? '');
    expect(renewed.access_token).not.toBe(forged);
    expect(renewed.expiresAt).toBeGreaterThan(Date.now());
  });
});
