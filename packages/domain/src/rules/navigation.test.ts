import { describe, expect, it } from 'vitest';
import {
  ADMIN_BAR,
  ADMIN_HOME,
  ADMIN_TOOLS,
  BARE_HEADER_PATHS,
  CARRIER_BAR,
  CARRIER_HOME,
  DEVELOPER_BAR,
  DEVELOPER_HOME,
  FOOTER_LINKS,
  LOGIN_LANDING_PATH,
  MARKETING_LINKS,
  type ProfileMenuItem,
} from '../constants/navigation.ts';
import { ALL_ROLES, type Role } from '../constants/roles.ts';
import { PAGE_ROUTES } from '../constants/routes.ts';
import { PROVIDER_APPROVED_STATUS } from '../constants/statuses.ts';
import {
  activeNavItemId,
  audienceOf,
  buildUrl,
  externalToolUrl,
  homePathFor,
  isBareHeader,
  isBarePage,
  logoTarget,
  mapPublicPath,
  mayStoreCallbackUrl,
  navBarFor,
  pageLinksFor,
  profileMenuFor,
  requiresSignIn,
  routeAccess,
} from './navigation.ts';
import type { NavUser } from './user-info.ts';

function navUser(overrides: Partial<NavUser> = {}): NavUser {
  return {
    firstName: 'Asha',
    lastName: 'Rao',
    email: 'user@portico.test',
    role: 'DEVELOPER',
    isCarrier: false,
    isAggregator: false,
    launchApproved: false,
    hasEwallet: false,
    approvalStatus: null,
    isAdmin: false,
    ...overrides,
  };
}

/** The seeded accounts of the demo data (issue 2), as navigation sees them. */
const SEEDED = {
  developer: navUser({ role: 'DEVELOPER', hasEwallet: true }),
  aggregatorPending: navUser({ role: 'DEVELOPER', isAggregator: true, hasEwallet: true }),
  aggregator: navUser({ role: 'DEVELOPER', isAggregator: true, launchApproved: true, hasEwallet: true }),
  childReadonly: navUser({ role: 'CHILD_AGGREGATOR_READONLY', isAggregator: true, launchApproved: true }),
  childReadwrite: navUser({ role: 'CHILD_AGGREGATOR_READWRITE', isAggregator: true, launchApproved: true }),
  carrierAdmin: navUser({ role: 'ADMIN_BILLING', isCarrier: true }),
  carrierUser: navUser({ role: 'USER_BILLING', isCarrier: true }),
  carrierManager: navUser({ role: 'MANAGER_BILLING', isCarrier: true }),
  superAdmin: navUser({ role: 'SUPER_ADMIN_PORTICO', isAdmin: true }),
  adminReadonly: navUser({ role: 'ADMIN_PORTICO_READONLY', isAdmin: true }),
  adminReadwrite: navUser({ role: 'ADMIN_PORTICO_READWRITE', isAdmin: true }),
  marketing: navUser({ role: 'MARKETING_ADMIN', isAdmin: true }),
};

const userWithRole = (role: Role | null): NavUser =>
  navUser({
    role,
    isCarrier: role === 'ADMIN_BILLING' || role === 'USER_BILLING' || role === 'MANAGER_BILLING',
  });

const AUDIENCE_BY_ROLE: Record<Role, 'developer' | 'carrier' | 'admin'> = {
  SUPER_ADMIN_PORTICO: 'admin',
  MARKETING_ADMIN: 'admin',
  ADMIN_PORTICO_READONLY: 'admin',
  ADMIN_PORTICO_READWRITE: 'admin',
  ADMIN_BILLING: 'carrier',
  USER_BILLING: 'carrier',
  MANAGER_BILLING: 'carrier',
  DEVELOPER: 'developer',
  CHILD_AGGREGATOR_READONLY: 'developer',
  CHILD_AGGREGATOR_READWRITE: 'developer',
};

const bar = (user: NavUser) =>
  navBarFor(user).map(({ label, href, disabled }) => ({ label, href, disabled }));

const menu = (items: ProfileMenuItem[]) =>
  items.map((item) => ({
    label: item.label,
    href: item.path === undefined ? undefined : buildUrl(item.path, item.query),
    external: item.external === true,
  }));

