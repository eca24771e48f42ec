/**
 * What each seeded account must see, written out by hand from the spec (sections 2 and 6) and the
 * seed data: an independent oracle. Nothing here is computed with the domain's navigation rules.
 * Credentials come from the seed itself, so the journeys sign in with the very accounts `DEMO=1` writes.
 */
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@portico/api/platform/db/seed/demo-accounts';

export { DEMO_PASSWORD };

export interface BarItem {
  label: string;
  href: string;
  /** Shown but disabled (aria-disabled, not-allowed cursor), pointing to the dashboard. */
  disabled?: boolean;
}

export interface MenuEntry {
  label: string;
  /** Internal link target; absent for Logout. */
  href?: string;
  /** External tool opened in a new tab with a `ref` parameter. */
  external?: 'analyticsDashboard' | 'firewallTool';
}

export interface RoleExpectation {
  /** The email's local part: the role's name in test titles and screenshot files. */
  role: string;
  email: string;
  fullName: string;
  /** Where sign-in lands and the logo points. */
  home: string;
  header: 'full' | 'bare';
  bar: readonly BarItem[];
  /** The bar item highlighted on `home`. */
  homeItem?: string;
  menu: readonly MenuEntry[];
  profileCompleted: number;
  /** Complete Profile target when profileCompleted < 100. */
  completeProfileHref?: string;
  /** Routes outside the role's prefix: the not-allowed page. */
  refused: readonly string[];
  /** A path that is not the item's own route but highlights it. */
  highlight?: { path: string; label: string };
}

const DEV_HOME = '/u/dashboard';
const CARRIER_HOME = '/billing/my-billing';
const ADMIN_HOME = '/admin/dashboard';

const DEVELOPER_BAR: readonly BarItem[] = [
  { label: 'MY BILLING', href: '/u/analytics?slug=billing' },
  { label: 'MY BOTS', href: '/u/dashboard' },
  { label: 'MY BRANDS', href: '/u/my-brands' },
  { label: 'PRICING', href: '/u/my-carriers' },
  { label: 'API', href: '/u/api' },
  { label: 'MY CAMPAIGNS', href: '/u/my-campaigns' },
  { label: 'DEVELOPER ASSETS', href: '/developer-assets' },
];

/** An aggregator whose launch is not approved: MY BILLING, MY BRANDS, MY CAMPAIGNS disabled, pointing to the dashboard. */
const PENDING_AGGREGATOR_BAR: readonly BarItem[] = [
  { label: 'MY BILLING', href: '/u/dashboard', disabled: true },
  { label: 'MY BOTS', href: '/u/dashboard' },
  { label: 'MY BRANDS', href: '/u/dashboard', disabled: true },
  { label: 'PRICING', href: '/u/my-carriers' },
  { label: 'API', href: '/u/api' },
  { label: 'MY CAMPAIGNS', href: '/u/dashboard', disabled: true },
  { label: 'DEVELOPER ASSETS', href: '/developer-assets' },
];

const CARRIER_BAR: readonly BarItem[] = [
  { label: 'DASHBOARD', href: '/billing/my-billing' },
  { label: 'BOTS', href: '/billing/my-bots' },
  { label: 'BRANDS', href: '/billing/my-brands' },
  { label: 'AGGREGATORS', href: '/billing/my-aggregators' },
  { label: 'BILLING', href: '/billing/analytics?slug=billing' },
];

const ADMIN_BAR: readonly BarItem[] = [
  { label: 'DASHBOARD', href: '/admin/dashboard' },
  { label: 'BOTS', href: '/admin/bots' },
  { label: 'BRANDS', href: '/admin/my-brands' },
  { label: 'AGGREGATORS', href: '/admin/aggregators' },
  { label: 'CAMPAIGNS', href: '/admin/campaigns' },
  { label: 'BILLING', href: '/admin/analytics?slug=billing' },
];

const LOGOUT: MenuEntry = { label: 'Logout' };

const developerMenu = ({ manageUsers }: { manageUsers: boolean }): MenuEntry[] => [
  ...(manageUsers ? [{ label: 'Manage Users', href: '/u/edit-profile?profile_tag=manage-users' }] : []),
  { label: 'Edit Profile', href: '/u/edit-profile' },
  { label: 'My Wallet', href: '/u/my-wallet' },
  { label: 'Change Password', href: '/u/change-password' },
  { label: 'Help & Support', href: '/developer-assets/faqs' },
  { label: 'Downloads', href: '/developer-assets/' },
  LOGOUT,
];

const carrierMenu = ({ manageUsers }: { manageUsers: boolean }): MenuEntry[] => [
  ...(manageUsers ? [{ label: 'Manage Users', href: '/billing/edit-profile?profile_tag=manage-users' }] : []),
  { label: 'Edit Profile', href: '/billing/edit-profile?profile_tag=account-details' },
  { label: 'Change Password', href: '/billing/change-password' },
  { label: 'Analytics Dashboard', external: 'analyticsDashboard' },
  LOGOUT,
];

const adminMenu = ({ manageUsers }: { manageUsers: boolean }): MenuEntry[] => [
  ...(manageUsers ? [{ label: 'Manage Users', href: '/admin/edit-profile?profile_tag=manage-users' }] : []),
  { label: 'Edit Profile', href: '/admin/edit-profile?profile_tag=account-details' },
  { label: 'Change Password', href: '/admin/change-password' },
  { label: 'Analytics Dashboard', external: 'analyticsDashboard' },
  { label: 'International Detection (Firewall)', external: 'firewallTool' },
  LOGOUT,
];

