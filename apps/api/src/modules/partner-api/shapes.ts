import type { TMessageContentInput } from '@portico/domain';

/**
 * What the networks' shapes on our side share (GSMA MaaP, Google RBM, WhatsApp Cloud API): the
 * partner's bearer token, and a network's suggestions and cards turned into our content input.
 */

/** The bearer token of an Authorization header, if any. */
export const bearerOf = (authorization: string | undefined) => authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];

/** A suggestion as our content takes it in (before ZMessageContent checks it). */
export type SuggestionInput = NonNullable<
  Extract<TMessageContentInput, { kind: 'text' }>['suggestions']
>[number];

/** Each item converted (a network's suggestions or cards), or the first reason one cannot be. */
export function convertEach<T, R extends object>(
  items: readonly T[] | undefined,
  convert: (item: T) => R | string,
): R[] | string {
  const out: R[] = [];
  for (const item of items ?? []) {
    const converted = convert(item);
    if (typeof converted === 'string') return converted;
    out.push(converted);
  }
  return out;
}