const DEVELOPER_BAR_ENABLED = [
  { label: 'MY BILLING', href: '/u/analytics?slug=billing', disabled: false },
  { label: 'MY BOTS', href: '/u/dashboard', disabled: false },
  { label: 'MY BRANDS', href: '/u/my-brands', disabled: false },
  { label: 'PRICING', href: '/u/my-carriers', disabled: false },
  { label: 'API', href: '/u/api', disabled: false },
  { label: 'MY CAMPAIGNS', href: '/u/my-campaigns', disabled: false },
  { label: 'DEVELOPER ASSETS', href: '/developer-assets', disabled: false },
];

const CARRIER_BAR_EXPECTED = [
  { label: 'DASHBOARD', href: '/billing/my-billing', disabled: false },
  { label: 'BOTS', href: '/billing/my-bots', disabled: false },
  { label: 'BRANDS', href: '/billing/my-brands', disabled: false },
  { label: 'AGGREGATORS', href: '/billing/my-aggregators', disabled: false },
  { label: 'BILLING', href: '/billing/analytics?slug=billing', disabled: false },
];

const ADMIN_BAR_EXPECTED = [
  { label: 'DASHBOARD', href: '/admin/dashboard', disabled: false },
  { label: 'BOTS', href: '/admin/bots', disabled: false },
  { label: 'BRANDS', href: '/admin/my-brands', disabled: false },
  { label: 'AGGREGATORS', href: '/admin/aggregators', disabled: false },
  { label: 'CAMPAIGNS', href: '/admin/campaigns', disabled: false },
  { label: 'BILLING', href: '/admin/analytics?slug=billing', disabled: false },
];

describe('audienceOf and homePathFor', () => {
  it.each(ALL_ROLES)('when the role is %s then the audience and home follow the role group', (role) => {
    const audience = AUDIENCE_BY_ROLE[role];
    const user = userWithRole(role);
    expect(audienceOf(user)).toBe(audience);
    expect(homePathFor(user)).toBe(
      role === 'MARKETING_ADMIN'
        ? '/marketing/PressReleaseCms'
        : { developer: DEVELOPER_HOME, carrier: CARRIER_HOME, admin: ADMIN_HOME }[audience],
    );
  });

  it('when the admin tools and the marketing links are filtered by role then each shows what its policy allows', () => {
    const ids = (role: Role) => pageLinksFor(ADMIN_TOOLS, role).map((link) => link.id);
    expect(ids('SUPER_ADMIN_PORTICO')).toEqual([
      'template-approvals',
      'rate-plans',
      'developer-content',
      'security-records',
    ]);
    expect(ids('ADMIN_PORTICO_READONLY')).toEqual(ids('SUPER_ADMIN_PORTICO'));
    expect(ids('MARKETING_ADMIN')).toEqual([]);
    expect(pageLinksFor(MARKETING_LINKS, 'MARKETING_ADMIN').map((link) => link.path)).toEqual([
      '/press',
      '/developer-assets',
      '/admin/edit-profile',
      '/admin/change-password',
    ]);
  });

  it('when the role is missing then the account is a developer with the developer home', () => {
    expect(audienceOf(navUser({ role: null }))).toBe('developer');
    expect(homePathFor(navUser({ role: null }))).toBe('/u/dashboard');
  });

  it('when the account is flagged isCarrier without a billing role then it is a carrier', () => {
    expect(audienceOf(navUser({ role: null, isCarrier: true }))).toBe('carrier');
    expect(homePathFor(navUser({ role: null, isCarrier: true }))).toBe('/billing/my-billing');
  });

  it('when reading the homes then they are the spec paths', () => {
    expect([DEVELOPER_HOME, CARRIER_HOME, ADMIN_HOME]).toEqual([
      '/u/dashboard',
      '/billing/my-billing',
      '/admin/dashboard',
    ]);
  });
});

