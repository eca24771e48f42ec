/**
 * The one rule of a phone number's form as the networks take it (issue 31 point 8): E.164, a plus,
 * a country code that does not start with 0, and 8 to 15 digits in all. Every contract, route and
 * sandbox that checks a recipient, a test device, a dial suggestion or a contact uses it.
 * `normaliseMsisdn` (rules/audiences.ts, libphonenumber-js) is the stricter rule for numbers people
 * type or upload: it reads national forms in a country and refuses numbers no carrier can have.
 */
export const E164_NUMBER = /^\+[1-9]\d{7,14}$/;

/** Whether `value` is a phone number in E.164 form (see E164_NUMBER). */
export function isE164(value: string): boolean {
  return E164_NUMBER.test(value);
}
