/**
 * Issue 17, browser journeys: developer assets (FAQs, sample files, videos) managed by the platform
 * admins, and press releases written by the marketing admin and read by anyone. Screens are shot at
 * 1280 and 600 px and checked with axe; the XSS corpus is rendered in Chromium and nothing runs.
 */
import { readFile } from 'node:fs/promises';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { XSS_CORPUS } from '@portico/domain';
import { apiHeaders } from '../support/auth.ts';
import { DESKTOP, screenshotsIn } from '../support/screenshots.ts';
import { seriousViolations } from '../support/shell.ts';
import { storageStatePath } from '../support/stack-env.ts';

test.use({ viewport: { ...DESKTOP, height: 900 } });
// Long journeys (several pages and accounts, shots at two widths, axe each time) on a shared 2-core machine.
test.describe.configure({ timeout: 180_000 });

const screenshots = screenshotsIn('content');
/** Kept by both sanitisers; the corpus follows it (some payloads swallow what comes after them). */
const SAFE = '<p>Safe text</p><p><a href="https://example.com" target="_blank">fine link</a></p>';

async function pageAs(browser: Browser, role: string | null): Promise<Page> {
  const context = await browser.newContext({
    viewport: { ...DESKTOP, height: 900 },
    ...(role ? { storageState: storageStatePath(role) } : {}),
  });
  return context.newPage();
}

/** Fails the test if any payload ran: it sets window.__xss, or opens a dialog. */
async function watchForScript(page: Page) {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return async () => {
    expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
    expect(dialogs).toEqual([]);
  };
}