describe('navBarFor', () => {
  it('when the user is a developer who is not an aggregator then the developer bar is fully enabled', () => {
    expect(bar(SEEDED.developer)).toEqual(DEVELOPER_BAR_ENABLED);
  });

  it('when the user is an approved aggregator then the developer bar is fully enabled', () => {
    expect(bar(SEEDED.aggregator)).toEqual(DEVELOPER_BAR_ENABLED);
    expect(bar(navUser({ isAggregator: true, approvalStatus: PROVIDER_APPROVED_STATUS }))).toEqual(
      DEVELOPER_BAR_ENABLED,
    );
  });

  it('when the aggregator launch is not approved then MY BILLING, MY BRANDS and MY CAMPAIGNS point to the dashboard, disabled', () => {
    expect(bar(SEEDED.aggregatorPending)).toEqual([
      { label: 'MY BILLING', href: '/u/dashboard', disabled: true },
      { label: 'MY BOTS', href: '/u/dashboard', disabled: false },
      { label: 'MY BRANDS', href: '/u/dashboard', disabled: true },
      { label: 'PRICING', href: '/u/my-carriers', disabled: false },
      { label: 'API', href: '/u/api', disabled: false },
      { label: 'MY CAMPAIGNS', href: '/u/dashboard', disabled: true },
      { label: 'DEVELOPER ASSETS', href: '/developer-assets', disabled: false },
    ]);
  });

  it('when an item is disabled then it keeps its own path and query for reference', () => {
    const billing = navBarFor(SEEDED.aggregatorPending).find((item) => item.id === 'my-billing');
    expect(billing).toMatchObject({ path: '/u/analytics', query: { slug: 'billing' }, disabled: true });
  });

  it.each(['childReadonly', 'childReadwrite'] as const)(
    'when the user is the %s child aggregator then the developer bar is shown',
    (key) => {
      expect(bar(SEEDED[key])).toEqual(DEVELOPER_BAR_ENABLED);
    },
  );

  it.each(['carrierAdmin', 'carrierUser', 'carrierManager'] as const)(
    'when the user is %s then the carrier bar is shown',
    (key) => {
      expect(bar(SEEDED[key])).toEqual(CARRIER_BAR_EXPECTED);
    },
  );

  it('when a carrier account is also an unapproved aggregator then nothing in the carrier bar is disabled', () => {
    expect(bar(navUser({ role: 'ADMIN_BILLING', isCarrier: true, isAggregator: true }))).toEqual(
      CARRIER_BAR_EXPECTED,
    );
  });

  it.each(['superAdmin', 'adminReadonly', 'adminReadwrite', 'marketing'] as const)(
    'when the user is %s then the platform admin bar is shown',
    (key) => {
      expect(bar(SEEDED[key])).toEqual(ADMIN_BAR_EXPECTED);
    },
  );

  it('when reading the bar tables then they hold the spec items in order', () => {
    expect(DEVELOPER_BAR.map((i) => i.label)).toEqual([
      'MY BILLING',
      'MY BOTS',
      'MY BRANDS',
      'PRICING',
      'API',
      'MY CAMPAIGNS',
      'DEVELOPER ASSETS',
    ]);
    expect(DEVELOPER_BAR.filter((i) => i.approvalArea).map((i) => [i.label, i.approvalArea])).toEqual([
      ['MY BILLING', 'billing'],
      ['MY BRANDS', 'brands'],
      ['MY CAMPAIGNS', 'campaigns'],
    ]);
    expect(CARRIER_BAR.map((i) => i.label)).toEqual([
      'DASHBOARD',
      'BOTS',
      'BRANDS',
      'AGGREGATORS',
      'BILLING',
    ]);
    expect(ADMIN_BAR.map((i) => i.label)).toEqual([
      'DASHBOARD',
      'BOTS',
      'BRANDS',
      'AGGREGATORS',
      'CAMPAIGNS',
      'BILLING',
    ]);
  });

  it('when an item has an id then it is unique within its bar', () => {
    for (const items of [DEVELOPER_BAR, CARRIER_BAR, ADMIN_BAR]) {
      const ids = items.map((i) => i.id);
      expect(new Set(ids).size).toBe(ids.length);
    }
  });
});

