import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApi } from '../../scripts/build.ts';
import { databaseUrl, withAdmin } from '../database.ts';
import { freePort } from '../helpers.ts';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const repoDir = path.resolve(apiDir, '../..');
// Inside apps/api so the bundle resolves node_modules as apps/api/dist/main.js does.
const outdir = path.join(apiDir, 'dist', `.test-build-${process.pid}-${randomUUID().slice(0, 8)}`);

async function dependenciesOf(packageJson: string): Promise<string[]> {
  const manifest = JSON.parse(await readFile(path.join(repoDir, packageJson), 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  return Object.keys(manifest.dependencies ?? {});
}

let externals: string[] = [];
beforeAll(async () => {
  ({ externals } = await buildApi(outdir));
}, 120_000);
afterAll(() => rm(outdir, { recursive: true, force: true }));

describe('the production build (npm run build: apps/api/dist/main.js)', () => {
  it('when bundled then every package it imports at run time is a runtime dependency, so npm ci --omit=dev runs it', async () => {
    const runtime = new Set([
      ...(await dependenciesOf('apps/api/package.json')),
      ...(await dependenciesOf('packages/domain/package.json')),
      ...(await dependenciesOf('apps/sandbox/package.json')),
    ]);
    expect(externals.length).toBeGreaterThan(10);
    expect(externals.filter((name) => !runtime.has(name))).toEqual([]);
    expect(externals).not.toContain('tsx');
  });

  it('when a large export is rendered then the built export worker beside main.js renders it', async () => {
    const { Worker } = await import('node:worker_threads');
    const worker = new Worker(path.join(outdir, 'export-worker.js'));
    try {
      const answer = new Promise<{ body?: Uint8Array; error?: string }>((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
      });
      worker.postMessage({
        id: 1,
        format: 'pdf',
        table: {
          title: 'T',
          subtitle: 'S',
          columns: [{ header: 'A', width: 100 }],
          rows: [['x']],
          emptyText: '-',
        },
      });
      const { body, error } = await answer;
      expect(error).toBeUndefined();
      expect(
        Buffer.from(body ?? [])
          .subarray(0, 5)
          .toString('latin1'),
      ).toBe('%PDF-');
    } finally {
      await worker.terminate();
    }
  });

  it('when the bundle runs then nothing it loads is TypeScript', async () => {
    const bundle = await readFile(path.join(outdir, 'main.js'), 'utf8');
    expect(bundle).not.toMatch(/from ["'][^"']+\.ts["']/);
    expect(bundle).not.toMatch(/import\(["'][^"']+\.ts["']\)/);
  });
});

/** One raw HTTP/1.1 exchange on its own socket; `hold` bytes of the body are sent only when `release()` is called. */
function rawRequest(port: number, head: string, body = '', hold = 0) {
  const socket = net.connect(port, '127.0.0.1');
  let response = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk) => {
    response += chunk;
  });
  const answered = new Promise<string>((resolve) => {
    socket.on('end', () => resolve(response));
    socket.on('close', () => resolve(response));
    socket.on('error', () => resolve(response));
  });
  const sent = new Promise<void>((resolve) => {
    socket.on('connect', () => {
      socket.write(`${head}\r\n\r\n${body.slice(0, body.length - hold)}`, () => resolve());
    });
  });
  return {
    sent,
    answered,
    release: () =>
      new Promise<void>((resolve) => socket.write(body.slice(body.length - hold), () => resolve())),
  };
}

/** A loopback port nobody listens on whose next port is free too (the Google origin's default). */
async function freePortPair(): Promise<number> {
  for (;;) {
    const port = await freePort();
    const nextFree = await new Promise<boolean>((resolve) => {
      const probe = net.createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port + 1, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (nextFree) return port;
  }
}

/** Whether something accepts connections on the port. */
const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

const statusOf = (response: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(response)?.[1] ?? 0);

describe('SIGTERM', () => {
  const spec = inject('testDatabase');
  let child: ChildProcess | undefined;
  let dataDir = '';
  let database: string | undefined;

  afterAll(async () => {
    child?.kill('SIGKILL');
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
    if (database && spec.kind === 'postgres') {
      const name = database;
      await withAdmin(spec.serverUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    }
  });

  it('when SIGTERM arrives while requests are in flight then every one of them is answered and the process exits 0, both ports closed', async () => {
    const port = await freePortPair();
    dataDir = await mkdtemp(path.join(tmpdir(), 'portico-sigterm-'));
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      SANDBOX: '1',
      PORT: String(port),
      PUBLIC_URL: `http://localhost:${port}`,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '100000',
    };
    if (spec.kind === 'postgres') {
      database = `portico_sigterm_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
      const name = database;
      await withAdmin(spec.serverUrl, (c) => c.query(`CREATE DATABASE ${name}`));
      env.DATABASE_URL = databaseUrl(spec.serverUrl, name);
    }
    const started = spawn(process.execPath, [path.join(outdir, 'main.js')], { env, stdio: 'pipe' });
    child = started;
    let stderr = '';
    started.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const exited = new Promise<number | null>((resolve) => started.on('exit', (code) => resolve(code)));

    for (let i = 0; ; i += 1) {
      const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
        (r) => r.status === 200,
        () => false,
      );
      if (ready) break;
      if (i > 240) throw new Error(`the server did not become ready: ${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }

    // Google's shape is at the root of the next port by default: its calls answer there, and a path
    // it does not serve answers Google's error, never the web app.
    const google = `http://127.0.0.1:${port + 1}`;
    const capability = await fetch(`${google}/v1/phones/+12223334444/capabilities?requestId=r&agentId=a`);
    expect(capability.status).toBe(401);
    expect(await capability.json()).toMatchObject({ error: { status: 'UNAUTHENTICATED' } });
    for (const path of ['/', '/u/api', '/v1/users:batchGetNothing']) {
      const unserved = await fetch(`${google}${path}`);
      expect(unserved.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await unserved.json()).toMatchObject({ error: { code: 501, status: 'UNIMPLEMENTED' } });
    }

    // Sign-ups whose bodies are still arriving when the signal comes: their headers have been read
    // (the server is serving them); the last bytes follow the signal.
    const xsrf = 'x'.repeat(32);
    const signUps = Array.from({ length: 6 }, (_, i) => {
      const body = JSON.stringify({
        email: `sigterm-${i}-${randomUUID().slice(0, 8)}@portico.test`,
        acceptTerms: true,
      });
      return rawRequest(
        port,
        [
          'POST /api/v1/accounts/sign-up HTTP/1.1',
          `Host: localhost:${port}`,
          'Content-Type: application/json',
          `Content-Length: ${Buffer.byteLength(body)}`,
          `Cookie: XSRF-TOKEN=${xsrf}`,
          `X-XSRF-TOKEN: ${xsrf}`,
          'Connection: close',
        ].join('\r\n'),
        body,
        10,
      );
    });
    await Promise.all(signUps.map((r) => r.sent));
    await new Promise((resolve) => setTimeout(resolve, 500));

    started.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    await Promise.all(signUps.map((r) => r.release()));

    const answers = await Promise.all(signUps.map((r) => r.answered));
    for (const answer of answers) expect(statusOf(answer), answer.slice(0, 200)).toBe(200);
    expect(await exited).toBe(0);
    expect(await listening(port)).toBe(false);
    expect(await listening(port + 1)).toBe(false);
  }, 180_000);
});
