/**
 * Issue 28, browser journey: the developer opens MY CAMPAIGNS, creates a campaign from an uploaded
 * personalised audience, maps its column to the template's variable watching the handset, sees the
 * cost, schedules it a few minutes ahead in Indian Standard Time, and finds it in the list and its
 * details; the same campaign sent now is watched live to its end, its per-recipient report downloaded,
 * and the sandbox's handsets show each its personalised message; the platform admin finds it in
 * /admin/campaigns. Screens shot at 1280 and 600 px, axe.
 */
import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { apiHeaders } from '../support/auth.ts';
import { DESKTOP, screenshotsIn } from '../support/screenshots.ts';
import { chooseOption } from '../support/select';
import { seriousViolations } from '../support/shell.ts';
import { storageStatePath } from '../support/stack-env.ts';

test.use({ viewport: { ...DESKTOP, height: 900 }, storageState: storageStatePath('developer') });
test.describe.configure({ timeout: 600_000 });

const shoot = screenshotsIn('campaigns');
async function screenshots(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await shoot(page, name);
}

/** The approved RCS template of the demo that takes {{order_id}}, and its bot. */
const TEMPLATE = 'Order shipped card';

const FILE = [
  'msisdn,first_name,order_id',
  '+919876543211,Asha,ORD-1',
  '+919810012345,José,ORD-2',
  '+919811199990,Ravi,ORD-3',
].join('\r\n');

/** A small PNG: the campaign's own image for the card template. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAHgAAABQCAIAAABd+SbeAAAACXBIWXMAAAPoAAAD6AG1e1JrAAABHklEQVR4nO3UUY0DARTDwOIwy7JeGCXQ316eTiMFgeX49byz5/cQXig/f6Ia0AHdf3obowO6uYaMbg5OOro5jQ7o5hoyujk46ejmNDqgm2vI6ObgpKOb0+iAbq4ho5uDk45uTqMDurmGjG4OTjq6OY0O6OYaMro5OOno5jQ6oJtryOjm4KSjm9PogG6uIaObg5OObk6jA7q5hoxuDk46ujmNDujmGjK6OTjp6OY0OqCba8jo5uCko5vT6IBuriGjm4OTjm5OowO6uYaMbg5OOro5jQ7o5hoyujk46ejmNDqgm2vI6ObgpKOb0+iAbq4ho5uDk45uTqMDurmGjG4OTjq6OY0O6OYaMro5OOno5jQ6oJtryOjm4KSjOdOv+wA7rlurDNVjOAAAAABJRU5ErkJggg==',
  'base64',
);

/** A time `minutes` ahead in Indian Standard Time: its day as DD/MM/YYYY and its time as HH:mm. */
function istAhead(minutes: number): { day: string; time: string } {
  const at = new Date(Date.now() + minutes * 60_000 + 330 * 60_000).toISOString();
  return { day: `${at.slice(8, 10)}/${at.slice(5, 7)}/${at.slice(0, 4)}`, time: at.slice(11, 16) };
}

async function choose(page: Page, label: string | RegExp, option: string | RegExp) {
  await chooseOption(page.getByRole('combobox', { name: label }), option);
}

