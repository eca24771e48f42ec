import {
  type TWhatsappRateCard,
  type TWhatsappRateCardCreate,
  WHATSAPP_PRICING_CATEGORIES,
  type WhatsappPricingCategory,
  ZWhatsappRateCardCreate,
  ZWhatsappRateCardPrice,
} from '@portico/domain';
import { z } from 'zod';
import { tomorrowLocal, ZLocalEffectiveFrom } from './rate-plan-form';

/** What each Meta category prices, as the dialog and PRICING say it. */
export const CATEGORY_LABELS: Record<(typeof WHATSAPP_PRICING_CATEGORIES)[number], string> = {
  marketing: 'Marketing',
  utility: 'Utility',
  authentication: 'Authentication',
  service: 'Service',
};

/** A price cell: empty (unused) or a price the request accepts. */
const priceCell = z.union([z.literal(''), ZWhatsappRateCardPrice.shape.price]).optional();

/**
 * The rate card dialog's form: the country as a choice, the start as local time, a price per
 * category (empty ones unused), each checked with the request's own schema, then the request.
 */
export const ZRateCardForm = z
  .object({
    country_id: z.string().min(1, 'Choose a country').pipe(ZWhatsappRateCardCreate.shape.country_id),
    currency: ZWhatsappRateCardCreate.shape.currency,
    effective_from: ZLocalEffectiveFrom,
    prices: z.object({
      marketing: priceCell,
      utility: priceCell,
      authentication: priceCell,
      service: priceCell,
    }),
  })
  .refine((form) => Object.values(form.prices).some((price) => (price ?? '').trim() !== ''), {
    path: ['prices'],
    message: 'Add at least one price',
  })
  .transform(
    (form): TWhatsappRateCardCreate => ({
      country_id: form.country_id,
      currency: form.currency,
      effective_from: form.effective_from,
      prices: WHATSAPP_PRICING_CATEGORIES.flatMap((category) => {
        const price = (form.prices[category] ?? '').trim();
        return price ? [{ category, price }] : [];
      }),
    }),
  );
export type TRateCardForm = z.input<typeof ZRateCardForm>;

const priceOf = (card: TWhatsappRateCard | null, category: WhatsappPricingCategory) =>
  card?.prices.find((p) => p.category === category)?.price ?? '';

/** The dialog's first values: a copy of `from` (its country and prices), or an empty card. */
export function rateCardFormValues(from: TWhatsappRateCard | null): TRateCardForm {
  return {
    country_id: from?.country_id ?? '',
    currency: from?.currency ?? 'USD',
    effective_from: tomorrowLocal(),
    prices: {
      marketing: priceOf(from, 'marketing'),
      utility: priceOf(from, 'utility'),
      authentication: priceOf(from, 'authentication'),
      service: priceOf(from, 'service'),
    },
  };
}
