import { PAGE_ROUTES, type ScreenId } from '@portico/domain';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
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

/**
 * Every in-app link's screen (its code and first data) is fetched when the pointer or the focus
 * reaches it: the bar's and its menu's, and the pages' own (cards, rows, breadcrumbs), so a page
 * and its data are on their way before the click. Used where a signed-in audience's bar shows (a
 * page's data is asked for only with a session); a disabled link (aria-disabled) is left alone.
 */
export function useLinkPreload(): void {
  const client = useQueryClient();
  useEffect(() => {
    let last: Element | null = null;
    const reach = (event: Event) => {
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      // Moving over a link's own parts reaches it once.
      if (!link || link === last) return;
      last = link;
      const href = link.getAttribute('href') ?? '';
      if (link.getAttribute('aria-disabled') === 'true' || !href.startsWith('/') || href.startsWith('//'))
        return;
      preloadHref(href, client);
    };
    document.addEventListener('pointerover', reach);
    document.addEventListener('focusin', reach);
    return () => {
      document.removeEventListener('pointerover', reach);
      document.removeEventListener('focusin', reach);
    };
  }, [client]);
}
