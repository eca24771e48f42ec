import { z } from 'zod';
import type { SandboxObject } from './store.ts';

/**
 * How the sandbox behaves. Every instance keeps its own copy (set at start, changed at run time with
 * PUT /sandbox/config); see apps/sandbox/README.md for each knob.
 */
export const ZSandboxBehaviour = z.object({
  rateLimits: z
    .object({
      enabled: z.boolean().default(true),
      /** WhatsApp Cloud API default throughput per business phone number. */
      whatsappPerSecond: z.number().int().positive().default(80),
      rbmPerSecond: z.number().int().positive().default(300),
      maapPerSecond: z.number().int().positive().default(300),
      /** Twilio's default for a long code is one message per second; a short code or service is higher. */
      smsPerSecond: z.number().int().positive().default(100),
      /**
       * Beyond the WhatsApp limit: `reject` answers HTTP 429 with error 130429; `fail` accepts the
       * message and then posts a `failed` status with 130429 (both happen on the real network).
       */
      whatsappOverLimit: z.enum(['reject', 'fail']).default('reject'),
    })
    .prefault({}),
  /** Send delivery (and read) receipts to the webhooks at all. */
  receipts: z.boolean().default(true),
  deliveryDelayMs: z.number().int().min(0).max(600_000).default(300),
  /** Read receipts follow delivery by this much; null: only when a person opens the handset. */
  readDelayMs: z.number().int().min(0).max(600_000).nullable().default(1500),
  /** Share of accepted messages that are never delivered (WhatsApp 131026, MaaP failed, RBM no receipt). */
  failureRatio: z.number().min(0).max(1).default(0),
  /** Share of API calls answered 503 (a network having a bad minute), to exercise retries. */
  serverErrorRatio: z.number().min(0).max(1).default(0),
  /** WhatsApp templates: names containing "reject" are REJECTED, "pause" APPROVED then PAUSED, others APPROVED. */
  templateReviewDelayMs: z.number().int().min(0).max(600_000).default(1000),
  /** RBM agents: verification and launch requests are VERIFIED / LAUNCHED after this delay. */
  agentReviewDelayMs: z.number().int().min(0).max(600_000).default(1000),
  /**
   * Share of launch requests the network turns down after the review delay (RBM region
   * LAUNCH_STATE_REJECTED with a comment, MaaP launch `rejected` with a reason): the carrier's "no".
   */
  launchRejectionRatio: z.number().min(0).max(1).default(0),
});
export type SandboxBehaviour = z.output<typeof ZSandboxBehaviour>;
export type SandboxBehaviourInput = z.input<typeof ZSandboxBehaviour>;

export interface SandboxWebhooks {
  /** Where RBM events go, signed X-Goog-Signature = base64(HMAC-SHA512(clientToken, body)). */
  rbm?: { url: string; clientToken: string };
  /** Where MaaP events go, with Authorization: Bearer <token>. */
  maap?: { url: string; token: string };
  /** Where WhatsApp webhooks go, signed X-Hub-Signature-256 = sha256=hex(HMAC-SHA256(appSecret, body)). */
  whatsapp?: { url: string; appSecret: string };
}

/** A Google service account the sandbox's token endpoint knows: its email and public key (PEM). */
export interface GoogleServiceAccount {
  clientEmail: string;
  /** The public half of the service account's key, PEM (SPKI or X.509 certificate). */
  publicKey: string;
}

/**
 * Where the sandbox keeps its network objects across restarts, as a real network keeps its agents:
 * loaded once before the first call is answered, saved (the whole set) shortly after each change
 * and when the sandbox closes. Without one, the objects live as long as the process.
 */
export interface SandboxPersistence {
  load(): Promise<SandboxObject[]>;
  save(objects: SandboxObject[]): Promise<void>;
}

export interface SandboxOptions {
  behaviour?: SandboxBehaviourInput;
  webhooks?: SandboxWebhooks;
  /**
   * Bearer tokens the sandbox's network APIs accept; unset: any non-empty bearer token. For Google
   * (RBM and Business Communications) only when no service account is given below.
   */
  credentials?: { rbm?: string; maap?: string; whatsapp?: string; sms?: string };
  /**
   * Google service accounts whose signed assertions the token endpoint (/oauth2/token) exchanges
   * for access tokens. When any is given, the RBM and Business Communications APIs accept only the
   * access tokens the sandbox issued (with the API's scope), like Google. A function is called on
   * the first token request (an account whose key is made on first use).
   */
  googleServiceAccounts?: GoogleServiceAccount[] | (() => Promise<GoogleServiceAccount[]>);
  persistence?: SandboxPersistence;
  /** The prefix the plugin is mounted at (links in the handset page); default /sandbox. */
  mountPath?: string;
}

/** RCS capability in the sandbox: numbers ending in 0 are not RCS-capable, every other number is. */
export function isRcsCapable(msisdn: string): boolean {
  return !msisdn.endsWith('0');
}

/** WhatsApp reachability in the sandbox: numbers ending in 9 are not on WhatsApp (error 131026). */
export function isOnWhatsApp(msisdn: string): boolean {
  return !msisdn.endsWith('9');
}
