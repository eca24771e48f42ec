import { BOT_STATUS, BRAND_MACHINE, CHANNEL_TYPE, ROLES } from '@portico/domain';
import { eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bots } from '../../src/modules/bots/bots.schema.ts';
import { brands } from '../../src/modules/brands/brands.schema.ts';
import type { Storage } from '../../src/platform/storage/index.ts';
import { createTestApp, expectEnvelope, type TestApp, xsrfHeaders } from '../helpers.ts';

/**
 * Issue 31, point 1: an upload is stored outside the unit of work that records it. While storage is
 * slow (an S3 attempt may take 30 s), the bot or brand row is not locked and no database connection
 * is held: other requests, on those very rows too, are served. On PGlite, whose one connection every
 * request shares, a single upload held inside a transaction would stop the whole API. A file whose
 * unit of work then fails is deleted again.
 */

/** A gate: callers wait at it until it opens; `until(n)` resolves once n callers waited. */
function gate() {
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  const held: string[] = [];
  const listeners: (() => void)[] = [];
  return {
    held,
    open: () => open(),
    async wait(key: string): Promise<void> {
      held.push(key);
      for (const listener of listeners.splice(0)) listener();
      await opened;
    },
    async until(count: number): Promise<void> {
      while (held.length < count) await new Promise<void>((resolve) => listeners.push(resolve));
    },
  };
}

/** The app's storage, slow: every put waits at one gate, and every get of a `heldReads` key at another. */
function heldStorage() {
  const puts = gate();
  const reads = gate();
  const heldReads = new Set<string>();
  let files: Storage | undefined;
  const wrap = (inner: Storage): Storage => {
    files = inner;
    return {
      kind: inner.kind,
      async put(key, bytes, contentType) {
        await puts.wait(key);
        return inner.put(key, bytes, contentType);
      },
      async get(key) {
        if (heldReads.has(key)) await reads.wait(key);
        return inner.get(key);
      },
      async putStream(key, body, contentType) {
        await puts.wait(key);
        return inner.putStream(key, body, contentType);
      },
      async getStream(key) {
        if (heldReads.has(key)) await reads.wait(key);
        return inner.getStream(key);
      },
      delete: (key) => inner.delete(key),
      list: (prefix) => inner.list(prefix),
    };
  };
  return {
    wrap,
    puts,
    reads,
    heldReads,
    /** The storage underneath, not held. */
    files: () => {
      if (!files) throw new Error('the app has not built its storage yet');
      return files;
    },
  };
}

const storage = heldStorage();
let t: TestApp;
let developer: { token: string; partnerId: string };
let docType: number;
let industry: number;

beforeAll(async () => {
  // This test counts the puts its six concurrent uploads hold: a failed first try of each would add
  // its own (their units are failed in the bots, brands and launches route tests).
  t = await createTestApp({ storage: storage.wrap, failCommits: false });
  const account = await t.factories.account(ROLES.DEVELOPER);
  developer = { token: await t.tokenFor(account.user.userId), partnerId: account.partner.partnerId };
  const lookup = async (kind: string) =>
    (
      await t.database.sql.query<{ id: number }>(
        'SELECT id FROM lookup_values WHERE kind = $1 ORDER BY position LIMIT 1',
        [kind],
      )
    ).rows[0]?.id ?? 0;
  docType = await lookup('document-types');
  industry = await lookup('industry-types');
});
afterAll(async () => {
  storage.puts.open();
  storage.reads.open();
  await t.close();
});

const S = '/api/v1/secure';
const call = (options: InjectOptions) =>
  t.app.inject({
    ...options,
    headers: { authorization: `Bearer ${developer.token}`, ...xsrfHeaders(), ...options.headers },
  });

