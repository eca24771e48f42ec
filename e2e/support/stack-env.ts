/**
 * Settings the e2e stack is started with that the journeys assert on: the external analytics and
 * firewall tools (never followed by the tests; outbound network is blocked in the browser).
 */
export const EXTERNAL_LINKS = {
  analyticsDashboard: 'https://analytics.portico.example/dashboard',
  firewallTool: 'https://firewall.portico.example/detection',
} as const;

/** Where the setup project keeps each role's signed-in browser state (gitignored). */
export const AUTH_DIR = new URL('../.auth/', import.meta.url);

export function storageStatePath(role: string): string {
  return new URL(`${role}.json`, AUTH_DIR).pathname;
}