describe('activeNavItemId', () => {
  it.each([
    ['/u/analytics', 'my-billing'],
    ['/u/dashboard', 'my-bots'],
    ['/u/my-brands', 'my-brands'],
    ['/u/my-carriers', 'pricing'],
    ['/u/api', 'api'],
    ['/u/my-campaigns', 'my-campaigns'],
    ['/developer-assets', 'developer-assets'],
    ['/developer-assets/faqs', 'developer-assets'],
    ['/developer-assets/', 'developer-assets'],
  ])('when the developer is on %s then %s is highlighted', (path, id) => {
    expect(activeNavItemId(DEVELOPER_BAR, path)).toBe(id);
  });

  it.each([
    '/u/launch/',
    '/u/launch/42',
    '/u/create-bot/whatsapp-bot-details',
    '/u/create-bot/rcs-bot-details',
    '/u/create-bot/brand-details',
    '/u/create-bot/select-carriers',
    '/u/listing',
    '/u/bot-console',
    '/u/launch-details',
    '/u/view-bot-details/whatsapp',
    '/u/view-bot-details/rcs',
    '/u/view-bot-details/rcs-whatsapp',
    '/u/update-whatsapp-bot',
    '/u/update-rcs-bot',
    '/u/add-view-template',
    '/u/view-template-details',
    '/u/addTemplate',
    '/u/update-carrier',
  ])('when the developer is on %s then MY BOTS is highlighted', (path) => {
    expect(activeNavItemId(DEVELOPER_BAR, path)).toBe('my-bots');
  });

  it.each([
    ['/u/update-brand', 'my-brands'],
    ['/my-campaigns', 'my-campaigns'],
    ['/add-new-campaign', 'my-campaigns'],
  ])('when the developer is on the other developer path %s then %s is highlighted', (path, id) => {
    expect(activeNavItemId(DEVELOPER_BAR, path)).toBe(id);
  });

  it.each(['/u/edit-profile', '/u/my-wallet', '/u/change-password', '/u/my-brands-archive', '/u', '/'])(
    'when the developer is on %s then nothing is highlighted',
    (path) => {
      expect(activeNavItemId(DEVELOPER_BAR, path)).toBeUndefined();
    },
  );

  it.each([
    ['/billing/my-billing', 'dashboard'],
    ['/billing/my-bots', 'bots'],
    ['/billing/bot-details', 'bots'],
    ['/billing/my-brands', 'brands'],
    ['/billing/view-brand', 'brands'],
    ['/billing/my-aggregators', 'aggregators'],
    ['/billing/analytics', 'billing'],
  ])('when the carrier is on %s then %s is highlighted', (path, id) => {
    expect(activeNavItemId(CARRIER_BAR, path)).toBe(id);
  });

  it.each([
    ['/admin/dashboard', 'dashboard'],
    ['/admin/bots', 'bots'],
    ['/admin/verification-details', 'bots'],
    ['/admin/viewBotDetails', 'bots'],
    ['/admin/templates', 'bots'],
    ['/admin/template-details', 'bots'],
    ['/admin/my-brands', 'brands'],
    ['/admin/view-brand', 'brands'],
    ['/admin/aggregators', 'aggregators'],
    ['/admin/viewPorticoAggregatorDetails', 'aggregators'],
    ['/admin/viewAggregatorDetails', 'aggregators'],
    ['/admin/campaigns', 'campaigns'],
    ['/admin/analytics', 'billing'],
  ])('when the admin is on %s then %s is highlighted', (path, id) => {
    expect(activeNavItemId(ADMIN_BAR, path)).toBe(id);
  });

  it('when a profile page is open then no bar item is highlighted', () => {
    expect(activeNavItemId(CARRIER_BAR, '/billing/edit-profile')).toBeUndefined();
    expect(activeNavItemId(ADMIN_BAR, '/admin/change-password')).toBeUndefined();
  });
});

