import {
  MESSAGE_TYPES,
  type TRatePlan,
  type TRatePlanCreate,
  ZRatePlanCreate,
  ZRatePlanPrice,
} from '@portico/domain';
import { z } from 'zod';

export const CATEGORIES = [
  'CONVERSATIONAL',
  'SINGLE_MESSAGE',
  'BASIC_MESSAGE',
  'CONVERSATIONAL_LEGACY',
] as const;

/** A cell of the price grid: the form field name of one category and message type. */
export const priceCell = (category: string, type: string) => `${category}|${type}`;

/** A new version never rewrites what was charged: it starts now (a minute's grace) or later. */
const PAST_GRACE_MS = 60_000;

const { plan_code, currency, verification_price, effective_from } = ZRatePlanCreate.shape;

/** A version's start typed as local time: sent as ISO, never in the past (rate plans and rate cards). */
export const ZLocalEffectiveFrom = z
  .string()
  .transform((local) => {
    const date = new Date(local);
    return Number.isNaN(date.getTime()) ? '' : date.toISOString();
  })
  .pipe(effective_from)
  .refine((iso) => Date.parse(iso) >= Date.now() - PAST_GRACE_MS, 'Effective from must not be in the past');

/**
 * The rate plan dialog's form: the request's fields as the dialog shows them (the carrier as a
 * choice, the date as local time, prices as a grid of cells, empty cells unused), each checked
 * with the request's own field schema, then turned into the request.
 */
export const ZRatePlanForm = z
  .object({
    carrier_id: z.coerce.number().int().positive('Choose a carrier'),
    plan_code,
    currency,
    effective_from: ZLocalEffectiveFrom,
    verification_price,
    prices: z.record(z.string(), z.string().optional()).superRefine((cells, ctx) => {
      let filled = 0;
      for (const [cell, price = ''] of Object.entries(cells)) {
        if (price.trim() === '') continue;
        filled += 1;
        const parsed = ZRatePlanPrice.shape.price.safeParse(price);
        if (!parsed.success)
          ctx.addIssue({
            code: 'custom',
            path: [cell],
            message: parsed.error.issues[0]?.message ?? 'Invalid price',
          });
      }
      if (filled === 0) ctx.addIssue({ code: 'custom', message: 'Add at least one price' });
    }),
  })
  .transform(
    (form): TRatePlanCreate => ({
      carrier_id: form.carrier_id,
      plan_code: form.plan_code,
      currency: form.currency,
      effective_from: form.effective_from,
      verification_price: form.verification_price,
      prices: CATEGORIES.flatMap((category) =>
        MESSAGE_TYPES.flatMap((type) => {
          const price = (form.prices[priceCell(category, type)] ?? '').trim();
          return price ? [{ billing_category: category, message_type: type, price }] : [];
        }),
      ),
    }),
  );
export type TRatePlanForm = z.input<typeof ZRatePlanForm>;

/** Local date-time for <input type="datetime-local">: tomorrow at 00:00. */
export function tomorrowLocal(now = new Date()): string {
  const date = new Date(now);
  date.setDate(date.getDate() + 1);
  date.setHours(0, 0, 0, 0);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T00:00`;
}

/** The dialog's first values: a copy of `from` (its carrier and prices), or an empty plan. */
export function ratePlanFormValues(from: TRatePlan | null, defaultPlanCode: string): TRatePlanForm {
  return {
    carrier_id: from?.carrier_id ?? '',
    plan_code: from?.plan_code ?? defaultPlanCode,
    currency: from?.currency ?? 'USD',
    effective_from: tomorrowLocal(),
    verification_price: from?.verification_price ?? '',
    prices: Object.fromEntries(
      CATEGORIES.flatMap((category) =>
        MESSAGE_TYPES.map((type) => {
          const copied = from?.prices.find((p) => p.billing_category === category && p.message_type === type);
          return [priceCell(category, type), copied?.price ?? ''];
        }),
      ),
    ),
  };
}
