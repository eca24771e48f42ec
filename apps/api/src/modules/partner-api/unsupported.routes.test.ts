import { ZCloudApiError, ZGoogleApiError, ZMaapError } from '@portico/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { freePort, type TestApp } from '../../../test/helpers.ts';
import { createPartnerApiApp } from '../../../test/partner-api.ts';

/**
 * Contract: every documented call of a network that Portico's shape does not serve answers in that
 * network's error shape, with its code for "not supported" (decision 0034): never the portal's
 * envelope (403 "Missing or invalid XSRF token", 404 naming an internal route) and never the web
 * app's page. The paths are the networks' own reference pages: Google's RBM REST reference
 * (rcsbusinessmessaging.googleapis.com) and Business Communications, Meta's WhatsApp Cloud API
 * (graph.facebook.com/{version}/...) and GSMA's MaaP Chatbot API (/bot/v1/{botId}/...). Calls that
 * are served (or being added by their own modules) are left out: they have their own tests.
 */

interface Call {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Relative to the shape's base URL, as the network's reference writes it. */
  path: string;
  /** A body as the partner's client would send it. */
  body?: string;
  contentType?: string;
}

const json = (value: unknown) => ({ body: JSON.stringify(value), contentType: 'application/json' });

/** Google's RBM (rcsbusinessmessaging) and Business Communications calls not served by Portico. */
const GOOGLE_CALLS: Call[] = [
  { method: 'POST', path: '/v1/phones/+12223334444/capability:requestCapabilityCallback', ...json({}) },
  {
    method: 'POST',
    path: '/v1/phones/+12223334444/dialogflowMessages?agentId=a',
    ...json({ messageId: 'm', query: 'hi' }),
  },
  { method: 'GET', path: '/v1/brands' },
  { method: 'POST', path: '/v1/brands', ...json({ displayName: 'Brand' }) },
  { method: 'GET', path: '/v1/brands/b1' },
  { method: 'PATCH', path: '/v1/brands/b1?updateMask=displayName', ...json({ displayName: 'B' }) },
  { method: 'DELETE', path: '/v1/brands/b1' },
  { method: 'POST', path: '/v1/brands/b1/agents', ...json({ displayName: 'Agent' }) },
  { method: 'PATCH', path: '/v1/brands/b1/agents/a1', ...json({ displayName: 'Agent' }) },
  { method: 'DELETE', path: '/v1/brands/b1/agents/a1' },
  { method: 'GET', path: '/v1/brands/b1/agents/a1/launch' },
  { method: 'POST', path: '/v1/brands/b1/agents/a1:requestLaunch', ...json({ agentLaunch: {} }) },
  { method: 'GET', path: '/v1/brands/b1/agents/a1/verification' },
  { method: 'POST', path: '/v1/brands/b1/agents/a1:requestVerification', ...json({}) },
  { method: 'GET', path: '/v1/regions' },
  { method: 'GET', path: '/v1/partners/p1' },
  { method: 'GET', path: '/v2/phones/+12223334444/capabilities' },
  { method: 'GET', path: '/' },
];

/** Meta's WhatsApp Cloud API calls (graph.facebook.com/{version}/...) not served by Portico. */
const WHATSAPP_CALLS: Call[] = [
  { method: 'GET', path: '/v21.0/106540352242922/whatsapp_business_profile?fields=about' },
  { method: 'POST', path: '/v21.0/106540352242922/whatsapp_business_profile', ...json({ about: 'Hi' }) },
  {
    method: 'POST',
    path: '/v21.0/106540352242922/register',
    ...json({ messaging_product: 'whatsapp', pin: '123456' }),
  },
  { method: 'POST', path: '/v21.0/106540352242922/deregister', ...json({}) },
  {
    method: 'POST',
    path: '/v21.0/106540352242922/request_code',
    ...json({ code_method: 'SMS', language: 'en' }),
  },
  { method: 'POST', path: '/v21.0/106540352242922/verify_code', ...json({ code: '123456' }) },
  { method: 'GET', path: '/v21.0/106540352242922/message_qrdls' },
  { method: 'POST', path: '/v21.0/106540352242922/message_qrdls', ...json({ prefilled_message: 'Hi' }) },
  { method: 'DELETE', path: '/v21.0/106540352242922/message_qrdls/ANED2T5QRU7HG1' },
  { method: 'POST', path: '/v21.0/106540352242922/block_users', ...json({ messaging_product: 'whatsapp' }) },
  { method: 'GET', path: '/v21.0/102290129340398/message_templates' },
  { method: 'POST', path: '/v21.0/102290129340398/message_templates', ...json({ name: 't' }) },
  { method: 'GET', path: '/v21.0/102290129340398/phone_numbers' },
  { method: 'GET', path: '/v21.0/106540352242922/messages' },
  { method: 'PUT', path: '/v21.0/106540352242922/messages', ...json({}) },
  { method: 'GET', path: '/' },
];