const developerSide = {
  home: DEV_HOME,
  header: 'full',
  homeItem: 'MY BOTS',
  refused: ['/admin/dashboard', '/billing/my-billing'],
} as const;
const carrierSide = {
  home: CARRIER_HOME,
  header: 'full',
  bar: CARRIER_BAR,
  homeItem: 'DASHBOARD',
  refused: ['/admin/dashboard'],
  // Seeded carrier partner: everything but a profile image (9 of 10 facts).
  profileCompleted: 90,
  completeProfileHref: '/billing/edit-profile?profile_tag=account-details',
} as const;
const adminSide = {
  home: ADMIN_HOME,
  header: 'full',
  bar: ADMIN_BAR,
  homeItem: 'DASHBOARD',
  refused: ['/billing/my-billing'],
  // Seeded platform partner: complete profile.
  profileCompleted: 100,
} as const;

export const ROLE_EXPECTATIONS: readonly RoleExpectation[] = [
  {
    ...developerSide,
    role: 'developer',
    email: 'developer@portico.test',
    fullName: 'Dev Sharma',
    bar: DEVELOPER_BAR,
    menu: developerMenu({ manageUsers: true }),
    // No profile image: 9 of 10 facts.
    profileCompleted: 90,
    completeProfileHref: '/u/edit-profile',
    highlight: { path: '/u/launch/123', label: 'MY BOTS' },
  },
  {
    ...developerSide,
    role: 'aggregator-pending',
    email: 'aggregator-pending@portico.test',
    fullName: 'Neha Kapoor',
    bar: PENDING_AGGREGATOR_BAR,
    menu: developerMenu({ manageUsers: false }),
    // No industry type, postal code or image: 7 of 10 facts.
    profileCompleted: 70,
    completeProfileHref: '/u/edit-profile',
    highlight: { path: '/u/create-bot/rcs-bot-details', label: 'MY BOTS' },
  },
  {
    ...developerSide,
    role: 'aggregator',
    email: 'aggregator@portico.test',
    fullName: 'Arjun Mehta',
    bar: DEVELOPER_BAR,
    menu: developerMenu({ manageUsers: true }),
    profileCompleted: 100,
    highlight: { path: '/u/update-brand', label: 'MY BRANDS' },
  },
  {
    ...developerSide,
    role: 'child-readonly',
    email: 'child-readonly@portico.test',
    fullName: 'Riya Iyer',
    bar: DEVELOPER_BAR,
    menu: developerMenu({ manageUsers: false }),
    profileCompleted: 100,
    highlight: { path: '/add-new-campaign', label: 'MY CAMPAIGNS' },
  },
  {
    ...developerSide,
    role: 'child-readwrite',
    email: 'child-readwrite@portico.test',
    fullName: 'Kabir Singh',
    bar: DEVELOPER_BAR,
    menu: developerMenu({ manageUsers: false }),
    profileCompleted: 100,
    highlight: { path: '/developer-assets/faqs', label: 'DEVELOPER ASSETS' },
  },
  {
    ...carrierSide,
    role: 'carrier-admin',
    email: 'carrier-admin@portico.test',
    fullName: 'Priya Nair',
    menu: carrierMenu({ manageUsers: true }),
    highlight: { path: '/billing/bot-details', label: 'BOTS' },
  },
  {
    ...carrierSide,
    role: 'carrier-user',
    email: 'carrier-user@portico.test',
    fullName: 'Vikram Rao',
    menu: carrierMenu({ manageUsers: false }),
    highlight: { path: '/billing/view-brand', label: 'BRANDS' },
  },
  {
    ...carrierSide,
    role: 'carrier-manager',
    email: 'carrier-manager@portico.test',
    fullName: 'Meera Joshi',
    menu: carrierMenu({ manageUsers: false }),
    highlight: { path: '/billing/analytics?slug=billing', label: 'BILLING' },
  },
  {
    ...adminSide,
    role: 'superadmin',
    email: 'superadmin@portico.test',
    fullName: 'Sam Fernandes',
    menu: adminMenu({ manageUsers: true }),
    highlight: { path: '/admin/verification-details', label: 'BOTS' },
  },
  {
    ...adminSide,
    role: 'admin-readonly',
    email: 'admin-readonly@portico.test',
    fullName: 'Anita Desai',
    menu: adminMenu({ manageUsers: false }),
    highlight: { path: '/admin/viewPorticoAggregatorDetails', label: 'AGGREGATORS' },
  },
  {
    ...adminSide,
    role: 'admin-readwrite',
    email: 'admin-readwrite@portico.test',
    fullName: 'Rahul Verma',
    menu: adminMenu({ manageUsers: false }),
    highlight: { path: '/admin/view-brand', label: 'BRANDS' },
  },
  {
    // Marketing admin: a platform admin whose header is bare (logo only, no bar, no profile menu).
    role: 'marketing',
    email: 'marketing@portico.test',
    fullName: 'Maya Pillai',
    // Signs in to the press-release editor (issue 26), links to the rest in the page.
    home: '/marketing/PressReleaseCms',
    header: 'bare',
    bar: [],
    menu: [],
    profileCompleted: 100,
    refused: ['/billing/my-billing'],
  },
];

/** The seeded accounts (from the seed data, not restated): the oracle must cover exactly these. */
export const SEEDED_EMAILS: readonly string[] = DEMO_ACCOUNTS.map((account) => account.email);

export const FOOTER_TEXT = 'Copyright © Portico 2024-2025. All rights reserved.';
export const FOOTER_LINKS = [
  { label: 'Privacy Policy', href: '/developer-pp' },
  { label: 'Terms of Service', href: '/developer-tos' },
  { label: 'Messaging Terms', href: '/rbm-terms' },
  { label: 'Messaging Policies', href: '/rbm-policies' },
] as const;

export const NOT_ALLOWED_TITLE = "You don't have access to this page";
export const BAD_CREDENTIALS_MESSAGE = 'The email or password you entered is incorrect.';
