import { describe, expect, it } from 'vitest';
import {
  PROFILE_IMAGE_MAX_BYTES,
  PROFILE_IMAGE_TOO_LARGE,
  PROFILE_IMAGE_WRONG_TYPE,
  profileImageProblem,
} from './profile-image.ts';

describe('profileImageProblem', () => {
  it('accepts the four picture types up to the limit', () => {
    for (const type of ['image/png', 'image/jpeg', 'image/gif', 'image/webp'])
      expect(profileImageProblem({ type, size: PROFILE_IMAGE_MAX_BYTES })).toBeNull();
  });

  it('refuses SVG and other types, then sizes over 5 MB', () => {
    expect(profileImageProblem({ type: 'image/svg+xml', size: 10 })).toBe(PROFILE_IMAGE_WRONG_TYPE);
    expect(profileImageProblem({ type: '', size: 10 })).toBe(PROFILE_IMAGE_WRONG_TYPE);
    expect(profileImageProblem({ type: 'image/png', size: PROFILE_IMAGE_MAX_BYTES + 1 })).toBe(
      PROFILE_IMAGE_TOO_LARGE,
    );
    expect(PROFILE_IMAGE_TOO_LARGE).toContain('at most 5 MB');
  });
});
