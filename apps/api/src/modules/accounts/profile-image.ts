import { PROFILE_IMAGE_MAX_PIXELS, PROFILE_IMAGE_MAX_SIDE } from '@portico/domain';
import { type ImageQueue, ImageWorkBusyError, imageWork } from '../../platform/uploads/image-work.ts';

/**
 * Profile images: checked by content (magic bytes), then decoded and re-encoded by sharp, so what
 * we store and serve is always a small WebP we produced, never the uploaded bytes.
 */

const SIGNATURES: { type: string; test: (b: Uint8Array) => boolean }[] = [
  {
    type: 'image/png',
    test: (b) => [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((v, i) => b[i] === v),
  },
  { type: 'image/jpeg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  {
    type: 'image/gif',
    test: (b) =>
      String.fromCharCode(...b.subarray(0, 6)) === 'GIF87a' ||
      String.fromCharCode(...b.subarray(0, 6)) === 'GIF89a',
  },
  {
    type: 'image/webp',
    test: (b) =>
      String.fromCharCode(...b.subarray(0, 4)) === 'RIFF' &&
      String.fromCharCode(...b.subarray(8, 12)) === 'WEBP',
  },
];

/** The image type by its magic bytes (PNG, JPEG, GIF, WebP), whatever the name or declared type say; SVG is refused. */
export function imageTypeOf(bytes: Uint8Array): string | null {
  return SIGNATURES.find((s) => s.test(bytes))?.type ?? null;
}

/** Why sharp could not make a profile image of the bytes. */
export class ProfileImageError extends Error {
  constructor(
    readonly reason: 'unreadable' | 'too-many-pixels' | 'busy',
    cause: unknown,
  ) {
    super(`profile image ${reason}: ${(cause as Error)?.message ?? String(cause)}`);
    this.name = 'ProfileImageError';
  }
}

/**
 * The stored form of a profile image: turned upright by its EXIF orientation, shrunk to fit in
 * PROFILE_IMAGE_MAX_SIDE square (never enlarged), first frame only, every metadata block (EXIF with
 * its GPS position, ICC, XMP) dropped, encoded as WebP.
 */
export async function toProfileWebp(
  bytes: Uint8Array,
  queue: Pick<ImageQueue, 'run'> = { run: imageWork },
): Promise<{ bytes: Buffer; width: number; height: number }> {
  return queue
    .run(async (sharp) => {
      try {
        const { data, info } = await sharp(bytes, {
          // Refused from the header, before a single pixel is decoded.
          limitInputPixels: PROFILE_IMAGE_MAX_PIXELS,
          // Truncated or corrupt pixel data is refused rather than stored half grey.
          failOn: 'error',
          // Decodes row by row where the format allows, rather than the whole picture at once.
          sequentialRead: true,
        })
          .autoOrient()
          .resize({
            width: PROFILE_IMAGE_MAX_SIDE,
            height: PROFILE_IMAGE_MAX_SIDE,
            fit: 'inside',
            withoutEnlargement: true,
          })
          .webp({ quality: 82 })
          .toBuffer({ resolveWithObject: true });
        return { bytes: data, width: info.width, height: info.height };
      } catch (error) {
        const tooLarge = error instanceof Error && /pixel limit/i.test(error.message);
        throw new ProfileImageError(tooLarge ? 'too-many-pixels' : 'unreadable', error);
      }
    })
    .catch((error: unknown) => {
      if (error instanceof ImageWorkBusyError) throw new ProfileImageError('busy', error);
      throw error;
    });
}
