/**
 * Profile image limits and messages, shared by the web form (checked before upload) and the API
 * (checked again by content, then resized to PROFILE_IMAGE_MAX_SIDE and stored as WebP).
 */
export const PROFILE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** The stored image fits in a square of this side (never enlarged). */
export const PROFILE_IMAGE_MAX_SIDE = 512;
export const PROFILE_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
/**
 * Decoding costs memory by pixels, not bytes (a 5 MB PNG can hold 50 MP, about 200 MB decoded):
 * 24 MP covers a camera's full-size photo, and is far more than a 512 px avatar needs.
 */
export const PROFILE_IMAGE_MAX_PIXELS = 24_000_000;

export const PROFILE_IMAGE_HINT = 'PNG, JPEG, GIF or WebP, at most 5 MB.';
export const PROFILE_IMAGE_WRONG_TYPE = 'The profile image must be a PNG, JPEG, GIF or WebP picture.';
export const PROFILE_IMAGE_TOO_LARGE =
  'The profile image is too large: at most 5 MB. Choose a smaller picture.';
export const PROFILE_IMAGE_TOO_MANY_PIXELS = `The profile image is too large: at most ${PROFILE_IMAGE_MAX_PIXELS / 1_000_000} megapixels. Choose a smaller picture.`;
export const PROFILE_IMAGE_UNREADABLE =
  'The profile image could not be read: the file is damaged or not a picture. Choose another one.';

/** What is wrong with a picked file by its declared type and size (the server checks the content). */
export function profileImageProblem(file: { type: string; size: number }): string | null {
  if (!(PROFILE_IMAGE_TYPES as readonly string[]).includes(file.type)) return PROFILE_IMAGE_WRONG_TYPE;
  if (file.size > PROFILE_IMAGE_MAX_BYTES) return PROFILE_IMAGE_TOO_LARGE;
  return null;
}
