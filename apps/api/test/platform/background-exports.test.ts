import { EXPORT_PROGRESS_ROWS, ROLES, type TExportStarted, type TExportStatus } from '@portico/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackgroundExports, EXPORT_STALE_MS } from '../../src/platform/export/background-exports.ts';
import type { ExportTable } from '../../src/platform/export/tables.ts';
import { createStorage } from '../../src/platform/storage/index.ts';
import { createSignedDownloads } from '../../src/platform/uploads/signed-downloads.ts';
import { createTestApp, expectEnvelope, type TestApp } from '../helpers.ts';

/** Large exports with progress (issue 31 point 5): 202, progress, then a signed link to the file. */
let t: TestApp;
const TAG = 'background-export';
const ROWS = EXPORT_PROGRESS_ROWS + 500;
const EXPORT = `/api/v1/secure/audit-log/export?format=pdf&email=${TAG}`;
const ASYNC = { prefer: 'respond-async' };

beforeAll(async () => {
  t = await createTestApp();
  await t.database.sql.query(
    `INSERT INTO audit_log (action, actor_email, subject_email, ip, created_at)
     SELECT 'sign-in', 'a' || n || '.${TAG}@example.test', 'a' || n || '.${TAG}@example.test', '203.0.113.7',
            now() - n * interval '1 minute'
       FROM generate_series(1, ${ROWS}) AS n`,
  );
});
afterAll(() => t.close());

async function statusOf(
  id: string,
  subject: typeof ROLES.SUPER_ADMIN_PORTICO | typeof ROLES.ADMIN_PORTICO_READONLY,
) {
  return t.injectAs(subject, { method: 'GET', url: `/api/v1/secure/exports/${id}` });
}

async function untilFinished(id: string): Promise<TExportStatus[]> {
  const seen: TExportStatus[] = [];
  for (let i = 0; i < 300; i += 1) {
    const status = expectEnvelope(await statusOf(id, ROLES.SUPER_ADMIN_PORTICO), 200).data as TExportStatus;
    seen.push(status);
    if (status.status !== 'running') return seen;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the export did not finish in 30 s');
}

describe('a large export with progress', () => {
  it('when the caller asks to respond async then it answers 202, counts the rows up and hands back a signed link to the PDF', async () => {
    const started = await t.injectAs(ROLES.SUPER_ADMIN_PORTICO, {
      method: 'GET',
      url: EXPORT,
      headers: ASYNC,
    });
    expect(started.headers['preference-applied']).toBe('respond-async');
    const { export_id, total } = expectEnvelope(started, 202).data as TExportStarted;
    expect(total).toBe(ROWS);

    const seen = await untilFinished(export_id);
    const last = seen.at(-1);
    expect(last).toMatchObject({ status: 'ready', done: ROWS, total: ROWS, error: null });
    expect(last?.file_name).toMatch(/^security-records-\d{4}-\d{2}-\d{2}\.pdf$/);
    // Progress only goes up.
    const done = seen.map((s) => s.done);
    expect(done).toEqual([...done].sort((a, b) => a - b));

    const file = await t.app.inject({ method: 'GET', url: last?.url ?? '' });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toContain(last?.file_name);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('when another user asks for the export then it is not found, and a malformed id is a 400', async () => {
    const started = await t.injectAs(ROLES.SUPER_ADMIN_PORTICO, {
      method: 'GET',
      url: EXPORT.replace('pdf', 'xlsx'),
      headers: ASYNC,
    });
    const { export_id } = expectEnvelope(started, 202).data as TExportStarted;
    expect(expectEnvelope(await statusOf(export_id, ROLES.ADMIN_PORTICO_READONLY), 404).message).toBe(
      'Export not found.',
    );
    expect((await untilFinished(export_id)).at(-1)?.status).toBe('ready');
    expectEnvelope(
      await t.injectAs(ROLES.SUPER_ADMIN_PORTICO, { method: 'GET', url: '/api/v1/secure/exports/not-an-id' }),
      400,
    );
    expectEnvelope(await t.app.inject({ method: 'GET', url: `/api/v1/secure/exports/${export_id}` }), 401);
  });

  it('when the caller does not ask, or the list is small, then the file comes in the answer', async () => {
    const whole = await t.injectAs(ROLES.SUPER_ADMIN_PORTICO, { method: 'GET', url: EXPORT });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('application/pdf');
    const small = await t.injectAs(ROLES.SUPER_ADMIN_PORTICO, {
      method: 'GET',
      url: `${EXPORT.replace(TAG, `a1.${TAG}`)}`,
      headers: ASYNC,
    });
    expect(small.statusCode).toBe(200);
    expect(small.headers['preference-applied']).toBeUndefined();
  });
});

describe('the export record', () => {
  const table = (rows: number): ExportTable => ({
    title: 'Rows',
    subtitle: '',
    columns: [{ header: 'N', width: 100 }],
    rows: Array.from({ length: rows }, (_, i) => [String(i)]),
    emptyText: 'None',
  });

  it('when the process rendering it stops then, once its record is stale, the export reads as failed', async () => {
    const storage = createStorage(t.config.storage);
    const exports = createBackgroundExports({
      storage,
      downloads: await createSignedDownloads(t.database),
      log: t.app.log,
    });
    const { export_id } = await exports.start('someone', 'pdf', 'rows.pdf', table(10));
    while ((await exports.status('someone', export_id))?.status === 'running') {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    // Make it a record left "running" by a process that died: written long ago.
    const key = `exports/${export_id}/record.json`;
    const record = JSON.parse((await storage.get(key))?.bytes.toString() ?? '{}') as Record<string, unknown>;
    await storage.put(
      key,
      Buffer.from(
        JSON.stringify({
          ...record,
          status: 'running',
          updatedAt: new Date(Date.now() - EXPORT_STALE_MS - 1_000).toISOString(),
        }),
      ),
      'application/json',
    );
    const status = await exports.status('someone', export_id);
    expect(status).toMatchObject({ status: 'failed', url: null });
    expect(status?.error).toMatch(/stopped before it was ready/);
    expect(await exports.status('someone else', export_id)).toBeNull();
  });
});
