import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../platform/config.ts';

describe('network configuration', () => {
  it('when no network URL is set then every connector points at the built-in sandbox', () => {
    const { networks } = loadConfig({ PUBLIC_URL: 'https://portal.example.com' });
    expect(networks.rbm).toMatchObject({
      sandbox: true,
      url: 'https://portal.example.com/sandbox/rbm',
      agentId: 'portico-test-agent',
    });
    expect(networks.maap).toMatchObject({ sandbox: true, url: 'https://portal.example.com/sandbox/maap' });
    expect(networks.whatsapp).toMatchObject({
      sandbox: true,
      url: 'https://portal.example.com/sandbox/whatsapp/v21.0',
    });
    expect(networks).toMatchObject({ timeoutMs: 10_000, maxAttempts: 3 });
  });

  it('when a real network URL is set without its credentials then start-up names each missing one', () => {
    expect(() => loadConfig({ WHATSAPP_API_URL: 'https://graph.facebook.com/v21.0' })).toThrow(ConfigError);
    const missing = (() => {
      try {
        loadConfig({ WHATSAPP_API_URL: 'https://graph.facebook.com/v21.0', WHATSAPP_ACCESS_TOKEN: 't' });
        return '';
      } catch (error) {
        return (error as Error).message;
      }
    })();
    expect(missing).toContain(
      'WHATSAPP_APP_SECRET: WHATSAPP_APP_SECRET is required when WHATSAPP_API_URL is set',
    );
    expect(missing).toContain('WHATSAPP_VERIFY_TOKEN');
    expect(missing).not.toContain('WHATSAPP_ACCESS_TOKEN');
  });

  it('when a real network is configured then its URL and secrets are used, the others stay on the sandbox', () => {
    const { networks } = loadConfig({
      RBM_API_URL: 'https://rcsbusinessmessaging.googleapis.com/',
      RBM_API_TOKEN: 'ya29.token',
      RBM_CLIENT_TOKEN: 'client-token',
      RBM_AGENT_ID: 'acme-agent',
    });
    expect(networks.rbm).toEqual({
      sandbox: false,
      url: 'https://rcsbusinessmessaging.googleapis.com',
      token: 'ya29.token',
      clientToken: 'client-token',
      agentId: 'acme-agent',
    });
    expect(networks.maap.sandbox).toBe(true);
  });

  it('when SANDBOX_BEHAVIOUR is not JSON then start-up says so', () => {
    expect(() => loadConfig({ SANDBOX_BEHAVIOUR: '{nope' })).toThrow(/SANDBOX_BEHAVIOUR must be JSON/);
  });
});
