import { HTTP_STATUS_MESSAGES } from '@portico/domain';
import { ZReadiness } from '@portico/domain/contracts/health';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../src/platform/db/index.ts';
import { createHealthService } from '../../src/platform/health/health.service.ts';
import { buildServer } from '../../src/server.ts';
import { openTestDatabase } from '../database.ts';
import { createTestApp, expectEnvelope, testConfig } from '../helpers.ts';

describe('health endpoints', () => {
  it('when the process is up then /healthz answers 200 in the envelope', async () => {
    const t = await createTestApp();
    try {
      const body = expectEnvelope(await t.app.inject({ method: 'GET', url: '/healthz' }), 200);
      expect(body.data).toEqual({ status: 'ok', uptimeSeconds: expect.any(Number) });
      // An API-only instance runs no jobs: readiness does not wait for them.
      const ready = expectEnvelope(await t.app.inject({ method: 'GET', url: '/readyz' }), 200);
      expect(ready.data).toEqual({
        ready: true,
        role: 'api',
        checks: { database: true, jobs: null, demo: null },
      });
    } finally {
      await t.close();
    }
  });

  it('when the database does not answer then /readyz is 503 with the spec message, /healthz still 200', async () => {
    const { database, close } = await openTestDatabase();
    const broken: Database = {
      ...database,
      sql: { ...database.sql, query: async () => Promise.reject(new Error('connection refused')) },
    };
    const server = await buildServer({ config: testConfig(), database: broken });
    try {
      const body = expectEnvelope(await server.app.inject({ method: 'GET', url: '/readyz' }), 503);
      expect(body.message).toBe(HTTP_STATUS_MESSAGES[503]);
      expect(ZReadiness.parse(body.data)).toEqual({
        ready: false,
        role: 'api',
        checks: { database: false, jobs: null, demo: null },
      });
      expectEnvelope(await server.app.inject({ method: 'GET', url: '/healthz' }), 200);
    } finally {
      await server.close();
      await close();
    }
  });

  it('when PORTICO_ROLE=worker then only health is served and readiness includes the started job queue', async () => {
    const { database, close } = await openTestDatabase();
    const server = await buildServer({ config: testConfig({ PORTICO_ROLE: 'worker' }), database });
    try {
      await server.app.ready();
      const ready = expectEnvelope(await server.app.inject({ method: 'GET', url: '/readyz' }), 200);
      expect(ready.data).toEqual({
        ready: true,
        role: 'worker',
        checks: { database: true, jobs: true, demo: null },
      });
      expectEnvelope(await server.app.inject({ method: 'GET', url: '/api/v1/reference/countries' }), 404);
      expectEnvelope(await server.app.inject({ method: 'GET', url: '/api/v1/app-config' }), 404);
    } finally {
      await server.close();
      await close();
    }
  });
});

describe('draining (SIGTERM, decision 0056)', () => {
  it('when the process drains then /readyz is 503, requests are still served, and each answer closes its connection', async () => {
    const t = await createTestApp({ listen: true });
    try {
      const before = await fetch(`${t.config.PUBLIC_URL}/healthz`);
      expect(before.headers.get('connection')).toBe('keep-alive');
      await before.arrayBuffer();
      t.server.drain();
      const ready = await fetch(`${t.config.PUBLIC_URL}/readyz`);
      expect(ready.status).toBe(503);
      expect(ready.headers.get('connection')).toBe('close');
      expect(ZReadiness.parse(((await ready.json()) as { data: unknown }).data)).toMatchObject({
        ready: false,
        checks: { database: true },
      });
      const served = await fetch(`${t.config.PUBLIC_URL}/api/v1/reference/countries`);
      expect(served.status).toBe(200);
      expect(served.headers.get('connection')).toBe('close');
      await served.arrayBuffer();
    } finally {
      await t.close();
    }
  });
});

describe('readiness with the live demo', () => {
  it('is not ready while the demo data is made through the running app, and ready once that settles, even failed', async () => {
    const { database, close } = await openTestDatabase();
    try {
      const health = createHealthService({ database, role: 'all', jobsStarted: () => true });
      expect(await health.readiness()).toMatchObject({ ready: true, checks: { demo: null } });
      for (const outcome of ['done', 'failed'] as const) {
        let settle: () => void = () => undefined;
        const seeding = new Promise<void>((resolve, reject) => {
          settle = () => (outcome === 'done' ? resolve() : reject(new Error('the sandbox did not answer')));
        });
        health.demoSeeding(seeding);
        expect(await health.readiness()).toMatchObject({ ready: false, checks: { demo: false } });
        settle();
        await seeding.catch(() => undefined);
        await new Promise((resolve) => setImmediate(resolve));
        expect(await health.readiness()).toMatchObject({ ready: true, checks: { demo: true } });
      }
    } finally {
      await close();
    }
  });
});
