import { LIMITS } from '../constants/product.ts';

/**
 * The facts that make a partner profile complete (the profile dropdown shows the percentage and a
 * Complete Profile link below 100). Each counts equally.
 */
export const PROFILE_COMPLETION_FIELDS = [
  'firstName',
  'lastName',
  'companyName',
  'website',
  'industryTypeId',
  'addressLine1',
  'city',
  'postalCode',
  'countryId',
  'profileImage',
] as const;
export type ProfileCompletionField = (typeof PROFILE_COMPLETION_FIELDS)[number];

export type ProfileFacts = Partial<Record<ProfileCompletionField, string | number | null | undefined>>;

function isFilled(value: string | number | null | undefined): boolean {
  if (typeof value === 'number') return Number.isFinite(value);
  return typeof value === 'string' && value.trim() !== '';
}

/** Integer percent of the completion fields that are filled; 100 only when every one is. */
export function profileCompletion(facts: ProfileFacts): number {
  const filled = PROFILE_COMPLETION_FIELDS.filter((field) => isFilled(facts[field])).length;
  return Math.floor((filled * LIMITS.profileCompleteThreshold) / PROFILE_COMPLETION_FIELDS.length);
}

/** The completion fields still missing, in display order (for a "Complete Profile" prompt). */
export function missingProfileFields(facts: ProfileFacts): ProfileCompletionField[] {
  return PROFILE_COMPLETION_FIELDS.filter((field) => !isFilled(facts[field]));
}

export function isProfileComplete(facts: ProfileFacts): boolean {
  return profileCompletion(facts) >= LIMITS.profileCompleteThreshold;
}
