import type { Region } from '@portico/domain';
import { getCountries, getCountryCallingCode } from 'libphonenumber-js';

export interface CountrySeed {
  countryId: string;
  name: string;
  diallingCode: string;
  region: Region;
  position: number;
}

/**
 * Every country libphonenumber knows, with its international dialling code and English name
 * (from the ICU data in Node). India is its own region; everything else is Rest of World.
 */
export function countrySeeds(): CountrySeed[] {
  const names = new Intl.DisplayNames('en', { type: 'region' });
  return getCountries()
    .map((countryId) => ({
      countryId,
      name: names.of(countryId) ?? countryId,
      diallingCode: `+${getCountryCallingCode(countryId)}`,
      region: countryId === 'IN' ? ('India' as const) : ('Rest of World' as const),
    }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en'))
    .map((country, position) => ({ ...country, position }));
}
