import { PAGE_ROUTES, type PageRoute, SCREEN_IDS } from '@portico/domain';
import { describe, expect, it } from 'vitest';
import { accountsFeature } from '@/features/accounts';
import { defineFeature, type Feature, screen } from '@/lib/feature';
import { FEATURES } from './features';
import { SCREENS, screensOf } from './screens';

const routes: readonly PageRoute[] = PAGE_ROUTES;
const LAZY = Symbol.for('react.lazy');

describe('screens', () => {
  it('when a page of PAGE_ROUTES names a screen then a feature declares it', () => {
    const missing = SCREEN_IDS.filter((id) => !SCREENS.has(id));
    expect(missing).toEqual([]);
  });

  it('when a feature declares a screen then PAGE_ROUTES has a page for it (no screen without a path)', () => {
    const unused = [...SCREENS.keys()].filter((id) => !SCREEN_IDS.includes(id));
    expect(unused).toEqual([]);
  });

  it('when the portal is built then every page of PAGE_ROUTES has its screen (campaigns and billing were the last)', () => {
    expect(routes.filter((route) => route.screen === undefined).map((route) => route.path)).toEqual([]);
  });

  it('when a feature declares a screen then it is a lazy page under its own name', () => {
    for (const feature of FEATURES) {
      expect(feature.name).toMatch(/^[a-z][a-z-]*$/);
      for (const [id, screen] of Object.entries(feature.screens)) {
        expect(id.startsWith(`${feature.name}.`), id).toBe(true);
        expect((screen as { $$typeof?: symbol }).$$typeof, id).toBe(LAZY);
      }
    }
  });

  it('when two features declare the same screen then building the list fails', () => {
    const page = screen(async () => ({ default: () => null }));
    const one = defineFeature({ name: 'wallet', screens: { 'wallet.my-wallet': page } });
    const features: Feature[] = [one, one];
    expect(() => screensOf(features)).toThrow("The screen 'wallet.my-wallet' is declared twice.");
  });

  it('when the list is built then each feature appears once and its screens are found by id', () => {
    const names = FEATURES.map((feature) => feature.name);
    expect(new Set(names).size).toBe(names.length);
    expect(SCREENS.get('accounts.edit-profile')).toBe(accountsFeature.screens['accounts.edit-profile']);
  });
});
