import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTHZ_MATRIX, SUBJECTS, subjectName } from './authz-matrix.ts';
import { createTestApp, expectEnvelope, type TestApp, xsrfHeaders } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  // Listening: the allowed test sends go through a connector to the mounted sandbox over HTTP.
  t = await createTestApp({ listen: true });
});
afterAll(() => t.close());

describe('authorisation matrix', () => {
  it('lists every secure route with the policy action it declares', () => {
    const registered = t.server.secureRoutes.map((r) => `${r.method} ${r.url} ${r.action}`).sort();
    const listed = AUTHZ_MATRIX.map((e) => `${e.method} ${e.url} ${e.action}`).sort();
    expect(listed).toEqual(registered);
  });

  for (const entry of AUTHZ_MATRIX) {
    describe(`${entry.method} ${entry.url}`, () => {
      it('when called without a token then 401', async () => {
        // With the XSRF pair, so a mutating call is refused for the missing token, not the missing pair.
        const response = await t.app.inject({
          method: entry.method,
          url: entry.path ?? entry.url,
          headers: xsrfHeaders(),
        });
        expectEnvelope(response, 401);
      });

      it.each(SUBJECTS.map((s) => [subjectName(s), s] as const))('as %s', async (_name, subject) => {
        const response = await t.injectAs(subject, {
          method: entry.method,
          url: entry.path ?? entry.url,
          ...(entry.payload !== undefined ? { payload: entry.payload as object } : {}),
        });
        const okStatus =
          typeof entry.okStatus === 'function' ? entry.okStatus(subject) : (entry.okStatus ?? 200);
        if (entry.allowed.includes(subject) && entry.download && okStatus === 200) {
          expect(response.statusCode, response.body).toBe(200);
          expect(response.headers['content-disposition']).toMatch(/^attachment;/);
        } else if (entry.allowed.includes(subject)) {
          const body = expectEnvelope(response, okStatus);
          if (entry.okMessage) expect(body.message).toMatch(entry.okMessage);
        } else {
          const body = expectEnvelope(response, 403);
          expect(body.message).toBe('You are not allowed to do this.');
        }
      });
    });
  }
});
