import { expect, type Page } from '@playwright/test';

/** Opens the dev mailbox for this address and follows the newest mail's link. */
export async function followMailLink(page: Page, email: string, linkPrefix: string): Promise<void> {
  await expect(async () => {
    await page.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
    await expect(page.getByRole('link', { name: new RegExp(`^${linkPrefix}`) }).first()).toBeVisible({
      timeout: 1000,
    });
  }).toPass({ timeout: 20_000 });
  await page
    .getByRole('link', { name: new RegExp(`^${linkPrefix}`) })
    .first()
    .click();
}
