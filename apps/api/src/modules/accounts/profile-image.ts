/** Profile images: checked by content, size-limited, kept as a data: URI (the CSP allows data: images). */
export const PROFILE_IMAGE_MAX_BYTES = 256 * 1024;

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
