/**
 * Bench recipients spread over the Indian carriers' seeded number ranges (metering's carrier
 * prefixes) and ranges no prefix names (the rate plan's rule for unknown carriers). Each ends in 1:
 * RCS-capable and on WhatsApp in the sandbox (0 and 9 are its unreachable endings).
 */
const PREFIXES = ['9810', '9820', '9868', '7000', '9400', '6011'];

/** The n-th recipient, E.164 with its +. */
export const recipient = (n: number) =>
  `+91${PREFIXES[n % PREFIXES.length]}${String(n % 100_000).padStart(5, '0')}1`;