describe('profileMenuFor', () => {
  const developerMenu = (opts: { manageUsers: boolean; wallet: boolean }) => [
    ...(opts.manageUsers
      ? [{ label: 'Manage Users', href: '/u/edit-profile?profile_tag=manage-users', external: false }]
      : []),
    { label: 'Edit Profile', href: '/u/edit-profile', external: false },
    ...(opts.wallet ? [{ label: 'My Wallet', href: '/u/my-wallet', external: false }] : []),
    { label: 'Change Password', href: '/u/change-password', external: false },
    { label: 'Help & Support', href: '/developer-assets/faqs', external: false },
    { label: 'Downloads', href: '/developer-assets/', external: false },
    { label: 'Logout', href: undefined, external: false },
  ];

  it('when the user is the developer with a wallet then the full developer menu shows', () => {
    expect(menu(profileMenuFor(SEEDED.developer))).toEqual(
      developerMenu({ manageUsers: true, wallet: true }),
    );
  });

  it('when the developer has no wallet then My Wallet is left out', () => {
    expect(menu(profileMenuFor(navUser({ role: 'DEVELOPER', hasEwallet: false })))).toEqual(
      developerMenu({ manageUsers: true, wallet: false }),
    );
  });

  it('when the developer account has no role at all then it still manages users', () => {
    expect(menu(profileMenuFor(navUser({ role: null, hasEwallet: true })))).toEqual(
      developerMenu({ manageUsers: true, wallet: true }),
    );
  });

  it('when the user is an approved aggregator then Manage Users shows', () => {
    expect(menu(profileMenuFor(SEEDED.aggregator))).toEqual(
      developerMenu({ manageUsers: true, wallet: true }),
    );
    expect(
      menu(profileMenuFor(navUser({ isAggregator: true, approvalStatus: PROVIDER_APPROVED_STATUS }))),
    ).toEqual(developerMenu({ manageUsers: true, wallet: false }));
  });

  it('when the aggregator launch is not approved then Manage Users is left out', () => {
    expect(menu(profileMenuFor(SEEDED.aggregatorPending))).toEqual(
      developerMenu({ manageUsers: false, wallet: true }),
    );
  });

  it.each(['childReadonly', 'childReadwrite'] as const)(
    'when the user is the %s child user then Manage Users is left out',
    (key) => {
      expect(menu(profileMenuFor(SEEDED[key]))).toEqual(developerMenu({ manageUsers: false, wallet: false }));
    },
  );

  it('when the user is a child user with a wallet then My Wallet shows', () => {
    expect(
      menu(profileMenuFor({ ...SEEDED.childReadonly, hasEwallet: true })).map((item) => item.label),
    ).toContain('My Wallet');
  });

  it('when the user is ADMIN_BILLING then the carrier menu includes Manage Users', () => {
    expect(menu(profileMenuFor(SEEDED.carrierAdmin))).toEqual([
      { label: 'Manage Users', href: '/billing/edit-profile?profile_tag=manage-users', external: false },
      { label: 'Edit Profile', href: '/billing/edit-profile?profile_tag=account-details', external: false },
      { label: 'Change Password', href: '/billing/change-password', external: false },
      { label: 'Analytics Dashboard', href: undefined, external: true },
      { label: 'Logout', href: undefined, external: false },
    ]);
  });

  it.each(['carrierUser', 'carrierManager'] as const)(
    'when the user is %s then the carrier menu has Edit Profile but no Manage Users',
    (key) => {
      expect(menu(profileMenuFor(SEEDED[key]))).toEqual([
        { label: 'Edit Profile', href: '/billing/edit-profile?profile_tag=account-details', external: false },
        { label: 'Change Password', href: '/billing/change-password', external: false },
        { label: 'Analytics Dashboard', href: undefined, external: true },
        { label: 'Logout', href: undefined, external: false },
      ]);
    },
  );

  it('when a carrier has a wallet then My Wallet still does not show (it is a developer item)', () => {
    const ids = profileMenuFor({ ...SEEDED.carrierAdmin, hasEwallet: true }).map((item) => item.id);
    expect(ids).not.toContain('my-wallet');
  });

  it('when the user is SUPER_ADMIN_PORTICO then the admin menu has Manage Users and the firewall link', () => {
    expect(menu(profileMenuFor(SEEDED.superAdmin))).toEqual([
      { label: 'Manage Users', href: '/admin/edit-profile?profile_tag=manage-users', external: false },
      { label: 'Edit Profile', href: '/admin/edit-profile?profile_tag=account-details', external: false },
      { label: 'Change Password', href: '/admin/change-password', external: false },
      { label: 'Analytics Dashboard', href: undefined, external: true },
      { label: 'International Detection (Firewall)', href: undefined, external: true },
      { label: 'Logout', href: undefined, external: false },
    ]);
  });

  it.each(['adminReadonly', 'adminReadwrite'] as const)(
    'when the user is %s then the admin menu has no Manage Users but keeps the external links',
    (key) => {
      expect(profileMenuFor(SEEDED[key]).map((item) => item.id)).toEqual([
        'edit-profile',
        'change-password',
        'analytics-dashboard',
        'firewall-tool',
        'logout',
      ]);
    },
  );

  it('when an external tool has no configured URL then the firewall is left out and analytics opens BILLING; a configured one stays', () => {
    const none = { analyticsDashboard: null, firewallTool: null };
    const superAdmin = profileMenuFor(SEEDED.superAdmin, none);
    expect(superAdmin.map((item) => item.id)).toEqual([
      'manage-users',
      'edit-profile',
      'change-password',
      'analytics-dashboard',
      'logout',
    ]);
    expect(superAdmin.find((item) => item.id === 'analytics-dashboard')).toEqual({
      id: 'analytics-dashboard',
      label: 'Analytics Dashboard',
      path: '/admin/analytics',
      query: { slug: 'billing' },
    });
    expect(
      profileMenuFor(SEEDED.carrierAdmin, none).find((item) => item.id === 'analytics-dashboard')?.path,
    ).toBe('/billing/analytics');
    const analyticsOnly = { analyticsDashboard: 'https://bi.example/d', firewallTool: null };
    const items = profileMenuFor(SEEDED.adminReadonly, analyticsOnly);
    expect(items.map((item) => item.id)).toEqual([
      'edit-profile',
      'change-password',
      'analytics-dashboard',
      'logout',
    ]);
    expect(items.map((item) => externalToolUrl(item, analyticsOnly))).toEqual([
      null,
      null,
      'https://bi.example/d',
      null,
    ]);
    const firewallOnly = { analyticsDashboard: null, firewallTool: 'https://fw.example/t' };
    expect(profileMenuFor(SEEDED.superAdmin, firewallOnly).map((item) => item.id)).toContain('firewall-tool');
  });

  it('when any user opens the menu then Logout is the last item and ids are unique', () => {
    for (const user of Object.values(SEEDED)) {
      const ids = profileMenuFor(user).map((item) => item.id);
      expect(ids.at(-1)).toBe('logout');
      expect(new Set(ids).size).toBe(ids.length);
    }
  });
});

