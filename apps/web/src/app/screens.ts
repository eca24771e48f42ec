import { PAGE_ROUTES, type ScreenId } from '@portico/domain';
import type { QueryClient } from '@tanstack/react-query';
import type { Feature, Screen } from '@/lib/feature';
import { FEATURES } from './features';

/**
 * Every feature's screens by screen id. A screen id belongs to one feature (its name is the id's
 * prefix, which the Feature type enforces); declaring one twice is a bug, refused here.
 */
export function screensOf(features: readonly Feature[]): ReadonlyMap<ScreenId, Screen> {
  const screens = new Map<ScreenId, Screen>();
  for (const feature of features) {
    for (const [id, screen] of Object.entries(feature.screens) as [ScreenId, Screen | undefined][]) {
      if (!screen) continue;
      if (screens.has(id)) throw new Error(`The screen '${id}' is declared twice.`);
      screens.set(id, screen);
    }
  }
  return screens;
}

export const SCREENS = screensOf(FEATURES);

/** Fetches the code and first data of the screen a link opens (on hover or focus): each once. */
export function preloadHref(href: string, client: QueryClient): void {
  const path = href.split('?')[0];
  const route = PAGE_ROUTES.find((r) => r.path === path);
  void (route?.screen && SCREENS.get(route.screen))?.preload(client);
}
