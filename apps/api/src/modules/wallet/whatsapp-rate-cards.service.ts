import {
  effectiveUntil,
  effectiveVersion,
  formatMicros,
  parseMoney,
  pastStartProblem,
  type TListResult,
  type TWhatsappRateCard,
  type TWhatsappRateCardCreate,
  WHATSAPP_PRICING_CATEGORIES,
  type WhatsappPricingSort,
  ZWhatsappRateCardCreate,
} from '@portico/domain';
import type { AuthenticatedUser } from '../../platform/auth/types.ts';
import { BadRequestError } from '../../platform/http/errors.ts';
import type { RateCardFilter, RateCardRow, RateCardsRepository } from './whatsapp-rate-cards.repository.ts';

/** The latest a list or an export reads at once. */
const EXPORT_LIMIT = 10_000;

function present(row: RateCardRow, effectiveTo: Date | null): TWhatsappRateCard {
  const order = (category: string) => WHATSAPP_PRICING_CATEGORIES.indexOf(category as never);
  return {
    rate_card_id: row.rateCardId,
    country_id: row.countryId,
    country_name: row.countryName,
    currency: row.currency,
    effective_from: row.effectiveFrom.toISOString(),
    effective_to: effectiveTo?.toISOString() ?? null,
    prices: [...row.prices]
      .sort((a, b) => order(a.category) - order(b.category))
      .map((p) => ({
        category: p.category as TWhatsappRateCard['prices'][number]['category'],
        price: formatMicros(p.price),
      })),
    created_at: row.createdAt.toISOString(),
  };
}

/** A version as effectiveVersion and effectiveUntil read it (ids under the names they use). */
const asVersion = (row: RateCardRow) => ({ ...row, ratePlanId: row.rateCardId });

/**
 * WhatsApp rate cards (issue 25 point 2, decision 0033): a price per Meta category for each country,
 * in versions that start at their effective date, like the carriers' rate plans. The platform admin
 * manages them on the rate-plans screen; PRICING shows each country's card in force.
 */
export function createRateCardsService(cards: RateCardsRepository) {
  async function presentAll(rows: RateCardRow[]): Promise<TWhatsappRateCard[]> {
    const versions = (await cards.versionsOf([...new Set(rows.map((r) => r.countryId))])).map(asVersion);
    return rows.map((row) =>
      present(
        row,
        effectiveUntil(
          versions.filter((v) => v.countryId === row.countryId),
          asVersion(row),
        ),
      ),
    );
  }

  return {
    /** Every version (the admin's list), by country, the newest first. */
    async list(
      window: { start: number; end: number },
      filter: RateCardFilter,
    ): Promise<TListResult<TWhatsappRateCard>> {
      const { rows, total } = await cards.list(window, filter);
      return { items: await presentAll(rows), total };
    },

    async exportRows(filter: RateCardFilter): Promise<TWhatsappRateCard[]> {
      const { rows } = await cards.list({ start: 0, end: EXPORT_LIMIT }, filter);
      return presentAll(rows);
    },

    /** PRICING: each country with a card, and its card in force now (null before its first starts). */
    async pricing(
      window: { start: number; end: number },
      filter: { search?: string | undefined; sort: WhatsappPricingSort; order: 'asc' | 'desc' },
      at = new Date(),
    ) {
      const { rows, total } = await cards.countriesInForce(window, filter, at);
      const versions = (await cards.versionsOf(rows.map((r) => r.countryId))).map(asVersion);
      const items = rows.map((country) => {
        const own = versions.filter((v) => v.countryId === country.countryId);
        const current = effectiveVersion(own, at);
        return current ? present(current, effectiveUntil(own, current)) : null;
      });
      return { items: items.filter((card) => card !== null), total };
    },

    /** A new version of a country's card from its effective date on; the past is never rewritten. */
    async create(
      user: AuthenticatedUser,
      input: TWhatsappRateCardCreate,
      now = new Date(),
    ): Promise<TWhatsappRateCard> {
      const body = ZWhatsappRateCardCreate.parse(input);
      const country = await cards.country(body.country_id);
      if (!country) throw new BadRequestError('Country: no such country.');
      const effectiveFrom = new Date(body.effective_from);
      const past = pastStartProblem(effectiveFrom, now);
      if (past) throw new BadRequestError(past);
      const seen = new Set<string>();
      for (const price of body.prices) {
        if (seen.has(price.category)) throw new BadRequestError(`Prices: ${price.category} is listed twice.`);
        seen.add(price.category);
      }
      const id = await cards.insertVersion(
        { countryId: body.country_id, currency: body.currency, effectiveFrom, createdBy: user.userId },
        body.prices.map((p) => ({ category: p.category, price: parseMoney(p.price) ?? 0n })),
      );
      const versions = await cards.versionsOf([body.country_id]);
      const created = versions.find((v) => v.rateCardId === id);
      if (!created) throw new Error('created rate card not found');
      return present(created, effectiveUntil(versions.map(asVersion), asVersion(created)));
    },
  };
}
export type RateCardsService = ReturnType<typeof createRateCardsService>;
