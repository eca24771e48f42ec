import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrivacyUrlChecker } from './privacy-url.ts';

let server: Server;
let base: string;

beforeAll(async () => {
  // A local page: /privacy answers, /head-refused refuses HEAD, /missing is 404, /slow never answers.
  server = createServer((request, response) => {
    if (request.url === '/privacy') return response.writeHead(200).end('policy');
    // Where the sandbox serves the .example sites: /<host>/<path>.
    if (request.url === '/saffronstays.example/privacy?lang=en') return response.writeHead(200).end('policy');
    if (request.url === '/head-refused')
      return response.writeHead(request.method === 'HEAD' ? 405 : 200).end('policy');
    if (request.url === '/slow') return;
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('the privacy URL check of the pre-flight', () => {
  const local = createPrivacyUrlChecker({ allowPrivate: true, timeoutMs: 500 });

  it('when the page answers (to HEAD, or to GET when HEAD is refused) then it is ok', async () => {
    expect(await local(`${base}/privacy`)).toEqual({ state: 'ok', status: 200 });
    expect(await local(`${base}/head-refused`)).toEqual({ state: 'ok', status: 200 });
  });

  it('when it is missing, not a URL, an error page, silent or closed then it says why', async () => {
    expect(await local(null)).toEqual({ state: 'missing' });
    expect(await local('not a url')).toEqual({ state: 'failed', detail: 'it is not a URL' });
    expect(await local('ftp://example.com/privacy')).toEqual({
      state: 'failed',
      detail: 'it is not an http(s) URL',
    });
    expect(await local(`${base}/missing`)).toEqual({ state: 'failed', detail: 'it answered 404' });
    expect(await local(`${base}/slow`)).toEqual({ state: 'failed', detail: 'no answer within 500 ms' });
    expect(await local('http://127.0.0.1:9/privacy')).toEqual({
      state: 'failed',
      detail: 'it could not be reached',
    });
  });

  it('when the sandbox serves the .example sites then their pages are asked there, and no other host is', async () => {
    const sandboxed = createPrivacyUrlChecker({ allowPrivate: true, timeoutMs: 500, exampleSites: base });
    expect(await sandboxed('https://saffronstays.example/privacy?lang=en')).toEqual({
      state: 'ok',
      status: 200,
    });
    expect(await sandboxed('https://saffronstays.example/terms')).toEqual({
      state: 'failed',
      detail: 'it answered 404',
    });
    // Without the sandbox an .example host is asked on the internet, where it never resolves.
    expect((await local('https://saffronstays.example/privacy')).state).toBe('failed');
    expect(await sandboxed(`${base}/privacy`)).toEqual({ state: 'ok', status: 200 });
  });

  it('when the sandbox is off then a private or loopback address is refused without a request', async () => {
    const guarded = createPrivacyUrlChecker({ allowPrivate: false, timeoutMs: 500 });
    expect(await guarded(`${base}/privacy`)).toEqual({
      state: 'failed',
      detail: '127.0.0.1 is a loopback address, not a public address',
    });
    expect(await guarded('http://localhost:9/privacy')).toMatchObject({ state: 'failed' });
  });
});
