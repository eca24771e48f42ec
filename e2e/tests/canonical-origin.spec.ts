/**
 * Issue 11, canonical origin: a person who opens the portal on 127.0.0.1 instead of PUBLIC_URL's
 * localhost is moved to PUBLIC_URL first, so sign-in completes instead of ending on
 * "redirect_uri did not match".
 */
import { expect, test } from '@playwright/test';
import { submitCredentials } from '../support/auth.ts';

test('when the portal is opened on 127.0.0.1 then the browser moves to PUBLIC_URL and sign-in completes', async ({
  page,
  baseURL,
}) => {
  const publicUrl = new URL(baseURL ?? 'http://localhost:3100');
  await page.goto(`http://127.0.0.1:${publicUrl.port}/u/dashboard`);
  await submitCredentials(page, 'developer@portico.test');
  await expect(page).toHaveURL(`${publicUrl.origin}/u/dashboard`);
  await expect(page.getByRole('heading', { name: 'My Bots' })).toBeVisible();
  await expect(page.getByText('redirect_uri did not match')).toHaveCount(0);
});
