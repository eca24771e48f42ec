// The security suite's fuzz (issue 10): every route of the API, public and secure, taken from the
// server's own registry, is called with inputs fast-check builds from the route's zod schemas
// (params, query, body), mixed with hostile values (NUL characters, huge numbers, bad UUIDs,
// markup, path tricks) and arbitrary JSON. Whatever comes in, the answer is never a 5xx.
import { can } from '@portico/domain';
import fc from 'fast-check';
import type { FastifySchema } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { RegisteredRoute } from '../../src/server.ts';
import { SUBJECTS } from '../authz-matrix.ts';
import type { Subject } from '../factories.ts';
import { createTestApp, type TestApp, xsrfHeaders } from '../helpers.ts';

/** Calls per route (FUZZ_RUNS raises it for a longer hunt). */
const RUNS = Number(process.env.FUZZ_RUNS ?? 25);

let t: TestApp;
beforeAll(async () => {
  // Listening: a valid test message goes through a connector to the mounted sandbox over HTTP.
  t = await createTestApp({ listen: true });
});
afterAll(() => t.close());

const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '%00',
  '%2e%2e%2f',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '😀'.repeat(50),
  'x'.repeat(5000),
  'not-a-uuid',
  '00000000-0000-4000-8000-000000000000',
  '+919876543210',
  'https://example.com/x.png',
  'javascript:alert(1)',
  '2026-02-30',
  '1e309',
  '-1',
  '99999999999999999999999',
  'NaN',
  'null',
  '{"a":1}',
  '__proto__',
];
const hostileString = fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom(...HOSTILE_STRINGS));
const hostileNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -1, 2 ** 31, 2 ** 53, Number.MAX_VALUE, -Number.MAX_VALUE, 1e-300),
);
const junk = fc.oneof(
  hostileString,
  hostileNumber,
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 2 }),
);

type Def = { type: string } & Record<string, unknown>;
const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;

/** Values shaped like the schema (often valid, often subtly not), or junk in its place. */
function arbitraryFor(schema: unknown, depth = 0): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  if (depth > 6) return junk;
  const shaped = ((): fc.Arbitrary<unknown> => {
    switch (def.type) {
      case 'string':
        return hostileString;
      case 'number':
      case 'int':
      case 'bigint':
        return hostileNumber;
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      case 'enum':
        return fc.constantFrom(...Object.values(def.entries as Record<string, unknown>));
      case 'literal':
        return fc.constantFrom(...(def.values as unknown[]));
      case 'array':
        return fc.array(arbitraryFor(def.element, depth + 1), { maxLength: 4 });
      case 'object': {
        const shape = (def.shape ?? {}) as Record<string, unknown>;
        const fields = Object.fromEntries(
          Object.entries(shape).map(([k, v]) => [k, arbitraryFor(v, depth + 1)]),
        );
        return fc.record(fields, { requiredKeys: [] });
      }
      case 'record':
        return fc.dictionary(fc.string({ maxLength: 8 }), arbitraryFor(def.valueType, depth + 1), {
          maxKeys: 3,
        });
      case 'optional':
      case 'nullable':
      case 'default':
      case 'prefault':
      case 'readonly':
      case 'catch':
      case 'nonoptional':
        return fc.oneof(arbitraryFor(def.innerType, depth + 1), fc.constant(undefined), fc.constant(null));
      case 'union':
        return fc.oneof(...(def.options as unknown[]).map((o) => arbitraryFor(o, depth + 1)));
      case 'intersection':
        return arbitraryFor(def.left, depth + 1);
      case 'pipe':
        return arbitraryFor(def.in, depth + 1);
      case 'lazy':
        return arbitraryFor((def.getter as () => unknown)(), depth + 1);
      default:
        return junk;
    }
  })();
  return fc.oneof({ arbitrary: shaped, weight: 4 }, { arbitrary: junk, weight: 1 });
}

const zodPart = (schema: FastifySchema | undefined, part: 'params' | 'querystring' | 'body') => {
  const value = (schema as Record<string, unknown> | undefined)?.[part];
  return value && typeof value === 'object' && '_zod' in value ? (value as z.ZodType) : undefined;
};

