/**
 * Issue 26, point 1: every built screen within reach. For each seeded account, the crawl starts where
 * sign-in lands, follows the links the UI shows (the bar, the profile menu, buttons and rows that are
 * links) and fails when a screen of PAGE_ROUTES the role may open was never reached. What a role may
 * open is the routes of its audience's area with a built screen, minus the ones written out below with
 * the reason the role has no way to them (an independent list, by hand, not the navigation rules).
 */
import { type Browser, expect, type Page, test } from '@playwright/test';
import { PAGE_ROUTES } from '@portico/domain';
import { ROLE_EXPECTATIONS } from '../support/roles.ts';
import { DESKTOP, NARROW, screenshotsIn } from '../support/screenshots.ts';
import { seriousViolations, shell } from '../support/shell.ts';
import { storageStatePath } from '../support/stack-env.ts';

// One long walk per role on a shared 2-core machine.
test.describe.configure({ timeout: 300_000 });

type Area = (typeof PAGE_ROUTES)[number]['area'];

/** The route of PAGE_ROUTES a path renders (its path, or the prefix of its pattern). */
function routeOf(pathname: string): (typeof PAGE_ROUTES)[number] | undefined {
  return PAGE_ROUTES.find((route) => {
    if (route.path === pathname) return true;
    const pattern = 'pattern' in route ? route.pattern : undefined;
    return pattern?.endsWith('/*') === true && pathname.startsWith(pattern.slice(0, -1));
  });
}

const DEVELOPER_FORM_STEPS = {
  // Reached by saving the step before (a form), not by a link; the resume links of drafts lead there.
  '/u/create-bot/brand-details': 'the step after the RCS details, reached by saving them',
  '/u/create-bot/select-carriers': 'the step after the brand, reached by saving it',
};
const NOT_WRITER = {
  '/u/create-bot/rcs-bot-details': 'a read-only user creates no bots',
  '/u/create-bot/whatsapp-bot-details': 'a read-only user creates no bots',
  '/u/update-rcs-bot': 'a read-only user changes no bots',
  '/u/update-whatsapp-bot': 'a read-only user changes no bots',
  '/u/addTemplate': 'a read-only user builds no templates',
  '/u/listing': 'a read-only user changes no listing',
  '/u/launch': 'a read-only user launches no bots',
  '/u/update-carrier': 'a read-only user changes no carriers',
  '/u/update-brand': 'a read-only user changes no brands',
  '/u/bot-console': 'a read-only user sends no test messages',
  '/add-new-campaign': 'a read-only user creates no campaigns',
};
const NO_WALLET = { '/u/my-wallet': 'the account has no wallet (the profile menu leaves it out)' };
const NOT_AGGREGATOR = { '/u/billing-info': 'billing info is an aggregator’s' };
const CHILD = { '/u/billing-info': 'billing info is the aggregator owner’s, not a child user’s' };
const PENDING = {
  '/u/my-brands': 'MY BRANDS waits for the aggregator’s approval',
  '/u/analytics': 'MY BILLING waits for the aggregator’s approval',
  '/u/update-brand': 'brands wait for the aggregator’s approval',
  '/u/create-bot/brand-details': 'brands wait for the aggregator’s approval',
  '/u/create-bot/select-carriers': 'the step after the brand',
  '/u/launch': 'no bot of this account can be launched before approval',
  '/u/launch-details': 'nothing launched yet',
  '/u/update-carrier': 'nothing launched yet',
  '/u/my-campaigns': 'MY CAMPAIGNS waits for the aggregator’s approval',
  '/add-new-campaign': 'campaigns wait for the aggregator’s approval',
  '/u/audiences': 'MY CAMPAIGNS (its audiences) waits for the aggregator’s approval',
  '/u/opt-outs': 'MY CAMPAIGNS (its opt-out list) waits for the aggregator’s approval',
  // Its demo data has no bot yet (the bot screens are the other developers' to reach).
  '/u/listing': 'no bot in its demo data',
  '/u/bot-console': 'no bot in its demo data',
  '/u/view-bot-details/rcs': 'no bot in its demo data',
  '/u/update-rcs-bot': 'no bot in its demo data',
  '/u/update-whatsapp-bot': 'no bot in its demo data',
  '/u/view-template-details': 'no bot, so no template, in its demo data',
};
const CARRIER_NOT_ADMIN = {};
const ADMIN_NOT_SUPER = {};

