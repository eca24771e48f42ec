/**
 * Issue 27, browser journey: a developer opens MY CAMPAIGNS, uploads a personalised audience with a
 * few bad lines through the resumable (tus) upload, watching its progress, pausing it while its first
 * part is held on the way and resuming it, watches it checked, downloads the refused lines, finds
 * the seeded opt-outs and adds one. Screens are shot at 1280 and 600 px and checked with axe.
 */
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { DESKTOP, screenshotsIn } from '../support/screenshots.ts';
import { seriousViolations } from '../support/shell.ts';
import { storageStatePath } from '../support/stack-env.ts';

test.use({ viewport: { ...DESKTOP, height: 900 }, storageState: storageStatePath('developer') });
test.describe.configure({ timeout: 180_000 });

const screenshots = screenshotsIn('audiences');

const FILE = [
  'msisdn,first_name,order_id',
  '+919876543210,Asha,ORD-1',
  '"+91 98100 12345","José, Jr.",ORD-2',
  '+919876543210,Asha again,ORD-3',
  'not-a-number,X,ORD-4',
  '+919811112222,Opted out in the demo,ORD-5',
].join('\r\n');

test('when a developer uploads a personalised audience with bad lines then each is explained and downloadable', async ({
  page,
}) => {
  await page.goto('/u/dashboard');
  await page.getByRole('navigation').getByRole('link', { name: 'MY CAMPAIGNS' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'My Campaigns' })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Audiences', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Audiences' })).toBeVisible();
  // The seeded audiences are listed.
  await expect(page.getByRole('button', { name: /View diwali-offer-personalised/ }).first()).toBeVisible();
  await screenshots(page, 'audiences-list');
  expect(await seriousViolations(page)).toEqual([]);

  // The first PATCH of the file is held on the way (a slow network), then cut: the page shows the
  // progress, Pause stops it, and Resume asks the server where it stopped and sends the rest.
  let releaseFirstPart = () => {};
  const firstPartHeld = new Promise<void>((resolve) => {
    releaseFirstPart = resolve;
  });
  const tusCalls: string[] = [];
  let firstPart = true;
  await page.route('**/api/v1/secure/audiences/uploads**', async (route) => {
    const request = route.request();
    tusCalls.push(`${request.method()} ${request.headers()['tus-resumable'] ?? ''}`);
    if (request.method() === 'PATCH' && firstPart) {
      firstPart = false;
      await firstPartHeld;
      await route.abort('connectionaborted').catch(() => {});
      return;
    }
    await route.continue();
  });
  const bytes = Buffer.byteLength(FILE, 'utf8');
  await page.locator('input[type="file"]').setInputFiles({
    name: `june-${Date.now() % 100000}.csv`,
    mimeType: 'text/csv',
    buffer: Buffer.from(FILE, 'utf8'),
  });
  await page.getByRole('button', { name: 'Upload and check' }).click();
  await expect(page.getByText(`Uploading: 0 B of ${bytes} B (0%)`)).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Upload progress' })).toBeVisible();
  await page.getByRole('button', { name: 'Pause' }).click();
  await expect(page.getByText(`Paused: 0 B of ${bytes} B (0%)`)).toBeVisible();
  await screenshots(page, 'audience-upload-paused');
  expect(await seriousViolations(page)).toEqual([]);
  releaseFirstPart();
  await page.getByRole('button', { name: 'Resume' }).click();
  const result = page
    .getByRole('region', { name: /^june-/ })
    .or(page.locator('[aria-labelledby="audience-result-title"]'));
  await expect(result.getByText('Ready', { exact: false })).toBeVisible({ timeout: 30_000 });
  await expect(result.getByText('Duplicate of an earlier line: 1')).toBeVisible();
  await expect(result.getByText('Not a valid mobile number: 1')).toBeVisible();
  await expect(result.getByText('Opted out: 1')).toBeVisible();
  // It went through tus: created, a part cut, the offset asked, the rest sent.
  expect(tusCalls).toEqual(expect.arrayContaining(['POST 1.0.0', 'PATCH 1.0.0', 'HEAD 1.0.0']));
  await page.unroute('**/api/v1/secure/audiences/uploads**');
  await screenshots(page, 'audience-result');
  expect(await seriousViolations(page)).toEqual([]);

  const download = page.waitForEvent('download');
  await result.getByRole('button', { name: 'Refused lines (CSV)' }).click();
  const file = await download;
  const text = await readFile((await file.path()) ?? '', 'utf8');
  expect(text).toContain('4,Duplicate of an earlier line');
  expect(text).toContain('5,Not a valid mobile number');
  expect(text).toContain('6,Opted out');

  await page.getByRole('link', { name: 'Opt-out list' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Opt-out List' })).toBeVisible();
  await expect(
    page.getByRole('cell', { name: '+919811112222' }).or(page.getByText('+919811112222')).first(),
  ).toBeVisible();
  const number = `+9198111${String(Date.now() % 100000).padStart(5, '0')}`;
  await page.getByRole('textbox', { name: 'Mobile number' }).fill(number);
  await page.getByRole('button', { name: 'Add to the list' }).click();
  await expect(page.getByText(number).first()).toBeVisible();
  await screenshots(page, 'opt-outs');
  expect(await seriousViolations(page)).toEqual([]);
});
