import { randomUUID } from 'node:crypto';
import { appendFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Database } from '../src/platform/db/index.ts';
import { answeringRequestId, REQUEST_ID_HEADER } from '../src/platform/http/request-id.ts';
import { type RequestTrace, watchUnitsOfWork } from './unit-of-work.ts';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A path segment that names an object (an id, a number, a phone number), not a route's part. */
const OBJECT_SEGMENT = (segment: string) => /\d/.test(segment) && !/^v\d+(\.\d+)?$/.test(segment);

/** A request's route as the audit names it: its path with each object named ":id". */
const routeOf = (method: string, url: string) =>
  `${method.toUpperCase()} ${(url.split('?')[0] ?? '')
    .split('/')
    .map((segment) => (OBJECT_SEGMENT(segment) ? ':id' : segment))
    .join('/')}`;

/** What one answered write request did: its transactions that wrote and its writes outside one. */
interface AuditedRequest {
  route: string;
  status: number;
  writingTransactions: number;
  writesOutside: string[];
}

/**
 * Statements that are their own unit of work by design, written outside the use case's transaction
 * on purpose, each with why: they do not count against the use case.
 */
const OWN_UNIT_STATEMENTS: readonly { statement: RegExp; why: string }[] = [
  {
    statement: /^insert into "app_secrets"/i,
    why: 'a process-wide secret (signing keys, webhook secrets) made once on first use, whatever the use case does',
  },
  {
    statement: /^update "(user_two_factor" set "last_used_step|two_factor_recovery_codes" set "used_at)"/i,
    why: 'a second factor is used up when it is checked, so a code is never accepted twice even if what follows fails',
  },
  {
    statement: /^update "otp_codes" set "attempts"/i,
    why: 'a wrong one-time password counts as an attempt: the count must survive the refusal that follows',
  },
  {
    statement: /^insert into "audit_log"/i,
    why: "a best-effort security record outside a use case (sign-in, sign-out): the sign-in does not fail for it; inside a use case's transaction it is part of the unit",
  },
];

/**
 * Write routes whose request is more than one unit of work by design, each with why. Every other
 * write request of the suite writes in at most one transaction, or one statement outside any.
 */
const SEVERAL_UNITS: readonly { route: RegExp; why: string }[] = [
  {
    route: /^POST \/api\/v1\/probe\/(two-units|write-beside)$/,
    why: 'the unit-of-work probe test routes, wrong on purpose to show the probe catches them',
  },
  {
    route: /^POST \/api\/v1\/partner\/(rbm|maap|whatsapp)\/.*\/(messages|agentMessages)$/,
    why: "a partner's send: its idempotency key and its message are stored before the network is called, and the outcome after (decisions 0023, 0058)",
  },
  {
    route:
      /^POST \/api\/v1\/secure\/(network-messages\/test|bots\/:id\/test-devices\/:id\/messages|templates\/:id\/(tests|retest))$/,
    why: 'a test send: the message is stored before the network is called and marked sent after (decision 0058)',
  },
  {
    route:
      /^(POST \/api\/v1\/secure\/bots\/(rcs|whatsapp|:id\/images\/\w+)|PUT \/api\/v1\/secure\/bots\/:id\/(rcs|whatsapp)|DELETE \/api\/v1\/secure\/bots\/:id)$/,
    why: "a bot's agent, MaaP bot or WhatsApp sender is made, changed or deleted on the network outside any transaction, between the units that save the draft and record the outcome (issue 31 point 1, decision 0035)",
  },
  {
    route: /^(POST|PUT) \/api\/v1\/secure\/templates(\/:id)?$/,
    why: 'a WhatsApp template goes to Meta outside any transaction: its request id is stored first and the answer applied after',
  },
  {
    route: /^POST \/api\/v1\/secure\/brands\/:id\/verification$/,
    why: "a brand's verification is asked of the network outside any transaction, between storing the request and its answer",
  },
  {
    route: /^PUT \/api\/v1\/secure\/bots\/:id\/webhook$/,
    why: "the partner's URL must answer the networks' challenge, outside any transaction: its secret is made first (the receiver may check it) and the URL saved after",
  },
  {
    route: /^POST \/api\/v1\/secure\/wallet\/topups$/,
    why: 'the top-up is stored before the payment provider is asked for a checkout, and its checkout kept after (decision 0014)',
  },
  {
    route:
      /^POST \/api\/v1\/secure\/((brands|aggregators)\/bulk-(carrier-)?review|(carrier\/)?bot-reviews\/bulk-decision)$/,
    why: "a bulk decision is each item's own decision, one unit each: one item refused leaves the others decided",
  },
];

