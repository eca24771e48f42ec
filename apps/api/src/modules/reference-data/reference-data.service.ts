import type {
  LookupKind,
  TBillingCategory,
  TCarrier,
  TCarrierListQuery,
  TCountry,
  TListResult,
  TLookupValue,
  TReferenceListQuery,
} from '@portico/domain';
import type { ReferenceDataRepository } from './reference-data.repository.ts';

/** The reference lists (spec section 7 "Reference data"), windowed and counted. */
export function createReferenceDataService(repository: ReferenceDataRepository) {
  return {
    async countries(query: TReferenceListQuery): Promise<TListResult<TCountry>> {
      const { rows, total } = await repository.countries(query, query.search);
      return {
        items: rows.map((row) => ({
          country_id: row.countryId,
          name: row.name,
          dialling_code: row.diallingCode,
          region: row.region === 'India' ? 'India' : 'Rest of World',
        })),
        total,
      };
    },

    async carriers(query: TCarrierListQuery): Promise<TListResult<TCarrier>> {
      const { rows, total } = await repository.carriers(query, {
        countryId: query.country_id,
        search: query.search,
        sort: query.sort,
        order: query.order,
      });
      return {
        items: rows.map((row) => ({
          carrier_id: row.carrierId,
          carrier_name: row.name,
          country_id: row.countryId,
          country_name: row.countryName,
          mcc_mnc: row.mccMnc,
        })),
        total,
      };
    },

    async lookups(
      kind: Exclude<LookupKind, 'billing-categories'>,
      query: TReferenceListQuery,
    ): Promise<TListResult<TLookupValue>> {
      const { rows, total } = await repository.lookups(kind, query, query.search);
      return { items: rows, total };
    },

    /** Billing categories carry the spec's billingCategoryName. */
    async billingCategories(query: TReferenceListQuery): Promise<TListResult<TBillingCategory>> {
      const { rows, total } = await repository.lookups('billing-categories', query, query.search);
      return {
        items: rows.map((row) => ({ id: row.id, code: row.code, billingCategoryName: row.name })),
        total,
      };
    },
  };
}
export type ReferenceDataService = ReturnType<typeof createReferenceDataService>;
