/**
 * Issue 14, browser journey as three people: a developer fixes everything the pre-flight check lists
 * for the demo bot Saffron Stays (questionnaire, screenshot, letter of authorisation, the bot's logo
 * and banner), pays the verification from the wallet and submits the launch to Reliance
 * Jio and Bharti Airtel; the super admin forwards it; Jio approves (the launch job launches the
 * agent on the sandbox network) and Airtel rejects with a reason; the developer then reads launched on
 * one carrier, rejected with the reason on the other, the hold charged in My Wallet, and the whole
 * history. Every actor signs in through the real sign-in page as a seeded demo account; screenshots
 * at 1280 and 600 px and axe on every screen.
 */
import { type Browser, expect, type Page, test } from '@playwright/test';
import { LAUNCH_QUESTION_LABELS } from '@portico/domain';
import { signInFromLanding } from '../support/auth.ts';
import { onePagePdf, png } from '../support/files.ts';
import { DESKTOP, screenshotsIn } from '../support/screenshots.ts';
import { seriousViolations } from '../support/shell.ts';

test.use({ viewport: { ...DESKTOP, height: 900 } });

const screenshots = screenshotsIn('launch-review');

/** The demo bot this journey launches (bots.seed.ts: registered on the network, Jio chosen). */
const BOT = 'Saffron Stays';
const REASON = 'The privacy policy does not name the data this bot keeps about guests.';

const ANSWERS: Record<keyof typeof LAUNCH_QUESTION_LABELS, string> = {
  use_case: 'Guests of Saffron Stays book rooms, change bookings and ask the front desk questions.',
  opt_in: 'Guests tick "Message me about my stay" on the booking form; the first message confirms it.',
  trigger: 'A confirmed booking sends the first message with the booking reference and dates.',
  interactions: 'Rich cards for the booking, suggested replies to change dates, a dial action for the desk.',
  opt_out: 'Replying STOP ends every message at once; the bot confirms and sends nothing more.',
  reviewer_instructions: 'Message "demo" from a test device: the bot answers with a sample booking card.',
};

async function signedIn(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { ...DESKTOP, height: 900 } });
  const page = await context.newPage();
  await signInFromLanding(page, email);
  return page;
}

async function lookedAt(page: Page, name: string) {
  // Settled first: no upload, save or pre-flight check running (their bars fade in and out).
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  expect(await seriousViolations(page), name).toEqual([]);
  await screenshots(page, name);
}

async function saveAndContinue(page: Page, nextHeading: string) {
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByRole('heading', { name: nextHeading, level: 2 })).toBeVisible();
}

/** A reviewer opens the launch from their list (search, then the bot's link), looking at the list first. */
async function openFromList(page: Page, listPath: string, shot: string) {
  await page.goto(listPath);
  await expect(page.getByRole('heading', { name: 'Bots', level: 1 })).toBeVisible();
  await page.getByRole('textbox', { name: 'Search bots' }).fill(BOT);
  await expect(page.getByRole('link', { name: BOT, exact: true }).first()).toBeVisible();
  // The open tab counts what it holds under the search: this one launch, waiting for the reviewer.
  await expect(page.getByRole('tab', { selected: true })).toHaveAccessibleName(/, 1 item$/);
  await lookedAt(page, shot);
  await page.getByRole('link', { name: BOT, exact: true }).first().click();
  await expect(page.getByRole('heading', { name: BOT, exact: true }).first()).toBeVisible();
}

