import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCounters } from '../../src/platform/security/counters.ts';
import { createBatchedCounter } from '../../src/platform/security/rate-limit.ts';
import { buildServer, type Server } from '../../src/server.ts';
import { createTestApp, expectEnvelope, type TestApp, testConfig } from '../helpers.ts';

const LIMIT = 3;
let t: TestApp;
let secondInstance: Server;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MAX: String(LIMIT), RATE_LIMIT_WINDOW_MS: '60000' } });
  // A second API instance on the same database: counters are shared, not per process.
  secondInstance = await buildServer({
    config: testConfig({ RATE_LIMIT_MAX: String(LIMIT), RATE_LIMIT_WINDOW_MS: '60000' }),
    database: t.database,
  });
});
afterAll(async () => {
  await secondInstance.close();
  await t.close();
});

const from = (ip: string, app = t.app) =>
  app.inject({ method: 'GET', url: '/api/v1/reference/hosting-regions', remoteAddress: ip });

describe('rate limiting', () => {
  it('when a client exceeds the limit then 429 in the envelope with Retry-After', async () => {
    for (let i = 1; i <= LIMIT; i += 1) {
      const response = await from('198.51.100.1');
      expectEnvelope(response, 200);
      expect(response.headers['x-ratelimit-remaining']).toBe(String(LIMIT - i));
    }
    const limited = await from('198.51.100.1');
    const body = expectEnvelope(limited, 429);
    expect(body.message).toBe('Too many requests. Please wait a moment and try again.');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.headers['x-request-id']).toBeTruthy();
  });

  it('when another client calls then it has its own budget', async () => {
    expectEnvelope(await from('198.51.100.2'), 200);
  });

  it('when the same client moves to another instance then the count is shared through the database', async () => {
    for (let i = 0; i < LIMIT; i += 1)
      expectEnvelope(await from('198.51.100.3', i % 2 ? secondInstance.app : t.app), 200);
    expectEnvelope(await from('198.51.100.3', secondInstance.app), 429);
    const { rows } = await t.database.sql.query<{ hits: number }>(
      'SELECT hits FROM rate_limit_counters WHERE key = $1',
      ['rl:198.51.100.3'],
    );
    expect(rows[0]?.hits).toBe(LIMIT + 1);
  });

  it('when unknown API routes are hammered then they count too', async () => {
    for (let i = 0; i < LIMIT; i += 1) {
      expectEnvelope(
        await t.app.inject({ method: 'GET', url: '/api/v1/nope', remoteAddress: '198.51.100.4' }),
        404,
      );
    }
    expectEnvelope(
      await t.app.inject({ method: 'GET', url: '/api/v1/nope', remoteAddress: '198.51.100.4' }),
      429,
    );
  });

  it('when health checks are polled then they are never limited', async () => {
    for (let i = 0; i < LIMIT + 3; i += 1) {
      expectEnvelope(
        await t.app.inject({ method: 'GET', url: '/healthz', remoteAddress: '198.51.100.1' }),
        200,
      );
      expectEnvelope(
        await t.app.inject({ method: 'GET', url: '/readyz', remoteAddress: '198.51.100.1' }),
        200,
      );
    }
  });

  it('when stored files are fetched then they are not counted (immutable, like the web assets)', async () => {
    for (let i = 0; i < LIMIT + 3; i += 1) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/v1/files/profile-images/none/missing.webp',
        remoteAddress: '198.51.100.5',
      });
      expect(response.statusCode).toBe(404);
      expect(response.headers['x-ratelimit-remaining']).toBeUndefined();
    }
  });

  it('when the window has passed then the client may call again', async () => {
    await t.database.sql.query('UPDATE rate_limit_counters SET reset_at = $1 WHERE key = $2', [
      Date.now() - 1,
      'rl:198.51.100.1',
    ]);
    expectEnvelope(await from('198.51.100.1'), 200);
  });

  it('when traffic is far below the limit then hits are written in batches and still all counted', async () => {
    const counters = createCounters(t.database.sql);
    const counter = createBatchedCounter(counters, 1000, 60_000);
    for (let i = 1; i <= 10; i += 1) expect((await counter.hit('rl:batch', 60_000)).current).toBe(i);
    expect(await counters.peek('rl:batch')).toBeNull();
    await counter.close(60_000);
    expect((await counters.peek('rl:batch'))?.hits).toBe(10);
  });

  it('when a client reaches half its budget then every hit is written through', async () => {
    const counters = createCounters(t.database.sql);
    const counter = createBatchedCounter(counters, 4, 60_000);
    await counter.hit('rl:through', 60_000);
    expect(await counters.peek('rl:through')).toBeNull();
    await counter.hit('rl:through', 60_000);
    expect((await counters.peek('rl:through'))?.hits).toBe(2);
    await counters.add('rl:through', 5, 60_000);
    expect((await counter.hit('rl:through', 60_000)).current).toBe(8);
    await counter.close(60_000);
  });

  it('when a batch is being written as a hit arrives then the hit is judged with it, not without it', async () => {
    let total = 0;
    let open: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const slow = {
      add: async (_key: string, hits: number, windowMs: number) => {
        await gate;
        total += hits;
        return { hits: total, resetAt: Date.now() + windowMs };
      },
    };
    const counter = createBatchedCounter(slow as unknown as ReturnType<typeof createCounters>, 4, 60_000);
    expect((await counter.hit('rl:race', 60_000)).current).toBe(1);
    // The pending hit is being written (a flush under way) when the next one arrives.
    const flushing = counter.close(60_000);
    await new Promise((resolve) => setImmediate(resolve));
    const next = counter.hit('rl:race', 60_000);
    open();
    expect((await next).current).toBe(2);
    await flushing;
    expect(total).toBe(2);
  });
});
