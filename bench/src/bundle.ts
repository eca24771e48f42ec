import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { PAGE_ROUTES, type PageRoute } from '@portico/domain';

/** gzip at zlib's default level (6), what a compressing proxy or @fastify/compress would send. */
export function gzipBytes(body: Uint8Array): number {
  return gzipSync(body).length;
}

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export const ENTRY_KEY = 'index.html';
/** The build's map of screen id -> page module (apps/web/build/screen-modules.ts). */
export const SCREENS_FILE = path.join('.vite', 'screens.json');
/** The app's own lazy pages that PAGE_ROUTES pages use: the placeholder of pages not built yet, and '/'. */
export const PLACEHOLDER_MODULE = 'src/app/pages/PlaceholderPage.tsx';
export const HOME_CHAIN = ['src/app/pages/HomeRoute.tsx', 'src/features/home/pages/LandingPage.tsx'];

export interface JsFile {
  file: string;
  bytes: number;
  gzipBytes: number;
}

export interface JsTotal {
  files: JsFile[];
  bytes: number;
  gzipBytes: number;
}

function total(files: JsFile[]): JsTotal {
  const sorted = [...files].sort((a, b) => b.gzipBytes - a.gzipBytes);
  return {
    files: sorted,
    bytes: files.reduce((sum, f) => sum + f.bytes, 0),
    gzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0),
  };
}

export function readManifest(distDir: string): Manifest {
  const file = path.join(distDir, '.vite', 'manifest.json');
  if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build -w @portico/web\` first`);
  return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
}

export function readScreens(distDir: string): Record<string, string> {
  const file = path.join(distDir, SCREENS_FILE);
  if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build -w @portico/web\` first`);
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
}

/** The chunk keys `from` loads before running: itself and its static imports, transitively. */
function staticClosure(manifest: Manifest, from: string, into = new Set<string>()): Set<string> {
  if (into.has(from)) return into;
  const chunk = manifest[from];
  if (!chunk) throw new Error(`manifest has no chunk '${from}'`);
  into.add(from);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, into);
  return into;
}

/**
 * A route as the bench counts it: the pages (paths) that load the same JavaScript, and the lazy
 * modules the shell imports, one after the other, before the page is interactive.
 */
export interface BenchRoute {
  /** The first path; the entry's name in the results. */
  path: string;
  /** Every path that renders the same screen. */
  paths: string[];
  area: PageRoute['area'] | 'home';
  /** The screen id, or null for '/' and the placeholder of pages not built yet. */
  screen: string | null;
  /** Lazy modules loaded before the page is interactive, each a dynamic import of a chunk loaded before it. */
  chain: string[];
}

/**
 * Every page of PAGE_ROUTES grouped by the JavaScript it loads: one route per screen (its paths
 * share its chunks), one for all pages not built yet (the placeholder), and '/'.
 */
export function benchRoutes(distDir: string): BenchRoute[] {
  const screens = readScreens(distDir);
  const routes = new Map<string, BenchRoute>();
  routes.set('/', { path: '/', paths: ['/'], area: 'home', screen: null, chain: HOME_CHAIN });
  for (const page of PAGE_ROUTES as readonly PageRoute[]) {
    const key = page.screen ?? '(placeholder)';
    const known = routes.get(key);
    if (known) {
      known.paths.push(page.path);
      continue;
    }
    const module = page.screen ? screens[page.screen] : PLACEHOLDER_MODULE;
    if (!module) throw new Error(`the build has no module for the screen '${page.screen}' of ${page.path}`);
    routes.set(key, {
      path: page.path,
      paths: [page.path],
      area: page.area,
      screen: page.screen ?? null,
      chain: [module],
    });
  }
  return [...routes.values()];
}

/**
 * What the server sends for a built file (apps/web/build/precompress.ts, `@fastify/static`
 * `preCompressed`): the `.br` (Brotli quality 11) or `.gz` (gzip level 9) written beside it, or
 * the file itself when the build left it uncompressed (under 1 KB).
 */
export function servedBytes(distDir: string, file: string): { brotli: number; gzip: number } {
  const full = path.join(distDir, file);
  const size = (candidate: string) =>
    existsSync(candidate) ? statSync(candidate).size : statSync(full).size;
  return { brotli: size(`${full}.br`), gzip: size(`${full}.gz`) };
}

/** A route's JavaScript as served: Brotli (what browsers take) and gzip, summed over its files. */
export interface ServedTotal {
  brotliBytes: number;
  servedGzipBytes: number;
}

/**
 * A route's JavaScript by the build manifest: the entry and its static imports (the shell), then
 * each module of the route's lazy chain (checked to be a dynamic import of what was loaded before
 * it) with its static imports. With module preload on, the shell asks for a lazy module's static
 * imports together with it, so this is what the browser loads before the page is interactive.
 */
