import { z } from 'zod';

/** An optional text field: trimmed, bounded; '' (an empty field, an unused filter) becomes undefined. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v ? v : undefined));
