/**
 * What `vite` (npm run dev -w @portico/web) hands to the API: everything it serves besides the SPA.
 * The API, the identity provider, the sandboxes (the network sandbox; the payment provider's
 * checkout and webhooks under /payments/; the dev mailbox under /dev/) and health. Vite matches a
 * prefix against the start of the path: '/dev/' (not '/dev') leaves /developer-* to the SPA.
 */
export const API_PREFIXES = [
  '/api',
  '/oidc',
  '/sandbox',
  '/payments/',
  '/dev/',
  '/healthz',
  '/readyz',
] as const;

/** Whether the dev server sends this path to the API (Vite's rule for string prefixes). */
export function isProxied(path: string): boolean {
  return API_PREFIXES.some((prefix) => path.startsWith(prefix));
}

/** Vite's `server.proxy` for an API at `target`. */
export function devProxy(target: string) {
  return Object.fromEntries(API_PREFIXES.map((prefix) => [prefix, { target, changeOrigin: false }]));
}
