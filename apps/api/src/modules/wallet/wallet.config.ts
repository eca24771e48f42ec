import { z } from 'zod';
import type { ModuleConfigSchema } from '../../platform/config.ts';

/**
 * The wallet's variables: the payment provider of top-ups. The sandbox provider (our own hosted
 * checkout) exists only with DEMO=1 or SANDBOX=1; anywhere else a real provider is required.
 */
export const walletConfig = ((platform) =>
  z
    .object({
      /** stripe (Stripe Checkout), or sandbox; unset: sandbox with DEMO/SANDBOX, else required. */
      PAYMENT_PROVIDER: z.enum(['sandbox', 'stripe']).optional(),
      /** Stripe Checkout: the API base and the secret key; the webhook signing secret is PAYMENT_WEBHOOK_SECRET. */
      STRIPE_API_URL: z.url().default('https://api.stripe.com'),
      STRIPE_SECRET_KEY: z.string().min(8).optional(),
      /** Secret that signs payment webhooks; unset with the sandbox: one generated into app_secrets. */
      PAYMENT_WEBHOOK_SECRET: z.string().min(16).optional(),
    })
    .superRefine((env, issues) => {
      const provider = env.PAYMENT_PROVIDER ?? (platform.sandboxAllowed ? 'sandbox' : undefined);
      if (!provider) {
        issues.addIssue({
          code: 'custom',
          path: ['PAYMENT_PROVIDER'],
          message:
            'PAYMENT_PROVIDER is required (stripe): the sandbox payment provider runs only with DEMO=1 or SANDBOX=1',
        });
      } else if (provider === 'sandbox' && !platform.sandboxAllowed) {
        issues.addIssue({
          code: 'custom',
          path: ['PAYMENT_PROVIDER'],
          message: 'PAYMENT_PROVIDER=sandbox needs DEMO=1 or SANDBOX=1; configure a real provider (stripe)',
        });
      } else if (provider === 'stripe') {
        for (const name of ['STRIPE_SECRET_KEY', 'PAYMENT_WEBHOOK_SECRET'] as const) {
          if (!env[name])
            issues.addIssue({
              code: 'custom',
              path: [name],
              message: `${name} is required when PAYMENT_PROVIDER=stripe`,
            });
        }
      }
    })
    .transform((env) => ({
      provider: env.PAYMENT_PROVIDER ?? ('sandbox' as const),
      stripeApiUrl: env.STRIPE_API_URL,
      stripeSecretKey: env.STRIPE_SECRET_KEY ?? '',
      webhookSecret: env.PAYMENT_WEBHOOK_SECRET,
    }))) satisfies ModuleConfigSchema<unknown>;

export type WalletSettings = z.output<ReturnType<typeof walletConfig>>;
