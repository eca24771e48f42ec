import type { ScreenId } from '@portico/domain';
import type { QueryClient } from '@tanstack/react-query';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { inBackground } from './http/client';

/**
 * A screen: a page loaded on first use (React.lazy), so each one is its own chunk. `preload` fetches
 * its code and then, when the page module exports `prefetch`, starts its first queries (fresh ones
 * are not asked for again): the bar's links call it on hover and focus, so the page and its data are
 * on their way before the click.
 */
export type Screen = LazyExoticComponent<ComponentType> & { preload(client: QueryClient): Promise<void> };

/** A page module: its page, and optionally the queries it runs first (with the app's client). */
export interface ScreenModule {
  default: ComponentType;
  prefetch?: (client: QueryClient) => Promise<unknown>;
}

/**
 * Declares a screen: `load` imports its page module (features/<name>/index.ts). The browser keeps a
 * module once imported, so React.lazy and each preload share one fetch of the code.
 */
export function screen(load: () => Promise<ScreenModule>): Screen {
  const component = lazy(load) as Screen;
  // A failure here is the page's to show when it renders and runs its queries: the prefetch's
  // requests are background ones (a failed one leaves the page the user is on where it is).
  component.preload = (client) =>
    load()
      .then((page) => inBackground(() => page.prefetch?.(client)))
      .then(ignore, ignore);
  return component;
}
const ignore = () => {};

/** The screen ids of PAGE_ROUTES that belong to the feature `Name` ('wallet' -> 'wallet.my-wallet', ...). */
export type ScreenIdOf<Name extends string> = Extract<ScreenId, `${Name}.${string}`>;

/**
 * What a feature of the portal declares about itself: its name and its screens, keyed by the
 * screen ids PAGE_ROUTES (packages/domain) gives the pages they render. The router builds every
 * page from PAGE_ROUTES and the features listed in app/features.ts; a feature owns no path.
 */
export interface Feature<Name extends string = string> {
  name: Name;
  screens: { readonly [Id in ScreenIdOf<Name>]?: Screen };
}

/** Types a feature's declaration (only its own screen ids are accepted). */
export function defineFeature<const Name extends string>(feature: Feature<Name>): Feature<Name> {
  return feature;
}
