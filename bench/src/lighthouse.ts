/**
 * Lighthouse (12.8.2) in Debian's Chromium on three pages as users reach them: the sign-in page (the
 * provider's /oidc/interaction/... page a signed-out visitor of /u/dashboard lands on), then, signed
 * in as the developer through that page, the developer dashboard and My Wallet. Playwright drives a
 * persistent Chromium with a remote-debugging port; Lighthouse runs on that port keeping storage
 * (the portal's token), with the HTTP cache emptied before each run so every page loads cold.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, SIGN_IN_URL, submitSignIn } from './browser.ts';

export const LIGHTHOUSE_USER = 'developer@portico.test';
/** Each run's full report (open it in the Lighthouse viewer); bench/results is not committed. */
export const REPORTS_DIR = path.resolve(import.meta.dirname, '../results/lighthouse');
export const LIGHTHOUSE_TARGETS = { performance: 95, accessibility: 100 } as const;

export type FormFactor = 'mobile' | 'desktop';

export interface LighthousePage {
  /** sign-in, dashboard, my-wallet */
  name: string;
  path: string;
  formFactor: FormFactor;
  /** 0-100, as Lighthouse shows them. */
  performance: number;
  accessibility: number;
  /** The performance metrics behind the score (ms, CLS unitless). */
  metrics: Record<string, number>;
  /** What keeps a category below 100: failed audits with what Lighthouse says about them. */
  findings: string[];
  /** Lighthouse's measure of this machine's speed (about 1000-2000 on a typical desktop). */
  benchmarkIndex: number;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

type Result = NonNullable<Awaited<ReturnType<typeof lighthouse>>>;
type Lhr = Result['lhr'];

const METRICS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
] as const;

type Item = Record<string, unknown>;
const itemsOf = (lhr: Lhr, id: string): Item[] => {
  const details = lhr.audits[id]?.details as { items?: Item[] } | undefined;
  return details?.items ?? [];
};

/** Where the main thread's time went and what moved: the facts behind a low performance score. */
function performanceFacts(lhr: Lhr): string[] {
  const ms = (value: unknown) => `${Math.round(Number(value))} ms`;
  const work = itemsOf(lhr, 'mainthread-work-breakdown')
    .slice(0, 4)
    .map((item) => `${item.groupLabel} ${ms(item.duration)}`);
  const scripts = itemsOf(lhr, 'bootup-time')
    .slice(0, 3)
    .map(
      (item) =>
        `${URL.canParse(String(item.url)) ? new URL(String(item.url)).pathname : item.url} ${ms(item.scripting)}`,
    );
  const shifts = itemsOf(lhr, 'layout-shifts')
    .slice(0, 3)
    .map((item) => {
      const node = item.node as { snippet?: string; nodeLabel?: string } | undefined;
      return `${node?.nodeLabel ?? node?.snippet ?? '?'} (${Number(item.score).toFixed(3)})`;
    });
  return [
    ...(work.length ? [`main thread: ${work.join(', ')}`] : []),
    ...(scripts.length ? [`script evaluation: ${scripts.join(', ')}`] : []),
    ...(shifts.length ? [`layout shifts: ${shifts.join('; ')}`] : []),
  ];
}

function findings(lhr: Lhr): string[] {
  const out: string[] = [];
  if ((lhr.categories.performance?.score ?? 1) < 0.95) out.push(...performanceFacts(lhr));
  for (const [category, { auditRefs }] of Object.entries(lhr.categories)) {
    for (const ref of auditRefs) {
      const audit = lhr.audits[ref.id];
      if (!audit || ref.weight === 0 || audit.score === null || audit.score >= 0.9) continue;
      const value = audit.displayValue ? ` (${audit.displayValue})` : '';
      out.push(`${category}: ${audit.title}${value}`);
    }
  }
  return out;
}

/** Lighthouse's own transient failures (no trace recorded on a busy machine): run once more. */
const TRANSIENT_RUNTIME_ERRORS = new Set(['NO_NAVSTART', 'NO_FCP', 'PROTOCOL_TIMEOUT']);

async function run(port: number, url: string, formFactor: FormFactor, attempt = 1): Promise<Lhr> {
  const result = await lighthouse(
    url,
    {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      // The portal's token is in this browser's storage: keep it (the cache is emptied by the caller).
      disableStorageReset: true,
    },
    formFactor === 'desktop' ? desktopConfig : undefined,
  );
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  mkdirSync(REPORTS_DIR, { recursive: true });
  const name = `${new URL(url).pathname.split('/').filter(Boolean).slice(0, 2).join('-') || 'home'}-${formFactor}.json`;
  writeFileSync(
    path.join(REPORTS_DIR, name),
    typeof result.report === 'string' ? result.report : JSON.stringify(lhr),
  );
  if (lhr.runtimeError && attempt < 3 && TRANSIENT_RUNTIME_ERRORS.has(lhr.runtimeError.code)) {
    console.log(`[bench] Lighthouse ${lhr.runtimeError.code} on ${url}: running it again`);
    return run(port, url, formFactor, attempt + 1);
  }
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
  return lhr;
}

function summarise(name: string, pagePath: string, formFactor: FormFactor, lhr: Lhr): LighthousePage {
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  return {
    name,
    path: pagePath,
    formFactor,
    performance: score('performance'),
    accessibility: score('accessibility'),
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
    metrics: Object.fromEntries(
      METRICS.map((id) => [id, Math.round((lhr.audits[id]?.numericValue ?? 0) * 1000) / 1000]),
    ),
    findings: findings(lhr),
  };
}

async function emptyCache(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
}

/** The three pages in both of Lighthouse's form factors (mobile: its default, a throttled phone). */
export async function runLighthouse(
  baseUrl: string,
  formFactors: readonly FormFactor[] = ['mobile', 'desktop'],
): Promise<LighthousePage[]> {
  const port = await freePort();
  const profile = mkdtempSync(path.join(os.tmpdir(), 'portico-lighthouse-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
    headless: true,
    baseURL: baseUrl,
    // Lighthouse emulates the screen of each form factor itself.
    viewport: null,
  });
  const pages: LighthousePage[] = [];
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/u/dashboard');
    await page.waitForURL(SIGN_IN_URL, { timeout: 30_000 });
    const signInUrl = page.url();
    for (const formFactor of formFactors) {
      await emptyCache(page);
      pages.push(
        summarise('sign-in', new URL(signInUrl).pathname, formFactor, await run(port, signInUrl, formFactor)),
      );
    }
    await submitSignIn(page, LIGHTHOUSE_USER);
    for (const [name, pagePath] of [
      ['dashboard', '/u/dashboard'],
      ['my-wallet', '/u/my-wallet'],
    ] as const) {
      for (const formFactor of formFactors) {
        await emptyCache(page);
        pages.push(
          summarise(name, pagePath, formFactor, await run(port, new URL(pagePath, baseUrl).href, formFactor)),
        );
      }
    }
    return pages;
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}
