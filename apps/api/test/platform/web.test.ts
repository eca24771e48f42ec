import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectEnvelope, type TestApp } from '../helpers.ts';

const INDEX =
  '<!doctype html><html><head><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>';
let dist: string;
let t: TestApp;

beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'portico-web-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'index.html'), INDEX);
  await writeFile(path.join(dist, 'assets', 'index-abc123.js'), 'console.log("portal")');
  await writeFile(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // What the build's precompress step writes beside an asset.
  await writeFile(
    path.join(dist, 'assets', 'index-abc123.js.br'),
    brotliCompressSync('console.log("portal")'),
  );
  t = await createTestApp({ env: { WEB_DIST_DIR: dist } });
});
afterAll(async () => {
  await t.close();
  await rm(dist, { recursive: true, force: true });
});

const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

describe('serving the portal', () => {
  it.each(['/', '/u/dashboard', '/admin/bots?x=1', '/portico-admin', '/developer-assets/faqs'])(
    'when a browser opens %s then it gets the app shell, uncached, under the strict CSP',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url, headers: html });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toBe(INDEX);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(String(response.headers['content-security-policy'])).toContain("script-src 'self'");
      expect(response.cookies.some((c) => c.name === 'XSRF-TOKEN')).toBe(true);
    },
  );

  it('when a hashed asset is asked for then it is served with a long immutable cache', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await t.app.inject({ method: 'GET', url: '/favicon.svg' })).statusCode).toBe(200);
  });

  it.each([
    ['an unknown API path', '/api/v1/unknown', html],
    ['an unknown versionless API path', '/api/whatever', html],
    ['an unknown sandbox path', '/sandbox/no-such-network', html],
    ['a missing asset', '/assets/index-old999.js', html],
    ['a page asked for as JSON', '/u/dashboard', { accept: 'application/json' }],
  ])('when %s is asked for then it is a 404 envelope, not the app shell', async (_label, url, headers) => {
    expectEnvelope(await t.app.inject({ method: 'GET', url, headers }), 404);
  });

  it('when the network sandbox is asked for then it answers at /sandbox', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/sandbox/healthz' });
    expect(response.statusCode).toBe(200);
  });

  it('when a page of an .example site is asked of the sandbox then it answers, and no other host', async () => {
    const page = await t.app.inject({ method: 'HEAD', url: '/sandbox/web/saffronstays.example/privacy' });
    expect(page.statusCode).toBe(200);
    const other = await t.app.inject({ method: 'GET', url: '/sandbox/web/example.com/privacy' });
    expect(other.statusCode).toBe(404);
  });

  it('when a page path is posted to then it is a 404 envelope', async () => {
    expectEnvelope(await t.app.inject({ method: 'POST', url: '/u/dashboard', headers: html }), 404);
  });

  it('when a path tries to climb out of the build folder then nothing outside is served', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/..%2f..%2fpackage.json' });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('"name"');
  });

  it('when the browser accepts brotli then the precompressed asset is sent as it is', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe('console.log("portal")');
    const plain = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log("portal")');
  });
});
