import type Stripe from 'stripe';
import { BadRequestError, ServiceUnavailableError, UnauthorizedError } from '../../platform/http/errors.ts';
import {
  headerValue,
  type PaymentEvent,
  type PaymentProvider,
  SIGNATURE_TOLERANCE_SECONDS,
} from './payments.ts';

export const STRIPE_SIGNATURE_HEADER = 'stripe-signature';
const TIMEOUT_MS = 15_000;
/** Network errors and 5xx are retried by the SDK, with the same idempotency key. */
const MAX_NETWORK_RETRIES = 2;
/** Stripe amounts are in the currency's minor unit (cents for USD); ours are micro-units. */
const MICROS_PER_MINOR_UNIT = 10_000n;

export interface StripeOptions {
  /** Stripe's API base (https://api.stripe.com); another one for a local stand-in in tests. */
  apiUrl: string;
  secretKey: string;
  webhookSecret: string;
  /** Where Stripe sends the browser back: the wallet page, with the top-up id. */
  returnUrl: (topupId: string, outcome: 'done' | 'cancelled') => string;
  brandName: string;
}

/** The SDK takes host, port and protocol rather than a base URL. */
function connectionOf(apiUrl: string): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    host: url.hostname,
    protocol,
    port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443,
  };
}

/**
 * Stripe Checkout as the payment provider (PAYMENT_PROVIDER=stripe), through the `stripe` SDK: a
 * Checkout Session per top-up (the top-up id as client_reference_id, in metadata and in the
 * idempotency key), and webhook events verified by the SDK (`Stripe-Signature`). Paid sessions
 * credit; expired ones are abandoned.
 */
export async function createStripeProvider(options: StripeOptions): Promise<PaymentProvider> {
  // Loaded only when Stripe is the provider: the SDK is large, and start-up should not pay for it.
  const { default: StripeSdk } = await import('stripe');
  const { errors } = StripeSdk;
  const stripe = new StripeSdk(options.secretKey, {
    ...connectionOf(options.apiUrl),
    timeout: TIMEOUT_MS,
    maxNetworkRetries: MAX_NETWORK_RETRIES,
    telemetry: false,
  });

  return {
    name: 'stripe',

    async createCheckout({ topupId, amount, currency }) {
      if (amount % MICROS_PER_MINOR_UNIT !== 0n) {
        throw new BadRequestError('Amount must be a whole number of cents.');
      }
      let session: Stripe.Checkout.Session;
      try {
        session = await stripe.checkout.sessions.create(
          {
            mode: 'payment',
            client_reference_id: topupId,
            metadata: { topup_id: topupId },
            payment_intent_data: { metadata: { topup_id: topupId } },
            success_url: options.returnUrl(topupId, 'done'),
            cancel_url: options.returnUrl(topupId, 'cancelled'),
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: currency.toLowerCase(),
                  unit_amount: Number(amount / MICROS_PER_MINOR_UNIT),
                  product_data: { name: `${options.brandName} wallet top-up` },
                },
              },
            ],
          },
          // Stripe's own idempotency: a retried creation returns the same session.
          { idempotencyKey: `topup-${topupId}` },
        );
      } catch (error) {
        throw checkoutError(errors, error);
      }
      if (typeof session.url !== 'string') {
        throw new ServiceUnavailableError(
          'The payment provider could not open a checkout. Please try again.',
        );
      }
      return { url: session.url, reference: session.id };
    },

    verifyWebhook(headers, rawBody): PaymentEvent | null {
      const signature = headerValue(headers[STRIPE_SIGNATURE_HEADER]);
      if (!signature) throw new UnauthorizedError('Invalid webhook signature.');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          signature,
          options.webhookSecret,
          SIGNATURE_TOLERANCE_SECONDS,
        );
      } catch (error) {
        if (error instanceof errors.StripeSignatureVerificationError) {
          throw new UnauthorizedError('Invalid webhook signature.');
        }
        throw new BadRequestError('The webhook body is not JSON.');
      }
      return paymentEventOf(event);
    },
  };
}

/** A refusal the partner can act on (Stripe's message) is a 400; anything else a 503 to retry later. */
function checkoutError(errors: typeof Stripe.errors, error: unknown): Error {
  if (error instanceof errors.StripeInvalidRequestError || error instanceof errors.StripeCardError) {
    return new BadRequestError(`The payment provider refused the top-up: ${error.message}`);
  }
  if (error instanceof errors.StripeConnectionError) {
    return new ServiceUnavailableError('The payment provider cannot be reached. Please try again.');
  }
  return new ServiceUnavailableError('The payment provider could not open a checkout. Please try again.');
}

function paymentEventOf(event: Stripe.Event): PaymentEvent | null {
  const outcome = outcomeOf(event);
  if (!outcome) return null;
  // Only checkout.session.* events have an outcome, so the object is a Checkout Session.
  const session = event.data.object as Stripe.Checkout.Session;
  const topupId = session.metadata?.topup_id ?? session.client_reference_id;
  if (typeof topupId !== 'string') throw new BadRequestError('The webhook names no top-up.');
  const intent = session.payment_intent;
  const reference = typeof intent === 'string' ? intent : (intent?.id ?? session.id);
  return { topupId, outcome, providerReference: typeof reference === 'string' ? reference : null };
}

function outcomeOf(event: Stripe.Event): PaymentEvent['outcome'] | null {
  switch (event.type) {
    case 'checkout.session.completed': {
      // Delayed payment methods complete unpaid and settle later (async_payment_succeeded / failed).
      const status = event.data.object.payment_status;
      return status === 'paid' || status === 'no_payment_required' ? 'succeeded' : null;
    }
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