/**
 * Write routes whose commit is not failed on their first request (see auditUnitsOfWork), each with
 * why. The routes of SEVERAL_UNITS are not either: their units are proven apart.
 */
const NOT_FAILED: readonly { route: RegExp; why: string }[] = [
  {
    route: /^POST \/api\/v1\/secure\/two-factor\/(recovery-codes|disable)$/,
    why: 'the code it is sent with is used up when checked, before its unit (OWN_UNIT_STATEMENTS): sent again, the same code is refused by design, so it cannot be replayed; its unit is one transaction by the rule above',
  },
];

/** Why a request may break the one-unit rule, or null when it may not. */
const allowed = (route: string) => SEVERAL_UNITS.find((entry) => entry.route.test(route))?.why ?? null;

/** The writes outside any transaction that count against the use case. */
const counted = (writesOutside: string[]) =>
  writesOutside.filter((text) => !OWN_UNIT_STATEMENTS.some((own) => own.statement.test(text.trim())));

/** Every stored file under a directory, by path (the app's file storage). */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => `${entry.parentPath}/${entry.name}`)
    .sort();
}

/** A body that can be sent twice (not a stream). */
const replayable = (options: InjectOptions) =>
  typeof (options.payload as { pipe?: unknown } | undefined)?.pipe !== 'function';

/**
 * Issue 31, point 9, over the whole API suite: every write request a test makes through `app.inject`
 * is traced (its own statements, not the jobs it queues: those carry its id but run as jobs), and
 * what it did is kept: how many of its transactions wrote, and what it wrote outside one.
 *
 * And failure injection for every such use case: each request of a route in an app is sent first
 * with the commit of its unit of work failing, until one of them writes (a refusal writes nothing and
 * is simply answered). The database rolls that transaction back, and the rule above leaves nothing
 * written beside it, so what is checked is what the database cannot: that the caller is told it
 * failed (5xx, not a success), and that the failed unit left no stored file behind. Then the
 * request is sent again for real.
 */
