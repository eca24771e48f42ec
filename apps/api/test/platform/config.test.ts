import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/platform/config.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

describe('configuration', () => {
  it('when nothing is set then every default applies', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      PORTICO_ROLE: 'all',
      PUBLIC_URL: 'http://localhost:3000',
      OIDC_ISSUER: 'http://localhost:3000/oidc',
      OIDC_AUDIENCE: 'http://localhost:3000/api',
      DEMO: false,
      RATE_LIMIT_MAX: 600,
      RATE_LIMIT_WINDOW_MS: 60_000,
    });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('when variables are invalid then one ConfigError names each of them', () => {
    const attempt = () =>
      loadConfig({
        PORT: 'eighty',
        PORTICO_ROLE: 'everything',
        DATABASE_URL: 'not a url',
        RATE_LIMIT_MAX: '0',
      });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const message = (error as Error).message;
      for (const name of ['PORT', 'PORTICO_ROLE', 'DATABASE_URL', 'RATE_LIMIT_MAX'])
        expect(message).toContain(`  ${name}: `);
    }
  });

  it('when Stripe is the payment provider then its secret key and webhook secret are required', () => {
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'stripe' })).toThrow(
      /STRIPE_SECRET_KEY: STRIPE_SECRET_KEY is required when PAYMENT_PROVIDER=stripe[\s\S]*PAYMENT_WEBHOOK_SECRET/,
    );
    expect(
      loadConfig({
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_live_portico',
        PAYMENT_WEBHOOK_SECRET: 'whsec_0123456789abcdef',
      }).STRIPE_API_URL,
    ).toBe('https://api.stripe.com');
  });

  it('when the server is started with a bad environment then it prints the problem and exits 1', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'apps/api/src/main.ts')], {
      cwd: root,
      env: { PATH: process.env.PATH, PORTICO_ROLE: 'everything', PORT: '-5' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Invalid configuration:');
    expect(result.stderr).toContain('PORTICO_ROLE');
    expect(result.stderr).toContain('PORT');
    expect(result.stderr).not.toMatch(/at .*\.ts:\d+/);
  });
});
