import { existsSync } from 'node:fs';
import { DEMO_PASSWORD } from '@portico/api/platform/db/seed/index';
import { type Browser, type BrowserContext, chromium, type Page, type Response } from 'playwright-core';
import { type BenchRoute, gzipBytes, type JsFile, type JsTotal } from './bundle.ts';

/** Debian's Chromium; CHROME_PATH (what Lighthouse reads) or CHROMIUM_PATH points elsewhere. */
export const CHROMIUM_PATH = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** Who opens the pages of each area when they are checked in the browser (seeded demo accounts). */
export const AREA_USERS: Readonly<Record<BenchRoute['area'], string | null>> = {
  home: null,
  public: null,
  developer: 'developer@portico.test',
  'first-time': 'developer@portico.test',
  carrier: 'carrier-admin@portico.test',
  admin: 'superadmin@portico.test',
};

export interface BrowserJs extends JsTotal {
  /** Bytes of the responses as they came over the wire (encoded), to show whether the server compresses. */
  wireBytes: number;
}

export interface RouteInBrowser {
  route: BenchRoute;
  /** Who was signed in (null: nobody). */
  user: string | null;
  js: BrowserJs;
  /** Why the route could not be checked (it showed another page), or null. */
  problem: string | null;
}

export interface BrowserMeasurement {
  signIn: BrowserJs;
  routes: RouteInBrowser[];
  /**
   * MY BOTS (issue 13): milliseconds from asking for /u/dashboard in a fresh tab with a cold cache
   * until the first row of the partner's bots is on screen (the bench partner's 50 of 10,000 bots).
   */
  myBotsFirstRowMs: number | null;
}

/** The MY BOTS page, and the name its list shows first (the bench bots are the most recently changed). */
export const MY_BOTS_PATH = '/u/dashboard';
const FIRST_BENCH_BOT = /^Bench bot /;

function isJavaScript(url: string, contentType: string | undefined): boolean {
  return /javascript|ecmascript/.test(contentType ?? '') || new URL(url).pathname.endsWith('.js');
}

/**
 * Runs `go` in a tab with the HTTP cache disabled and returns every same-origin JavaScript response
 * it loads until the network is idle (lazy chunks included).
 */
async function loadAndCollect(page: Page, origin: string, go: () => Promise<void>): Promise<BrowserJs> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const pending: Promise<(JsFile & { wire: number }) | null>[] = [];
  const onResponse = (response: Response) => {
    const url = response.url();
    if (!url.startsWith(origin) || !isJavaScript(url, response.headers()['content-type'])) return;
    pending.push(
      (async () => {
        if (response.status() !== 200) throw new Error(`${url} answered ${response.status()}`);
        const body = await response.body();
        const sizes = await response.request().sizes();
        return {
          file: new URL(url).pathname,
          bytes: body.length,
          gzipBytes: gzipBytes(body),
          wire: sizes.responseBodySize,
        };
      })(),
    );
  };
  page.on('response', onResponse);
  try {
    await go();
    await page.waitForLoadState('networkidle');
  } finally {
    page.off('response', onResponse);
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
    await cdp.detach();
  }
  const files = (await Promise.all(pending)).filter((f): f is JsFile & { wire: number } => f !== null);
  const unique = new Map(files.map((f) => [f.file, f]));
  const list = [...unique.values()].sort((a, b) => b.gzipBytes - a.gzipBytes);
  return {
    files: list.map(({ wire: _wire, ...f }) => f),
    bytes: list.reduce((s, f) => s + f.bytes, 0),
    gzipBytes: list.reduce((s, f) => s + f.gzipBytes, 0),
    wireBytes: list.reduce((s, f) => s + f.wire, 0),
  };
}

/** The provider's sign-in page, reached as a signed-out visitor of a protected page. */
export const SIGN_IN_URL = /\/oidc\/interaction\//;

/** On the sign-in page: types the demo credentials and waits until the portal has the browser back. */
export async function submitSignIn(page: Page, email: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !SIGN_IN_URL.test(url.pathname) && !url.pathname.startsWith('/callback'), {
    timeout: 30_000,
  });
}

/** Signs `email` in through the real pages (from /u/dashboard signed out) in this context. */
async function signIn(context: BrowserContext, email: string): Promise<void> {
  const page = await context.newPage();
  await page.goto('/u/dashboard');
  await page.waitForURL(SIGN_IN_URL, { timeout: 30_000 });
  await submitSignIn(page, email);
  await page.locator('main h1').first().waitFor({ timeout: 30_000 });
  await page.close();
}

/**
 * In headless Chromium: the sign-in page's JavaScript (reached from /u/dashboard signed out), then
 * each route's first path in a fresh tab with a cold cache, signed in as its area's demo account,
 * until the page shows its heading and the network is idle: what it loaded before it was interactive.
 */
export async function measureInBrowser(
  baseUrl: string,
  routes: readonly BenchRoute[],
): Promise<BrowserMeasurement> {
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`no Chromium at ${CHROMIUM_PATH} (set CHROME_PATH)`);
  let browser: Browser | undefined;
  try {
    const launched = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
      headless: true,
    });
    browser = launched;
    const origin = new URL(baseUrl).origin;
    const contexts = new Map<string | null, BrowserContext>();
    const contextFor = async (user: string | null) => {
      const known = contexts.get(user);
      if (known) return known;
      const context = await launched.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 800 } });
      if (user) await signIn(context, user);
      contexts.set(user, context);
      return context;
    };

    // Signed out: the portal sends the browser to the sign-in page, which is measured by a reload.
    const signInPage = await (await contextFor(null)).newPage();
    await signInPage.goto('/u/dashboard');
    await signInPage.waitForURL(SIGN_IN_URL, { timeout: 30_000 });
    const signInJs = await loadAndCollect(signInPage, origin, async () => {
      await signInPage.reload();
    });
    await signInPage.close();

    const measured: RouteInBrowser[] = [];
    let myBotsFirstRowMs: number | null = null;
    for (const route of routes) {
      const user = AREA_USERS[route.area];
      const page = await (await contextFor(user)).newPage();
      let shown: string | null = null;
      const js = await loadAndCollect(page, origin, async () => {
        const asked = performance.now();
        await page.goto(route.path);
        if (route.path === MY_BOTS_PATH) {
          await page
            .getByRole('link', { name: FIRST_BENCH_BOT })
            .first()
            .waitFor({ timeout: 30_000 })
            .then(
              () => {
                myBotsFirstRowMs = Math.round(performance.now() - asked);
              },
              () => {},
            );
        }
        shown = await page
          .locator('main h1')
          .first()
          .waitFor({ timeout: 30_000 })
          .then(
            () => null,
            (error: unknown) =>
              `no heading showed (${error instanceof Error ? error.message.split('\n')[0] : error})`,
          );
      });
      // A page that sends the browser elsewhere (an error answer: /500) loaded other JavaScript.
      const landed = new URL(page.url()).pathname;
      const problem = shown ?? (landed === route.path ? null : `the browser went on to ${landed}`);
      measured.push({ route, user, js, problem });
      await page.close();
    }
    return { signIn: signInJs, routes: measured, myBotsFirstRowMs };
  } finally {
    await browser?.close();
  }
}
