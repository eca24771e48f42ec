/**
 * Issue 31 point 5, a large export as a user sees it: the approved aggregator's opt-out list grows
 * past 2,000 numbers, and its PDF and Excel are prepared in the background: a panel in the corner
 * counts the rows up while the page stays usable, then the file is saved.
 */
import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import { EXPORT_PROGRESS_ROWS } from '@portico/domain';
import { apiHeaders } from '../support/auth.ts';
import { DESKTOP, NARROW, screenshotsIn } from '../support/screenshots.ts';
import { seriousViolations } from '../support/shell.ts';
import { storageStatePath } from '../support/stack-env.ts';

test.use({ viewport: DESKTOP, storageState: storageStatePath('aggregator') });

const shots = screenshotsIn('exports');
const SHOTS = fileURLToPath(new URL('../screenshots/exports/', import.meta.url));
/** Numbers of a block no other journey uses (+91 79990 xxxxx). */
const NUMBERS = Array.from(
  { length: EXPORT_PROGRESS_ROWS + 50 },
  (_, i) => `+9179990${String(i).padStart(5, '0')}`,
);

async function addNumbers(page: Page) {
  const headers = await apiHeaders(page);
  for (let i = 0; i < NUMBERS.length; i += 50) {
    const answers = await Promise.all(
      NUMBERS.slice(i, i + 50).map((msisdn) =>
        page.request.post('/api/v1/secure/opt-outs', { headers, data: { msisdn } }),
      ),
    );
    for (const answer of answers) expect(answer.status()).toBe(200);
  }
}

async function exportWithProgress(page: Page, format: 'PDF' | 'Excel', extension: string) {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: format, exact: true }).click();
  const panel = page.getByRole('status').filter({ hasText: 'Preparing' });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('progressbar')).toBeVisible();
  await expect(panel).toContainText(/rows/);
  await page.screenshot({ path: `${SHOTS}progress-${extension}-${page.viewportSize()?.width}.png` });
  // The page stays usable meanwhile: the list can still be searched.
  await page.getByRole('textbox', { name: 'Search by number' }).fill('79990');
  const file = await download;
  expect(file.suggestedFilename()).toMatch(new RegExp(`^opt-outs-\\d{4}-\\d{2}-\\d{2}\\.${extension}$`));
  await expect(panel).toBeHidden();
  await page.getByRole('textbox', { name: 'Search by number' }).fill('');
}

test('when a list has more than 2,000 rows then its export shows its progress and the file is saved', async ({
  page,
}) => {
  await page.goto('/u/opt-outs');
  await expect(page.getByRole('heading', { level: 1, name: 'Opt-out List' })).toBeVisible();
  await addNumbers(page);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Opt-out List' })).toBeVisible();

  await exportWithProgress(page, 'PDF', 'pdf');
  await page.setViewportSize(NARROW);
  await exportWithProgress(page, 'Excel', 'xlsx');
  await page.setViewportSize(DESKTOP);
  await shots(page, 'opt-outs-after-export');
  expect(await seriousViolations(page)).toEqual([]);
});