export function routeJsFromManifest(
  distDir: string,
  route: Pick<BenchRoute, 'chain'>,
): JsTotal & ServedTotal & { chunks: string[] } {
  const manifest = readManifest(distDir);
  const entry = manifest[ENTRY_KEY];
  if (!entry?.isEntry) throw new Error(`manifest entry '${ENTRY_KEY}' not found`);
  const keys = staticClosure(manifest, ENTRY_KEY);
  for (const moduleKey of route.chain) {
    const importer = [...keys].find((key) => manifest[key]?.dynamicImports?.includes(moduleKey));
    if (!importer) throw new Error(`'${moduleKey}' is not a dynamic import of the chunks loaded before it`);
    staticClosure(manifest, moduleKey, keys);
  }
  const files = [...keys]
    .map((key) => manifest[key]?.file)
    .filter((file): file is string => typeof file === 'string' && file.endsWith('.js'))
    .map((file) => {
      const body = readFileSync(path.join(distDir, file));
      return {
        file: `/${file}`,
        bytes: body.length,
        gzipBytes: gzipBytes(body),
        served: servedBytes(distDir, file),
      };
    });
  return {
    ...total(files.map(({ served: _served, ...file }) => file)),
    brotliBytes: files.reduce((sum, f) => sum + f.served.brotli, 0),
    servedGzipBytes: files.reduce((sum, f) => sum + f.served.gzip, 0),
    chunks: [...keys],
  };
}

class CookieJar {
  private readonly cookies = new Map<string, string>();
  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair?.indexOf('=') ?? -1;
      if (!pair || eq <= 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (value) this.cookies.set(name, value);
      else this.cookies.delete(name);
    }
  }
  header(): Record<string, string> {
    return this.cookies.size
      ? { cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ') }
      : {};
  }
}

/**
 * The server-rendered sign-in page as a browser reaches it (authorization request with PKCE ->
 * redirect to /oidc/interaction/...), fetched over HTTP; then every `<script src>` it references,
 * fetched and gzipped.
 */
export async function signInPageJs(
  baseUrl: string,
  client: { clientId: string; redirectUri: string; audience: string; scope: string },
): Promise<JsTotal & { pageUrl: string; scripts: string[] }> {
  const jar = new CookieJar();
  const local = (url: string) => {
    const parsed = new URL(url, baseUrl);
    return new URL(`${parsed.pathname}${parsed.search}`, baseUrl).href;
  };
  const get = async (url: string) => {
    const response = await fetch(local(url), {
      redirect: 'manual',
      headers: { accept: 'text/html', ...jar.header() },
    });
    jar.store(response);
    return response;
  };

  const discovery = await get('/oidc/.well-known/openid-configuration');
  if (!discovery.ok) throw new Error(`discovery answered ${discovery.status}`);
  const { authorization_endpoint } = (await discovery.json()) as { authorization_endpoint: string };
  const authorize = new URL(authorization_endpoint);
  authorize.search = new URLSearchParams({
    client_id: client.clientId,
    response_type: 'code',
    response_mode: 'fragment',
    redirect_uri: client.redirectUri,
    scope: client.scope,
    code_challenge: createHash('sha256').update(randomBytes(32).toString('base64url')).digest('base64url'),
    code_challenge_method: 'S256',
    state: randomBytes(16).toString('base64url'),
    resource: client.audience,
  }).toString();

  let response = await get(authorize.href);
  let pageUrl = authorize.href;
  for (let hops = 0; response.status >= 300 && response.status < 400 && hops < 5; hops += 1) {
    const location = response.headers.get('location');
    if (!location) throw new Error(`redirect ${response.status} without a location`);
    pageUrl = local(location);
    response = await get(pageUrl);
  }
  const html = await response.text();
  if (response.status !== 200 || !/<form[^>]*method="post"/i.test(html) || !/name="password"/.test(html)) {
    throw new Error(`expected the sign-in page at ${pageUrl}, got HTTP ${response.status}`);
  }

  const scripts = [...html.matchAll(/<script\b[^>]*\bsrc\s*=\s*["']([^"']+)["']/gi)].map((m) => m[1] ?? '');
  const files: JsFile[] = [];
  for (const src of scripts) {
    const script = await fetch(local(new URL(src, pageUrl).href));
    if (!script.ok) throw new Error(`${src} answered ${script.status}`);
    const body = new Uint8Array(await script.arrayBuffer());
    files.push({ file: src, bytes: body.length, gzipBytes: gzipBytes(body) });
  }
  // Inline scripts (the CSP forbids them, so there should be none) count too.
  for (const match of html.matchAll(/<script\b(?![^>]*\bsrc\s*=)[^>]*>([\s\S]*?)<\/script>/gi)) {
    const body = new TextEncoder().encode(match[1] ?? '');
    if (body.length > 0) files.push({ file: '(inline)', bytes: body.length, gzipBytes: gzipBytes(body) });
  }
  return { ...total(files), pageUrl: new URL(pageUrl).pathname, scripts };
}
