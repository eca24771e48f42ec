import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { PaymentOutcome } from '@portico/domain';
import { z } from 'zod';
import type { Database } from '../../platform/db/index.ts';
import { BadRequestError, UnauthorizedError } from '../../platform/http/errors.ts';
import { loadOrCreateSecret } from '../../platform/security/secrets.ts';
import { createCheckoutTokens } from './checkout-token.ts';

export type { PaymentOutcome } from '@portico/domain';

export interface PaymentEvent {
  topupId: string;
  outcome: PaymentOutcome;
  providerReference: string | null;
}

/**
 * A payment provider: a hosted checkout the browser is sent to, and a signed webhook that tells us
 * the outcome. The sandbox provider implements it; a real provider is one more implementation
 * selected by PAYMENT_PROVIDER.
 */
export interface PaymentProvider {
  readonly name: string;
  /** Opens the hosted checkout of a top-up: where the browser goes to pay, and the provider's id for it. */
  createCheckout(topup: CheckoutRequest): Promise<{ url: string; reference: string | null }>;
  /**
   * Verifies the signature of a webhook call over its raw body and reads the event; throws 401 when
   * forged. Null: a genuine event that says nothing about a top-up's outcome (acknowledged, ignored).
   */
  verifyWebhook(headers: Record<string, string | string[] | undefined>, rawBody: string): PaymentEvent | null;
}

export interface CheckoutRequest {
  topupId: string;
  /** Micro-units of `currency`. */
  amount: bigint;
  currency: string;
  /** Who started the top-up (the sandbox's checkout accepts a confirmation only from them). */
  userId?: string;
  /** The XSRF cookie of the browser that started it (the sandbox binds its checkout to it). */
  browser?: string | null;
}

export const SIGNATURE_HEADER = 'x-payment-signature';
/** A signature older than this is refused (replay window); late deliveries are re-signed by the provider. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;
export const SANDBOX_CHECKOUT_PREFIX = '/payments/sandbox/checkout';
export const WEBHOOK_PREFIX = '/payments/webhooks';

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`, as Stripe-style providers sign. */
export function signWebhook(
  secret: string,
  rawBody: string,
  timestamp = Math.floor(Date.now() / 1000),
): string {
  const mac = createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');
  return `t=${timestamp},v1=${mac}`;
}

export const headerValue = (value: string | string[] | undefined) =>
  Array.isArray(value) ? value[0] : value;

export function verifySignature(
  secret: string,
  header: string | undefined,
  rawBody: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): boolean {
  if (!header) return false;
  const pairs = header.split(',').map((part) => {
    const [key, ...value] = part.trim().split('=');
    return [key ?? '', value.join('=')] as const;
  });
  const timestamp = Number(pairs.find(([key]) => key === 't')?.[1]);
  // Several v1 signatures while a provider rotates its secret: any one matching is enough.
  const given = pairs
    .filter(([key, value]) => key === 'v1' && /^[0-9a-f]{64}$/.test(value))
    .map(([, v]) => v);
  if (!Number.isInteger(timestamp) || given.length === 0) return false;
  if (Math.abs(nowSeconds - timestamp) > SIGNATURE_TOLERANCE_SECONDS) return false;
  const expected = Buffer.from(
    createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex'),
    'hex',
  );
  return given.some((signature) => timingSafeEqual(expected, Buffer.from(signature, 'hex')));
}

const OUTCOMES = ['succeeded', 'failed', 'abandoned'] as const satisfies readonly PaymentOutcome[];
/** The sandbox's webhook body: which top-up, what happened, its payment id. */
const ZSandboxEvent = z.object({
  topup_id: z.uuid(),
  outcome: z.enum(OUTCOMES),
  payment_id: z.string().max(200).optional(),
});

/** The sandbox provider's webhook secret: PAYMENT_WEBHOOK_SECRET, else one generated into app_secrets. */
export async function sandboxWebhookSecret(
  database: Database,
  configured: string | undefined,
): Promise<string> {
  if (configured) return configured;
  return loadOrCreateSecret(database, 'payments.sandbox.webhook_secret', () =>
    randomBytes(32).toString('hex'),
  );
}

/**
 * The built-in sandbox provider: our own hosted checkout page (Pay / Fail / Abandon), opened with a
 * checkout token for the user and browser that started the top-up (checkout-token.ts).
 */
export function createSandboxProvider(secret: string): PaymentProvider {
  const tokens = createCheckoutTokens(secret);
  return {
    name: 'sandbox',
    async createCheckout({ topupId, userId, browser }) {
      if (!userId) throw new Error('the sandbox checkout needs the user who starts the top-up');
      const token = await tokens.issue({ topupId, userId, browser: browser ?? null });
      return { url: `${SANDBOX_CHECKOUT_PREFIX}/${topupId}?token=${token}`, reference: null };
    },
    verifyWebhook(headers, rawBody) {
      const header = headers[SIGNATURE_HEADER];
      if (!verifySignature(secret, Array.isArray(header) ? header[0] : header, rawBody)) {
        throw new UnauthorizedError('Invalid webhook signature.');
      }
      let body: unknown;
      try {
        body = JSON.parse(rawBody);
      } catch {
        throw new BadRequestError('The webhook body is not JSON.');
      }
      const parsed = ZSandboxEvent.safeParse(body);
      if (!parsed.success) throw new BadRequestError('The webhook names no top-up or an unknown outcome.');
      const event = parsed.data;
      return { topupId: event.topup_id, outcome: event.outcome, providerReference: event.payment_id ?? null };
    },
  };
}