describe('isBarePage', () => {
  it.each(['/mef', '/mef/', '/mef/onboarding', '/u/mef', '/u/mef/preview', '/mef-preview'])(
    'when the path %s contains /mef then the page is bare',
    (path) => {
      expect(isBarePage(path)).toBe(true);
    },
  );

  it.each(['/', '/u/dashboard', '/admin/dashboard', '/u/timeframe', 'mef', '/me/f'])(
    'when the path %s does not contain /mef then the page has a header and footer',
    (path) => {
      expect(isBarePage(path)).toBe(false);
    },
  );
});

describe('isBareHeader', () => {
  it('when listing the bare header paths then they are the six of the spec', () => {
    expect([...BARE_HEADER_PATHS]).toEqual([
      '/setup-enterprise',
      '/u/setup-user',
      '/setup-user',
      '/signup-success',
      '/u/account-type',
      '/u/review-details',
    ]);
  });

  it.each([...BARE_HEADER_PATHS])('when a signed-in developer is on %s then the header is bare', (path) => {
    expect(isBareHeader(path, SEEDED.developer)).toBe(true);
    expect(isBareHeader(`${path}/step-2`, SEEDED.developer)).toBe(true);
  });

  it('when no partner details are loaded then the header is bare on any path', () => {
    expect(isBareHeader('/u/dashboard', null)).toBe(true);
    expect(isBareHeader('/', null)).toBe(true);
  });

  it('when the user is a marketing admin then the header is bare on any path', () => {
    expect(isBareHeader('/admin/dashboard', SEEDED.marketing)).toBe(true);
    expect(isBareHeader('/u/dashboard', SEEDED.marketing)).toBe(true);
  });

  it.each(['developer', 'aggregatorPending', 'carrierAdmin', 'superAdmin', 'adminReadonly'] as const)(
    'when %s is on an ordinary page then the header is full',
    (key) => {
      expect(isBareHeader('/u/dashboard', SEEDED[key])).toBe(false);
      expect(isBareHeader('/u/setup-username', SEEDED[key])).toBe(false);
    },
  );
});

