import { ZReferenceToken } from '@portico/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { accountsKeys } from '@/features/accounts/api/keys';
import { browser } from '@/lib/browser';
import { http } from '@/lib/http/client';
import { endExportProgress, reportExportProgress } from '@/lib/http/export-progress';
import {
  APP_CONFIG,
  CARRIER_ADMIN,
  DEVELOPER,
  MARKETING_ADMIN,
  PENDING_AGGREGATOR,
  partnerDetails,
  SUPER_ADMIN,
} from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

const mainNav = () => screen.getByRole('navigation', { name: 'Main' });
const barLinks = () =>
  within(mainNav())
    .getAllByRole('link', { hidden: true })
    .map((link) => ({
      label: link.textContent,
      href: link.getAttribute('href'),
      disabled: link.getAttribute('aria-disabled') === 'true',
      current: link.getAttribute('aria-current') === 'page',
    }));

async function openProfileMenu() {
  await userEvent.click(screen.getByRole('button', { name: 'Open profile menu' }));
  return within(await screen.findByRole('menu', { name: 'Profile menu' }));
}
const itemLabels = (menu: { getAllByRole: (role: 'menuitem') => HTMLElement[] }) =>
  menu.getAllByRole('menuitem').map((item) => item.querySelector('.MuiListItemText-primary')?.textContent);

// MY BOTS (/u/dashboard) lists the partner's bots, the reviewers' homes count what waits for them:
// answered empty here, so no call outlives its test (a failed one would send the next test's page to /500).
const realGet = http.get.bind(http);
const EMPTY_REVIEW_DASHBOARD = { cards: [], requests: [], generated_at: '2026-09-01T09:00:00.000Z' };
const emptyAnswer = (url: string) =>
  url.endsWith('/review-dashboard')
    ? EMPTY_REVIEW_DASHBOARD
    : url === '/secure/notifications/unread-count'
      ? { unread: 0 }
      : /^\/secure\/(bots|brands|bot-reviews|carrier\/bot-reviews)|^\/reference\//.test(url)
        ? { items: [], total: 0, by_status: [] }
        : undefined;
/** GET answers the reference token; the rest of the page is answered empty or stays loading (not what is tested). */
function answerReferenceToken(token: string) {
  vi.spyOn(http, 'get').mockImplementation(((url: string) => {
    if (url === '/secure/reference-token') return Promise.resolve({ token, expiresAt: Date.now() + 60_000 });
    const answer = emptyAnswer(url);
    return answer ? Promise.resolve(answer) : new Promise(() => {});
  }) as typeof http.get);
}
beforeEach(() => {
  vi.spyOn(http, 'get').mockImplementation(((url: string, ...rest: [never, never]) => {
    const answer = emptyAnswer(url);
    return answer ? Promise.resolve(answer) : realGet(url, ...rest);
  }) as typeof http.get);
});

