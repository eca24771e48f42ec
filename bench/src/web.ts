/**
 * The web app as users feel it: each route's JavaScript before it is interactive (the Vite manifest,
 * checked in Chromium), the sign-in page's JavaScript, and Lighthouse on the sign-in page, the
 * developer dashboard and My Wallet. Used by run.ts; `BENCH_ONLY=web npm run bench` runs only this.
 */
import { OAUTH_SCOPE } from '@portico/domain';
import { portalClient } from '../../apps/api/test/tokens.ts';
import { measureInBrowser, type RouteInBrowser } from './browser.ts';
import {
  type BenchRoute,
  benchRoutes,
  type JsTotal,
  routeJsFromManifest,
  type ServedTotal,
  signInPageJs,
} from './bundle.ts';
import { LIGHTHOUSE_TARGETS, type LighthousePage, runLighthouse } from './lighthouse.ts';
import { type BenchResult, result, round } from './results.ts';
import { type BenchStack, log } from './stack.ts';

const KB = 1000;
/** Every route: the shell and the route's chunks, gzip (issue 11: 250 KB or less, module preload on). */
export const ROUTE_JS_TARGET = '<= 250';
const kb = (bytes: number) => round(bytes / KB, 2);

function jsDetails(title: string, js: JsTotal & { wireBytes?: number }): string {
  const wire = js.wireBytes !== undefined ? `, ${kb(js.wireBytes)} KB over the wire` : '';
  const lines = js.files.map((f) => `- ${f.file}: ${kb(f.gzipBytes)} KB gzip (${kb(f.bytes)} KB raw)`);
  return [
    `### ${title}: ${kb(js.gzipBytes)} KB gzip, ${kb(js.bytes)} KB raw${wire}, ${js.files.length} files`,
    ...(lines.length ? lines : ['- (no JavaScript)']),
  ].join('\n');
}

const routeName = (route: BenchRoute) =>
  route.screen ? route.path : route.path === '/' ? '/' : 'placeholder';

interface RouteFigures {
  route: BenchRoute;
  manifest: JsTotal & ServedTotal;
  browser: RouteInBrowser | undefined;
  /** Why Chromium could not check it. */
  problem: string | null;
  onlyBrowser: string[];
  onlyManifest: string[];
}

function routeTable(figures: readonly RouteFigures[]): string {
  const rows = figures.map(({ route, manifest, browser, problem, onlyBrowser, onlyManifest }) => {
    const same = problem
      ? `not checked: ${problem}`
      : !browser
        ? 'not checked'
        : onlyBrowser.length || onlyManifest.length
          ? 'NO'
          : 'yes';
    const shared = route.paths.length > 1 ? `${route.paths.length} pages` : route.path;
    return `| ${routeName(route)} | ${route.screen ?? '-'} | ${shared} | ${kb(manifest.gzipBytes)} | ${kb(
      manifest.servedGzipBytes,
    )} | ${kb(manifest.brotliBytes)} | ${
      browser ? kb(browser.js.gzipBytes) : '-'
    } | ${browser?.user ?? (browser ? 'signed out' : '-')} | ${same} |`;
  });
  return [
    '### JavaScript per route before it is interactive (KB)',
    'manifest: gzip level 6 of each file (the budget as first counted); served: the `.gz` (level 9) and `.br`',
    '(Brotli 11) files the server sends, or the file when under 1 KB; Chromium: gzip level 6 of what it loaded.',
    '',
    '| route | screen | pages | manifest gzip | served gzip | served Brotli | Chromium | as | same files |',
    '|---|---|---|---:|---:|---:|---:|---|:---:|',
    ...rows,
    '',
    ...figures
      .filter((f) => f.onlyBrowser.length || f.onlyManifest.length)
      .map(
        (f) =>
          `- ${routeName(f.route)}: only in Chromium ${f.onlyBrowser.join(', ') || '-'}; only in the manifest ${
            f.onlyManifest.join(', ') || '-'
          }`,
      ),
  ].join('\n');
}

function lighthouseTable(pages: readonly LighthousePage[]): string {
  const ms = (value: number | undefined) => (value === undefined ? '-' : String(Math.round(value)));
  return [
    `### Lighthouse (targets: performance >= ${LIGHTHOUSE_TARGETS.performance}, accessibility ${LIGHTHOUSE_TARGETS.accessibility})`,
    '| page | form factor | performance | accessibility | FCP ms | LCP ms | TBT ms | CLS | SI ms | machine (benchmarkIndex) |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...pages.map(
      (p) =>
        `| ${p.name} (${p.path}) | ${p.formFactor} | ${p.performance} | ${p.accessibility} | ${ms(
          p.metrics['first-contentful-paint'],
        )} | ${ms(p.metrics['largest-contentful-paint'])} | ${ms(p.metrics['total-blocking-time'])} | ${
          p.metrics['cumulative-layout-shift'] ?? '-'
        } | ${ms(p.metrics['speed-index'])} | ${p.benchmarkIndex} |`,
    ),
    '',
    ...pages.flatMap((p) => p.findings.map((finding) => `- ${p.name} (${p.formFactor}): ${finding}`)),
  ].join('\n');
}

