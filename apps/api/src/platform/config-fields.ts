import { z } from 'zod';

/** '1' or 'true' is on; unset, '', '0' or 'false' is off. */
export const booleanFlag = z
  .enum(['0', '1', 'true', 'false', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true');

/** A URL, or unset (an empty value counts as unset). */
export const optionalUrl = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined))
  .pipe(z.url().optional());

/** A secret of at least `minLength` characters, or unset (an empty value counts as unset). */
export const optionalSecret = (variable: string, minLength: number) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(
      z
        .string()
        .min(minLength, `${variable} must be at least ${minLength} characters (openssl rand -hex 32)`)
        .optional(),
    );

/** One thing wrong with the environment, naming the variable to fix. */
export interface ConfigProblem {
  variable: string;
  message: string;
}