async function decide(page: Page, action: string, reason?: string) {
  await page.getByRole('button', { name: action, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  if (reason) await dialog.getByRole('textbox', { name: /Reason/ }).fill(reason);
  await dialog.getByRole('button', { name: action, exact: true }).click();
  await expect(dialog).toBeHidden();
}

test('when a developer fixes the pre-flight, pays and launches to two carriers, the admin forwards, one carrier approves and the other rejects, then the developer sees launched, rejected with the reason, the charge and the history', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);

  // The developer: MY BOTS, then Launch on the bot.
  await signInFromLanding(page, 'developer@portico.test');
  await page.goto('/u/dashboard');
  await page.getByRole('textbox', { name: 'Search bots' }).fill(BOT);
  await page.getByRole('link', { name: `Launch ${BOT}`, exact: true }).click();
  await expect(page.getByRole('heading', { name: `Launch Bot: ${BOT}`, level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Review Carriers', level: 2 })).toBeVisible();
  // The pre-flight check lists what a carrier would reject the launch for.
  await expect(page.getByText('The letter of authorisation (PDF) is missing.')).toBeVisible();
  await expect(page.getByText(/How users opt out: not described/)).toBeVisible();
  await lookedAt(page, 'preflight');

  // Review Carriers: Jio is chosen already; add Airtel.
  await page.getByRole('checkbox', { name: /Bharti Airtel/ }).check();
  await saveAndContinue(page, 'Bot Details & Experience');

  // Bot Details & Experience: the questionnaire and a screenshot of the conversation.
  for (const [field, label] of Object.entries(LAUNCH_QUESTION_LABELS)) {
    await page
      .getByRole('textbox', { name: label })
      .fill(ANSWERS[field as keyof typeof LAUNCH_QUESTION_LABELS]);
  }
  await page.getByTestId('screenshot-input').setInputFiles({
    name: 'booking-card.png',
    mimeType: 'image/png',
    buffer: png(540, 960, [250, 240, 230]),
  });
  await expect(page.getByRole('button', { name: 'Remove booking-card.png' })).toBeVisible();
  await lookedAt(page, 'experience');
  await saveAndContinue(page, 'Brand Details');

  // Brand Details: the brand is verified already.
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Business Verification', level: 2 })).toBeVisible();

  // Business Verification: the contact and the letter of authorisation.
  await page.getByRole('textbox', { name: 'Company name' }).fill('Saffron Stays Hospitality Pvt Ltd');
  await page.getByRole('textbox', { name: 'Website' }).fill('https://saffron-stays.example');
  await page.getByRole('textbox', { name: 'Contact name' }).fill('Meera Iyer');
  await page.getByRole('textbox', { name: 'Contact email' }).fill('meera@saffron-stays.example');
  await page.getByTestId('loa-input').setInputFiles({
    name: 'letter-of-authorisation.pdf',
    mimeType: 'application/pdf',
    buffer: onePagePdf(),
  });
  await expect(page.getByRole('link', { name: 'letter-of-authorisation.pdf' })).toBeVisible();
  await lookedAt(page, 'verification');
  await saveAndContinue(page, 'Payment');

  // What is left is on the bot itself: its logo and banner.
  const logoMissing = page.getByRole('listitem').filter({ hasText: 'Logo missing' });
  await logoMissing
    .first()
    .getByRole('link', { name: /^Fix in/ })
    .click();
  await expect(page.getByRole('heading', { name: 'Bot Details & Experience', level: 2 })).toBeVisible();
  await page.getByRole('link', { name: 'update them on the bot' }).click();
  await expect(page.getByRole('heading', { name: `Update ${BOT}`, level: 1 })).toBeVisible();
  // The form shows the bot's saved values first (its privacy page, on the sandbox's .example web).
  await expect(page.getByRole('textbox', { name: 'Privacy policy URL' })).toHaveValue(
    'https://saffronstays.example/privacy',
  );
  await page
    .locator('input[type="file"][data-kind="logo"]')
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png(224, 224, [183, 28, 28]) });
  await page
    .locator('input[type="file"][data-kind="banner"]')
    .setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: png(1440, 448, [255, 224, 178]) });
  // Both pictures are read (the preview shows them) before the form is saved with them.
  const preview = page.getByRole('figure', { name: 'RCS preview' });
  await expect(preview.getByRole('img', { name: `${BOT} logo` })).toBeVisible();
  await expect(preview.getByTestId('preview-banner')).toHaveCSS('background-image', /url\(/);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('heading', { name: BOT, level: 1, exact: true })).toBeVisible();

  // Payment: nothing is left to fix; the verification is held from the wallet, then submitted.
  await page.goto(`/u/launch/payment?bot_id=${new URL(page.url()).searchParams.get('botId')}`);
  await expect(page.getByText(/Nothing a carrier would reject for/).first()).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: /^Pay / }).click();
  const pay = page.getByRole('dialog');
  await expect(pay).toContainText('Reliance Jio');
  await expect(pay).toContainText('Bharti Airtel');
  await pay.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByTestId('hold')).toContainText('held since');
  await expect(page.getByRole('button', { name: 'Submit for launch' })).toBeEnabled();
  await lookedAt(page, 'payment');
  await page.getByRole('button', { name: 'Submit for launch' }).click();
  await expect(page).toHaveURL(/\/u\/launch-details\?bot_id=.*submitted=1/);
  await expect(page.getByText('Submitted for launch').first()).toBeVisible();
  await lookedAt(page, 'submitted');
  const detailsUrl = page.url().replace('&submitted=1', '');

  // The super admin forwards it to the carriers.
  const admin = await signedIn(browser, 'superadmin@portico.test');
  // Their dashboard: what waits for the platform, with the oldest waiting.
  await expect(admin).toHaveURL(/\/admin\/dashboard$/);
  await expect(admin.getByText(/Oldest waiting/i).first()).toBeVisible();
  await lookedAt(admin, 'admin-dashboard');
  await openFromList(admin, '/admin/bots?tab=submitted', 'admin-bots');
  await expect(admin.getByText('Nothing a carrier would reject for').first()).toBeVisible();
  await lookedAt(admin, 'admin-details');
  await decide(admin, 'Forward to carriers');
  await expect(admin.getByText('Forwarded by the platform').first()).toBeVisible();

  // Reliance Jio approves for its network; Bharti Airtel rejects with a reason.
  const jio = await signedIn(browser, 'carrier-admin@portico.test');
  await expect(jio).toHaveURL(/\/billing\/my-billing$/);
  await lookedAt(jio, 'carrier-dashboard');
  await openFromList(jio, '/billing/my-bots', 'carrier-bots');
  await lookedAt(jio, 'carrier-details');
  await decide(jio, 'Approve');
  const airtel = await signedIn(browser, 'airtel-admin@portico.test');
  await openFromList(airtel, '/billing/my-bots', 'airtel-bots');
  await expect(airtel.getByText('Reliance Jio')).toHaveCount(0);
  await decide(airtel, 'Reject', REASON);

  // The developer: launched on Jio (the launch job ran on the sandbox network), rejected on Airtel.
  await page.goto(detailsUrl);
  const carriers = page.getByRole('region', { name: 'Carriers' });
  await expect(async () => {
    await page.reload();
    await expect(carriers.getByRole('listitem').filter({ hasText: 'Reliance Jio' })).toContainText(
      'Launched',
      {
        timeout: 2_000,
      },
    );
  }).toPass({ timeout: 90_000, intervals: [2_000] });
  const airtelRow = carriers.getByRole('listitem').filter({ hasText: 'Bharti Airtel' });
  await expect(airtelRow).toContainText('Rejected by the carrier');
  await expect(airtelRow).toContainText(REASON);
  const history = page.getByRole('region', { name: 'History' });
  for (const step of [
    'Submitted for launch',
    'Forwarded to the carrier',
    'Approved by the carrier',
    'Rejected by the carrier',
    'Launched',
  ]) {
    await expect(history.getByText(step).first()).toBeVisible();
  }
  await lookedAt(page, 'launched-and-rejected');

  // My Wallet: the verification hold was charged.
  await page.goto('/u/my-wallet');
  const holdRow = page.getByRole('row').filter({ hasText: `Launch of ${BOT}` });
  await expect(holdRow).toContainText('Hold · charged');
  await expect(holdRow).toContainText('-$50.00');
  await lookedAt(page, 'wallet');
});
