import { Readable } from 'node:stream';
import { ROLES } from '@portico/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { createLocalStorage } from '../../platform/storage/local.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import { createAudiencesRepository } from './audiences.repository.ts';
import { createAudiencesService } from './audiences.service.ts';

/**
 * The kill test: the checking job dies mid-file (its stream breaks after some batches were
 * committed, as when the process is killed), then runs again; every recipient is kept exactly once
 * and every line has exactly one verdict.
 */

let t: TestApp;
let dir: string;
beforeAll(async () => {
  t = await createTestApp();
  dir = t.config.storage.kind === 'file' ? t.config.storage.dir : '';
});
afterAll(() => t.close());

const LINES = 2_000;
function file(): string {
  const rows = ['msisdn,first_name'];
  for (let i = 0; i < LINES; i++) {
    // Every 10th line repeats an earlier number, every 25th is not a number.
    const n = i % 10 === 9 ? i - 5 : i;
    rows.push(i % 25 === 24 ? `bad-${i},X` : `+9198100${String(10000 + n)},Name ${i}`);
  }
  return `${rows.join('\n')}\n`;
}

/** Storage whose streams break after `failAfterBytes` once (the dying process), whole afterwards. */
function dyingStorage(inner: Storage, failAfterBytes: number): Storage & { deaths: number } {
  const storage = {
    ...inner,
    deaths: 0,
    async getStream(key: string) {
      const source = await inner.getStream(key);
      if (!source || storage.deaths > 0) return source;
      storage.deaths += 1;
      let seen = 0;
      return Readable.from(
        (async function* () {
          for await (const chunk of source as AsyncIterable<Buffer>)
            for (let at = 0; at < chunk.length; at += 1024) {
              seen += Math.min(1024, chunk.length - at);
              if (seen > failAfterBytes) throw new Error('killed mid-file');
              yield chunk.subarray(at, at + 1024);
            }
        })(),
      );
    },
  };
  return storage;
}

describe('a check killed mid-file and run again', () => {
  it('keeps each recipient exactly once and gives each line one verdict', async () => {
    const account = await t.factories.account(ROLES.DEVELOPER);
    const user = {
      userId: account.user.userId,
      partnerId: account.partner.partnerId,
      email: 'x@example.com',
      role: ROLES.DEVELOPER,
    };
    const storage = dyingStorage(createLocalStorage(dir), 20_000);
    const repository = createAudiencesRepository(t.database);
    const service = createAudiencesService({
      database: t.database,
      repository,
      storage,
      jobs: { send: async () => null },
      log: t.app.log,
      maxRecipients: 1_000_000,
      // Small batches (with small stream chunks) so several are committed before the death.
      batchSize: 100,
    });
    const content = file();
    const created = await service.upload(user, {
      fileName: 'resume.csv',
      stream: Readable.from(
        Buffer.from(content)
          .toString()
          .match(/[\s\S]{1,4096}/g) ?? [],
      ).map((s: string) => Buffer.from(s)),
      truncated: () => false,
    });

    await expect(service.check(created.audience_id)).rejects.toThrow('killed mid-file');
    const halfway = await service.get(user, created.audience_id);
    expect(halfway.status).toBe('checking');
    expect(halfway.read).toBeGreaterThan(0);
    expect(halfway.read).toBeLessThan(LINES);

    await service.check(created.audience_id);
    const done = await service.get(user, created.audience_id);
    const { rows } = await t.database.sql.query<{ n: number; distinct_numbers: number }>(
      'SELECT count(*)::int AS n, count(DISTINCT msisdn)::int AS distinct_numbers FROM audience_recipients WHERE audience_id = $1',
      [created.audience_id],
    );
    const { rows: refused } = await t.database.sql.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM audience_refused_lines WHERE audience_id = $1',
      [created.audience_id],
    );
    const bad = Math.floor(LINES / 25);
    const duplicates = Array.from({ length: LINES }, (_, i) => i).filter(
      (i) => i % 10 === 9 && i % 25 !== 24 && (i - 5) % 25 !== 24,
    ).length;
    expect(done).toMatchObject({
      status: 'ready',
      read: LINES,
      refused: bad + duplicates,
      kept: LINES - bad - duplicates,
    });
    expect(rows[0]).toEqual({ n: done.kept, distinct_numbers: done.kept });
    expect(refused[0]?.n).toBe(done.refused);
    expect(storage.deaths).toBe(1);
  });
});
