// Temporary screenshot script (not committed): the Reach card at 1280 and 600 px.
import { chromium } from '@playwright/test';

const base = `http://localhost:${process.env.PORT ?? 3210}`;
const out = '/tmp/reach-shots';

async function main() {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  for (const width of [1280, 600]) {
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    await page.goto(`${base}/`);
    await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill('developer@portico.test');
    await page.getByLabel('Password', { exact: true }).fill('Portico!Demo2026');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/oidc') && url.pathname !== '/callback');
    await page.goto(`${base}/u/audiences`);
    await page.getByRole('button', { name: /^View diwali/ }).first().click();
    const card = page.getByRole('region', { name: 'Reach' });
    await card.getByText('RCS-capable', { exact: true }).waitFor({ timeout: 20_000 });
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${out}/audience-reach-${width}.png`, fullPage: true });
    await card.screenshot({ path: `${out}/reach-card-${width}.png` });
    if (width === 1280) {
      // Check again: the progress, then the result.
      await card.getByRole('button', { name: 'Check again' }).click();
      await card.getByText('RCS-capable', { exact: true }).waitFor({ timeout: 20_000 });
      await card.screenshot({ path: `${out}/reach-card-again-${width}.png` });
    }
    // The campaign form's cost step with an RCS bot and the demo audience.
    await page.goto(`${base}/add-new-campaign`);
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `${out}/campaign-form-${width}.png`, fullPage: true });
    await page.close();
  }
  await browser.close();
}
main().catch((error) => {
  console.error(error);
  process.exit(1);
});
