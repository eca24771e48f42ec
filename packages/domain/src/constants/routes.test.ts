import { describe, expect, it } from 'vitest';
import { PAGE_ROUTES, type PageRoute, SCREEN_IDS } from './routes.ts';

const routes: readonly PageRoute[] = PAGE_ROUTES;

describe('PAGE_ROUTES', () => {
  it('when listing the paths then each page is there once', () => {
    const paths = routes.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it("when a page has a screen then its id is '<feature>.<screen>' in kebab case", () => {
    for (const { screen } of routes) {
      if (screen !== undefined) expect(screen).toMatch(/^[a-z][a-z-]*\.[a-z][a-z-]*$/);
    }
  });

  it('when a page has no screen yet then it names the capability that builds it', () => {
    for (const route of routes) {
      if (route.screen === undefined) expect(route.capability, route.path).toBeTruthy();
    }
  });

  it('when listing the screen ids then each appears once, in table order', () => {
    const ids = routes.flatMap((route) => (route.screen ? [route.screen] : []));
    expect(SCREEN_IDS).toEqual([...new Set(ids)]);
    expect(SCREEN_IDS).toContain('wallet.my-wallet');
  });

  it('when one screen serves several paths then they are the same page, one title in each area', () => {
    const byScreen = new Map<string, PageRoute[]>();
    for (const route of routes) {
      if (route.screen) byScreen.set(route.screen, [...(byScreen.get(route.screen) ?? []), route]);
    }
    for (const shared of byScreen.values()) {
      for (const area of new Set(shared.map((route) => route.area))) {
        const titles = shared.filter((route) => route.area === area).map((route) => route.title);
        expect(new Set(titles).size, `${shared[0]?.screen} in ${area}`).toBe(1);
      }
    }
    // The spec names the developers' billing MY BILLING and the carriers' and the platform's BILLING.
    expect(byScreen.get('analytics.billing')?.map((route) => route.title)).toEqual([
      'My Billing',
      'Billing',
      'Billing',
    ]);
    expect(byScreen.get('accounts.edit-profile')?.map((route) => route.path)).toEqual([
      '/u/edit-profile',
      '/billing/edit-profile',
      '/admin/edit-profile',
    ]);
  });
});
