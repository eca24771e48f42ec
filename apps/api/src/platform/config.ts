import { z } from 'zod';
import { storageSettingsFrom, storageSettingsProblem } from './storage/settings.ts';

const booleanFlag = z
  .enum(['0', '1', 'true', 'false', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true');

const optionalUrl = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined))
  .pipe(z.url().optional());

/** Every setting comes from the environment and is validated once, at start (see README "Configuration"). */
export const ZConfig = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('127.0.0.1'),
    /** Set behind a load balancer so rate limits and sign-in throttling see the client's address. */
    TRUST_PROXY: booleanFlag,
    PUBLIC_URL: optionalUrl,
    DATABASE_URL: optionalUrl,
    DATA_DIR: z.string().default('./.data'),
    PORTICO_ROLE: z.enum(['all', 'api', 'worker']).default('all'),
    OIDC_ISSUER: optionalUrl,
    OIDC_CLIENT_ID: z.string().default('portico-web'),
    OIDC_AUDIENCE: z.string().optional(),
    SMTP_URL: optionalUrl,
    /** The sender address of every mail. */
    MAIL_FROM: z.email().default('no-reply@portico.example'),
    /** GEOLOCATION_URL unset -> the offline country database; set -> an HTTP provider answering {country_code} for `{ip}`. */
    GEOLOCATION_URL: optionalUrl,
    /** Uploaded files: unset -> DATA_DIR/files, file://DIR, or s3://BUCKET/PREFIX?endpoint=URL&region=R (platform/storage/settings.ts). */
    STORAGE_URL: z.string().optional(),
    /** Credentials of an s3:// STORAGE_URL (AWS_SESSION_TOKEN only for temporary ones). */
    AWS_ACCESS_KEY_ID: z.string().min(1).optional(),
    AWS_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    AWS_SESSION_TOKEN: z.string().min(1).optional(),
    REDIS_URL: optionalUrl,
    RBM_API_URL: optionalUrl,
    MAAP_API_URL: optionalUrl,
    WHATSAPP_API_URL: optionalUrl,
    DEMO: booleanFlag,
    BRAND_NAME: z.string().min(1).default('Portico'),
    PRODUCT_CODE: z
      .string()
      .regex(/^[A-Z][A-Z0-9]*$/, 'PRODUCT_CODE must be upper-case letters and digits')
      .default('PORTICO'),
    ANALYTICS_DASHBOARD_URL: optionalUrl,
    FIREWALL_TOOL_URL: optionalUrl,
    RATE_LIMIT_MAX: z.coerce.number().int().positive().default(600),
    RATE_LIMIT_WINDOW_MS: z.coerce.number().int().positive().default(60_000),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    WEB_DIST_DIR: z.string().optional(),
    // ---- wallet ----
    /** The payment provider of top-ups; only the built-in sandbox exists so far. */
    PAYMENT_PROVIDER: z.enum(['sandbox', 'stripe']).default('sandbox'),
    /** Stripe Checkout (PAYMENT_PROVIDER=stripe): the API base, the secret key; the webhook signing secret is PAYMENT_WEBHOOK_SECRET. */
    STRIPE_API_URL: z.url().default('https://api.stripe.com'),
    STRIPE_SECRET_KEY: z.string().min(8).optional(),
    /** Secret that signs payment webhooks; unset: one generated into app_secrets. */
    PAYMENT_WEBHOOK_SECRET: z.string().min(16).optional(),
    // ---- networks ---- (apps/api/src/networks; unset URL -> the built-in sandbox with its dev secrets)
    RBM_API_TOKEN: z.string().optional(),
    RBM_CLIENT_TOKEN: z.string().optional(),
    RBM_AGENT_ID: z.string().min(1).default('portico-test-agent'),
    MAAP_API_TOKEN: z.string().optional(),
    MAAP_WEBHOOK_TOKEN: z.string().optional(),
    MAAP_BOT_ID: z.string().min(1).default('portico-test-bot'),
    WHATSAPP_ACCESS_TOKEN: z.string().optional(),
    WHATSAPP_APP_SECRET: z.string().optional(),
    WHATSAPP_VERIFY_TOKEN: z.string().optional(),
    WHATSAPP_PHONE_NUMBER_ID: z.string().min(1).default('100000000000001'),
    WHATSAPP_WABA_ID: z.string().min(1).default('200000000000001'),
    // SMS gateway (Twilio's Messages API shape) for one-time passwords where RCS cannot reach
    SMS_API_URL: z.url().optional(),
    SMS_ACCOUNT_SID: z.string().min(1).default('ACsandbox00000000000000000000000'),
    SMS_AUTH_TOKEN: z.string().optional(),
    /** An E.164 number, an alphanumeric sender id, or a Messaging Service SID (MG...). */
    SMS_FROM: z.string().min(1).default('PORTICO'),
    NETWORK_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
    NETWORK_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(10).default(3),
    /** JSON of the mounted sandbox's behaviour (apps/sandbox/README.md), e.g. {"deliveryDelayMs":100}. */
    SANDBOX_BEHAVIOUR: z
      .string()
      .optional()
      .transform((v, issue) => {
        if (!v) return undefined;
        try {
          return JSON.parse(v) as Record<string, unknown>;
        } catch {
          issue.addIssue({ code: 'custom', message: 'SANDBOX_BEHAVIOUR must be JSON' });
          return z.NEVER;
        }
      }),
  })
  .superRefine((env, issues) => {
    if (env.PAYMENT_PROVIDER === 'stripe') {
      for (const name of ['STRIPE_SECRET_KEY', 'PAYMENT_WEBHOOK_SECRET'] as const) {
        if (!env[name])
          issues.addIssue({
            code: 'custom',
            path: [name],
            message: `${name} is required when PAYMENT_PROVIDER=stripe`,
          });
      }
    }
    for (const [url, secrets] of NETWORK_SECRETS) {
      if (!env[url]) continue;
      for (const secret of secrets) {
        if (!env[secret])
          issues.addIssue({
            code: 'custom',
            path: [secret],
            message: `${secret} is required when ${url} is set`,
          });
      }
    }
    // ---- storage ----
    const storage = storageSettingsProblem(env);
    if (storage) issues.addIssue({ code: 'custom', path: [storage.variable], message: storage.message });
  })
  .transform((env) => {
    const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
    return {
      ...env,
      networks: networksFrom(env, publicUrl),
      storage: storageSettingsFrom(env),
      PUBLIC_URL: publicUrl,
      OIDC_ISSUER: env.OIDC_ISSUER ?? `${publicUrl}/oidc`,
      builtInOidc: env.OIDC_ISSUER === undefined,
      OIDC_AUDIENCE: env.OIDC_AUDIENCE ?? `${publicUrl}/api`,
      ANALYTICS_DASHBOARD_URL: env.ANALYTICS_DASHBOARD_URL ?? `${publicUrl}/analytics-dashboard`,
      FIREWALL_TOOL_URL: env.FIREWALL_TOOL_URL ?? `${publicUrl}/firewall`,
    };
  });

