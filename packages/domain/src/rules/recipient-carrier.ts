/**
 * The carrier of a recipient's number (decision 0022), as pure rules: a ported number's carrier
 * wins; else the carrier whose allocated range is the longest prefix of the national number; else
 * the carrier is unknown and the message is priced by the unknown-carrier rule.
 */

export interface CarrierRange {
  /** Leading digits of national numbers allocated to the carrier. */
  prefix: string;
  carrierId: number;
}

/** The carrier of the longest range that starts the national number, or null. */
export function carrierOfNationalNumber(
  nationalNumber: string,
  ranges: readonly CarrierRange[],
): number | null {
  let best: CarrierRange | null = null;
  for (const range of ranges) {
    if (!nationalNumber.startsWith(range.prefix)) continue;
    if (!best || range.prefix.length > best.prefix.length) best = range;
  }
  return best?.carrierId ?? null;
}

export interface CarrierQuote {
  carrierId: number;
  ratePlanId: number;
  priceMicros: bigint;
}

/**
 * The unknown-carrier rule: a number of a known country whose carrier cannot be told is priced at
 * the highest price among that country's carriers' plans in force, so a message is never charged
 * less than it may cost. Null when no carrier of the country prices the message.
 */
export function unknownCarrierQuote(quotes: readonly CarrierQuote[]): CarrierQuote | null {
  let best: CarrierQuote | null = null;
  for (const quote of quotes) {
    if (!best || quote.priceMicros > best.priceMicros) best = quote;
  }
  return best;
}
