import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.ts';

interface OpenApiDocument {
  openapi: string;
  info: { title: string };
  paths: Record<
    string,
    Record<
      string,
      { security?: unknown; parameters?: { name: string; in: string }[]; responses: Record<string, unknown> }
    >
  >;
  components: { securitySchemes: Record<string, unknown> };
}

let t: TestApp;
let doc: OpenApiDocument;
beforeAll(async () => {
  t = await createTestApp();
  const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(response.statusCode).toBe(200);
  doc = response.json<OpenApiDocument>();
});
afterAll(() => t.close());

describe('OpenAPI at /api/docs', () => {
  it('is OpenAPI 3.0 generated from the zod contracts of every API route', () => {
    expect(doc.openapi).toBe('3.0.3');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/healthz',
        '/readyz',
        '/api/v1/app-config',
        '/api/v1/secure/partner-details',
        '/api/v1/secure/reference-token',
        '/api/v1/reference/countries',
        '/api/v1/reference/carriers',
        '/api/v1/reference/categories',
        '/api/v1/reference/industry-types',
        '/api/v1/reference/hosting-regions',
        '/api/v1/reference/document-types',
        '/api/v1/reference/agent-message-types',
        '/api/v1/reference/billing-categories',
        '/api/v1/reference/supported-platforms',
      ]),
    );
  });

  it('leaves out the identity provider and the docs themselves', () => {
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/oidc') || p.startsWith('/api/docs'))).toEqual(
      [],
    );
  });

  it('marks secure routes as needing the Bearer token, and only those', () => {
    expect(doc.components.securitySchemes.bearerAuth).toEqual({
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'JWT',
    });
    expect(doc.paths['/api/v1/secure/partner-details']?.get?.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.paths['/api/v1/reference/countries']?.get?.security).toBeUndefined();
  });

  it('documents query parameters and the enveloped response shapes', () => {
    const countries = doc.paths['/api/v1/reference/countries']?.get;
    expect(countries?.parameters?.map((p) => `${p.in}:${p.name}`)).toEqual(
      expect.arrayContaining(['query:start', 'query:end', 'query:search']),
    );
    const details = JSON.stringify(doc.paths['/api/v1/secure/partner-details']?.get?.responses['200']);
    for (const field of [
      'status_code',
      'partners_profile',
      'admin_carrier_list',
      'profile_completed',
      'carrier_name',
    ]) {
      expect(details).toContain(field);
    }
  });
});
