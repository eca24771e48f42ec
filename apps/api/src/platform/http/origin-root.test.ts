import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../../../test/helpers.ts';
import { rewriteOriginRootUrl, serveOriginRoots } from './origin-root.ts';

/** An origin root on a bare app: its root is the prefix, the main listener is untouched, and close drains it. */

let app: FastifyInstance | null = null;
afterEach(async () => {
  await app?.close();
  app = null;
});

async function appWithRoot(port: number, slowMs = 0) {
  const created = Fastify({ rewriteUrl: rewriteOriginRootUrl, return503OnClosing: false });
  created.get('/api/v1/google/v1/hello', async () => {
    if (slowMs > 0) await new Promise((resolve) => setTimeout(resolve, slowMs));
    return { from: 'prefix' };
  });
  created.get('/v1/hello', async () => ({ from: 'main root' }));
  serveOriginRoots(created, [{ name: 'google', port, prefix: '/api/v1/google' }], '127.0.0.1');
  app = created;
  return created;
}

describe('origin root', () => {
  it("when a request comes in on the origin root's port then it is routed under the prefix", async () => {
    const port = await freePort();
    const server = await appWithRoot(port);
    const main = await server.listen({ port: 0, host: '127.0.0.1' });
    expect(await (await fetch(`http://127.0.0.1:${port}/v1/hello`)).json()).toEqual({ from: 'prefix' });
    // The main listener routes as before, and the origin root reaches nothing outside its prefix.
    expect(await (await fetch(`${main}/v1/hello`)).json()).toEqual({ from: 'main root' });
    expect(await (await fetch(`${main}/api/v1/google/v1/hello`)).json()).toEqual({ from: 'prefix' });
    expect((await fetch(`http://127.0.0.1:${port}/api/v1/google/v1/hello`)).status).toBe(404);
  });

  it('when its port is taken then the app does not start', async () => {
    const port = await freePort();
    const blocker = Fastify();
    await blocker.listen({ port, host: '127.0.0.1' });
    try {
      await expect((await appWithRoot(port)).ready()).rejects.toThrow(/EADDRINUSE/);
    } finally {
      await blocker.close();
    }
  });

  it('when the app closes then a request in flight is answered and the port stops listening', async () => {
    const port = await freePort();
    const server = await appWithRoot(port, 300);
    await server.ready();
    const inFlight = fetch(`http://127.0.0.1:${port}/v1/hello`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const closing = server.close();
    const answered = await inFlight;
    expect(answered.status).toBe(200);
    expect(await answered.json()).toEqual({ from: 'prefix' });
    await closing;
    app = null;
    await expect(fetch(`http://127.0.0.1:${port}/v1/hello`)).rejects.toThrow();
  });
});
