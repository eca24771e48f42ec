import { z } from 'zod';

/** PostgreSQL text cannot hold U+0000: a field with one is refused here, with a clear message. */
export const NUL_CHARACTER_MESSAGE = 'must not contain a NUL character';

/** Text a person types (names, search words): any string but one with a NUL character. */
export const text = () => z.string().refine((v) => !v.includes('\u0000'), NUL_CHARACTER_MESSAGE);

/** An optional text field: trimmed, bounded; '' (an empty field, an unused filter) becomes undefined. */
export const optionalText = (max: number) =>
  text()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v ? v : undefined));

/** The search words of a list call. */
export const searchText = () => text().trim().max(100).optional();

/** The largest id of a row numbered by the database (PostgreSQL integer): a larger one names nothing. */
export const MAX_ROW_ID = 2_147_483_647;
/** An id of a numbered row (a carrier, an industry type): a positive integer the database can hold. */
export const rowId = () => z.number().int().positive().max(MAX_ROW_ID, 'is not a known id');
