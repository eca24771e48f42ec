import { z } from 'zod';
import { type NetworksEnv, networkProblems, networksFrom, ZNetworksEnv } from '../networks/config.ts';
import { booleanFlag, type ConfigProblem, optionalSecret, optionalUrl } from './config-fields.ts';
import { storageSettingsFrom, storageSettingsProblem } from './storage/settings.ts';

/** The platform's variables (README "Configuration"); each module validates its own beside it. */
const ZPlatformEnv = z
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
    /**
     * On SIGTERM, how long an api process keeps serving while not ready (every answer closing its
     * connection) before it stops listening: more than the balancer's health-check interval.
     */
    SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).default(0),
    OIDC_ISSUER: optionalUrl,
    OIDC_CLIENT_ID: z.string().default('portico-web'),
    OIDC_AUDIENCE: z.string().optional(),
    SMTP_URL: optionalUrl,
    /** Encrypts the authenticator keys of two-factor sign-in (32 bytes, base64); unset: a key kept in the database. */
    TWO_FACTOR_KEY: z
      .string()
      .refine(
        (value) => Buffer.from(value, 'base64').length === 32,
        'TWO_FACTOR_KEY must be 32 random bytes in base64 (openssl rand -base64 32)',
      )
      .optional(),
    /** The sender address of every mail. */
    MAIL_FROM: z.email().default('no-reply@portico.example'),
    /** Uploaded files: unset -> DATA_DIR/files, file://DIR, or s3://BUCKET/PREFIX?endpoint=URL&region=R (platform/storage/settings.ts). */
    STORAGE_URL: z.string().optional(),
    /** Credentials of an s3:// STORAGE_URL (AWS_SESSION_TOKEN only for temporary ones). */
    AWS_ACCESS_KEY_ID: z.string().min(1).optional(),
    AWS_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    AWS_SESSION_TOKEN: z.string().min(1).optional(),
    /** Seeds the demo data; like SANDBOX, it also allows the built-in sandboxes (networks, payments). */
    DEMO: booleanFlag,
    /** The built-in network sandbox and sandbox payment provider without demo data (tests, local work). */
    SANDBOX: booleanFlag,
    BRAND_NAME: z.string().min(1).default('Portico'),
    PRODUCT_CODE: z
      .string()
      .regex(/^[A-Z][A-Z0-9]*$/, 'PRODUCT_CODE must be upper-case letters and digits')
      .default('PORTICO'),
    RATE_LIMIT_MAX: z.coerce.number().int().positive().default(600),
    RATE_LIMIT_WINDOW_MS: z.coerce.number().int().positive().default(60_000),
    /** Days the raw network traffic (events, messages, settled metered messages, finished webhook deliveries) is kept (decision 0041). */
    RAW_EVENTS_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
    /** The bearer token Prometheus scrapes /metrics with; unset: /metrics answers 404. */
    METRICS_TOKEN: optionalSecret('METRICS_TOKEN', 16),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    WEB_DIST_DIR: z.string().optional(),
  })
  .extend(ZNetworksEnv.shape);