describe('logoTarget', () => {
  it('when logged out then the logo links to /', () => {
    expect(logoTarget(null)).toBe('/');
  });

  it('when signed in then the logo links to the home of the audience', () => {
    expect(logoTarget(SEEDED.developer)).toBe('/u/dashboard');
    expect(logoTarget(SEEDED.aggregatorPending)).toBe('/u/dashboard');
    expect(logoTarget(SEEDED.carrierUser)).toBe('/billing/my-billing');
    expect(logoTarget(SEEDED.superAdmin)).toBe('/admin/dashboard');
  });
});

describe('mapPublicPath', () => {
  it.each([
    ['/portico-admin/x', '/admin/x'],
    ['/portico-admin/bots', '/admin/bots'],
    ['/portico-admin/view-brand/12', '/admin/view-brand/12'],
    ['/portico-admin', '/admin/dashboard'],
    ['/portico-admin/', '/admin/dashboard'],
    ['/developer', '/u/dashboard'],
    ['/developer/', '/u/dashboard'],
    ['/developer/my-brands', '/u/my-brands'],
    ['/developer/create-bot/rcs-bot-details', '/u/create-bot/rcs-bot-details'],
  ])('when the public path is %s then it maps to %s', (from, to) => {
    expect(mapPublicPath(from)).toBe(to);
  });

  it('when the login lands on /developer then it maps to the developer dashboard', () => {
    expect(LOGIN_LANDING_PATH).toBe('/developer');
    expect(mapPublicPath(LOGIN_LANDING_PATH)).toBe(DEVELOPER_HOME);
  });

  it.each([
    '/developer-assets',
    '/developer-assets/faqs',
    '/developer-pp',
    '/developer-tos',
    '/portico-administrator',
    '/admin/dashboard',
    '/u/dashboard',
    '/',
  ])('when the path is %s then it is not mapped', (path) => {
    expect(mapPublicPath(path)).toBeNull();
  });
});

describe('routeAccess', () => {
  const PATHS = {
    billing: ['/billing/my-billing', '/billing/analytics', '/billing'],
    admin: ['/admin/dashboard', '/admin/bots', '/admin'],
    shared: ['/u/dashboard', '/u/edit-profile', '/developer-assets', '/developer-assets/faqs'],
    open: ['/', '/sign-up', '/developer-pp', '/country-carrier-page', '/500', '/billingx', '/administrator'],
  };

  const cases = [
    { name: 'no role', audience: 'developer', user: navUser({ role: null }) },
    { name: 'no role, isCarrier', audience: 'carrier', user: navUser({ role: null, isCarrier: true }) },
    ...ALL_ROLES.map((role) => ({ name: role, audience: AUDIENCE_BY_ROLE[role], user: userWithRole(role) })),
  ];

  it.each(cases)(
    'when the role is $name ($audience) then access follows the prefix table',
    ({ audience, user }) => {
      for (const path of PATHS.billing)
        expect(routeAccess(path, user)).toBe(audience === 'carrier' ? 'allowed' : 'denied');
      for (const path of PATHS.admin)
        expect(routeAccess(path, user)).toBe(audience === 'admin' ? 'allowed' : 'denied');
      for (const path of [...PATHS.shared, ...PATHS.open]) expect(routeAccess(path, user)).toBe('allowed');
    },
  );

  it('when checking every page route then its area matches the prefix that guards it', () => {
    for (const route of PAGE_ROUTES) {
      if (route.area === 'carrier') expect(route.path.startsWith('/billing/')).toBe(true);
      if (route.area === 'admin') expect(route.path.startsWith('/admin/')).toBe(true);
      if (route.area !== 'carrier') expect(route.path.startsWith('/billing')).toBe(false);
      if (route.area !== 'admin') expect(route.path.startsWith('/admin')).toBe(false);
    }
  });
});

