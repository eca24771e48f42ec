import { describe, expect, it } from 'vitest';
import {
  isProfileComplete,
  missingProfileFields,
  PROFILE_COMPLETION_FIELDS,
  type ProfileFacts,
  profileCompletion,
} from './profile.ts';

const complete: Required<ProfileFacts> = {
  firstName: 'Asha',
  lastName: 'Rao',
  companyName: 'Acme Messaging',
  website: 'https://acme.example',
  industryTypeId: 7,
  addressLine1: '1 MG Road',
  city: 'Bengaluru',
  postalCode: '560001',
  countryId: 'IN',
  profileImage: 'files/profile/1.png',
};

describe('profileCompletion', () => {
  it('when every field is filled then it is 100 and complete', () => {
    expect(profileCompletion(complete)).toBe(100);
    expect(isProfileComplete(complete)).toBe(true);
    expect(missingProfileFields(complete)).toEqual([]);
  });

  it('when nothing is known then it is 0', () => {
    expect(profileCompletion({})).toBe(0);
    expect(missingProfileFields({})).toEqual([...PROFILE_COMPLETION_FIELDS]);
  });

  it.each(PROFILE_COMPLETION_FIELDS)('when only %s is missing then it is 90 and not complete', (field) => {
    const facts = { ...complete, [field]: null };
    expect(profileCompletion(facts)).toBe(90);
    expect(isProfileComplete(facts)).toBe(false);
    expect(missingProfileFields(facts)).toEqual([field]);
  });

  it('when values are blank strings or not finite numbers then they do not count', () => {
    expect(profileCompletion({ ...complete, firstName: '   ', industryTypeId: Number.NaN })).toBe(80);
  });

  it('when an industry type id is 0 then it still counts as filled', () => {
    expect(profileCompletion({ ...complete, industryTypeId: 0 })).toBe(100);
  });

  it('always returns an integer percent', () => {
    for (let n = 0; n <= PROFILE_COMPLETION_FIELDS.length; n += 1) {
      const facts = Object.fromEntries(PROFILE_COMPLETION_FIELDS.slice(0, n).map((f) => [f, 'x']));
      const percent = profileCompletion(facts);
      expect(Number.isInteger(percent)).toBe(true);
      expect(percent).toBe(n * 10);
    }
  });
});
