import { BadRequestError, ServiceUnavailableError, UnauthorizedError } from '../../platform/http/errors.ts';
import { headerValue, type PaymentEvent, type PaymentProvider, verifySignature } from './payments.ts';

export const STRIPE_SIGNATURE_HEADER = 'stripe-signature';
const TIMEOUT_MS = 15_000;
/** Stripe amounts are in the currency's minor unit (cents for USD); ours are micro-units. */
const MICROS_PER_MINOR_UNIT = 10_000n;

export interface StripeOptions {
  apiUrl: string;
  secretKey: string;
  webhookSecret: string;
  /** Where Stripe sends the browser back: the wallet page, with the top-up id. */
  returnUrl: (topupId: string, outcome: 'done' | 'cancelled') => string;
  brandName: string;
  fetchImpl?: typeof fetch;
}

interface StripeSession {
  id?: unknown;
  url?: unknown;
  client_reference_id?: unknown;
  metadata?: { topup_id?: unknown } | null;
  payment_status?: unknown;
  payment_intent?: unknown;
}

/**
 * Stripe Checkout as the payment provider (PAYMENT_PROVIDER=stripe): a Checkout Session per top-up
 * (`POST /v1/checkout/sessions`, form-encoded, the top-up id as client_reference_id and metadata),
 * and its webhook events signed in the `Stripe-Signature` header (`t=…,v1=…`, HMAC-SHA256 of
 * "t.body" with the endpoint's signing secret). Paid sessions credit; expired ones are abandoned.
 */
export function createStripeProvider(options: StripeOptions): PaymentProvider {
  const fetchImpl = options.fetchImpl ?? fetch;
  return {
    name: 'stripe',

    async createCheckout({ topupId, amount, currency }) {
      if (amount % MICROS_PER_MINOR_UNIT !== 0n) {
        throw new BadRequestError('Amount must be a whole number of cents.');
      }
      const form = new URLSearchParams({
        mode: 'payment',
        client_reference_id: topupId,
        'metadata[topup_id]': topupId,
        'payment_intent_data[metadata][topup_id]': topupId,
        success_url: options.returnUrl(topupId, 'done'),
        cancel_url: options.returnUrl(topupId, 'cancelled'),
        'line_items[0][quantity]': '1',
        'line_items[0][price_data][currency]': currency.toLowerCase(),
        'line_items[0][price_data][unit_amount]': (amount / MICROS_PER_MINOR_UNIT).toString(),
        'line_items[0][price_data][product_data][name]': `${options.brandName} wallet top-up`,
      });
      let response: Response;
      try {
        response = await fetchImpl(`${options.apiUrl.replace(/\/$/, '')}/v1/checkout/sessions`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${options.secretKey}`,
            'content-type': 'application/x-www-form-urlencoded',
            // Stripe's own idempotency: a retried creation returns the same session.
            'idempotency-key': `topup-${topupId}`,
          },
          body: form.toString(),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch {
        throw new ServiceUnavailableError('The payment provider cannot be reached. Please try again.');
      }
      const session = (await response.json().catch(() => ({}))) as StripeSession & {
        error?: { message?: unknown };
      };
      if (!response.ok || typeof session.url !== 'string' || typeof session.id !== 'string') {
        if (response.status >= 400 && response.status < 500 && typeof session.error?.message === 'string') {
          throw new BadRequestError(`The payment provider refused the top-up: ${session.error.message}`);
        }
        throw new ServiceUnavailableError(
          'The payment provider could not open a checkout. Please try again.',
        );
      }
      return { url: session.url, reference: session.id };
    },

    verifyWebhook(headers, rawBody): PaymentEvent | null {
      if (!verifySignature(options.webhookSecret, headerValue(headers[STRIPE_SIGNATURE_HEADER]), rawBody)) {
        throw new UnauthorizedError('Invalid webhook signature.');
      }
      let event: { type?: unknown; data?: { object?: StripeSession } };
      try {
        event = JSON.parse(rawBody);
      } catch {
        throw new BadRequestError('The webhook body is not JSON.');
      }
      const session = event.data?.object;
      const topupId = session?.metadata?.topup_id ?? session?.client_reference_id;
      const outcome = outcomeOf(event.type, session?.payment_status);
      if (!outcome) return null;
      if (typeof topupId !== 'string') throw new BadRequestError('The webhook names no top-up.');
      const reference = typeof session?.payment_intent === 'string' ? session.payment_intent : session?.id;
      return { topupId, outcome, providerReference: typeof reference === 'string' ? reference : null };
    },
  };
}

function outcomeOf(type: unknown, paymentStatus: unknown): PaymentEvent['outcome'] | null {
  switch (type) {
    case 'checkout.session.completed':
      // Delayed payment methods complete unpaid and settle later (async_payment_succeeded / failed).
      return paymentStatus === 'paid' || paymentStatus === 'no_payment_required' ? 'succeeded' : null;
    case 'checkout.session.async_payment_succeeded':
      return 'succeeded';
    case 'checkout.session.async_payment_failed':
      return 'failed';
    case 'checkout.session.expired':
      return 'abandoned';
    default:
      return null;
  }
}
