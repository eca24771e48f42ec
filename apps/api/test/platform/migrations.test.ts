import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../../src/platform/db/index.ts';
import { databaseUrl, withAdmin } from '../database.ts';

const spec = inject('testDatabase');

// On PGlite there is one process per data directory, so there is nothing to race.
describe.runIf(spec.kind === 'postgres')('migrations on a PostgreSQL server', () => {
  it('when several instances start at once on an empty database then each finds the schema migrated', async () => {
    if (spec.kind !== 'postgres') return;
    const name = `portico_m_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
    await withAdmin(spec.serverUrl, (c) => c.query(`CREATE DATABASE ${name}`));
    try {
      const instances = await Promise.all(
        [1, 2, 3].map(() => openDatabase({ url: databaseUrl(spec.serverUrl, name), poolSize: 2 })),
      );
      for (const instance of instances) {
        const { rows } = await instance.sql.query<{ n: string }>('SELECT count(*) AS n FROM countries');
        expect(Number(rows[0]?.n)).toBe(0);
      }
      const [first] = instances;
      if (!first) throw new Error('no instance opened');
      const { rows } = await first.sql.query<{ n: string; distinct_hashes: string }>(
        'SELECT count(*) AS n, count(DISTINCT hash) AS distinct_hashes FROM drizzle.__drizzle_migrations',
      );
      // Each migration recorded once, not once per instance.
      expect(Number(rows[0]?.n)).toBeGreaterThan(0);
      expect(rows[0]?.n).toBe(rows[0]?.distinct_hashes);
      await Promise.all(instances.map((instance) => instance.close()));
    } finally {
      await withAdmin(spec.serverUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    }
  });
});