test('when an admin publishes an FAQ then a developer finds it by search', async ({ browser }) => {
  const question = `How do I rotate my webhook secret ${Date.now()}?`;
  const admin = await pageAs(browser, 'admin-readwrite');
  await admin.goto('/developer-assets/faqs');
  await expect(admin.getByRole('heading', { level: 1, name: 'Developer Assets' })).toBeVisible();
  await expect(admin.getByRole('tab', { name: 'FAQs', selected: true })).toBeVisible();
  await admin.getByRole('button', { name: 'Add FAQ' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Add an FAQ' });
  await dialog.getByRole('textbox', { name: 'Question' }).fill(question);
  await dialog
    .getByRole('textbox', { name: 'Answer' })
    .fill('Open <b>API</b> settings and choose <em>Rotate secret</em>.');
  await expect(dialog.getByText('Open API settings and choose Rotate secret.')).toBeVisible();
  await screenshots(admin, 'faq-editor');
  await dialog.getByRole('button', { name: 'Save FAQ' }).click();
  await expect(dialog).toBeHidden();

  // A draft: only the management view shows it, and the admin publishes it from there.
  await admin.getByLabel('Show drafts').check();
  await admin.getByRole('searchbox', { name: 'Search FAQs' }).fill('rotate webhook secret');
  // The search has narrowed the list to the new FAQ.
  await expect(admin.getByRole('button', { name: /How do I get started as a developer/ })).toHaveCount(0);
  const faq = admin.locator('.MuiAccordion-root', { hasText: question });
  await faq.getByRole('button', { name: new RegExp(question.replace(/[?]/g, '\\?')) }).click();
  await expect(faq.getByText('Draft', { exact: true })).toBeVisible();
  await faq.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(faq.getByText('Published', { exact: true })).toBeVisible();
  await screenshots(admin, 'faqs-admin');

  const developer = await pageAs(browser, 'developer');
  await developer.goto('/developer-assets/faqs');
  await developer.getByRole('searchbox', { name: 'Search FAQs' }).fill('rotating webhook secrets');
  await developer.getByRole('button', { name: new RegExp(question.replace(/[?]/g, '\\?')) }).click();
  await expect(developer.getByText('Open API settings and choose Rotate secret.')).toBeVisible();
  // Developers see no management controls.
  await expect(developer.getByRole('button', { name: 'Add FAQ' })).toHaveCount(0);
  await expect(developer.getByText(/Still stuck\? Write to our support team at support@/)).toBeVisible();
  await screenshots(developer, 'faqs-developer');
  expect(await seriousViolations(developer)).toEqual([]);
});

test('when a developer downloads the audience sample as XLSX and plays a video then both work', async ({
  browser,
}) => {
  const page = await pageAs(browser, 'developer');
  await page.goto('/developer-assets/');
  await expect(page.getByRole('tab', { name: 'Downloads', selected: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Guides' })).toBeVisible();
  await expect(page.getByText('RCS agent launch guide')).toBeVisible();
  await screenshots(page, 'downloads');
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('tab', { name: 'Sample files' }).click();
  await expect(page).toHaveURL(/\/developer-assets\/sample-files$/);
  const audience = page.getByRole('region', { name: 'Audience list sample' });
  await audience.getByRole('combobox', { name: 'File type' }).selectOption({ label: 'XLSX' });
  const download = page.waitForEvent('download');
  await audience.getByRole('button', { name: 'Download Audience list sample as XLSX' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('audience-sample.xlsx');
  const bytes = await readFile((await file.path()) ?? '');
  expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
  await screenshots(page, 'sample-files');
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('tab', { name: 'Videos' }).click();
  const video = page.locator('video').first();
  await expect(video).toBeVisible();
  await expect(page.getByText('Getting started with the partner portal')).toBeVisible();
  await expect(page.getByText('0:06 · Captions')).toBeVisible();
  await video.evaluate((element: HTMLVideoElement) => {
    element.muted = true;
    return element.play();
  });
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 15_000 })
    .toBeGreaterThan(0.5);
  expect(await video.evaluate((element: HTMLVideoElement) => element.textTracks.length)).toBe(1);
  await video.evaluate((element: HTMLVideoElement) => element.pause());
  await screenshots(page, 'videos');
  expect(await seriousViolations(page)).toEqual([]);
});

test('when the marketing admin writes and publishes a press release then a signed-out visitor reads it', async ({
  browser,
}) => {
  const title = `Portico adds RCS carousels ${Date.now()}`;
  const page = await pageAs(browser, 'marketing');
  await page.goto('/marketing/PressReleaseCms');
  await expect(page.getByRole('heading', { level: 1, name: 'Press Releases' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Press releases' })).toContainText(
    'Partner summit 2027 (draft)',
  );
  await screenshots(page, 'press-list');
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'New press release' }).click();
  await page.getByRole('textbox', { name: 'Title' }).fill(title);
  await page.getByRole('textbox', { name: 'Summary' }).fill('Carousels come to every partner.');
  const body = page.getByRole('textbox', { name: 'Body' });
  await body.fill('Carousels are here');
  await body.selectText();
  await page.getByRole('button', { name: 'Bold' }).click();
  await expect(body).toHaveValue('<strong>Carousels are here</strong>');
  await page.getByRole('tab', { name: 'Preview' }).click();
  await expect(page.getByLabel('Preview').locator('strong')).toHaveText('Carousels are here');
  await screenshots(page, 'press-editor-preview');
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByText('Press release published.')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(title) })).toContainText('Published');

  const visitor = await pageAs(browser, null);
  await visitor.goto('/');
  await visitor.getByRole('contentinfo').getByRole('link', { name: 'Press' }).click();
  await expect(visitor.getByRole('heading', { level: 1, name: 'Press' })).toBeVisible();
  await visitor.getByRole('link', { name: title }).click();
  await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(visitor.locator('article strong')).toHaveText('Carousels are here');
  await screenshots(visitor, 'press-public');
  expect(await seriousViolations(visitor)).toEqual([]);
});

test('when the XSS corpus is stored and previewed then nothing executes in Chromium', async ({ browser }) => {
  // Stored through the API (the server's sanitiser), then rendered by the web app (the browser's).
  const admin = await pageAs(browser, 'admin-readwrite');
  await admin.goto('/developer-assets/faqs');
  const marker = `XSS corpus ${Date.now()}`;
  const response = await admin.request.post('/api/v1/secure/content/faqs', {
    headers: await apiHeaders(admin),
    data: {
      category: 'onboarding',
      question: marker,
      answer_html: `${SAFE}${XSS_CORPUS.join('\n')}`,
      published: true,
    },
  });
  expect(response.status()).toBe(201);

  const developer = await pageAs(browser, 'developer');
  const noScriptRan = await watchForScript(developer);
  await developer.goto('/developer-assets/faqs');
  await developer.getByRole('searchbox', { name: 'Search FAQs' }).fill(marker);
  await developer.getByRole('button', { name: marker }).click();
  await expect(developer.getByText('Safe text')).toBeVisible();
  await expect(developer.getByRole('link', { name: 'fine link' })).toHaveAttribute(
    'rel',
    'noopener noreferrer',
  );
  await developer.waitForTimeout(500);
  await noScriptRan();

  // Typed into the editor and previewed: the web sanitiser alone stands between it and the page.
  const marketing = await pageAs(browser, 'marketing');
  const noScriptInEditor = await watchForScript(marketing);
  await marketing.goto('/marketing/PressReleaseCms');
  await marketing.getByRole('button', { name: 'New press release' }).click();
  await marketing.getByRole('textbox', { name: 'Body' }).fill(`${SAFE}${XSS_CORPUS.join('\n')}`);
  await marketing.getByRole('tab', { name: 'Preview' }).click();
  await expect(marketing.getByLabel('Preview').getByRole('link', { name: 'fine link' })).toBeVisible();
  await marketing.waitForTimeout(500);
  await noScriptInEditor();
  expect(
    await marketing.getByLabel('Preview').locator('script, iframe, img, svg, object, embed').count(),
  ).toBe(0);
});

test('when a read-only admin opens the management view then drafts show but nothing can be changed', async ({
  browser,
}) => {
  const page = await pageAs(browser, 'admin-readonly');
  await page.goto('/developer-assets/faqs');
  await page.getByLabel('Show drafts').check();
  await expect(page.getByRole('button', { name: 'Add FAQ' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Publish', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Unpublish', exact: true })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Downloads' }).click();
  await page.getByLabel('Show drafts').check();
  // Each item's state is shown to the admin, without the controls that change it.
  await expect(page.getByText('Published', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add download' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Edit / })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Delete / })).toHaveCount(0);
  await screenshots(page, 'downloads-readonly-admin');
});