/** Screens of the role's area it has no way to, and why. */
const NOT_FOR: Record<string, Record<string, string>> = {
  developer: {
    ...DEVELOPER_FORM_STEPS,
    ...NOT_AGGREGATOR,
    // Reached from a launch with a rejected carrier, which the launch journeys resubmit meanwhile;
    // the aggregator's demo launches reach it.
    '/u/update-carrier': 'its rejected demo carrier may be resubmitted by another journey first',
  },
  'aggregator-pending': { ...DEVELOPER_FORM_STEPS, ...PENDING },
  aggregator: { ...DEVELOPER_FORM_STEPS },
  'child-readonly': { ...DEVELOPER_FORM_STEPS, ...NOT_WRITER, ...NO_WALLET, ...CHILD },
  'child-readwrite': { ...DEVELOPER_FORM_STEPS, ...NO_WALLET, ...CHILD },
  'carrier-admin': CARRIER_NOT_ADMIN,
  'carrier-user': CARRIER_NOT_ADMIN,
  'carrier-manager': CARRIER_NOT_ADMIN,
  superadmin: ADMIN_NOT_SUPER,
  'admin-readonly': ADMIN_NOT_SUPER,
  'admin-readwrite': ADMIN_NOT_SUPER,
};

/** The marketing admin's bare header: its screens are the editor and what the editor links to. */
const MARKETING_SCREENS = [
  '/marketing/PressReleaseCms',
  '/press',
  '/developer-assets',
  '/admin/edit-profile',
  '/admin/change-password',
  '/admin/security',
];

function expectedScreens(role: string, area: Area): string[] {
  if (role === 'marketing') return MARKETING_SCREENS.map(screenOf);
  const excluded = new Set(Object.keys(NOT_FOR[role] ?? {}).map(screenOf));
  const screens = PAGE_ROUTES.filter(
    (route) =>
      'screen' in route && (route.area === area || (area === 'admin' && route.path === '/developer-assets')),
  )
    .map((route) => screenOf(route.path))
    .filter((screen) => !excluded.has(screen));
  return [...new Set(screens)];
}

/**
 * A screen as the test counts it: its area and screen id. Paths that render one screen (the
 * channel variants of a bot's details, the spec's two aggregator-details paths) count once.
 */
function screenOf(path: string): string {
  const route = routeOf(path);
  return route && 'screen' in route ? `${route.area}:${route.screen}` : path;
}

/** Same-origin link targets on the page, and the profile menu's when it has one. */
async function linksOn(page: Page): Promise<string[]> {
  const hrefs = await page.$$eval('a[href]', (anchors) =>
    anchors
      .filter((a) => a.getAttribute('aria-disabled') !== 'true' && a.getAttribute('target') !== '_blank')
      .map((a) => (a as HTMLAnchorElement).href),
  );
  return hrefs.filter((href) => new URL(href).origin === new URL(page.url()).origin);
}

async function profileMenuLinks(page: Page): Promise<string[]> {
  const button = shell(page).profileButton;
  if ((await button.count()) === 0) return [];
  await button.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('menu', { name: 'Profile menu' })).toBeVisible();
  const hrefs = await dialog
    .locator('a[href]')
    .evaluateAll((anchors) =>
      anchors.filter((a) => a.getAttribute('target') !== '_blank').map((a) => (a as HTMLAnchorElement).href),
    );
  await page.keyboard.press('Escape');
  return hrefs;
}

/** The header's notification centre: its "See all" link (issue 26, point 10). */
async function notificationLinks(page: Page): Promise<string[]> {
  const bell = shell(page).header.getByRole('button', { name: /^Notifications/ });
  if ((await bell.count()) === 0) return [];
  await bell.click();
  const dialog = page.getByRole('dialog', { name: 'Notifications' });
  const seeAll = dialog.getByRole('link', { name: 'See all notifications' });
  await expect(seeAll).toBeVisible();
  const href = await seeAll.evaluate((a) => (a as HTMLAnchorElement).href);
  await page.keyboard.press('Escape');
  return [href];
}

/** Waits for a screen to settle: its heading, then its lists (no busy status left), briefly. */
async function settle(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.waitForLoadState('networkidle', { timeout: 1_000 }).catch(() => undefined);
  // Lists say "Loading …" (role status) or show a progress bar until their rows are there.
  await page
    .waitForFunction(
      () =>
        !document.querySelector('[role="progressbar"]:not([aria-valuenow])') &&
        ![...document.querySelectorAll('[role="status"]')].some((el) => /Loading/.test(el.textContent ?? '')),
      undefined,
      { timeout: 10_000 },
    )
    .catch(() => undefined);
}

/**
 * Client-side navigation (the SPA's own router), as a click on the link would do. The old heading is
 * marked first, so the links read afterwards are the new screen's, not the one it replaces.
 */
