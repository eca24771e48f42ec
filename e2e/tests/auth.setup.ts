/**
 * Signs every seeded account in once, through the real sign-in page, and keeps its browser state
 * (token cookie + local storage, provider session) for the journeys that start signed in.
 */
import { mkdirSync } from 'node:fs';
import { expect, test as setup } from '@playwright/test';
import { signInFromLanding } from '../support/auth.ts';
import { ROLE_EXPECTATIONS } from '../support/roles.ts';
import { AUTH_DIR, storageStatePath } from '../support/stack-env.ts';

setup.beforeAll(() => {
  mkdirSync(AUTH_DIR, { recursive: true });
});

for (const account of ROLE_EXPECTATIONS) {
  setup(`when ${account.email} signs in then the session is kept for later journeys`, async ({ page }) => {
    await signInFromLanding(page, account.email);
    await expect(page).toHaveURL(account.home);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Portico home' })).toBeVisible();
    await page.context().storageState({ path: storageStatePath(account.role) });
  });
}
