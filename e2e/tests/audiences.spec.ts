/**
 * Issue 27, browser journey: a developer opens MY CAMPAIGNS, uploads a personalised audience with a
 * few bad lines through the resumable (tus) upload, watching its progress, pausing it while its first
 * part is held on the way and resuming it, watches it checked, downloads the refused lines, finds
 * the seeded opt-outs and adds one. Then a person types STOP on a sandbox handset to one of the
 * developer's bots, and the number is on the opt-out list, from a STOP message. Screens are shot at
 * 1280 and 600 px and checked with axe.
 */
import { readFile } from 'node:fs/promises';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { apiHeaders } from '../support/auth.ts';
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

/** The demo developer's console WhatsApp bot (bot-testing.seed.ts), when the bots list has none. */
const FALLBACK_WHATSAPP_BOT = '00000000-0000-4000-8e00-000000000002';

/** One of the developer's bots testable on WhatsApp (no tester invite), found as the console finds it. */
async function whatsappBot(page: Page): Promise<string> {
  const headers = await apiHeaders(page);
  const list = await page.request.get('/api/v1/secure/bots?start=0&end=50', { headers });
  const ids: string[] = list.ok()
    ? ((await list.json()).data.items as { bot_id: string }[]).map((b) => b.bot_id)
    : [];
  for (const id of [...ids, FALLBACK_WHATSAPP_BOT]) {
    const response = await page.request.get(`/api/v1/secure/bots/${id}/testing`, { headers });
    if (!response.ok()) continue;
    if (((await response.json()).data as { testable: string[] }).testable.includes('whatsapp')) return id;
  }
  throw new Error('the demo developer has no bot testable on WhatsApp');
}

async function handset(context: BrowserContext, msisdn: string): Promise<Page> {
  const phone = await context.newPage();
  await phone.goto(`/sandbox?msisdn=${encodeURIComponent(msisdn)}`);
  return phone;
}

test('when a person types STOP on a sandbox handset to a bot of the partner then the number is on its opt-out list', async ({
  page,
  context,
}) => {
  // A valid Indian mobile number (10 digits after +91): only a real number can be opted out.
  const msisdn = `+9198126${String(Date.now() % 10000).padStart(4, '0')}4`;
  await page.goto('/u/dashboard');
  const botId = await whatsappBot(page);

  // The bot writes to the person first (a test device of the console; WhatsApp has no invite).
  await page.goto(`/u/bot-console?botId=${botId}`);
  const form = page.getByRole('form', { name: 'Add a test device' });
  await form.getByLabel('Phone number').fill(msisdn);
  await form.getByRole('combobox', { name: 'Channel' }).selectOption({ label: 'WhatsApp' });
  await form.getByRole('button', { name: 'Add device' }).click();
  await expect(page.getByRole('heading', { name: `Conversation with ${msisdn}` })).toBeVisible();
  const composer = page.getByRole('form', { name: 'Compose a test message' });
  await composer.getByLabel('Message text').fill('Diwali offers: lamps are 20% off. Reply STOP to opt out.');
  await composer.getByRole('button', { name: 'Send test message' }).click();
  const messages = page.getByRole('list', { name: 'Messages' });
  await expect(messages.getByText('Diwali offers: lamps are 20% off.', { exact: false })).toBeVisible({
    timeout: 30_000,
  });

  // The person answers STOP on the sandbox handset.
  const phone = await handset(context, msisdn);
  const onPhone = phone.getByRole('region', { name: `Virtual handset ${msisdn}` });
  await expect(onPhone.getByText('Diwali offers: lamps are 20% off.', { exact: false })).toBeVisible();
  await phone.getByLabel('Reply').fill('STOP');
  await phone.getByRole('button', { name: 'Send' }).click();
  await expect(messages.getByText('STOP', { exact: true })).toBeVisible({ timeout: 10_000 });

  // The partner finds the number on its opt-out list, from the STOP message, with the bot.
  await page.goto('/u/opt-outs');
  await expect(page.getByRole('heading', { level: 1, name: 'Opt-out List' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Search by number' }).fill(msisdn.slice(1));
  const row = page.getByRole('row').filter({ hasText: msisdn });
  await expect(row).toBeVisible({ timeout: 10_000 });
  await expect(row.getByText('STOP message')).toBeVisible();
  await screenshots(page, 'opt-out-from-stop');
  expect(await seriousViolations(page)).toEqual([]);
});
