import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createJobQueue, JobRegistry } from '../../src/platform/jobs/index.ts';
import { PURGE_EXPIRED_CRON } from '../../src/platform/jobs/maintenance.jobs.ts';
import { purgeExpired } from '../../src/platform/jobs/maintenance.repository.ts';
import { createTestApp, expectEnvelope, type TestApp } from '../helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PORTICO_ROLE: 'all' } });
});
afterAll(() => t.close());

async function seedExpirable() {
  const now = Date.now();
  await t.database.sql.query(
    `INSERT INTO oidc_payloads (id, type, payload, expires_at) VALUES
       ('old-1', 'Session', '{}', now() - interval '1 hour'),
       ('old-2', 'AuthorizationCode', '{}', now() - interval '1 minute'),
       ('live', 'Session', '{}', now() + interval '1 hour'),
       ('forever', 'Client', '{}', NULL)`,
  );
  await t.database.sql.query(
    'INSERT INTO rate_limit_counters (key, hits, reset_at) VALUES ($1, 5, $2), ($3, 5, $4)',
    ['rl:ended', now - 1000, 'rl:running', now + 60_000],
  );
}

async function remaining() {
  const oidc = await t.database.sql.query<{ id: string }>('SELECT id FROM oidc_payloads ORDER BY id');
  const counters = await t.database.sql.query<{ key: string }>(
    'SELECT key FROM rate_limit_counters ORDER BY key',
  );
  return { oidc: oidc.rows.map((r) => r.id), counters: counters.rows.map((r) => r.key) };
}

describe('job registry', () => {
  const declarations = { 'test.one': z.object({ n: z.number() }), 'test.two': z.object({}) };

  it('when a declared queue has no handler then start refuses, naming it', async () => {
    const registry = new JobRegistry(declarations).register({ queue: 'test.one', handler: async () => {} });
    expect(() => registry.assertComplete()).toThrow('Job queues without a handler: test.two');
    const queue = createJobQueue({ database: t.database, registry, log: t.app.log });
    await expect(queue.start()).rejects.toThrow('test.two');
    expect(queue.isStarted()).toBe(false);
  });

  it('when a handler is registered for an undeclared queue, or twice, then registration fails', () => {
    const registry = new JobRegistry(declarations);
    // @ts-expect-error the queue is not declared
    expect(() => registry.register({ queue: 'test.three', handler: async () => {} })).toThrow('not declared');
    registry.register({ queue: 'test.two', handler: async () => {} });
    expect(() => registry.register({ queue: 'test.two', handler: async () => {} })).toThrow(
      'already has a handler',
    );
  });

  it('when a payload does not match its queue schema then send refuses it', async () => {
    // @ts-expect-error n must be a number
    await expect(t.server.jobs.send('maintenance.purge-expired', { n: 1 })).rejects.toThrow();
  });
});

describe('starting again on a database a previous start set up', () => {
  const declarations = { 'test.restart': z.object({ n: z.number() }) };
  const stored = async () => {
    const queue = await t.database.sql.query<{ retry_limit: number; updated_on: Date }>(
      "SELECT retry_limit, updated_on FROM pgboss.queue WHERE name = 'test.restart'",
    );
    const schedule = await t.database.sql.query<{ cron: string; updated_on: Date }>(
      "SELECT cron, updated_on FROM pgboss.schedule WHERE name = 'test.restart'",
    );
    return { queue: queue.rows[0], schedule: schedule.rows[0] };
  };
  const startWith = async (retryLimit: number, cron: string) => {
    const registry = new JobRegistry(declarations).register({
      queue: 'test.restart',
      handler: async () => {},
      retryLimit,
      schedule: { cron, payload: { n: 1 } },
    });
    const queue = createJobQueue({ database: t.database, registry, log: t.app.log });
    await queue.start();
    await queue.stop();
  };

  it('when nothing changed then the queue and its schedule are not written again; a change is applied', async () => {
    await startWith(3, '0 3 * * *');
    const first = await stored();
    expect(first.queue?.retry_limit).toBe(3);
    expect(first.schedule?.cron).toBe('0 3 * * *');

    await startWith(3, '0 3 * * *');
    expect(await stored()).toEqual(first);

    await startWith(5, '0 4 * * *');
    const changed = await stored();
    expect(changed.queue?.retry_limit).toBe(5);
    expect(changed.schedule?.cron).toBe('0 4 * * *');
  });
});

describe('an API-only instance (PORTICO_ROLE=api)', () => {
  it('when it sends a job then it is queued for the workers, and it runs none itself', async () => {
    const api = await createTestApp({ env: { PORTICO_ROLE: 'api' } });
    try {
      expect(api.server.jobs.isStarted()).toBe(false);
      const jobId = await api.server.jobs.send('maintenance.purge-expired', {});
      await new Promise((resolve) => setTimeout(resolve, 1200));
      const job = await api.server.jobs.boss()?.getJobById('maintenance.purge-expired', jobId ?? '');
      expect(job?.state).toBe('created');
      expect(api.server.jobs.isStarted()).toBe(false);
      await expect(api.server.jobs.start()).rejects.toThrow('send-only');
    } finally {
      await api.close();
    }
  });
});

describe('maintenance.purge-expired', () => {
  it('when the app runs jobs then readiness reports the queue started and the purge is scheduled every 15 minutes', async () => {
    const ready = expectEnvelope(await t.app.inject({ method: 'GET', url: '/readyz' }), 200);
    expect(ready.data).toMatchObject({ ready: true, checks: { database: true, jobs: true } });
    const schedules = (await t.server.jobs.boss()?.getSchedules()) ?? [];
    expect(schedules.find((s) => s.name === 'maintenance.purge-expired')).toMatchObject({
      cron: PURGE_EXPIRED_CRON,
    });
  });

  it('deletes expired OIDC payloads and ended rate-limit windows, keeping live ones', async () => {
    await seedExpirable();
    expect(await purgeExpired(t.database.sql)).toEqual({ oidcPayloads: 2, rateLimitCounters: 1 });
    expect(await remaining()).toEqual({ oidc: ['forever', 'live'], counters: ['rl:running'] });
    await t.database.sql.query('DELETE FROM oidc_payloads');
    await t.database.sql.query('DELETE FROM rate_limit_counters');
  });

  it('when the job is sent to the queue then a worker runs it to completion', async () => {
    await seedExpirable();
    const jobId = await t.server.jobs.send('maintenance.purge-expired', {});
    expect(jobId).toBeTruthy();
    const boss = t.server.jobs.boss();
    let state: string | undefined;
    for (let i = 0; i < 100 && state !== 'completed'; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      state = (await boss?.getJobById('maintenance.purge-expired', jobId ?? ''))?.state;
    }
    expect(state).toBe('completed');
    expect(await remaining()).toEqual({ oidc: ['forever', 'live'], counters: ['rl:running'] });
  });
});
