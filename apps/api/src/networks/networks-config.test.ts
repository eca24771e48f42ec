import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';

const KEY = {
  type: 'service_account',
  project_id: 'acme-rbm',
  private_key_id: 'abc123',
  private_key: generateKeyPairSync('rsa', { modulusLength: 2048 })
    .privateKey.export({ type: 'pkcs8', format: 'pem' })
    .toString(),
  client_email: 'rbm-agent@acme-rbm.iam.gserviceaccount.com',
  token_uri: 'https://oauth2.googleapis.com/token',
};
const REAL_RBM = {
  SANDBOX: '1',
  RBM_API_URL: 'https://rcsbusinessmessaging.googleapis.com',
  RBM_CLIENT_TOKEN: 'client-token',
};
const configError = (env: Record<string, string>): string => {
  try {
    loadConfig(env);
    return '';
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
};

describe('network configuration', () => {
  it('when no network URL is set then every connector points at the built-in sandbox', () => {
    const { networks } = loadConfig({ SANDBOX: '1', PUBLIC_URL: 'https://portal.example.com' });
    expect(networks.rbm).toMatchObject({
      sandbox: true,
      url: 'https://portal.example.com/sandbox/rbm',
      managementUrl: 'https://portal.example.com/sandbox/businesscommunications',
      // The sandbox's own service account (generated at start), through the sandbox's token endpoint.
      credentials: { kind: 'sandbox_generated', tokenUrl: 'https://portal.example.com/sandbox/oauth2/token' },
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
    expect(() => loadConfig({ SANDBOX: '1', WHATSAPP_API_URL: 'https://graph.facebook.com/v21.0' })).toThrow(
      ConfigError,
    );
    const missing = (() => {
      try {
        loadConfig({
          SANDBOX: '1',
          WHATSAPP_API_URL: 'https://graph.facebook.com/v21.0',
          WHATSAPP_ACCESS_TOKEN: 't',
        });
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
      SANDBOX: '1',
      RBM_API_URL: 'https://rcsbusinessmessaging.googleapis.com/',
      RBM_API_TOKEN: 'ya29.token',
      RBM_CLIENT_TOKEN: 'client-token',
      RBM_AGENT_ID: 'acme-agent',
    });
    expect(networks.rbm).toEqual({
      sandbox: false,
      url: 'https://rcsbusinessmessaging.googleapis.com',
      managementUrl: 'https://businesscommunications.googleapis.com',
      credentials: { kind: 'static', token: 'ya29.token' },
      clientToken: 'client-token',
      agentId: 'acme-agent',
    });
    expect(networks.maap.sandbox).toBe(true);
  });

  it('when RBM has a service-account key (JSON or a path) then tokens are minted from it at its token_uri', () => {
    const inline = loadConfig({ ...REAL_RBM, RBM_SERVICE_ACCOUNT_JSON: JSON.stringify(KEY) }).networks.rbm;
    expect(inline.credentials).toEqual({
      kind: 'service_account',
      key: expect.objectContaining({ client_email: KEY.client_email, private_key: KEY.private_key }),
      tokenUrl: 'https://oauth2.googleapis.com/token',
    });
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'rbm-key-')), 'key.json');
    writeFileSync(file, JSON.stringify({ ...KEY, token_uri: 'https://private.googleapis.com/token' }));
    const fromFile = loadConfig({
      ...REAL_RBM,
      RBM_SERVICE_ACCOUNT_JSON: file,
      RBM_MANAGEMENT_API_URL: 'https://bc.example.net/',
    }).networks.rbm;
    expect(fromFile.credentials).toMatchObject({
      kind: 'service_account',
      tokenUrl: 'https://private.googleapis.com/token',
    });
    expect(fromFile.managementUrl).toBe('https://bc.example.net');
    // RBM_API_TOKEN is the explicit override, even beside a key.
    expect(
      loadConfig({ ...REAL_RBM, RBM_SERVICE_ACCOUNT_JSON: file, RBM_API_TOKEN: 'ya29.static' }).networks.rbm
        .credentials,
    ).toEqual({ kind: 'static', token: 'ya29.static' });
  });

  it('when the sandbox is used with a configured key then the key goes through the sandbox token endpoint', () => {
    const { rbm } = loadConfig({
      SANDBOX: '1',
      PUBLIC_URL: 'http://localhost:3000',
      RBM_SERVICE_ACCOUNT_JSON: JSON.stringify(KEY),
    }).networks;
    expect(rbm.credentials).toMatchObject({
      kind: 'service_account',
      tokenUrl: 'http://localhost:3000/sandbox/oauth2/token',
    });
  });

  it('when a real RBM_API_URL has neither key nor static token then start-up asks for the key', () => {
    const message = configError(REAL_RBM);
    expect(message).toContain('RBM_SERVICE_ACCOUNT_JSON: RBM_SERVICE_ACCOUNT_JSON (the service-account key');
    expect(configError({ ...REAL_RBM, RBM_CLIENT_TOKEN: '', RBM_API_TOKEN: 't' })).toContain(
      'RBM_CLIENT_TOKEN is required when RBM_API_URL is set',
    );
  });

  it('when RBM_SERVICE_ACCOUNT_JSON is not a service-account key then start-up says why, without echoing it', () => {
    expect(configError({ ...REAL_RBM, RBM_SERVICE_ACCOUNT_JSON: '{"type": "service_account"' })).toContain(
      'RBM_SERVICE_ACCOUNT_JSON: the JSON cannot be parsed',
    );
    const noKey = configError({
      ...REAL_RBM,
      RBM_SERVICE_ACCOUNT_JSON: JSON.stringify({ ...KEY, private_key: 'secret-but-not-a-key' }),
    });
    expect(noKey).toContain('RBM_SERVICE_ACCOUNT_JSON: not a service-account key: private_key');
    expect(noKey).not.toContain('secret-but-not-a-key');
    expect(configError({ ...REAL_RBM, RBM_SERVICE_ACCOUNT_JSON: '/nowhere/key.json' })).toContain(
      'RBM_SERVICE_ACCOUNT_JSON: no key file can be read at /nowhere/key.json',
    );
  });

  it('when only the management URL is set then start-up asks for RBM_API_URL too', () => {
    expect(
      configError({ SANDBOX: '1', RBM_MANAGEMENT_API_URL: 'https://businesscommunications.googleapis.com' }),
    ).toContain('RBM_MANAGEMENT_API_URL needs RBM_API_URL');
  });

  it('when SANDBOX_BEHAVIOUR is not JSON then start-up says so', () => {
    expect(() => loadConfig({ SANDBOX: '1', SANDBOX_BEHAVIOUR: '{nope' })).toThrow(
      /SANDBOX_BEHAVIOUR must be JSON/,
    );
  });
});