describe('requiresSignIn', () => {
  it.each([
    '/u',
    '/u/dashboard',
    '/billing/my-billing',
    '/admin/dashboard',
    '/developer-assets',
    '/developer-assets/faqs',
    '/my-campaigns',
    '/add-new-campaign',
  ])('when the path is %s then it needs a signed-in user', (path) => {
    expect(requiresSignIn(path)).toBe(true);
  });

  it('when a page is of a signed-in area (developer, carrier, admin) then it needs a signed-in user', () => {
    const open = PAGE_ROUTES.filter(
      (r) => ['developer', 'carrier', 'admin'].includes(r.area) && !requiresSignIn(r.path),
    ).map((r) => r.path);
    expect(open).toEqual([]);
  });

  it.each([
    '/',
    '/sign-up',
    '/developer-pp',
    '/rbm-terms',
    '/500',
    '/users',
    '/setup-user',
    '/signup-success',
  ])('when the path is %s then it is public', (path) => {
    expect(requiresSignIn(path)).toBe(false);
  });
});

describe('mayStoreCallbackUrl', () => {
  it.each([
    '/sign-up',
    '/sign-up/verify',
    '/set-password',
    '/set-password/abc123',
    '/action',
    '/action/verify-email',
    '/action-link',
  ])('when the path is %s then the callback URL is not stored', (path) => {
    expect(mayStoreCallbackUrl(path)).toBe(false);
  });

  it.each([
    '/',
    '/u/dashboard',
    '/billing/my-bots',
    '/admin/view-brand',
    '/developer-assets/faqs',
    '/sign-upx',
    '/actions',
  ])('when the path is %s then the callback URL is stored', (path) => {
    expect(mayStoreCallbackUrl(path)).toBe(true);
  });
});

describe('buildUrl', () => {
  it('when there is no query then the base is returned', () => {
    expect(buildUrl('/u/dashboard')).toBe('/u/dashboard');
    expect(buildUrl('/u/dashboard', {})).toBe('/u/dashboard');
  });

  it('when there are query parameters then they are appended in order', () => {
    expect(buildUrl('/u/analytics', { slug: 'billing' })).toBe('/u/analytics?slug=billing');
    expect(buildUrl('/u/launch', { bot_id: 42, draft: true, tab: 'carriers' })).toBe(
      '/u/launch?bot_id=42&draft=true&tab=carriers',
    );
  });

  it('when values are undefined, null or empty then they are left out', () => {
    expect(buildUrl('/u/analytics', { slug: 'billing', from: undefined, to: null, q: '' })).toBe(
      '/u/analytics?slug=billing',
    );
    expect(buildUrl('/u/analytics', { from: undefined, to: null })).toBe('/u/analytics');
  });

  it('when falsy but present values are given then they are kept', () => {
    expect(buildUrl('/x', { page: 0, active: false })).toBe('/x?page=0&active=false');
  });

  it('when the base already has a query then parameters are added with &', () => {
    expect(buildUrl('https://analytics.example/d?ref=abc', { token: 'x' })).toBe(
      'https://analytics.example/d?ref=abc&token=x',
    );
  });

  it('when values have reserved characters then they are encoded', () => {
    expect(buildUrl('/search', { q: 'a b&c=d', tag: 'é/?' })).toBe('/search?q=a+b%26c%3Dd&tag=%C3%A9%2F%3F');
  });
});

describe('route tables', () => {
  const isKnownPath = (path: string) => {
    const trimmed = path.length > 1 ? path.replace(/\/$/, '') : path;
    return PAGE_ROUTES.some(
      (route) =>
        route.path === trimmed ||
        trimmed.startsWith(`${route.path}/`) ||
        route.path.startsWith(`${trimmed}/`),
    );
  };

  it('when a bar item or highlight path is listed then the router has a page for it', () => {
    for (const item of [...DEVELOPER_BAR, ...CARRIER_BAR, ...ADMIN_BAR]) {
      expect(isKnownPath(item.path), item.path).toBe(true);
      for (const path of item.highlight ?? []) expect(isKnownPath(path), path).toBe(true);
    }
  });

  it('when a profile menu or footer link points inside the portal then the router has a page for it', () => {
    for (const user of Object.values(SEEDED)) {
      for (const item of profileMenuFor(user))
        if (item.path) expect(isKnownPath(item.path), item.path).toBe(true);
    }
    for (const link of FOOTER_LINKS) expect(isKnownPath(link.path), link.path).toBe(true);
  });

  it('when the footer links are listed then they are the four policy pages', () => {
    expect(FOOTER_LINKS.map((l) => l.path)).toEqual([
      '/developer-pp',
      '/developer-tos',
      '/rbm-terms',
      '/rbm-policies',
    ]);
  });
});
