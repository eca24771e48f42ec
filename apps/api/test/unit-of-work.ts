import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { type Database, pgliteOf, poolOf } from '../src/platform/db/index.ts';
import type { TestApp } from './helpers.ts';

/** The failure a probe injects at the commit of a request's unit of work. */
export class InjectedCommitFailure extends Error {
  constructor() {
    super('injected failure at the commit of the unit of work');
    this.name = 'InjectedCommitFailure';
  }
}

/**
 * Tables that change for reasons other than the use case: the rate limiter's counters (every
 * request), the sandboxes standing in for the networks (the outside world, not our data), the
 * development mailbox (written by the mail job, which does not run in these tests) and the OIDC
 * provider's sessions.
 */
const OUTSIDE_THE_USE_CASE = new Set([
  'public.rate_limit_counters',
  'public.sandbox_objects',
  'public.dev_mailbox',
  'public.oidc_payloads',
  'public.__drizzle_migrations',
  'drizzle.__drizzle_migrations',
]);

/** What a request did to the database, seen from the driver. */
export interface RequestTrace {
  /** Write statements run on the pool or the embedded database itself, outside any transaction. */
  writesOutside: string[];
  /** Transactions of the request that wrote (not savepoints inside them; read-only ones do not count). */
  writingTransactions: number;
  /** Fail the commit of the request's transactions that wrote. */
  failCommit: boolean;
}

/** A write to one of the tables above (the rate limiter's counter, kept by every request). */
const OUTSIDE_WRITE = /\b(rate_limit_counters|sandbox_objects|dev_mailbox|oidc_payloads)\b/;
const WRITE = /^\s*(?:with\b[\s\S]*?\b)?(insert|update|delete|merge|truncate)\b/i;
const statementText = (first: unknown) =>
  typeof first === 'string' ? first : String((first as { text?: unknown } | null)?.text ?? '');

type AsyncMethod = (...args: unknown[]) => Promise<unknown>;

/**
 * Watches the database driver: which transactions of a traced request write, which statements write
 * outside one, and (when asked) fails a request's commit. `traceOf` names the trace of the work
 * running now (none: not counted, as the test's own set-up). Each watcher wraps the driver again, so
 * two may watch one database.
 */
export function watchUnitsOfWork(database: Database, traceOf: () => RequestTrace | undefined): void {
  const wrapped = Symbol('watched by this watcher');
  const pool = poolOf(database);
  const lite = pgliteOf(database);

  if (pool) {
    // The pool's own query is a statement outside any transaction.
    const query = pool.query.bind(pool) as unknown as AsyncMethod;
    (pool as unknown as { query: AsyncMethod }).query = (...args: unknown[]) => {
      const trace = traceOf();
      const text = statementText(args[0]);
      if (trace && WRITE.test(text) && !OUTSIDE_WRITE.test(text))
        trace.writesOutside.push(text.slice(0, 160));
      return query(...args);
    };
    // drizzle begins a transaction on a client it takes from the pool: `begin` ... `commit`.
    type Client = { query: AsyncMethod; [wrapped]?: boolean };
    const watch = (client: Client) => {
      if (client[wrapped]) return client;
      const clientQuery = client.query.bind(client);
      let wrote = false;
      client.query = (...args: unknown[]) => {
        const trace = traceOf();
        const full = statementText(args[0]);
        const text = full.trim().toLowerCase();
        if (text.startsWith('begin')) wrote = false;
        else if (WRITE.test(full) && !OUTSIDE_WRITE.test(full)) wrote = true;
        if (trace && text === 'commit' && wrote) trace.writingTransactions += 1;
        // Only a transaction that wrote is failed: failing a read before it would prove nothing.
        if (trace?.failCommit && text === 'commit' && wrote)
          return Promise.reject(new InjectedCommitFailure());
        return clientQuery(...args);
      };
      client[wrapped] = true;
      return client;
    };
    const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
    // pg's own pool.query takes a client by callback; drizzle awaits the promise.
    (pool as unknown as { connect: (...args: unknown[]) => unknown }).connect = (...args: unknown[]) => {
      const callback = args[0];
      if (typeof callback === 'function') {
        return connect((error: unknown, client: Client | undefined, release: unknown) =>
          callback(error, client ? watch(client) : client, release),
        );
      }
      return (connect() as Promise<Client>).then(watch);
    };
  }
  if (lite) {
    for (const key of ['query', 'exec'] as const) {
      const original = (lite[key] as AsyncMethod).bind(lite);
      (lite as unknown as Record<string, AsyncMethod>)[key] = (...args: unknown[]) => {
        const trace = traceOf();
        const text = statementText(args[0]);
        if (trace && WRITE.test(text) && !OUTSIDE_WRITE.test(text))
          trace.writesOutside.push(text.slice(0, 160));
        return original(...args);
      };
    }
    const transaction = lite.transaction.bind(lite);
    lite.transaction = (<T>(work: (tx: never) => Promise<T>) => {
      const trace = traceOf();
      return transaction(async (tx) => {
        let wrote = false;
        const watched = tx as unknown as Record<'query' | 'exec', AsyncMethod>;
        for (const key of ['query', 'exec'] as const) {
          const original = watched[key].bind(tx);
          watched[key] = (...args: unknown[]) => {
            const text = statementText(args[0]);
            if (WRITE.test(text) && !OUTSIDE_WRITE.test(text)) wrote = true;
            return original(...args);
          };
        }
        const result = await work(tx as never);
        if (trace && wrote) trace.writingTransactions += 1;
        // Everything the unit wrote is written: failing here is failing at its commit.
        if (trace?.failCommit && wrote) throw new InjectedCommitFailure();
        return result;
      });
    }) as typeof lite.transaction;
  }
}