export function auditUnitsOfWork(
  app: FastifyInstance,
  database: Database,
  /** Fail commits first, and where the app stores files (absent: no failure injection). */
  failing?: { filesDir: string },
) {
  const filesDir = failing?.filesDir;
  const traces = new Map<string, RequestTrace>();
  watchUnitsOfWork(database, () => {
    const id = answeringRequestId();
    return id === undefined ? undefined : traces.get(id);
  });
  const inject = app.inject.bind(app) as (options: InjectOptions) => Promise<LightMyRequestResponse>;
  const failed = new Set<string>();

  /** Requests being answered, and how many were started: a trial alone is one nothing overlapped. */
  let answering = 0;
  let started = 0;

  /** Sends the request traced, its commit failing when asked. */
  const send = async (options: InjectOptions, failCommit: boolean) => {
    const id = randomUUID();
    const trace: RequestTrace = { writesOutside: [], writingTransactions: 0, failCommit };
    traces.set(id, trace);
    answering += 1;
    started += 1;
    try {
      const response = await inject({ ...options, headers: { [REQUEST_ID_HEADER]: id, ...options.headers } });
      return { response, trace };
    } finally {
      answering -= 1;
      traces.delete(id);
    }
  };

  /** The one-unit rule over what a request did (and the optional report of every request). */
  const judged = (route: string, { response, trace }: Awaited<ReturnType<typeof send>>) => {
    // A report of every traced request, for counting the routes the suite covers (optional).
    const report = process.env.UOW_AUDIT_REPORT;
    if (report) {
      const request: AuditedRequest = { route, status: response.statusCode, ...trace };
      appendFileSync(report, `${JSON.stringify(request)}\n`);
    }
    const outside = counted(trace.writesOutside);
    // One transaction, or one statement outside any: either is atomic.
    if (trace.writingTransactions + outside.length > 1 && allowed(route) === null)
      throw new Error(
        `${route} (answered ${response.statusCode}) is not one unit of work: ${trace.writingTransactions} transactions wrote` +
          (outside.length > 0 ? `, and it wrote outside any: ${outside.join(' | ')}` : '') +
          '. Make the use case one unit of work, or list the route in SEVERAL_UNITS (test/unit-of-work-audit.ts) with why.',
      );
    return response;
  };

  /** Whether this request is sent first with its commit failing: until one of its route's requests here writes. */
  const toFail = (route: string, options: InjectOptions) =>
    failing !== undefined &&
    process.env.UOW_FAIL_COMMITS !== '0' &&
    !failed.has(route) &&
    route.includes(' /api/v1/') &&
    replayable(options) &&
    allowed(route) === null &&
    !NOT_FAILED.some((entry) => entry.route.test(route));

  const traced = async (options: InjectOptions) => {
    const route = routeOf(options.method ?? 'GET', String(options.url ?? options.path ?? ''));
    if (toFail(route, options)) {
      const filesBefore = filesDir ? await filesUnder(filesDir) : [];
      // Files are compared only when no other request of the test ran meanwhile (they store their own).
      const startedBefore = started;
      const aloneAtStart = answering === 0;
      const trial = await send(options, true);
      const alone = aloneAtStart && started === startedBefore + 1;
      const { statusCode } = trial.response;
      const report = process.env.UOW_AUDIT_REPORT;
      if (report)
        appendFileSync(
          report,
          `${JSON.stringify({ route, failedCommit: trial.trace.writingTransactions > 0, status: statusCode })}\n`,
        );
      // No transaction wrote: nothing was failed, and the request is done (a refusal, say); the
      // route's next request is tried the same way, until one writes.
      if (trial.trace.writingTransactions === 0 && statusCode < 500) return judged(route, trial);
      failed.add(route);
      if (trial.trace.writingTransactions > 0 && statusCode < 500)
        throw new Error(
          `${route} answered ${statusCode} though the commit of its unit of work failed: the caller is told it worked when nothing was saved.`,
        );
      if (filesDir && alone) {
        const left = (await filesUnder(filesDir)).filter((file) => !filesBefore.includes(file));
        if (left.length > 0)
          throw new Error(
            `${route} left stored files behind when its unit of work failed: ${left.map((f) => f.slice(filesDir.length)).join(', ')}. Delete what was stored when the transaction fails.`,
          );
      }
    }
    return judged(route, await send(options, false));
  };
  // Only the promise form with options, for write methods; anything else goes straight through.
  const original = app.inject;
  Object.defineProperty(app, 'inject', {
    configurable: true,
    value: (...args: unknown[]) => {
      const [options, callback] = args as [unknown, unknown];
      if (
        callback === undefined &&
        typeof options === 'object' &&
        options !== null &&
        WRITE_METHODS.has(String((options as InjectOptions).method ?? 'GET').toUpperCase()) &&
        !(REQUEST_ID_HEADER in ((options as InjectOptions).headers ?? {}))
      )
        return traced(options as InjectOptions);
      return (original as (...a: unknown[]) => unknown).apply(app, args);
    },
  });
}
