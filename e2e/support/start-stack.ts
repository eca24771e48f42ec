/**
 * Starts the whole product for the browser journeys: a fresh database (PGlite in a temp dir, or a
 * fresh database on the PostgreSQL server when TEST_DATABASE_URL is set), demo data, the built SPA.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { EXTERNAL_LINKS } from './stack-env.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const port = process.env.E2E_PORT ?? '3100';

async function freshPostgres(url: string): Promise<string> {
  // One database per port, so stacks on different ports (parallel checkouts) never share one.
  const name = `portico_e2e_${port}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'portico-e2e-'));

const env: Record<string, string> = {
  ...(process.env as Record<string, string>),
  NODE_ENV: 'production',
  DEMO: '1',
  PORT: port,
  PUBLIC_URL: `http://localhost:${port}`,
  LOG_LEVEL: 'warn',
  RATE_LIMIT_MAX: '100000',
  ANALYTICS_DASHBOARD_URL: EXTERNAL_LINKS.analyticsDashboard,
  FIREWALL_TOOL_URL: EXTERNAL_LINKS.firewallTool,
  DATA_DIR: dataDir,
};
delete env.DATABASE_URL;
if (process.env.TEST_DATABASE_URL) env.DATABASE_URL = await freshPostgres(process.env.TEST_DATABASE_URL);

// The production artefact (npm run build), as `npm start` runs it.
const child = spawn(process.execPath, ['--enable-source-maps', path.join(root, 'apps/api/dist/main.js')], {
  cwd: root,
  env,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => {
  // The PGlite database of this run (~40 MB) goes with it.
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
