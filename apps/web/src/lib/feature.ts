import type { ScreenId } from '@portico/domain';
import type { ComponentType, LazyExoticComponent } from 'react';

/** A screen: a page loaded on first use (React.lazy), so each one is its own chunk. */
export type Screen = LazyExoticComponent<ComponentType>;

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