async function navigate(page: Page, url: string): Promise<void> {
  await page.evaluate((target) => {
    for (const heading of document.querySelectorAll('h1')) heading.setAttribute('data-crawl-left', '');
    window.history.pushState({}, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, url);
  await page
    .locator('h1:not([data-crawl-left])')
    .first()
    .waitFor({ timeout: 2_000 })
    .catch(() => undefined);
  await settle(page);
}

/** Per route, a few URLs are enough: details pages differ with their data (a draft, a launched bot). */
const URLS_PER_ROUTE = 3;

async function crawl(browser: Browser, role: string, home: string, expected: readonly string[]) {
  const context = await browser.newContext({ storageState: storageStatePath(role) });
  const page = await context.newPage();
  await page.goto(home);
  await settle(page);
  const reached = new Set<string>();
  const seenPerRoute = new Map<string, number>();
  const queue: string[] = [...(await profileMenuLinks(page)), ...(await notificationLinks(page)), page.url()];
  const visited = new Set<string>();
  while (queue.length > 0) {
    const url = queue.shift() as string;
    const { pathname, search } = new URL(url);
    const route = routeOf(pathname);
    if (!route || !expected.includes(screenOf(route.path)) || visited.has(pathname + search)) continue;
    const seen = seenPerRoute.get(route.path) ?? 0;
    if (seen >= URLS_PER_ROUTE) continue;
    seenPerRoute.set(route.path, seen + 1);
    visited.add(pathname + search);
    if (url !== page.url()) await navigate(page, pathname + search);
    reached.add(screenOf(route.path));
    queue.push(...(await linksOn(page)));
  }
  await context.close();
  return reached;
}

for (const account of ROLE_EXPECTATIONS) {
  const area: Area = account.home.startsWith('/billing')
    ? 'carrier'
    : account.home.startsWith('/admin')
      ? 'admin'
      : 'developer';
  test(`when ${account.email} follows the links from ${account.home} then every screen its role may open is reached`, async ({
    browser,
  }) => {
    const expected = expectedScreens(account.role, area);
    const reached = await crawl(browser, account.role, account.home, expected);
    expect(expected.filter((path) => !reached.has(path))).toEqual([]);
  });
}

const screenshots = screenshotsIn('reach');

async function signedIn(browser: Browser, role: string) {
  const context = await browser.newContext({ storageState: storageStatePath(role), viewport: DESKTOP });
  return { context, page: await context.newPage() };
}

async function expectScreen(page: Page, name: string): Promise<void> {
  for (const viewport of [DESKTOP, NARROW]) {
    await page.setViewportSize(viewport);
    expect(await seriousViolations(page)).toEqual([]);
  }
  await page.setViewportSize(DESKTOP);
  await screenshots(page, name);
}

test('when a platform admin opens the dashboard then its other screens are linked there, and BOTS links the template approvals', async ({
  browser,
}) => {
  const { context, page } = await signedIn(browser, 'superadmin');
  await page.goto('/admin/dashboard');
  const tools = page.getByRole('region', { name: 'More for platform admins' });
  await expect(tools.getByRole('link')).toHaveText([
    /Template approvals/,
    /Rate plans/,
    /Developer content/,
    /Security records/,
  ]);
  await expectScreen(page, 'admin-dashboard');
  await page.getByRole('banner').getByRole('link', { name: 'BOTS' }).click();
  await page.getByRole('link', { name: 'Template approvals' }).click();
  await expect(page).toHaveURL('/admin/templates');
  await expect(page.getByRole('heading', { level: 1, name: 'Templates' })).toBeVisible();
  await context.close();
});

test('when the marketing admin signs in then the press-release editor is home, with links to the rest and a bare header', async ({
  browser,
}) => {
  const { context, page } = await signedIn(browser, 'marketing');
  await page.goto('/');
  await expect(page).toHaveURL('/marketing/PressReleaseCms');
  await expect(shell(page).profileButton).toHaveCount(0);
  const more = page.getByRole('region', { name: 'More for you' });
  await expect(more.getByRole('link')).toHaveText([
    /Public press page/,
    /Developer assets/,
    /Edit profile/,
    /Change password/,
  ]);
  await expectScreen(page, 'marketing-home');
  await more.getByRole('link', { name: /Change password/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Change Password' })).toBeVisible();
  await context.close();
});

test('when a developer opens MY BOTS and a bot then Templates is a link on both', async ({ browser }) => {
  const { context, page } = await signedIn(browser, 'developer');
  await page.goto('/u/dashboard');
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: 'Templates', exact: true })).toHaveAttribute(
    'href',
    '/u/add-view-template',
  );
  await expectScreen(page, 'my-bots');
  const firstBot = main.locator('a[href^="/u/view-bot-details/"]').first();
  await firstBot.click();
  const templates = main.getByRole('link', { name: 'Templates', exact: true });
  await expect(templates).toHaveAttribute('href', /^\/u\/add-view-template\?botId=/);
  await expectScreen(page, 'bot-details');
  await templates.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Templates' })).toBeVisible();
  await context.close();
});