describe('the shell for a developer', () => {
  it('shows the developer bar with its exact labels, routes and query strings, MY BOTS highlighted', async () => {
    renderApp('/u/dashboard', { details: DEVELOPER });
    // The file's first page: its code is compiled on first use (seconds on a busy machine).
    expect(
      await screen.findByRole('heading', { level: 1, name: 'My Bots' }, { timeout: 15_000 }),
    ).toBeTruthy();
    expect(barLinks()).toEqual([
      { label: 'MY BILLING', href: '/u/analytics?slug=billing', disabled: false, current: false },
      { label: 'MY BOTS', href: '/u/dashboard', disabled: false, current: true },
      { label: 'MY BRANDS', href: '/u/my-brands', disabled: false, current: false },
      { label: 'PRICING', href: '/u/my-carriers', disabled: false, current: false },
      { label: 'API', href: '/u/api', disabled: false, current: false },
      { label: 'MY CAMPAIGNS', href: '/u/my-campaigns', disabled: false, current: false },
      { label: 'DEVELOPER ASSETS', href: '/developer-assets', disabled: false, current: false },
    ]);
    expect(screen.getByRole('button', { name: 'Open navigation' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Portico home' }).getAttribute('href')).toBe('/u/dashboard');
    expect(screen.getByText(/Welcome back, Asha/)).toBeTruthy();
  });

  it('when the pointer or the focus reaches a link of the bar then its screen and first data are fetched before the click', async () => {
    renderApp('/u/my-brands', { details: DEVELOPER });
    expect(await screen.findByRole('heading', { level: 1, name: 'My Brands' })).toBeTruthy();
    const asked = () => vi.mocked(http.get).mock.calls.some(([url]) => url === '/secure/bots/dashboard');
    expect(asked()).toBe(false);
    const myBots = within(mainNav()).getByRole('link', { name: 'MY BOTS', hidden: true });
    await userEvent.hover(myBots);
    await waitFor(() => expect(asked()).toBe(true));
    // Once: hovering again (or the focus) asks nothing more while the answer is fresh.
    const calls = vi.mocked(http.get).mock.calls.length;
    myBots.focus();
    await userEvent.unhover(myBots);
    expect(vi.mocked(http.get).mock.calls.length).toBe(calls);
    // The click shows the page with the answer already there.
    await userEvent.click(myBots);
    expect(await screen.findByRole('heading', { level: 1, name: 'My Bots' })).toBeTruthy();
  });

  it("when the pointer reaches a link inside a page (a breadcrumb) or MY CAMPAIGNS then that page's first data is fetched before the click", async () => {
    renderApp('/u/my-brands', { details: DEVELOPER });
    expect(await screen.findByRole('heading', { level: 1, name: 'My Brands' })).toBeTruthy();
    const asked = (path: string) => vi.mocked(http.get).mock.calls.some(([url]) => url === path);
    expect(asked('/secure/bots/dashboard')).toBe(false);
    const crumb = within(screen.getByRole('main')).getByRole('link', { name: 'Developer console' });
    await userEvent.hover(crumb);
    await waitFor(() => expect(asked('/secure/bots/dashboard')).toBe(true));
    expect(asked('/secure/campaigns')).toBe(false);
    await userEvent.hover(within(mainNav()).getByRole('link', { name: 'MY CAMPAIGNS', hidden: true }));
    await waitFor(() => expect(asked('/secure/campaigns')).toBe(true));
  });

  it('highlights MY BOTS on the bot creation pages', async () => {
    // The page loads its reference lists (empty here: no server in this test).
    vi.spyOn(http, 'get').mockResolvedValue({ items: [], total: 0 });
    renderApp('/u/create-bot/rcs-bot-details', { details: DEVELOPER });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Create RCS Bot' }, { timeout: 15_000 }),
    ).toBeTruthy();
    expect(barLinks().find((l) => l.current)?.label).toBe('MY BOTS');
    expect(screen.getByRole('navigation', { name: 'Bot creation steps' })).toBeTruthy();
  });

  it('offers the developer profile menu with the completion and Complete Profile', async () => {
    renderApp('/u/dashboard', { details: DEVELOPER });
    const menu = await openProfileMenu();
    expect(itemLabels(menu)).toEqual([
      'Manage Users',
      'Edit Profile',
      'My Wallet',
      'Change Password',
      'Help & Support',
      'Downloads',
      'Logout',
    ]);
    const dialog = screen.getByRole('dialog', { name: 'Asha Rao' });
    expect(within(dialog).getByText('developer@portico.test')).toBeTruthy();
    expect(
      within(dialog).getByRole('progressbar', { name: 'Profile completion' }).getAttribute('aria-valuenow'),
    ).toBe('60');
    expect(within(dialog).getByRole('link', { name: 'Complete Profile' }).getAttribute('href')).toBe(
      '/u/edit-profile',
    );
    expect(menu.getByRole('menuitem', { name: 'Manage Users' }).getAttribute('href')).toBe(
      '/u/edit-profile?profile_tag=manage-users',
    );
    expect(menu.getByRole('menuitem', { name: 'Help & Support' }).getAttribute('href')).toBe(
      '/developer-assets/faqs',
    );
  });

  it('is refused the admin and carrier areas with a clear page', async () => {
    renderApp('/admin/dashboard', { details: DEVELOPER });
    expect(await screen.findByRole('heading', { name: "You don't have access to this page" })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to your home page' }).getAttribute('href')).toBe(
      '/u/dashboard',
    );
  });

  it('maps /developer/* to /u/*', async () => {
    renderApp('/developer/my-brands', { details: DEVELOPER });
    expect(await screen.findByRole('heading', { level: 1, name: 'My Brands' })).toBeTruthy();
  });
});

describe('the shell for an aggregator whose launch is not approved', () => {
  it('disables MY BILLING, MY BRANDS and MY CAMPAIGNS: they point to the dashboard with a not-allowed cursor', async () => {
    renderApp('/u/dashboard', { details: PENDING_AGGREGATOR });
    await screen.findByRole('heading', { level: 1, name: 'My Bots' });
    const disabled = barLinks().filter((l) => l.disabled);
    expect(disabled.map((l) => l.label)).toEqual(['MY BILLING', 'MY BRANDS', 'MY CAMPAIGNS']);
    expect(disabled.every((l) => l.href === '/u/dashboard')).toBe(true);
    const billing = within(mainNav()).getByText('MY BILLING');
    expect(getComputedStyle(billing).cursor).toBe('not-allowed');
    expect(billing.getAttribute('aria-describedby')).toBeTruthy();
  });

  it('has no Manage Users in the profile menu', async () => {
    renderApp('/u/dashboard', { details: PENDING_AGGREGATOR });
    const menu = await openProfileMenu();
    expect(itemLabels(menu)).toEqual([
      'Edit Profile',
      'My Wallet',
      'Change Password',
      'Help & Support',
      'Downloads',
      'Logout',
    ]);
  });
});

describe('the shell for a carrier', () => {
  it('shows the carrier bar, highlights BOTS on bot details, and refuses the developer-only admin area', async () => {
    renderApp('/billing/bot-details', { details: CARRIER_ADMIN });
    expect(await screen.findByRole('heading', { level: 1, name: 'Bot Details' })).toBeTruthy();
    expect(barLinks().map((l) => [l.label, l.href])).toEqual([
      ['DASHBOARD', '/billing/my-billing'],
      ['BOTS', '/billing/my-bots'],
      ['BRANDS', '/billing/my-brands'],
      ['AGGREGATORS', '/billing/my-aggregators'],
      ['BILLING', '/billing/analytics?slug=billing'],
    ]);
    expect(barLinks().find((l) => l.current)?.label).toBe('BOTS');
    expect(screen.getByRole('link', { name: 'Portico home' }).getAttribute('href')).toBe(
      '/billing/my-billing',
    );
  });

  it('has the carrier profile menu with the analytics link carrying the reference token', async () => {
    answerReferenceToken('ref/abc+1');
    renderApp('/billing/my-billing', { details: CARRIER_ADMIN });
    const menu = await openProfileMenu();
    expect(itemLabels(menu)).toEqual([
      'Manage Users',
      'Edit Profile',
      'Change Password',
      'Analytics Dashboard',
      'Logout',
    ]);
    expect(menu.getByRole('menuitem', { name: /Edit Profile/ }).getAttribute('href')).toBe(
      '/billing/edit-profile?profile_tag=account-details',
    );
    const analytics = menu.getByRole('menuitem', { name: /Analytics Dashboard/ });
    await waitFor(() =>
      expect(analytics.getAttribute('href')).toBe(
        'https://analytics.example.test/dashboard?ref=ref%2Fabc%2B1',
      ),
    );
    expect(analytics.getAttribute('target')).toBe('_blank');
    expect(analytics.getAttribute('rel')).toBe('noopener noreferrer');
    expect(http.get).toHaveBeenCalledWith('/secure/reference-token', ZReferenceToken);
    // Profile complete: no Complete Profile link.
    expect(screen.queryByRole('link', { name: 'Complete Profile' })).toBeNull();
  });

  it('is refused the admin area', async () => {
    renderApp('/admin/bots', { details: CARRIER_ADMIN });
    expect(await screen.findByRole('heading', { name: "You don't have access to this page" })).toBeTruthy();
  });

  it('lands on the carrier home instead of the developer dashboard', async () => {
    renderApp('/developer', { details: CARRIER_ADMIN });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    expect(barLinks().find((l) => l.current)?.label).toBe('DASHBOARD');
  });
});

describe('the shell for a platform admin', () => {
  it('shows the admin bar and the admin profile menu with the firewall tool', async () => {
    answerReferenceToken('r1');
    renderApp('/admin/viewAggregatorDetails', { details: SUPER_ADMIN });
    expect(await screen.findByRole('heading', { level: 1, name: 'Aggregator Details' })).toBeTruthy();
    expect(barLinks().map((l) => l.label)).toEqual([
      'DASHBOARD',
      'BOTS',
      'BRANDS',
      'AGGREGATORS',
      'CAMPAIGNS',
      'BILLING',
    ]);
    expect(barLinks().find((l) => l.current)?.label).toBe('AGGREGATORS');
    const menu = await openProfileMenu();
    expect(itemLabels(menu)).toEqual([
      'Manage Users',
      'Edit Profile',
      'Change Password',
      'Analytics Dashboard',
      'International Detection (Firewall)',
      'Logout',
    ]);
    await waitFor(() =>
      expect(menu.getByRole('menuitem', { name: /Firewall/ }).getAttribute('href')).toBe(
        'https://firewall.example.test/detect?ref=r1',
      ),
    );
  });

  it("when neither external tool is configured then the firewall link is left out and analytics opens the platform's BILLING", async () => {
    renderApp('/admin/dashboard', {
      details: SUPER_ADMIN,
      appConfig: { ...APP_CONFIG, links: { analyticsDashboard: null, firewallTool: null } },
    });
    const menu = await openProfileMenu();
    expect(itemLabels(menu)).toEqual([
      'Manage Users',
      'Edit Profile',
      'Change Password',
      'Analytics Dashboard',
      'Logout',
    ]);
    const analytics = menu.getByRole('menuitem', { name: /Analytics Dashboard/ });
    expect(analytics.getAttribute('href')).toBe('/admin/analytics?slug=billing');
    expect(analytics.getAttribute('target')).toBeNull();
  });

  it('when only the analytics dashboard is configured then it keeps the reference token and the firewall link is hidden', async () => {
    answerReferenceToken('r2');
    renderApp('/admin/dashboard', {
      details: SUPER_ADMIN,
      appConfig: {
        ...APP_CONFIG,
        links: { analyticsDashboard: 'https://bi.example.test/x', firewallTool: null },
      },
    });
    const menu = await openProfileMenu();
    expect(itemLabels(menu)).not.toContain('International Detection (Firewall)');
    await waitFor(() =>
      expect(menu.getByRole('menuitem', { name: /Analytics Dashboard/ }).getAttribute('href')).toBe(
        'https://bi.example.test/x?ref=r2',
      ),
    );
  });

  it('maps /portico-admin/* to /admin/*', async () => {
    renderApp('/portico-admin/bots', { details: SUPER_ADMIN });
    expect(await screen.findByRole('heading', { level: 1, name: 'Bots' })).toBeTruthy();
    expect(barLinks().find((l) => l.current)?.label).toBe('BOTS');
  });
});

/** GET account-setup right after set password: nothing gathered yet. */
const SETUP_STARTED = {
  email: 'new@portico.test',
  firstName: '',
  lastName: '',
  accountType: null,
  company: null,
  address: null,
  completed: false,
};

describe('the bare header', () => {
  it('is all a marketing admin gets: the logo, no bar, no profile menu', async () => {
    renderApp('/admin/dashboard', { details: MARKETING_ADMIN });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Portico home' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Open profile menu' })).toBeNull();
    // No menu, but a way out.
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeTruthy();
  });

  it('is used when there are no partner details, whose /u pages lead to the first-time flow', async () => {
    renderApp('/u/dashboard', { details: null, queries: [[accountsKeys.setup(), SETUP_STARTED]] });
    // The screen's chunk loads first: give it longer than the default second.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Set up your account' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
  });

  it('is used on the first-time flow pages', async () => {
    renderApp('/u/setup-user', {
      details: partnerDetails(),
      queries: [[accountsKeys.setup(), SETUP_STARTED]],
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Set up your account' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
  });
});

describe('the public shell', () => {
  it('shows the landing page with Sign in and Sign up, and the footer', async () => {
    renderApp('/');
    expect(
      await screen.findByRole('heading', { level: 1, name: /Business messaging on RCS and WhatsApp/ }),
    ).toBeTruthy();
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(within(banner).getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/sign-up');
    expect(within(banner).getByRole('link', { name: 'Portico home' }).getAttribute('href')).toBe('/');

    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByText('Copyright © Portico 2024-2025. All rights reserved.')).toBeTruthy();
    const links = within(footer)
      .getAllByRole('link')
      .map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('target'), a.getAttribute('rel')]);
    expect(links).toEqual([
      // The public press page, in this tab (issue 17).
      ['Press', '/press', null, null],
      ['Privacy Policy', '/developer-pp', '_blank', 'noopener noreferrer'],
      ['Terms of Service', '/developer-tos', '_blank', 'noopener noreferrer'],
      ['Messaging Terms', '/rbm-terms', '_blank', 'noopener noreferrer'],
      ['Messaging Policies', '/rbm-policies', '_blank', 'noopener noreferrer'],
    ]);
    expect(screen.getByRole('main')).toBeTruthy();
  });

  it('renders /mef pages bare: no header, no footer', async () => {
    renderApp('/mef/preview');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.queryByRole('contentinfo')).toBeNull();
  });

  it('sends a visitor of a protected page to sign-in, remembering the page', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    renderApp('/u/my-brands?tab=1');
    expect(await screen.findByText('Taking you to sign in…')).toBeTruthy();
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    expect(String(assign.mock.calls[0]?.[0])).toContain('/oidc/auth?client_id=portico-web');
    expect(sessionStorage.getItem('portico_callback_url')).toBe('/u/my-brands?tab=1');
  });

  it('signs in again on the logout callback', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    renderApp('/?action=logout&status=signed-out');
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    expect(String(assign.mock.calls[0]?.[0])).toContain('/oidc/auth?');
  });

  it('shows a policy page and the not-found page', async () => {
    renderApp('/developer-pp');
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeTruthy();
  });

  it('explains the server error page', async () => {
    renderApp('/500');
    expect(await screen.findByRole('heading', { name: 'Something went wrong on our side' })).toBeTruthy();
    expect(
      screen.getByText('The server encountered an unexpected error. Please try again later.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Go back and try again' })).toBeTruthy();
  });

  it('signed-in visitors of / go to their home', async () => {
    renderApp('/', { details: SUPER_ADMIN });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    expect(barLinks().find((l) => l.current)?.label).toBe('DASHBOARD');
  });
});

describe('the large exports being prepared', () => {
  it('when a background export reports its progress then every page shows it until it ends', async () => {
    renderApp('/u/dashboard', { details: DEVELOPER });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'My Bots' }, { timeout: 15_000 }),
    ).toBeTruthy();
    const id = 'a1b2c3d4-0000-4000-8000-000000000001';
    act(() =>
      reportExportProgress({ id, fileName: 'wallet-history-2026-11-30.pdf', done: 1500, total: 6000 }),
    );
    expect(await screen.findByText('Preparing wallet-history-2026-11-30.pdf')).toBeTruthy();
    expect(screen.getByText('1,500 of 6,000 rows (25%)')).toBeTruthy();
    expect(
      screen
        .getByRole('progressbar', { name: 'Preparing wallet-history-2026-11-30.pdf' })
        .getAttribute('aria-valuenow'),
    ).toBe('25');
    act(() => endExportProgress(id));
    await waitFor(() => expect(screen.queryByText('Preparing wallet-history-2026-11-30.pdf')).toBeNull());
  });
});
