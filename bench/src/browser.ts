import { existsSync } from 'node:fs';
import { DEMO_PASSWORD } from '@portico/api/platform/db/seed/index';
import { type Browser, chromium, type Page, type Response } from 'playwright-core';
import { gzipBytes, type JsFile, type JsTotal } from './bundle.ts';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export interface BrowserJs extends JsTotal {
  /** Bytes of the responses as they came over the wire (encoded), to show whether the server compresses. */
  wireBytes: number;
}

export interface BrowserMeasurement {
  signIn: BrowserJs;
  dashboard: BrowserJs;
}

function isJavaScript(url: string, contentType: string | undefined): boolean {
  return /javascript|ecmascript/.test(contentType ?? '') || new URL(url).pathname.endsWith('.js');
}

/**
 * Opens `path` in a fresh tab with the HTTP cache disabled and returns every same-origin JavaScript
 * response it loads until the network is idle (lazy chunks included).
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

/**
 * In headless Chromium: opens /u/dashboard signed out (the portal sends the browser to the sign-in
 * page), measures the sign-in page's JavaScript, signs in as `email`, then loads /u/dashboard in a
 * fresh tab with the cache disabled and measures the JavaScript the signed-in shell loads.
 */
export async function measureInBrowser(baseUrl: string, email: string): Promise<BrowserMeasurement> {
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`no Chromium at ${CHROMIUM_PATH} (set CHROMIUM_PATH)`);
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
    const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 800 } });
    const origin = new URL(baseUrl).origin;

    // Signed out: the portal redirects to the sign-in page. The sign-in continues in this tab (the
    // portal keeps its PKCE state in the tab's session storage); the page is measured by a reload.
    const signInPage = await context.newPage();
    await signInPage.goto('/u/dashboard');
    await signInPage.waitForURL(/\/oidc\/interaction\//, { timeout: 30_000 });
    const signIn = await loadAndCollect(signInPage, origin, async () => {
      await signInPage.reload();
    });
    await signInPage.getByLabel('Email').fill(email);
    await signInPage.getByLabel('Password').fill(DEMO_PASSWORD);
    await signInPage.getByRole('button', { name: 'Sign in' }).click();
    await signInPage.waitForURL(/\/u\/dashboard/, { timeout: 30_000 });
    await signInPage.getByRole('heading', { name: 'My Bots' }).waitFor({ timeout: 30_000 });
    await signInPage.close();

    // Signed in (token in the cookie and local storage): the dashboard from a cold cache.
    const dashboardPage = await context.newPage();
    const dashboard = await loadAndCollect(dashboardPage, origin, async () => {
      await dashboardPage.goto('/u/dashboard');
      await dashboardPage.getByRole('heading', { name: 'My Bots' }).waitFor({ timeout: 30_000 });
    });
    if (!new URL(dashboardPage.url()).pathname.startsWith('/u/dashboard')) {
      throw new Error(`expected /u/dashboard, the browser is at ${dashboardPage.url()}`);
    }
    return { signIn, dashboard };
  } finally {
    await browser?.close();
  }
}
