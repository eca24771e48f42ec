import {
  type CarrierSort,
  type TCarrier,
  type TCountry,
  type TListResult,
  type TLookupValue,
  ZCarrier,
  ZCountry,
  ZListResult,
  ZLookupValue,
} from '@portico/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { http } from '@/lib/http/client';
import { sharedKeys } from '@/lib/query-keys';

/** The public reference lists: every screen that needs them uses these, not a copy. */
const ALL = { start: 0, end: 500 } as const;
const ZCountryList = ZListResult(ZCountry);
const ZCarrierList = ZListResult(ZCarrier);
const ZLookupList = ZListResult(ZLookupValue);

/** All countries, one window of 0-500 (they change with a release, not during a visit). */
export const countriesQueryOptions = queryOptions({
  queryKey: sharedKeys.reference.countries(),
  queryFn: (): Promise<TListResult<TCountry>> =>
    http.get('/reference/countries', ZCountryList, { params: ALL }),
  staleTime: 60 * 60_000,
});

/** Industry types, 0-500 (spec section 9). */
export const industryTypesQueryOptions = queryOptions({
  queryKey: sharedKeys.reference.industryTypes(),
  queryFn: (): Promise<TListResult<TLookupValue>> =>
    http.get('/reference/industry-types', ZLookupList, { params: ALL }),
  staleTime: 60 * 60_000,
});

/** Business document types (brand documents). */
export const documentTypesQueryOptions = queryOptions({
  queryKey: sharedKeys.reference.documentTypes(),
  queryFn: (): Promise<TListResult<TLookupValue>> =>
    http.get('/reference/document-types', ZLookupList, { params: ALL }),
  staleTime: 60 * 60_000,
});

export interface CarrierWindow {
  start: number;
  end: number;
  countryId?: string | undefined;
  /** The server's order (by country when left out). */
  sort?: { sort: CarrierSort; order: 'asc' | 'desc' } | undefined;
}

/** One window of carriers, optionally of one country. */
export const carriersQueryOptions = ({ start, end, countryId, sort }: CarrierWindow) =>
  queryOptions({
    queryKey: sharedKeys.reference.carriers({ start, end }, countryId, sort?.sort, sort?.order),
    queryFn: (): Promise<TListResult<TCarrier>> =>
      http.get('/reference/carriers', ZCarrierList, {
        params: { start, end, ...(countryId ? { country_id: countryId } : {}), ...(sort ?? {}) },
      }),
    staleTime: 10 * 60_000,
    placeholderData: keepPreviousData,
  });

/** Every carrier (up to 500), for choosing one. */
export const allCarriersQueryOptions = carriersQueryOptions(ALL);
