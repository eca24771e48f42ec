import { z } from 'zod';
import { type ConfigProblem, optionalUrl } from '../platform/config-fields.ts';
import { GOOGLE_TOKEN_URL, readServiceAccountKey, type ServiceAccountKey } from './google-auth.ts';

/** Google's Business Communications API: RBM agents and brands (the RBM Management API). */
const GOOGLE_BUSINESS_COMMUNICATIONS_URL = 'https://businesscommunications.googleapis.com';

/** The networks' variables (README "Configuration"); an unset URL means the built-in sandbox. */
export const ZNetworksEnv = z.object({
  /** RBM messaging: https://rcsbusinessmessaging.googleapis.com; unset: the sandbox. */
  RBM_API_URL: optionalUrl,
  /** Agents and brands (Business Communications); default Google's when RBM_API_URL is set. */
  RBM_MANAGEMENT_API_URL: optionalUrl,
  /** The service-account key (its JSON, or a path to the file) that mints RBM access tokens. */
  RBM_SERVICE_ACCOUNT_JSON: z
    .string()
    .optional()
    .transform((value, issue): ServiceAccountKey | undefined => {
      if (!value?.trim()) return undefined;
      try {
        return readServiceAccountKey(value);
      } catch (error) {
        issue.addIssue({ code: 'custom', message: `RBM_SERVICE_ACCOUNT_JSON: ${(error as Error).message}` });
        return z.NEVER;
      }
    }),
  MAAP_API_URL: optionalUrl,
  WHATSAPP_API_URL: optionalUrl,
  /** A static bearer token instead of the service account: an explicit override. */
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
  WHATSAPP_APP_ID: z.string().min(1).default('300000000000001'),
  /** SMS gateway (Twilio's Messages API shape) for one-time passwords where RCS cannot reach. */
  SMS_API_URL: optionalUrl,
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
});
export type NetworksEnv = z.output<typeof ZNetworksEnv>;

/** A real network needs its credentials; the sandbox works with well-known development ones. */
const NETWORK_SECRETS = [
  ['RBM_API_URL', ['RBM_CLIENT_TOKEN']],
  ['MAAP_API_URL', ['MAAP_API_TOKEN', 'MAAP_WEBHOOK_TOKEN']],
  ['WHATSAPP_API_URL', ['WHATSAPP_ACCESS_TOKEN', 'WHATSAPP_APP_SECRET', 'WHATSAPP_VERIFY_TOKEN']],
  ['SMS_API_URL', ['SMS_AUTH_TOKEN']],
] as const;

/**
 * What the networks' settings lack: a real network's credentials, and, without DEMO=1 or
 * SANDBOX=1, a real URL for every network (the sandbox and its published secrets exist only then).
 */
export function networkProblems(env: NetworksEnv, sandboxAllowed: boolean): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  for (const [url, secrets] of NETWORK_SECRETS) {
    if (!env[url]) {
      if (!sandboxAllowed) {
        problems.push({
          variable: url,
          message: `${url} is required: the built-in network sandbox runs only with DEMO=1 or SANDBOX=1`,
        });
      }
      continue;
    }
    for (const secret of secrets) {
      if (!env[secret])
        problems.push({ variable: secret, message: `${secret} is required when ${url} is set` });
    }
  }
  if (env.RBM_API_URL && !env.RBM_SERVICE_ACCOUNT_JSON && !env.RBM_API_TOKEN) {
    problems.push({
      variable: 'RBM_SERVICE_ACCOUNT_JSON',
      message:
        'RBM_SERVICE_ACCOUNT_JSON (the service-account key, or a path to it) is required when RBM_API_URL is set; RBM_API_TOKEN is the static-token override',
    });
  }
  if (env.RBM_MANAGEMENT_API_URL && !env.RBM_API_URL) {
    problems.push({
      variable: 'RBM_MANAGEMENT_API_URL',
      message: 'RBM_MANAGEMENT_API_URL needs RBM_API_URL: both go to Google, or both to the sandbox',
    });
  }
  return problems;
}

/**
 * How RBM calls are authorised: the static token when set (an explicit override), else the
 * service-account key, else (sandbox only) the sandbox's own generated account, resolved at start.
 * Against the sandbox the token endpoint is always the sandbox's; against Google, the key's token_uri.
 */
type RbmCredentialsSetting =
  | { kind: 'static'; token: string }
  | { kind: 'service_account'; key: ServiceAccountKey; tokenUrl: string }
  | { kind: 'sandbox_generated'; tokenUrl: string };

function rbmCredentials(env: NetworksEnv, sandboxTokenUrl: string): RbmCredentialsSetting {
  if (env.RBM_API_TOKEN) return { kind: 'static', token: env.RBM_API_TOKEN };
  if (!env.RBM_API_URL) {
    return env.RBM_SERVICE_ACCOUNT_JSON
      ? { kind: 'service_account', key: env.RBM_SERVICE_ACCOUNT_JSON, tokenUrl: sandboxTokenUrl }
      : { kind: 'sandbox_generated', tokenUrl: sandboxTokenUrl };
  }
  // A real RBM_API_URL without a key is refused by networkProblems; the empty token never goes out.
  if (!env.RBM_SERVICE_ACCOUNT_JSON) return { kind: 'static', token: '' };
  const key = env.RBM_SERVICE_ACCOUNT_JSON;
  return { kind: 'service_account', key, tokenUrl: key.token_uri ?? GOOGLE_TOKEN_URL };
}

/** Where each connector sends, with what, and what our webhook checks; unset URL -> the sandbox. */
export function networksFrom(env: NetworksEnv, publicUrl: string) {
  const sandbox = `${publicUrl}/sandbox`;
  return {
    timeoutMs: env.NETWORK_TIMEOUT_MS,
    maxAttempts: env.NETWORK_MAX_ATTEMPTS,
    /** The mounted sandbox's behaviour, when the sandbox is in use. */
    sandboxBehaviour: env.SANDBOX_BEHAVIOUR,
    /** The mounted sandbox's handsets, where its users reply and tap (the demo's users do). */
    sandboxHandsetsUrl: `${sandbox}/api/handsets`,
    rbm: {
      sandbox: !env.RBM_API_URL,
      url: (env.RBM_API_URL ?? `${sandbox}/rbm`).replace(/\/$/, ''),
      managementUrl: (
        env.RBM_MANAGEMENT_API_URL ??
        (env.RBM_API_URL ? GOOGLE_BUSINESS_COMMUNICATIONS_URL : `${sandbox}/businesscommunications`)
      ).replace(/\/$/, ''),
      credentials: rbmCredentials(env, `${sandbox}/oauth2/token`),
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
      appId: env.WHATSAPP_APP_ID,
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

/** Whether any network goes to the built-in sandbox (which is then mounted at /sandbox). */
export function usesSandbox(networks: NetworksConfig): boolean {
  return [networks.rbm, networks.maap, networks.whatsapp, networks.sms].some((link) => link.sandbox);
}
