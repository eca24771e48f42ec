/**
 * Money is never a float (docs/DESIGN.md): amounts are integer micro-units (1 unit = 1,000,000 micros) as
 * bigint in code and in the database, and decimal strings in JSON. These are the only conversions.
 */
export const MICROS_PER_UNIT = 1_000_000n;
/** Decimal places a money string may carry (micro-units). */
export const MONEY_DECIMALS = 6;
/** The wallet's currency (spec section 9: currency is shown in USD). */
export const WALLET_CURRENCY = 'USD';

const MONEY_STRING = /^(-)?(\d{1,13})(?:\.(\d{1,6}))?$/;

/** '12.5' -> 12500000n; null when the string is not a plain decimal with at most 6 decimals. */
export function parseMoney(value: string): bigint | null {
  const match = MONEY_STRING.exec(value.trim());
  if (!match) return null;
  const [, sign, whole = '0', fraction = ''] = match;
  const micros = BigInt(whole) * MICROS_PER_UNIT + BigInt(fraction.padEnd(MONEY_DECIMALS, '0'));
  return sign && micros !== 0n ? -micros : micros;
}

/** Whether a string is a money amount parseMoney accepts. */
export function isMoneyString(value: string): boolean {
  return parseMoney(value) !== null;
}

/**
 * 12500000n -> '12.50': at least 2 decimals, more only when the amount has them ('0.0125').
 * Accepts bigint, or a string/number of micros as a database driver returns a bigint column.
 */
export function formatMicros(micros: bigint | string | number): string {
  const value = typeof micros === 'bigint' ? micros : BigInt(micros);
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const whole = abs / MICROS_PER_UNIT;
  let fraction = (abs % MICROS_PER_UNIT).toString().padStart(MONEY_DECIMALS, '0').replace(/0+$/, '');
  if (fraction.length < 2) fraction = fraction.padEnd(2, '0');
  return `${negative ? '-' : ''}${whole}.${fraction}`;
}

/** micros x count, for pricing a number of messages. */
export function multiplyMicros(micros: bigint, count: number | bigint): bigint {
  return micros * BigInt(count);
}
