/**
 * Signing in through the real, server-rendered sign-in page of the built-in identity provider.
 */
import { expect, type Page } from '@playwright/test';
import { TOKEN_STORAGE_KEY, XSRF_COOKIE_NAME, XSRF_HEADER_NAME } from '@portico/domain';
import { DEMO_PASSWORD } from './roles.ts';

/** The provider's sign-in page: /oidc/interaction/<uid>. */
export const SIGN_IN_URL = /\/oidc\/interaction\/[^/?#]+$/;

export function signInForm(page: Page) {
  return {
    heading: page.getByRole('heading', { name: 'Sign in', level: 1 }),
    email: page.getByRole('textbox', { name: 'Email', exact: true }),
    password: page.getByLabel('Password', { exact: true }),
    submit: page.getByRole('button', { name: 'Sign in', exact: true }),
    alert: page.getByRole('alert'),
  };
}

export async function expectSignInPage(page: Page): Promise<void> {
  await expect(page).toHaveURL(SIGN_IN_URL);
  await expect(signInForm(page).heading).toBeVisible();
}

/** Types the credentials on the sign-in page (which must be showing) and submits. */
export async function submitCredentials(page: Page, email: string, password: string = DEMO_PASSWORD) {
  const form = signInForm(page);
  await expectSignInPage(page);
  await form.email.fill(email);
  await form.password.fill(password);
  await form.submit.click();
}

/**
 * A visitor's sign-in: the public header's "Sign in" button, the sign-in page, then the portal's
 * callback. Resolves once the browser has left the provider and the callback page.
 */
export async function signInFromLanding(page: Page, email: string, password: string = DEMO_PASSWORD) {
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
  await submitCredentials(page, email, password);
  await expect(page).toHaveURL((url) => !url.pathname.startsWith('/oidc') && url.pathname !== '/callback');
}

const E2E_XSRF = 'e2e-api-calls-xsrf-token-0123456789abcdef';

/** Headers for calling the API as the signed-in page's user (its token, and an XSRF pair). */
export async function apiHeaders(page: Page): Promise<Record<string, string>> {
  const stored = await page.evaluate((key) => localStorage.getItem(key), TOKEN_STORAGE_KEY);
  const token = JSON.parse(Buffer.from(stored ?? '', 'base64').toString('utf8')) as { access_token: string };
  await page
    .context()
    .addCookies([{ name: XSRF_COOKIE_NAME, value: E2E_XSRF, url: new URL(page.url()).origin }]);
  return { authorization: `Bearer ${token.access_token}`, [XSRF_HEADER_NAME]: E2E_XSRF };
}