/**
 * The unit-of-work probe of one request at a time: traces the request it runs (and, when asked,
 * fails its commit). Nothing else runs meanwhile: the request is awaited before the next.
 */
export function unitOfWorkProbe(t: TestApp) {
  let current: RequestTrace | undefined;
  watchUnitsOfWork(t.database, () => current);

  async function run(request: InjectOptions, failCommit: boolean) {
    const trace: RequestTrace = { writesOutside: [], writingTransactions: 0, failCommit };
    current = trace;
    try {
      const response = await t.app.inject(request);
      return { response, trace };
    } finally {
      current = undefined;
    }
  }

  return { run };
}

/** Every table's rows as text, by table (the ones a use case may change). */
export async function snapshot(t: TestApp): Promise<Map<string, string[]>> {
  const { rows: tables } = await t.database.sql.query<{ name: string }>(
    `SELECT quote_ident(table_schema) || '.' || quote_ident(table_name) AS name
       FROM information_schema.tables
      WHERE table_type = 'BASE TABLE'
        AND (table_schema = 'public' OR (table_schema = 'pgboss' AND table_name = 'job'))
      ORDER BY 1`,
  );
  const result = new Map<string, string[]>();
  for (const { name } of tables) {
    if (OUTSIDE_THE_USE_CASE.has(name)) continue;
    const { rows } = await t.database.sql.query<{ row: string }>(`SELECT x::text AS row FROM ${name} x`);
    result.set(name, rows.map((r) => r.row).sort());
  }
  return result;
}

/** The rows added and removed between two snapshots ("table: +row" / "table: -row"). */
export function changes(before: Map<string, string[]>, after: Map<string, string[]>): string[] {
  const out: string[] = [];
  for (const [table, rows] of after) {
    const was = new Map<string, number>();
    for (const row of before.get(table) ?? []) was.set(row, (was.get(row) ?? 0) + 1);
    for (const row of rows) {
      const n = was.get(row) ?? 0;
      if (n > 0) was.set(row, n - 1);
      else out.push(`${table}: +${row.slice(0, 200)}`);
    }
    for (const [row, n] of was) for (let i = 0; i < n; i += 1) out.push(`${table}: -${row.slice(0, 200)}`);
  }
  return out;
}

/** The tables a list of changes touches. */
export const tablesOf = (list: string[]) => [...new Set(list.map((c) => c.slice(0, c.indexOf(':'))))].sort();

export interface UnitOfWorkCase {
  /** The use case, in words. */
  name: string;
  /** The route it answers ("POST /api/v1/secure/..."): the coverage list is by route. */
  route: string;
  /** Makes what the request needs and returns the request (headers with a token included). */
  arrange(t: TestApp): Promise<InjectOptions>;
  /** The status of the request when it succeeds (200 unless told). */
  okStatus?: number;
  /** Tables the use case is expected to write, at least (a check that the case reaches its writes). */
  writes: string[];
}

/**
 * The proof that a use case is one unit of work: with its commit failing, it leaves every table as it
 * was (nothing written before, beside or after its transaction, no job enqueued) and answers 500; run
 * again for real, it writes more than one row, all of them in the one transaction it begins.
 */
export async function expectOneUnitOfWork(
  t: TestApp,
  probe: ReturnType<typeof unitOfWorkProbe>,
  useCase: UnitOfWorkCase,
): Promise<void> {
  const request = await useCase.arrange(t);
  const before = await snapshot(t);

  const failed = await probe.run(request, true);
  expect(failed.response.statusCode, `${useCase.name} with a failing commit: ${failed.response.body}`).toBe(
    500,
  );
  expect(failed.trace.writesOutside, 'writes outside the unit of work').toEqual([]);
  expect(changes(before, await snapshot(t)), 'rows left behind by the failed unit').toEqual([]);

  const done = await probe.run(request, false);
  expectStatus(done.response, useCase.okStatus ?? 200);
  const written = changes(before, await snapshot(t));
  expect(done.trace.writesOutside, 'writes outside the unit of work').toEqual([]);
  expect(done.trace.writingTransactions, 'transactions that wrote').toBe(1);
  expect(written.length, `rows written: ${written.join('\n')}`).toBeGreaterThan(1);
  expect(tablesOf(written)).toEqual(expect.arrayContaining(useCase.writes.map((w) => `public.${w}`)));
}

function expectStatus(response: LightMyRequestResponse, status: number) {
  expect(response.statusCode, response.body).toBe(status);
}
