import { z } from 'zod';

/**
 * The one rule of a phone number's form as the networks take it (issue 31 point 8): E.164, a plus,
 * a country code that does not start with 0, and 7 to 15 digits in all (the shortest numbers in
 * service, Tokelau's and Tristan da Cunha's, have 7; E.164 allows at most 15). Every contract, route,
 * template rule and sandbox that checks a recipient, a test device, a dial suggestion or a contact
 * uses it, in one of two meanings:
 * - "E.164 with +" (E164_NUMBER, isE164, zE164): what the portal and the partner APIs ask for;
 * - "with or without +" (INTERNATIONAL_NUMBER, isInternationalNumber, zInternationalNumber): the
 *   same digits, the plus optional (the WhatsApp Cloud API's `to`, audience files, WhatsApp buttons);
 *   toE164 gives its E.164 form.
 * `normaliseMsisdn` (rules/audiences.ts, libphonenumber-js) is the stricter rule for numbers people
 * type or upload: it reads national forms in a country and refuses numbers no carrier can have.
 */
export const E164_NUMBER = /^\+[1-9]\d{6,14}$/;

/** The E.164 digits with the plus optional (see E164_NUMBER). */
export const INTERNATIONAL_NUMBER = /^\+?[1-9]\d{6,14}$/;

/** Why a number is not E.164: the one message of that meaning. */
export const E164_MESSAGE =
  'Enter the phone number in international format, with its country code, e.g. +919876543210.';

/** Why a number with or without its plus is not international: the one message of that meaning. */
export const INTERNATIONAL_NUMBER_MESSAGE =
  'Enter the phone number with its country code (the + may be left out), e.g. +919876543210.';

/** Whether `value` is a phone number in E.164 form (see E164_NUMBER). */
export function isE164(value: string): boolean {
  return E164_NUMBER.test(value);
}

/** Whether `value` is E.164 digits, with or without the plus (see INTERNATIONAL_NUMBER). */
export function isInternationalNumber(value: string): boolean {
  return INTERNATIONAL_NUMBER.test(value);
}

/** The E.164 form of an international number (the plus added when it was left out). */
export function toE164(value: string): string {
  return value.startsWith('+') ? value : `+${value}`;
}

/** How a contract reads a number: `trim` for what people type (forms), not for machine fields. */
interface NumberFieldOptions {
  trim?: boolean;
  /** The message when the value is missing or not a string (zod's own otherwise). */
  required?: string;
}

/** A contract's E.164 field, refused with E164_MESSAGE. */
export function zE164(options: NumberFieldOptions = {}) {
  return text(options).regex(E164_NUMBER, E164_MESSAGE);
}

/** A contract's "with or without +" field, refused with INTERNATIONAL_NUMBER_MESSAGE. */
export function zInternationalNumber(options: NumberFieldOptions = {}) {
  return text(options).regex(INTERNATIONAL_NUMBER, INTERNATIONAL_NUMBER_MESSAGE);
}

function text({ trim = false, required }: NumberFieldOptions) {
  const string = required === undefined ? z.string() : z.string(required);
  return trim ? string.trim() : string;
}