function platformConfigFrom(env: z.output<typeof ZPlatformEnv>) {
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  const networks: NetworksEnv = env;
  return {
    NODE_ENV: env.NODE_ENV,
    PORT: env.PORT,
    HOST: env.HOST,
    TRUST_PROXY: env.TRUST_PROXY,
    PUBLIC_URL: publicUrl,
    DATABASE_URL: env.DATABASE_URL,
    DATA_DIR: env.DATA_DIR,
    PORTICO_ROLE: env.PORTICO_ROLE,
    SHUTDOWN_DRAIN_MS: env.SHUTDOWN_DRAIN_MS,
    OIDC_ISSUER: env.OIDC_ISSUER ?? `${publicUrl}/oidc`,
    builtInOidc: env.OIDC_ISSUER === undefined,
    OIDC_CLIENT_ID: env.OIDC_CLIENT_ID,
    OIDC_AUDIENCE: env.OIDC_AUDIENCE ?? `${publicUrl}/api`,
    SMTP_URL: env.SMTP_URL,
    TWO_FACTOR_KEY: env.TWO_FACTOR_KEY,
    MAIL_FROM: env.MAIL_FROM,
    DEMO: env.DEMO,
    SANDBOX: env.SANDBOX,
    /** DEMO=1 or SANDBOX=1: the built-in sandboxes (networks, payments) may be used and mounted. */
    sandboxAllowed: env.DEMO || env.SANDBOX,
    BRAND_NAME: env.BRAND_NAME,
    PRODUCT_CODE: env.PRODUCT_CODE,
    RATE_LIMIT_MAX: env.RATE_LIMIT_MAX,
    RATE_LIMIT_WINDOW_MS: env.RATE_LIMIT_WINDOW_MS,
    RAW_EVENTS_RETENTION_DAYS: env.RAW_EVENTS_RETENTION_DAYS,
    METRICS_TOKEN: env.METRICS_TOKEN,
    LOG_LEVEL: env.LOG_LEVEL,
    WEB_DIST_DIR: env.WEB_DIST_DIR,
    networks: networksFrom(networks, publicUrl),
    storage: storageSettingsFrom(env),
  };
}
export type PlatformConfig = ReturnType<typeof platformConfigFrom>;

/**
 * A module's slice of the environment: a zod schema over the variables it reads, built with the
 * platform's settings at hand (for defaults derived from PUBLIC_URL, or rules that depend on DEMO).
 */
export type ModuleConfigSchema<Settings> = (platform: PlatformConfig) => z.ZodType<Settings>;

/** What loadConfig needs of a module: its name and, when it reads variables, its config schema. */
export interface ConfiguredModule {
  name: string;
  config?: ModuleConfigSchema<unknown> | undefined;
}

/** The whole configuration: the platform's settings and each module's, by module name. */
export type Config = PlatformConfig & { modules: Readonly<Record<string, unknown>> };

export class ConfigError extends Error {}

function problemsOf(error: z.ZodError): ConfigProblem[] {
  return error.issues.map((issue) => ({
    variable: issue.path.map(String).join('.') || '(env)',
    message: issue.message,
  }));
}

/**
 * Parses the environment once, at start: the platform's variables and every module's. Throws one
 * ConfigError naming every bad variable.
 */
export function loadPlatformConfig(
  env: Record<string, string | undefined>,
  modules: readonly ConfiguredModule[],
): Config {
  const parsed = ZPlatformEnv.safeParse(env);
  if (!parsed.success) throw configError(problemsOf(parsed.error));
  const problems: ConfigProblem[] = [];
  const storage = storageSettingsProblem(parsed.data);
  if (storage) problems.push({ variable: storage.variable, message: storage.message });
  const sandboxAllowed = parsed.data.DEMO || parsed.data.SANDBOX;
  problems.push(...networkProblems(parsed.data, sandboxAllowed));
  if (parsed.data.NODE_ENV === 'production' && !parsed.data.SMTP_URL && !sandboxAllowed) {
    problems.push({
      variable: 'SMTP_URL',
      message:
        'SMTP_URL is required in production: without it mail only reaches the dev mailbox (DEMO=1 or SANDBOX=1)',
    });
  }

  // Storage problems leave no settings to build the platform's from; the others are reported together.
  if (storage) throw configError(problems);
  const platform = platformConfigFrom(parsed.data);
  const settings: Record<string, unknown> = {};
  for (const module of modules) {
    if (!module.config) continue;
    const result = module.config(platform).safeParse(env);
    if (result.success) settings[module.name] = result.data;
    else problems.push(...problemsOf(result.error));
  }
  if (problems.length > 0) throw configError(problems);
  return { ...platform, modules: settings };
}

function configError(problems: ConfigProblem[]): ConfigError {
  const lines = problems.map((problem) => `  ${problem.variable}: ${problem.message}`);
  return new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
}
