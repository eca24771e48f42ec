import { utimes } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentDownloads } from '../../src/modules/content/content.schema.ts';
import { partners } from '../../src/platform/db/core.schema.ts';
import { createStorage, fileUrlOf } from '../../src/platform/storage/index.ts';
import { createTestApp, type TestApp } from '../helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PORTICO_ROLE: 'all' } });
});
afterAll(() => t.close());

const DAY_MS = 86_400_000;

async function runSweep() {
  const jobId = await t.server.jobs.send('storage.sweep-orphans', {});
  for (let i = 0; i < 100; i += 1) {
    const job = await t.server.jobs.boss()?.getJobById('storage.sweep-orphans', jobId ?? '');
    if (job?.state === 'completed' || job?.state === 'failed') return job.state;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return 'still running';
}

describe('the orphaned-file sweep', () => {
  it('when a content download lost its row then its file is deleted and a listed download keeps its file', async () => {
    if (t.config.storage.kind !== 'file') throw new Error('the tests store files in a directory');
    const storage = createStorage(t.config.storage);
    const listed = 'private/content/downloads/listed.pdf';
    const lost = 'private/content/downloads/lost.pdf';
    for (const key of [listed, lost]) await storage.put(key, Buffer.from(key), 'application/pdf');
    await t.database.db.insert(contentDownloads).values({
      category: 'guide',
      name: 'Listed guide',
      storageKey: listed,
      fileName: 'listed.pdf',
      contentType: 'application/pdf',
      typeLabel: 'PDF',
      size: listed.length,
    });
    const old = new Date(Date.now() - 2 * DAY_MS);
    for (const key of [listed, lost]) await utimes(path.join(t.config.storage.dir, key), old, old);

    expect(await runSweep()).toBe('completed');
    expect(await storage.get(lost)).toBeNull();
    expect(await storage.get(listed)).not.toBeNull();
  });

  it('when a stored file is older than a day and no row points to it then the daily job deletes it; the rest stay', async () => {
    if (t.config.storage.kind !== 'file') throw new Error('the tests store files in a directory');
    const storage = createStorage(t.config.storage);
    const partner = await t.factories.partner();
    const shown = `profile-images/${partner.partnerId}/shown.webp`;
    const orphan = `profile-images/${partner.partnerId}/orphan.webp`;
    const fresh = `profile-images/${partner.partnerId}/fresh.webp`;
    for (const key of [shown, orphan, fresh]) await storage.put(key, Buffer.from(key), 'image/webp');
    await t.database.db
      .update(partners)
      .set({ profileImage: fileUrlOf(shown) })
      .where(eq(partners.partnerId, partner.partnerId));
    // Two of them were written two days ago; "fresh" may belong to an upload still committing.
    const old = new Date(Date.now() - 2 * DAY_MS);
    for (const key of [shown, orphan]) await utimes(path.join(t.config.storage.dir, key), old, old);

    expect(await runSweep()).toBe('completed');
    expect(await storage.get(orphan)).toBeNull();
    expect(await storage.get(shown)).not.toBeNull();
    expect(await storage.get(fresh)).not.toBeNull();
  });
});