/** A query string from a generated object: arrays repeat the key, anything else as text. */
function queryOf(value: unknown): string {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return '';
  const params = new URLSearchParams();
  for (const [key, v] of Object.entries(value)) {
    for (const item of Array.isArray(v) ? v : [v]) {
      if (item === undefined) continue;
      params.append(key, typeof item === 'object' ? JSON.stringify(item) : String(item));
    }
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The route's URL with each parameter replaced by a generated value. */
function urlOf(pattern: string, params: unknown): string {
  const values = (params && typeof params === 'object' ? params : {}) as Record<string, unknown>;
  // Fastify's `::` is a literal colon (Google's `users:batchGet`), not a parameter.
  return pattern.replace(/::|:([A-Za-z_]+)|\*$/g, (match, name: string | undefined) => {
    if (match === '::') return ':';
    const value = values[name ?? '*'];
    if (value === undefined || value === null) return 'x';
    // An object path value (fast-check makes ones like {toString: null}, which String() throws on)
    // goes as its JSON, as a client sending garbage would.
    return encodeURIComponent(typeof value === 'object' ? JSON.stringify(value) : String(value));
  });
}

/**
 * A messaging network's own "not supported" (Google's 501 UNIMPLEMENTED, MaaP's 501) that the
 * partner shapes answer on purpose for a path they do not serve (decision 0034): an answer about
 * the request, not a failure of the server.
 */
function networkNotSupported(response: { statusCode: number; body: string }): boolean {
  if (response.statusCode !== 501) return false;
  try {
    const parsed: unknown = JSON.parse(response.body);
    const error = (parsed as { error?: { code?: unknown } } | null)?.error;
    return error?.code === 501;
  } catch {
    return false;
  }
}

/** A subject the policy lets perform the route's action (the fuzz probes input, not authorisation). */
function subjectFor(action: unknown): Subject | 'none' {
  if (typeof action !== 'string') return 'none';
  return SUBJECTS.find((subject) => can(subject, action as Parameters<typeof can>[1])) ?? 'none';
}

function fuzzableRoutes(): { route: RegisteredRoute; method: string }[] {
  return t.server.routes
    .filter((route) => route.url.startsWith('/api/') || route.url.startsWith('/payments/'))
    .filter((route) => !route.url.startsWith('/api/docs'))
    .flatMap((route) =>
      [route.method]
        .flat()
        .filter((m) => m !== 'HEAD' && m !== 'OPTIONS')
        .map((method) => ({ route, method })),
    );
}

describe('schema fuzz of every route', () => {
  it('finds the public and the secure routes in the registry', () => {
    const urls = fuzzableRoutes().map(({ route }) => route.url);
    expect(urls).toContain('/api/v1/accounts/sign-up');
    expect(urls).toContain('/api/v1/secure/wallet/topups');
    expect(urls.length).toBeGreaterThan(40);
  });

  it('never answers 5xx, whatever the input', { timeout: 600_000 }, async () => {
    const failures: string[] = [];
    for (const { route, method } of fuzzableRoutes()) {
      const schema = route.schema;
      const subject = subjectFor(route.config?.action);
      const token = subject === 'none' ? null : (await t.accountOf(subject)).token;
      const input = fc.record({
        params: zodPart(schema, 'params') ? arbitraryFor(zodPart(schema, 'params')) : fc.constant({}),
        query: zodPart(schema, 'querystring')
          ? arbitraryFor(zodPart(schema, 'querystring'))
          : fc.constant({}),
        body: zodPart(schema, 'body') ? arbitraryFor(zodPart(schema, 'body')) : junk,
        rawBody: fc.boolean(),
      });
      await fc
        .assert(
          fc.asyncProperty(input, async ({ params, query, body, rawBody }) => {
            const withBody = method !== 'GET' && method !== 'DELETE';
            const payload =
              rawBody && typeof body === 'string'
                ? body
                : body === undefined
                  ? undefined
                  : JSON.stringify(body);
            const response = await t.app.inject({
              method: method as 'GET',
              url: `${urlOf(route.url, params)}${queryOf(query)}`,
              headers: {
                ...xsrfHeaders(),
                ...(token ? { authorization: `Bearer ${token}` } : {}),
                ...(withBody && payload !== undefined ? { 'content-type': 'application/json' } : {}),
              },
              ...(withBody && payload !== undefined ? { payload } : {}),
            });
            if (response.statusCode >= 500 && !networkNotSupported(response)) {
              failures.push(
                `${method} ${route.url} -> ${response.statusCode} ${response.body.slice(0, 120)} for ${urlOf(route.url, params)}${queryOf(query)} ${String(payload).slice(0, 400)}`,
              );
              return false;
            }
            return true;
          }),
          { numRuns: RUNS },
        )
        .catch((error: unknown) => {
          failures.push(String(error).split('\n').slice(0, 6).join('\n'));
        });
    }
    expect(failures).toEqual([]);
  });
});