export async function benchWeb(stack: BenchStack): Promise<{ results: BenchResult[]; details: string }> {
  const { fullUrl, config, webDist } = stack;
  const routes = benchRoutes(webDist);

  log('sign-in page JavaScript (HTTP)');
  const signInJs = await signInPageJs(fullUrl, { ...portalClient(config), scope: `openid ${OAUTH_SCOPE}` });
  log(`JavaScript of ${routes.length} routes (Vite manifest, then Chromium)`);
  const browser = await measureInBrowser(config.PUBLIC_URL, routes);
  const figures: RouteFigures[] = routes.map((route) => {
    const manifest = routeJsFromManifest(webDist, route);
    const found = browser.routes.find((measured) => measured.route === route);
    const inBrowser = found?.problem ? undefined : found;
    const manifestFiles = new Set(manifest.files.map((f) => f.file));
    const browserFiles = new Set(inBrowser?.js.files.map((f) => f.file) ?? []);
    return {
      route,
      manifest,
      browser: inBrowser,
      problem: found?.problem ?? null,
      onlyBrowser: inBrowser ? [...browserFiles].filter((f) => !manifestFiles.has(f)) : [],
      onlyManifest: inBrowser ? [...manifestFiles].filter((f) => !browserFiles.has(f)) : [],
    };
  });
  log('Lighthouse: sign-in page, developer dashboard, My Wallet');
  const lighthouse = await runLighthouse(config.PUBLIC_URL);

  const agreeing = figures.filter((f) => f.browser && !f.onlyBrowser.length && !f.onlyManifest.length).length;
  const results: BenchResult[] = [
    result(
      'web.signin.js-gzip-kb',
      'gzip KB of JavaScript (1 KB = 1000 bytes)',
      kb(signInJs.gzipBytes),
      ROUTE_JS_TARGET,
    ),
    ...figures.map(({ route, manifest }) =>
      result(
        `web.route.${routeName(route)}.js-gzip-kb`,
        `gzip KB of JavaScript before the page is interactive: shell + route chunks (Vite manifest)${
          route.paths.length > 1 ? `, ${route.paths.length} pages` : ''
        }`,
        kb(manifest.gzipBytes),
        ROUTE_JS_TARGET,
      ),
    ),
    // Issue 31 point 10: judged by what is served (browsers take Brotli).
    ...figures.map(({ route, manifest }) =>
      result(
        `web.route.${routeName(route)}.js-brotli-kb`,
        'Brotli KB of JavaScript before the page is interactive, as served (the .br files the build writes)',
        kb(manifest.brotliBytes),
        ROUTE_JS_TARGET,
      ),
    ),
    result(
      'web.my-bots.first-row-ms',
      'ms from asking for MY BOTS (cold cache) to its first bot row on screen, 10,000 bots across 200 partners',
      browser.myBotsFirstRowMs ?? Number.NaN,
      'n/a',
    ),
    result(
      'web.routes.chromium-agrees',
      'routes whose JavaScript loaded in Chromium (cold cache, until idle) is the manifest count',
      agreeing,
      `>= ${figures.length}`,
    ),
    ...lighthouse.flatMap((page) => [
      result(
        `web.lighthouse.${page.name}.${page.formFactor}.performance`,
        `Lighthouse performance score (${page.path})`,
        page.performance,
        `>= ${LIGHTHOUSE_TARGETS.performance}`,
      ),
      result(
        `web.lighthouse.${page.name}.${page.formFactor}.accessibility`,
        `Lighthouse accessibility score (${page.path})`,
        page.accessibility,
        `>= ${LIGHTHOUSE_TARGETS.accessibility}`,
      ),
    ]),
  ];
  const largest = [...figures].sort((a, b) => b.manifest.gzipBytes - a.manifest.gzipBytes)[0];
  const details = [
    routeTable(figures),
    '',
    jsDetails(`Sign-in page ${signInJs.pageUrl} (HTTP, every <script>)`, signInJs),
    '',
    jsDetails('Sign-in page (Chromium)', browser.signIn),
    '',
    jsDetails(
      'The shell (entry and its static imports, every route loads it)',
      routeJsFromManifest(webDist, { chain: [] }),
    ),
    '',
    ...(largest
      ? [jsDetails(`The largest route, ${routeName(largest.route)} (Vite manifest)`, largest.manifest), '']
      : []),
    lighthouseTable(lighthouse),
  ].join('\n');
  return { results, details };
}
