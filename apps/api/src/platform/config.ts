import { z } from 'zod';

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
    STORAGE_URL: z.string().optional(),
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
  })
  .transform((env) => {
    const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
    return {
      ...env,
      PUBLIC_URL: publicUrl,
      OIDC_ISSUER: env.OIDC_ISSUER ?? `${publicUrl}/oidc`,
      builtInOidc: env.OIDC_ISSUER === undefined,
      OIDC_AUDIENCE: env.OIDC_AUDIENCE ?? `${publicUrl}/api`,
      ANALYTICS_DASHBOARD_URL: env.ANALYTICS_DASHBOARD_URL ?? `${publicUrl}/analytics-dashboard`,
      FIREWALL_TOOL_URL: env.FIREWALL_TOOL_URL ?? `${publicUrl}/firewall`,
    };
  });

export type Config = z.output<typeof ZConfig>;

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