/** GSMA MaaP Chatbot API calls (server root + /bot/v1/{botId}/...) not served by Portico. */
const MAAP_CALLS: Call[] = [
  { method: 'GET', path: '/bot/v1/sip:bot@botplatform.example/messages' },
  { method: 'GET', path: '/bot/v1/sip:bot@botplatform.example/messages/m1/status' },
  { method: 'POST', path: '/bot/v1/sip:bot@botplatform.example/contactCapabilities', ...json({}) },
  {
    method: 'POST',
    path: '/bot/v1/sip:bot@botplatform.example/files',
    body: 'binary',
    contentType: 'image/png',
  },
  { method: 'GET', path: '/bot/v1/sip:bot@botplatform.example/files/f1' },
  { method: 'DELETE', path: '/bot/v1/sip:bot@botplatform.example/files/f1' },
  { method: 'GET', path: '/bot/v2/sip:bot@botplatform.example/messages' },
  { method: 'GET', path: '/' },
];

const SHAPES = [
  {
    name: 'Google (path prefix)',
    base: () => '/api/v1/partner/rbm',
    calls: GOOGLE_CALLS,
    status: 501,
    schema: ZGoogleApiError,
  },
  {
    name: 'WhatsApp',
    base: () => '/api/v1/partner/whatsapp',
    calls: WHATSAPP_CALLS,
    status: 400,
    schema: ZCloudApiError,
  },
  { name: 'MaaP', base: () => '/api/v1/partner/maap', calls: MAAP_CALLS, status: 501, schema: ZMaapError },
] as const;

let t: TestApp;
let googleOrigin: string;

beforeAll(async () => {
  const port = await freePort();
  googleOrigin = `http://127.0.0.1:${port}`;
  t = await createPartnerApiApp({ PARTNER_GOOGLE_PORT: String(port) });
});
afterAll(() => t.close());

/** What a network's "not supported" must look like, and nothing of the portal's. */
function expectNetworkError(
  status: number,
  body: string,
  headers: Record<string, unknown>,
  schema: z.ZodType,
) {
  expect(String(headers['content-type'])).toMatch(/^application\/json/);
  const parsed = JSON.parse(body) as Record<string, unknown>;
  expect(schema.safeParse(parsed).success, body).toBe(true);
  expect(parsed).not.toHaveProperty('status_code');
  expect(body).not.toMatch(/XSRF|Not found: /);
  return { status, parsed };
}

describe('calls a shape does not serve, in the network error shape', () => {
  for (const shape of SHAPES)
    describe(shape.name, () => {
      it.each(shape.calls.map((c) => [`${c.method} ${c.path}`, c] as const))('%s', async (_name, call) => {
        const response = await t.app.inject({
          method: call.method,
          url: `${shape.base()}${call.path}`,
          headers: {
            authorization: 'Bearer any-token',
            ...(call.contentType ? { 'content-type': call.contentType } : {}),
          },
          ...(call.body !== undefined ? { payload: call.body } : {}),
        });
        expect(response.statusCode, response.body).toBe(shape.status);
        const { parsed } = expectNetworkError(
          response.statusCode,
          response.body,
          response.headers,
          shape.schema,
        );
        if (shape.name === 'WhatsApp')
          expect(parsed).toMatchObject({
            error: { code: 100, error_subcode: 33, type: 'GraphMethodException' },
          });
        else if (shape.name === 'MaaP') expect(parsed).toMatchObject({ error: { code: 501 } });
        else expect(parsed).toMatchObject({ error: { code: 501, status: 'UNIMPLEMENTED' } });
      });
    });

  it.each(GOOGLE_CALLS.map((c) => [`${c.method} ${c.path}`, c] as const))(
    'Google origin (second port): %s',
    async (_name, call) => {
      const response = await fetch(`${googleOrigin}${call.path}`, {
        method: call.method,
        headers: {
          authorization: 'Bearer any-token',
          ...(call.contentType ? { 'content-type': call.contentType } : {}),
        },
        ...(call.body !== undefined ? { body: call.body } : {}),
      });
      const body = await response.text();
      expect(response.status, body).toBe(501);
      const { parsed } = expectNetworkError(
        response.status,
        body,
        Object.fromEntries(response.headers),
        ZGoogleApiError,
      );
      expect(parsed).toMatchObject({ error: { code: 501, status: 'UNIMPLEMENTED' } });
      expect((parsed as { error: { message: string } }).error.message).toContain(call.path.split('?')[0]);
    },
  );

  it('a call that is served still answers as itself at the Google origin (the wildcard loses to it)', async () => {
    const response = await fetch(
      `${googleOrigin}/v1/phones/+12223334444/capabilities?requestId=r&agentId=a`,
      {
        headers: { authorization: 'Bearer not-a-token' },
      },
    );
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: { code: 401, status: 'UNAUTHENTICATED' } });
  });

  it('a body of any type or size (past the body limit) is refused in the shape, unread', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/partner/rbm/v1/phones/+12223334444/dialogflowMessages',
      headers: { 'content-type': 'image/jpeg', authorization: 'Bearer t' },
      payload: Buffer.alloc(3_000_000, 1),
    });
    expect(response.statusCode).toBe(501);
    expect(ZGoogleApiError.parse(response.json()).error.status).toBe('UNIMPLEMENTED');
  });

  it("Google's paths at the portal's own origin answer Google's 404 naming the Google base URL, never the web app", async () => {
    for (const url of ['/v1/phones/+12223334444/capabilities?requestId=r', '/upload/v1/files']) {
      const response = await t.app.inject({ method: url.startsWith('/upload') ? 'POST' : 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(ZGoogleApiError.parse(response.json()).error).toMatchObject({
        code: 404,
        status: 'NOT_FOUND',
        message: expect.stringContaining(googleOrigin),
      });
    }
  });
});
