import type { FastifyRequest } from 'fastify';

/** Percent-decoding rounds before a path is taken as it is: more than any router or proxy applies. */
const MAX_DECODE_ROUNDS = 4;

/**
 * The path a guard decides on, whatever spelling the client chose: percent-decoded until it stops
 * changing (so `%61pi` and `%2561pi` are `api`), backslashes and repeated slashes folded, `.` and
 * `..` segments resolved, lower-cased. The router decodes once and matches case-sensitively, so a
 * guard that compares this path covers every spelling the router could route, and more.
 */
export function canonicalPath(rawUrl: string): string {
  let path = rawUrl.split(/[?#]/, 1)[0] ?? '';
  for (let round = 0; round < MAX_DECODE_ROUNDS; round += 1) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      break;
    }
    if (decoded === path) break;
    path = decoded;
  }
  const segments: string[] = [];
  for (const segment of path.replaceAll('\\', '/').split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  return `/${segments.join('/')}`.toLowerCase();
}

/** Whether a path is the prefix itself or below it (`/api` covers `/api/v1`, not `/apix`). */
export function isUnder(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

/**
 * Whether a request belongs under a prefix: by the route that matched (its pattern, e.g.
 * `/api/v1/secure/wallet/topups/:topupId`) or by the canonical form of the URL it asked for. Either
 * is enough, so no spelling of a guarded path slips past a guard. Never the raw URL alone.
 */
export function requestIsUnder(request: FastifyRequest, prefix: string): boolean {
  const route = request.routeOptions.url;
  const lowered = prefix.toLowerCase();
  return (route !== undefined && isUnder(route, prefix)) || isUnder(canonicalPath(request.url), lowered);
}