test('when a developer schedules a personalised campaign then it shows in the list and details, and the admin finds it', async ({
  page,
  browser,
}) => {
  const name = `Shipped ${Date.now() % 1_000_000}`;
  await page.goto('/u/dashboard');
  await page.getByRole('navigation').getByRole('link', { name: 'MY CAMPAIGNS' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'My Campaigns' })).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Campaigns' }).or(page.getByText('No campaigns yet')),
  ).toBeVisible();
  await screenshots(page, 'my-campaigns');
  expect(await seriousViolations(page)).toEqual([]);

  const headers = await apiHeaders(page);
  const active = await page.request.get('/api/v1/secure/templates/active?start=0&end=100', { headers });
  const template = ((await active.json()).data.items as { name: string; bot_name: string }[]).find(
    (t) => t.name === TEMPLATE,
  );
  expect(template, 'the demo has an approved template with {{order_id}}').toBeTruthy();

  await page.getByRole('link', { name: 'New campaign' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New Campaign' })).toBeVisible();
  // A draft of another run of this journey may be back: start from nothing.
  const again = page.getByRole('button', { name: 'Start again' });
  if (await again.isVisible()) await again.click();

  await page.getByRole('textbox', { name: 'Campaign name' }).fill(name);
  await choose(page, 'Bot', new RegExp(`^${template?.bot_name} \\(RCS\\)`));
  await choose(page, 'Template', new RegExp(`^${TEMPLATE}`));
  await expect(page.getByRole('figure', { name: 'RCS template preview' })).toBeVisible();
  await screenshots(page, 'form-campaign');
  expect(await seriousViolations(page)).toEqual([]);

  // The card takes media: the campaign's own image shows in the handset; then the template's own
  // again (this stack's portal is not https, so RBM could not fetch an uploaded file).
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'lamp.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText(/sends its own image instead of the template's/)).toBeVisible({
    timeout: 30_000,
  });
  await expect(
    page.getByRole('figure', { name: 'RCS template preview' }).locator('img[src*="/campaign-media/"]'),
  ).toBeVisible();
  await screenshots(page, 'form-media');
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: "Use the template's media" }).click();
  await expect(page.getByText(/sends the template's own media/)).toBeVisible();

  await page.getByRole('button', { name: 'Next' }).click();
  await page.locator('input[type="file"]').setInputFiles({
    name: `shipped-${Date.now() % 100000}.csv`,
    mimeType: 'text/csv',
    buffer: Buffer.from(FILE, 'utf8'),
  });
  await page.getByRole('button', { name: 'Upload and check' }).click();
  await expect(page.getByText(/3 recipients kept, 0 lines refused/)).toBeVisible({ timeout: 30_000 });
  await screenshots(page, 'form-audience');

  // What was typed survives leaving the page.
  await page.goto('/u/my-campaigns');
  await page.getByRole('link', { name: 'New campaign' }).click();
  await expect(page.getByText(/What you typed last time is back/)).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Campaign name' })).toHaveValue(name);

  await page.getByRole('tab', { name: 'Personalise' }).click();
  await choose(page, '{{order_id}}', 'order_id');
  const handset = page.getByRole('figure', { name: 'RCS template preview' });
  await expect(handset.getByText('Order #ORD-1 has shipped')).toBeVisible();
  await page.getByRole('button', { name: '+919810012345' }).click();
  await expect(handset.getByText('Order #ORD-2 has shipped')).toBeVisible();
  await screenshots(page, 'form-personalise');
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('radio', { name: 'At a date and time' }).check();
  const { day, time } = istAhead(3);
  await page.getByRole('textbox', { name: 'Date' }).fill(day);
  await page.locator('input[type="time"]').fill(time);
  await choose(page, 'Time zone', 'UTC+05:30 Indian Standard Time');
  await screenshots(page, 'form-delivery');

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('table', { name: 'Estimate by carrier' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Wallet balance')).toBeVisible();
  await screenshots(page, 'form-cost');
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Schedule campaign' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Campaign Details' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  await expect(page.getByText('Scheduled').first()).toBeVisible();
  await expect(page.getByText(`${day} | `).first()).toBeVisible();
  await screenshots(page, 'details');
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('link', { name: 'All campaigns' }).click();
  await page.getByRole('searchbox', { name: 'Search campaigns' }).fill(name);
  await expect(page.getByRole('link', { name })).toBeVisible();

  // The same campaign sent now: paused as soon as it starts, its details watched live, then resumed;
  // the counts reach the end on the open page with no reload (pushed over server-sent events).
  const found = await page.request.get(
    `/api/v1/secure/campaigns?start=0&end=5&search=${encodeURIComponent(name)}`,
    { headers },
  );
  const scheduledId = (await found.json()).data.items[0].campaign_id as string;
  const scheduled = (
    await (await page.request.get(`/api/v1/secure/campaigns/${scheduledId}`, { headers })).json()
  ).data;
  const nowName = `${name} now`;
  const created = await page.request.post('/api/v1/secure/campaigns', {
    headers,
    data: {
      name: nowName,
      bot_id: scheduled.bot_id,
      template_id: scheduled.template_id,
      audience_id: scheduled.audience_id,
      variables: scheduled.variables,
    },
  });
  expect(created.status()).toBe(200);
  const nowId = (await created.json()).data.campaign_id as string;
  expect((await page.request.post(`/api/v1/secure/campaigns/${nowId}/start`, { headers })).status()).toBe(
    200,
  );
  const paused = await page.request.post(`/api/v1/secure/campaigns/${nowId}/pause`, { headers });
  test.skip(paused.status() !== 200, 'the campaign ended before it could be paused');
  await page.goto(`/u/my-campaigns?campaign=${nowId}`);
  await expect(page.getByRole('heading', { level: 2, name: nowName })).toBeVisible();
  await expect(page.getByText('Live: the counts change as the network answers')).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByTestId('campaign-progress')).toContainText('of 3 handled');
  await screenshots(page, 'details-running');
  expect(await seriousViolations(page)).toEqual([]);
  expect((await page.request.post(`/api/v1/secure/campaigns/${nowId}/resume`, { headers })).status()).toBe(
    200,
  );
  await expect(page.getByTestId('campaign-progress')).toContainText('3 of 3 handled', { timeout: 60_000 });
  await expect(page.getByText('Completed').first()).toBeVisible({ timeout: 30_000 });
  // The status moved: the details and history are read again (who ended it, no more actions).
  await expect(page.getByText('Running → Completed')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Pause' })).toHaveCount(0);
  await screenshots(page, 'details-completed');

  // The per-recipient report, downloaded as a person would: every number with its outcome.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Recipients (CSV)' }).click(),
  ]);
  const report = (await readFile(await download.path(), 'utf8')).trim().split(/\r?\n/);
  expect(report).toHaveLength(4);
  for (const number of ['+919876543211', '+919810012345'])
    expect(report.find((line) => line.includes(number))).toMatch(/sent|delivered|read/i);
  // A number ending in 0 is not RCS-capable in the sandbox (the partner chose to skip those): the
  // report says why it was not sent.
  expect(report.find((line) => line.includes('+919811199990'))).toMatch(/not.rcs.capable/i);

  // The handsets received their personalised messages.
  for (const [number, order] of [
    ['+919876543211', 'ORD-1'],
    ['+919810012345', 'ORD-2'],
  ] as const) {
    await page.goto(`/sandbox?msisdn=${encodeURIComponent(number)}`);
    const phone = page.getByRole('region', { name: `Virtual handset ${number}` });
    await expect(phone.getByText(`Order #${order} has shipped`).first()).toBeVisible({ timeout: 30_000 });
  }

  const adminContext = await browser.newContext({
    viewport: { ...DESKTOP, height: 900 },
    storageState: storageStatePath('superadmin'),
  });
  const admin = await adminContext.newPage();
  await admin.goto('/admin/dashboard');
  await admin.getByRole('navigation').getByRole('link', { name: 'CAMPAIGNS' }).first().click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Campaigns' })).toBeVisible();
  await admin.getByRole('searchbox', { name: 'Search campaigns' }).fill(name);
  // Exact: the campaign sent now above is named after it.
  await admin.getByRole('link', { name, exact: true }).click();
  await expect(admin.getByRole('heading', { level: 2, name, exact: true })).toBeVisible();
  await expect(admin.getByRole('button', { name: 'Stop campaign' })).toBeVisible();
  await screenshots(admin, 'admin-details');
  expect(await seriousViolations(admin)).toEqual([]);
  await adminContext.close();

  // The scheduled campaign starts by itself within a minute of its time (the scheduler's tick) and
  // runs to its end, on its open details page.
  await page.goto(`/u/my-campaigns?campaign=${scheduledId}`);
  await expect(page.getByRole('heading', { level: 2, name, exact: true })).toBeVisible();
  await expect(page.getByTestId('campaign-progress')).toContainText('3 of 3 handled', { timeout: 300_000 });
  await expect(page.getByText('Completed').first()).toBeVisible({ timeout: 30_000 });
  const ran = (await (await page.request.get(`/api/v1/secure/campaigns/${scheduledId}`, { headers })).json())
    .data as { scheduled_at: string; started_at: string };
  // The tick runs each minute; a little more for the job to be picked up on a loaded machine.
  expect(Date.parse(ran.started_at) - Date.parse(ran.scheduled_at)).toBeLessThan(75_000);
});
