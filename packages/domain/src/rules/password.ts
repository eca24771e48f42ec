/** The password strength rules, shown while typing and enforced by the API (set password, change password, invitations). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export interface PasswordRule {
  id: 'length' | 'lower' | 'upper' | 'digit' | 'symbol';
  label: string;
  test: (password: string) => boolean;
}

export const PASSWORD_RULES: readonly PasswordRule[] = [
  {
    id: 'length',
    label: `${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters`,
    test: (p) => p.length >= PASSWORD_MIN_LENGTH && p.length <= PASSWORD_MAX_LENGTH,
  },
  { id: 'lower', label: 'A lower-case letter', test: (p) => /\p{Ll}/u.test(p) },
  { id: 'upper', label: 'An upper-case letter', test: (p) => /\p{Lu}/u.test(p) },
  { id: 'digit', label: 'A digit', test: (p) => /\d/.test(p) },
  { id: 'symbol', label: 'A symbol such as ! @ # or $', test: (p) => /[^\p{L}\d\s]/u.test(p) },
];

/** Each rule and whether the password meets it (for the checklist under the field). */
export function passwordRuleResults(
  password: string,
): { id: PasswordRule['id']; label: string; met: boolean }[] {
  return PASSWORD_RULES.map((rule) => ({ id: rule.id, label: rule.label, met: rule.test(password) }));
}

/** A sentence naming what the password lacks, or null when it meets every rule. */
export function passwordProblem(password: string): string | null {
  const missing = PASSWORD_RULES.filter((rule) => !rule.test(password)).map((rule) =>
    rule.label.toLowerCase(),
  );
  if (missing.length === 0) return null;
  return `The password is too weak: it needs ${missing.join(', ')}.`;
}

export const PASSWORD_MISMATCH = 'The passwords do not match.';
