// Finding 8 (issue 10): bad input is a 4xx in the envelope, never a 500: NUL characters (which
// PostgreSQL text refuses), a truncated multipart upload, signed payment webhooks that name no
// top-up, a ZodError thrown outside the route schemas, and database "not this type" errors.
import { NUL_CHARACTER_MESSAGE } from '@portico/domain/contracts/fields';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SIGNATURE_HEADER, sandboxWebhookSecret, signWebhook } from '../../src/modules/wallet/payments.ts';
import { ok } from '../../src/platform/http/envelope.ts';
import { createTestApp, expectEnvelope, type TestApp, xsrfHeaders } from '../helpers.ts';

let t: TestApp;
let secret: string;

/** Routes that fail the way a forgotten rule would: a parse in the handler, a value the database refuses. */
const probes: FastifyPluginAsyncZod = async (app) => {
  app.get('/probe/parse-in-handler', async (request) =>
    ok(z.object({ n: z.coerce.number().int() }).parse(request.query)),
  );
  app.get('/probe/database-refuses', async (request) => {
    const { value, type } = request.query as { value: string; type: string };
    const cast = type === 'uuid' ? '$1::uuid' : '$1::text';
    await t.database.sql.query(`select ${cast} as v`, [value]);
    return ok(null);
  });
};

beforeAll(async () => {
  t = await createTestApp({ extraRoutes: { api: [probes] } });
  secret = await sandboxWebhookSecret(t.database, undefined);
});
afterAll(() => t.close());

const NUL = '\u0000';

describe('NUL characters', () => {
  it('when a name has a NUL character then setup-user-details answers 400 naming the field', async () => {
    const { user } = await t.factories.account(null, { user: { status: 'pending_setup' } });
    const token = await t.tokenFor(user.userId);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/secure/setup-user-details',
      headers: { authorization: `Bearer ${token}`, ...xsrfHeaders() },
      payload: { firstName: `Ada${NUL}`, lastName: 'Lovelace' },
    });
    const body = expectEnvelope(response, 400);
    expect(body.message).toContain('firstName');
    expect(body.message).toContain(NUL_CHARACTER_MESSAGE);
  });

  it('when a company name has a NUL character then update-company-details answers 400', async () => {
    const response = await t.injectAs(null, {
      method: 'POST',
      url: '/api/v1/secure/update-company-details',
      payload: {
        company: { name: `Acme${NUL}Ltd`, website: 'https://acme.example', industryTypeId: 1 },
        address: { line1: '1 Road', city: 'Pune', postalCode: '411001', countryId: 'IN', state: `M${NUL}` },
      },
    });
    expect(expectEnvelope(response, 400).message).toContain('company.name');
  });

  it('when the wallet history is searched for %00abc then 400', async () => {
    const response = await t.injectAs(null, {
      method: 'GET',
      url: '/api/v1/secure/wallet/transactions?search=%00abc',
    });
    expect(expectEnvelope(response, 400).message).toContain('search');
  });

  it.each([
    '/api/v1/reference/countries?search=%00',
    '/api/v1/secure/pricing?search=a%00b',
    '/api/v1/secure/audit-log?email=%00',
  ])('when %s is asked for then 4xx, not 500', async (url) => {
    const response = await t.injectAs('SUPER_ADMIN_PORTICO', { method: 'GET', url });
    expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
    expect(response.statusCode, response.body).toBeLessThan(500);
  });

  it('when an invitation names someone with a NUL character then 400', async () => {
    const response = await t.injectAs('SUPER_ADMIN_PORTICO', {
      method: 'POST',
      url: '/api/v1/secure/users/invite',
      payload: {
        email: 'nul-invite@portico.test',
        firstName: `N${NUL}`,
        lastName: 'X',
        role: 'MARKETING_ADMIN',
      },
    });
    expectEnvelope(response, 400);
  });

  it('when the profile form has a NUL character in a name then 400', async () => {
    const boundary = 'nulprofile';
    const payload = `--${boundary}\r\nContent-Disposition: form-data; name="firstName"\r\n\r\nA${NUL}B\r\n--${boundary}--\r\n`;
    const response = await t.injectAs(null, {
      method: 'POST',
      url: '/api/v1/secure/update-partner-profile',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expectEnvelope(response, 400);
  });
});

describe('a truncated multipart upload', () => {
  it('when the body stops in the middle of the picture then 400 in the envelope', async () => {
    const boundary = 'truncatedupload';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="firstName"\r\n\r\nAda\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="profile_image"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
    const halfAPicture = Buffer.from('89504e470d0a1a0a0000000d49484452000000', 'hex');
    const response = await t.injectAs(null, {
      method: 'POST',
      url: '/api/v1/secure/update-partner-profile',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([head, halfAPicture]),
    });
    const body = expectEnvelope(response, 400);
    expect(body.message).toMatch(/cut off|multipart/);
  });

  it('when the boundary is broken from the start then 4xx', async () => {
    const response = await t.injectAs(null, {
      method: 'POST',
      url: '/api/v1/secure/update-partner-profile',
      headers: { 'content-type': 'multipart/form-data; boundary=abc' },
      payload: 'this is not multipart at all',
    });
    expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
    expect(response.statusCode, response.body).toBeLessThan(500);
  });
});

describe('signed payment webhooks that name no top-up', () => {
  const signed = (body: string) =>
    t.app.inject({
      method: 'POST',
      url: '/payments/webhooks/sandbox',
      headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signWebhook(secret, body) },
      payload: body,
    });

  it('when topup_id is "not-a-uuid" then 400', async () => {
    expectEnvelope(await signed(JSON.stringify({ topup_id: 'not-a-uuid', outcome: 'succeeded' })), 400);
  });

  it.each(['null', '[]', '"text"', '42', '{}'])('when the body is %s then 400', async (body) => {
    expectEnvelope(await signed(body), 400);
  });

  it('when the top-up id is a UUID nobody issued then 404', async () => {
    const body = JSON.stringify({ topup_id: '00000000-0000-4000-8000-000000000000', outcome: 'succeeded' });
    expectEnvelope(await signed(body), 404);
  });

  it('when the sandbox checkout is opened for an id that is no UUID then 400, not 500', async () => {
    expectEnvelope(await t.app.inject({ method: 'GET', url: '/payments/sandbox/checkout/not-a-uuid' }), 400);
  });
});

describe('errors raised outside the route schemas', () => {
  it('when a handler parses with zod and the input is wrong then 400 in the envelope naming the field', async () => {
    const body = expectEnvelope(
      await t.app.inject({ method: 'GET', url: '/api/v1/probe/parse-in-handler?n=x' }),
      400,
    );
    expect(body.message).toContain("'n'");
    expect(body.data).toEqual([expect.objectContaining({ field: 'n' })]);
  });

  it.each([
    ['a NUL character in text', 'text', 'a\u0000b'],
    ['a value that is no UUID', 'uuid', 'not-a-uuid'],
  ])('when the database refuses %s then 400 in the envelope', async (_label, type, value) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/probe/database-refuses?type=${type}&value=${encodeURIComponent(value)}`,
    });
    expectEnvelope(response, 400);
  });
});
