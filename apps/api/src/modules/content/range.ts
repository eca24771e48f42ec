/** A satisfiable byte range of a file (inclusive ends), or 'unsatisfiable', or null for the whole file. */
export type ByteRange = { start: number; end: number } | 'unsatisfiable' | null;

/**
 * Reads an HTTP Range header (RFC 9110) for one range of `size` bytes: `bytes=a-b`, `bytes=a-`,
 * `bytes=-n`. A header we do not understand, or several ranges, is served as the whole file (allowed);
 * a range that starts past the end is unsatisfiable (416).
 */
export function parseRange(header: string | undefined, size: number): ByteRange {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return null;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size || (last !== '' && Number(last) < start)) return 'unsatisfiable';
  return { start, end };
}