export type Config = z.output<typeof ZConfig>;

// ---- networks ----
type NetworkEnv = {
  RBM_API_URL?: string | undefined;
  RBM_API_TOKEN?: string | undefined;
  RBM_CLIENT_TOKEN?: string | undefined;
  RBM_AGENT_ID: string;
  MAAP_API_URL?: string | undefined;
  MAAP_API_TOKEN?: string | undefined;
  MAAP_WEBHOOK_TOKEN?: string | undefined;
  MAAP_BOT_ID: string;
  WHATSAPP_API_URL?: string | undefined;
  WHATSAPP_ACCESS_TOKEN?: string | undefined;
  WHATSAPP_APP_SECRET?: string | undefined;
  WHATSAPP_VERIFY_TOKEN?: string | undefined;
  WHATSAPP_PHONE_NUMBER_ID: string;
  WHATSAPP_WABA_ID: string;
  SMS_API_URL?: string | undefined;
  SMS_ACCOUNT_SID: string;
  SMS_AUTH_TOKEN?: string | undefined;
  SMS_FROM: string;
  NETWORK_TIMEOUT_MS: number;
  NETWORK_MAX_ATTEMPTS: number;
};

/** A real network needs its credentials; the sandbox works with well-known development ones. */
const NETWORK_SECRETS = [
  ['RBM_API_URL', ['RBM_API_TOKEN', 'RBM_CLIENT_TOKEN']],
  ['MAAP_API_URL', ['MAAP_API_TOKEN', 'MAAP_WEBHOOK_TOKEN']],
  ['WHATSAPP_API_URL', ['WHATSAPP_ACCESS_TOKEN', 'WHATSAPP_APP_SECRET', 'WHATSAPP_VERIFY_TOKEN']],
  ['SMS_API_URL', ['SMS_AUTH_TOKEN']],
] as const;

/** Where each connector sends, with what, and what our webhook checks; unset URL -> the sandbox. */
function networksFrom(env: NetworkEnv, publicUrl: string) {
  const sandbox = `${publicUrl}/sandbox`;
  return {
    timeoutMs: env.NETWORK_TIMEOUT_MS,
    maxAttempts: env.NETWORK_MAX_ATTEMPTS,
    rbm: {
      sandbox: !env.RBM_API_URL,
      url: (env.RBM_API_URL ?? `${sandbox}/rbm`).replace(/\/$/, ''),
      token: env.RBM_API_TOKEN ?? 'sandbox-rbm-token',
      clientToken: env.RBM_CLIENT_TOKEN ?? 'sandbox-rbm-client-token',
      agentId: env.RBM_AGENT_ID,
    },
    maap: {
      sandbox: !env.MAAP_API_URL,
      url: (env.MAAP_API_URL ?? `${sandbox}/maap`).replace(/\/$/, ''),
      token: env.MAAP_API_TOKEN ?? 'sandbox-maap-token',
      webhookToken: env.MAAP_WEBHOOK_TOKEN ?? 'sandbox-maap-webhook-token',
      botId: env.MAAP_BOT_ID,
    },
    whatsapp: {
      sandbox: !env.WHATSAPP_API_URL,
      url: (env.WHATSAPP_API_URL ?? `${sandbox}/whatsapp/v21.0`).replace(/\/$/, ''),
      token: env.WHATSAPP_ACCESS_TOKEN ?? 'sandbox-whatsapp-token',
      appSecret: env.WHATSAPP_APP_SECRET ?? 'sandbox-whatsapp-app-secret',
      verifyToken: env.WHATSAPP_VERIFY_TOKEN ?? 'sandbox-whatsapp-verify-token',
      phoneNumberId: env.WHATSAPP_PHONE_NUMBER_ID,
      wabaId: env.WHATSAPP_WABA_ID,
    },
    sms: {
      sandbox: !env.SMS_API_URL,
      url: (env.SMS_API_URL ?? `${sandbox}/sms`).replace(/\/$/, ''),
      accountSid: env.SMS_ACCOUNT_SID,
      authToken: env.SMS_AUTH_TOKEN ?? 'sandbox-sms-token',
      from: env.SMS_FROM,
    },
  };
}
export type NetworksConfig = ReturnType<typeof networksFrom>;

export class ConfigError extends Error {}

/** Parses the environment; throws a ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = ZConfig.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map(
      (issue) => `  ${issue.path.join('.') || '(env)'}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}