function form(fields: Record<string, string>, file: { name: string; filename: string; bytes: Buffer }) {
  const boundary = `----held${Math.random().toString(36).slice(2)}`;
  const parts = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  return {
    payload: Buffer.concat([
      ...parts,
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const square = (side: number) =>
  sharp({ create: { width: side, height: side, channels: 3, background: '#1A73E8' } })
    .png()
    .toBuffer();
async function pdf(): Promise<Buffer> {
  const document = await PDFDocument.create();
  document.addPage([200, 200]).drawText('A document', { x: 20, y: 100, size: 12 });
  return Buffer.from(await document.save());
}

async function brand(name: string): Promise<string> {
  const [row] = await t.database.db
    .insert(brands)
    .values({
      partnerId: developer.partnerId,
      name,
      industryTypeId: industry,
      website: 'https://acme.example',
      contactName: 'Ann',
      contactEmail: 'ann@acme.example',
      contactPhone: '+919876543210',
      address: { line1: '1 Road', city: 'Mumbai', postalCode: '400001', countryId: 'IN' },
    })
    .returning();
  if (!row) throw new Error('brand insert returned nothing');
  return row.brandId;
}

async function bot(name: string, status: number): Promise<string> {
  const [row] = await t.database.db
    .insert(bots)
    .values({ partnerId: developer.partnerId, channels: [CHANNEL_TYPE.rcs], status, name })
    .returning();
  if (!row) throw new Error('bot insert returned nothing');
  return row.botId;
}

describe('uploads while storage is slow', () => {
  it('when six uploads wait on storage then the API still answers, on their own bots and brands too, and a file whose unit of work fails is deleted', async () => {
    const imageBot = await bot('Held Images', BOT_STATUS.in_progress);
    const launchBot = await bot('Held Launch', BOT_STATUS.in_progress_carrier_submission);
    const documentBrand = await brand('Held Documents');
    const logoBrand = await brand('Held Logo');
    const logo = await square(224);
    const screenshot = await square(400);
    const webm = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(64)]);

    // Six uploads at once, one of each use case that stores a file: each waits on storage.
    const uploads: Record<string, Promise<LightMyRequestResponse>> = {
      botLogo: call({
        method: 'POST',
        url: `${S}/bots/${imageBot}/images/logo`,
        ...form({}, { name: 'image', filename: 'logo.png', bytes: logo }),
      }),
      brandLogo: call({
        method: 'POST',
        url: `${S}/brands/${logoBrand}/logo`,
        ...form({}, { name: 'logo', filename: 'logo.png', bytes: logo }),
      }),
      brandDocument: call({
        method: 'POST',
        url: `${S}/brands/${documentBrand}/documents`,
        ...form(
          { document_type_id: String(docType) },
          { name: 'document', filename: 'gst.pdf', bytes: await pdf() },
        ),
      }),
      loa: call({
        method: 'POST',
        url: `${S}/launches/${launchBot}/loa`,
        ...form({}, { name: 'loa', filename: 'loa.pdf', bytes: await pdf() }),
      }),
      screenshot: call({
        method: 'POST',
        url: `${S}/launches/${launchBot}/screenshots`,
        ...form({}, { name: 'screenshot', filename: 'chat.png', bytes: screenshot }),
      }),
      video: call({
        method: 'POST',
        url: `${S}/launches/${launchBot}/video`,
        ...form({}, { name: 'video', filename: 'chat.webm', bytes: webm }),
      }),
    };
    await storage.puts.until(6);

    // Served while all six wait: reads of the same rows, and writes that lock them. With an upload
    // inside its transaction these would wait for storage (the row locks; on PGlite, the connection).
    expectEnvelope(await call({ method: 'GET', url: `${S}/partner-details` }), 200);
    expectEnvelope(await call({ method: 'GET', url: `${S}/bots/${imageBot}` }), 200);
    expectEnvelope(await call({ method: 'GET', url: `${S}/brands/${documentBrand}` }), 200);
    expectEnvelope(
      await call({
        method: 'PUT',
        url: `${S}/launches/${launchBot}/questionnaire`,
        payload: { use_case: 'Customers track their parcels.' },
      }),
      200,
    );
    expectEnvelope(
      await call({ method: 'PUT', url: `${S}/bots/${imageBot}/listing`, payload: LISTING }),
      200,
    );
    // The platform takes the second brand into review meanwhile: its logo can no longer change.
    await t.database.db
      .update(brands)
      .set({ status: BRAND_MACHINE.states.submitted.code })
      .where(eq(brands.brandId, logoBrand));

    storage.puts.open();
    const answers = Object.fromEntries(
      await Promise.all(Object.entries(uploads).map(async ([name, answer]) => [name, await answer] as const)),
    );
    for (const name of ['botLogo', 'brandDocument', 'loa', 'screenshot', 'video'])
      expectEnvelope(answers[name] as LightMyRequestResponse, 200);
    expectEnvelope(answers.brandLogo as LightMyRequestResponse, 409);

    // Every stored file is recorded, except the refused logo's, which is gone from storage.
    const [brandRow] = await t.database.db.select().from(brands).where(eq(brands.brandId, logoBrand));
    expect(brandRow?.logoKey).toBeNull();
    const refused = storage.puts.held.find((key) => key.includes(logoBrand));
    expect(refused).toBeDefined();
    expect(await storage.files().get(refused ?? '')).toBeNull();
    const kept = storage.puts.held.filter((key) => key !== refused);
    expect(kept).toHaveLength(5);
    for (const key of kept) expect(await storage.files().get(key)).not.toBeNull();
  });
});

describe('the pre-flight while storage is slow', () => {
  it("when the pre-flight reads the bot's images from slow storage then the bot is not locked meanwhile", async () => {
    const launchBot = await bot('Held Pre-flight', BOT_STATUS.in_progress_carrier_submission);
    const key = `public/bot-images/${launchBot}/logo-held.png`;
    await storage.files().put(key, await square(224), 'image/png');
    await t.database.db.update(bots).set({ logoKey: key }).where(eq(bots.botId, launchBot));
    storage.heldReads.add(key);

    const preflight = call({ method: 'GET', url: `${S}/launches/${launchBot}/preflight` });
    await storage.reads.until(1);
    // The logo is being read (and then measured by sharp): a change that locks the bot goes through.
    expectEnvelope(
      await call({
        method: 'PUT',
        url: `${S}/launches/${launchBot}/questionnaire`,
        payload: { use_case: 'Customers book delivery slots.' },
      }),
      200,
    );
    storage.reads.open();
    const items = (expectEnvelope(await preflight, 200).data as { items: { code: string }[] }).items;
    expect(items.length).toBeGreaterThan(0);
  });
});

const LISTING = {
  tagline: 'Orders and parcels',
  description: 'Track parcels and book delivery slots.',
  keywords: ['parcels'],
};
