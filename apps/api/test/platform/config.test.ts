import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

describe('configuration', () => {
  it('when nothing is set but SANDBOX=1 then every default applies', () => {
    const config = loadConfig({ SANDBOX: '1' });
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

  describe("the Google origin (Google's shape at the root of an origin, decision 0027)", () => {
    const googleOf = (env: Record<string, string>) =>
      (loadConfig({ SANDBOX: '1', ...env }).modules['partner-credentials'] as { googleOrigin: unknown })
        .googleOrigin;

    it('when nothing is set then it is on, on the port after PORT, at PUBLIC_URL with that port', () => {
      expect(googleOf({})).toEqual({ port: 3001, url: 'http://localhost:3001' });
      expect(googleOf({ PORT: '8080', PUBLIC_URL: 'https://portal.example.com' })).toEqual({
        port: 8081,
        url: 'https://portal.example.com:8081',
      });
    });

    it('when PARTNER_GOOGLE_PORT and PARTNER_GOOGLE_URL are set then they are used; off turns it off', () => {
      expect(
        googleOf({ PARTNER_GOOGLE_PORT: '4444', PARTNER_GOOGLE_URL: 'https://rbm.portal.example.com/' }),
      ).toEqual({ port: 4444, url: 'https://rbm.portal.example.com' });
      expect(googleOf({ PARTNER_GOOGLE_PORT: 'off' })).toEqual({ port: null, url: null });
      expect(googleOf({ PORT: '0' })).toEqual({ port: null, url: null });
    });

    it('when PARTNER_GOOGLE_PORT is PORT or not a port then the start is refused, naming it', () => {
      for (const value of ['3000', 'on', '70000'])
        expect(() => loadConfig({ SANDBOX: '1', PARTNER_GOOGLE_PORT: value })).toThrow(/PARTNER_GOOGLE_PORT/);
    });
  });

  it('when variables are invalid then one ConfigError names each of them', () => {
    const attempt = () =>
      loadConfig({
        SANDBOX: '1',
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
    expect(() => loadConfig({ SANDBOX: '1', PAYMENT_PROVIDER: 'stripe' })).toThrow(
      /STRIPE_SECRET_KEY: STRIPE_SECRET_KEY is required when PAYMENT_PROVIDER=stripe[\s\S]*PAYMENT_WEBHOOK_SECRET/,
    );
    expect(
      loadConfig({
        SANDBOX: '1',
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_live_portico',
        PAYMENT_WEBHOOK_SECRET: 'whsec_0123456789abcdef',
      }).modules.wallet,
    ).toMatchObject({ provider: 'stripe', stripeApiUrl: 'https://api.stripe.com' });
  });

  describe('the built-in sandboxes exist only with DEMO=1 or SANDBOX=1', () => {
    const REAL_NETWORKS = {
      RBM_API_URL: 'https://rcsbusinessmessaging.googleapis.com',
      RBM_API_TOKEN: 'ya29.token',
      RBM_CLIENT_TOKEN: 'client-token',
      MAAP_API_URL: 'https://maap.example.net',
      MAAP_API_TOKEN: 'maap-token',
      MAAP_WEBHOOK_TOKEN: 'maap-webhook-token',
      WHATSAPP_API_URL: 'https://graph.facebook.com/v21.0',
      WHATSAPP_ACCESS_TOKEN: 'wa-token',
      WHATSAPP_APP_SECRET: 'wa-secret',
      WHATSAPP_VERIFY_TOKEN: 'wa-verify',
      SMS_API_URL: 'https://api.twilio.com',
      SMS_AUTH_TOKEN: 'twilio-token',
    };
    const STRIPE = {
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_live_portico',
      PAYMENT_WEBHOOK_SECRET: 'whsec_0123456789abcdef',
    };
    const problem = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return '';
      } catch (error) {
        return (error as Error).message;
      }
    };

    it('when production has no payment provider then it refuses to start, naming PAYMENT_PROVIDER', () => {
      const message = problem({ NODE_ENV: 'production', ...REAL_NETWORKS });
      expect(message).toMatch(/PAYMENT_PROVIDER: PAYMENT_PROVIDER is required \(stripe\)/);
    });

    it('when the sandbox payment provider is asked for without DEMO or SANDBOX then it is refused', () => {
      const message = problem({ NODE_ENV: 'production', ...REAL_NETWORKS, PAYMENT_PROVIDER: 'sandbox' });
      expect(message).toContain('PAYMENT_PROVIDER=sandbox needs DEMO=1 or SANDBOX=1');
    });

    it('when production leaves network URLs unset then it refuses to start, naming each variable', () => {
      const message = problem({ NODE_ENV: 'production', ...STRIPE });
      for (const name of ['RBM_API_URL', 'MAAP_API_URL', 'WHATSAPP_API_URL', 'SMS_API_URL'])
        expect(message).toContain(
          `${name}: ${name} is required: the built-in network sandbox runs only with`,
        );
    });

    it('when every network and the payment provider are real then production starts without the sandbox', () => {
      const config = loadConfig({
        NODE_ENV: 'production',
        ...REAL_NETWORKS,
        ...STRIPE,
        SMTP_URL: 'smtp://mail.example.net:587',
      });
      expect(config.sandboxAllowed).toBe(false);
      expect(
        Object.values(config.networks).filter(
          (n) => typeof n === 'object' && n && 'sandbox' in n && n.sandbox,
        ),
      ).toEqual([]);
    });

    it('when DEMO=1 or SANDBOX=1 then the sandboxes stand in for everything unset', () => {
      for (const flag of ['DEMO', 'SANDBOX']) {
        const config = loadConfig({ NODE_ENV: 'production', [flag]: '1' });
        expect(config.sandboxAllowed).toBe(true);
        expect(config.networks.rbm.sandbox).toBe(true);
        expect(config.modules.wallet).toMatchObject({ provider: 'sandbox' });
      }
    });
  });

  // Loading the whole app through tsx in a child process: slow on a busy machine, so a longer timeout.
  it('when the server is started with a bad environment then it prints the problem and exits 1', {
    timeout: 90_000,
  }, () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'apps/api/src/main.ts')], {
      cwd: root,
      env: { PATH: process.env.PATH, PORTICO_ROLE: 'everything', PORT: '-5' },
      encoding: 'utf8',
      timeout: 80_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Invalid configuration:');
    expect(result.stderr).toContain('PORTICO_ROLE');
    expect(result.stderr).toContain('PORT');
    expect(result.stderr).not.toMatch(/at .*\.ts:\d+/);
  });
});
