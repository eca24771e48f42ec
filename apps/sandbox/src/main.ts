/**
 * The sandbox on its own: `npm start -w @portico/sandbox`. Environment:
 * SANDBOX_PORT (default 3900), SANDBOX_HOST (127.0.0.1), SANDBOX_WEBHOOK_BASE (where the bot's
 * webhooks live, e.g. http://localhost:3000/api/v1/network-events; unset: events are not sent),
 * SANDBOX_RBM_CLIENT_TOKEN, SANDBOX_MAAP_TOKEN, SANDBOX_WHATSAPP_APP_SECRET (webhook signing),
 * SANDBOX_BEHAVIOUR (JSON, see options.ts), SANDBOX_GOOGLE_SERVICE_ACCOUNT (a Google service account
 * key file, its JSON or a path: the token endpoint then exchanges its assertions, and the RBM APIs
 * accept only the tokens issued; unset: any bearer token).
 */
import { createPublicKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import { sandboxPlugin } from './index.ts';
import type { SandboxOptions } from './options.ts';

const env = process.env;
const webhookBase = env.SANDBOX_WEBHOOK_BASE?.replace(/\/$/, '');
/** The key file's client_email and the public half of its private_key. */
function serviceAccountOf(value: string) {
  const key = JSON.parse(value.trim().startsWith('{') ? value : readFileSync(value, 'utf8')) as {
    client_email: string;
    private_key: string;
  };
  const publicKey = createPublicKey(key.private_key).export({ type: 'spki', format: 'pem' }).toString();
  return { clientEmail: key.client_email, publicKey };
}

const options: SandboxOptions = {
  mountPath: '/sandbox',
  ...(env.SANDBOX_GOOGLE_SERVICE_ACCOUNT
    ? { googleServiceAccounts: [serviceAccountOf(env.SANDBOX_GOOGLE_SERVICE_ACCOUNT)] }
    : {}),
  ...(env.SANDBOX_BEHAVIOUR ? { behaviour: JSON.parse(env.SANDBOX_BEHAVIOUR) } : {}),
  ...(webhookBase
    ? {
        webhooks: {
          rbm: {
            url: `${webhookBase}/rbm`,
            clientToken: env.SANDBOX_RBM_CLIENT_TOKEN ?? 'sandbox-rbm-client-token',
          },
          maap: { url: `${webhookBase}/maap`, token: env.SANDBOX_MAAP_TOKEN ?? 'sandbox-maap-webhook-token' },
          whatsapp: {
            url: `${webhookBase}/whatsapp`,
            appSecret: env.SANDBOX_WHATSAPP_APP_SECRET ?? 'sandbox-whatsapp-app-secret',
          },
        },
      }
    : {}),
};

const app = Fastify({ logger: { level: env.LOG_LEVEL ?? 'info' } });
await app.register(sandboxPlugin, { ...options, prefix: '/sandbox' });
const port = Number(env.SANDBOX_PORT ?? 3900);
await app.listen({ port, host: env.SANDBOX_HOST ?? '127.0.0.1' });
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => void app.close().then(() => process.exit(0)));
