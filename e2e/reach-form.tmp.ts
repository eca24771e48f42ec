// Temporary screenshot script (not committed): the campaign form's cost step with the reach.
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
    await page.goto(`${base}/add-new-campaign`);
    await page.getByRole('textbox', { name: /Campaign name/ }).fill('Reach demo');
    await page.getByRole('combobox', { name: /Bot/ }).click();
    const options = await page.getByRole('option').allTextContents();
    console.log('bots', options);
    await page.getByRole('option', { name: /Saffron/ }).click();
    await page.getByRole('combobox', { name: /Template/ }).click();
    await page.getByRole('option').first().click();
    await page.getByRole('tab', { name: /Audience/ }).click();
    await page.getByRole('combobox', { name: /Audience/ }).click();
    await page.getByRole('option', { name: /diwali/ }).first().click();
    await page.getByRole('tab', { name: /Cost and start/ }).click();
    const reach = page.getByRole('region', { name: 'Reach over RCS' });
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `${out}/campaign-cost-before-${width}.png`, fullPage: true });
    const button = reach.getByRole('button', { name: /Check (reach|again)/ });
    await button.click();
    await reach.getByText('RCS-capable', { exact: true }).waitFor({ timeout: 20_000 });
    await page.waitForTimeout(500);
    await page.screenshot({ path: `${out}/campaign-cost-${width}.png`, fullPage: true });
    await page.close();
  }
  await browser.close();
}
main().catch((error) => {
  console.error(error);
  process.exit(1);
});
