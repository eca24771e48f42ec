import type { ApprovalArea } from '../policy/approved-partner.ts';

/**
 * The spec's route tables (section 2) as data. The web router, the bars, the highlight logic and the
 * route guards are all built from these; nothing else lists routes.
 */
export interface NavItem {
  /** Stable id, also used for test ids and accessible names. */
  id: string;
  label: string;
  path: string;
  query?: Readonly<Record<string, string>>;
  /** Other path prefixes that highlight this item. */
  highlight?: readonly string[];
  /**
   * The approved-partner area the item belongs to: disabled for an aggregator awaiting approval
   * (points to the dashboard instead); the API refuses the area's calls (policy/approved-partner.ts).
   */
  approvalArea?: ApprovalArea;
}

export const DEVELOPER_BAR: readonly NavItem[] = [
  {
    id: 'my-billing',
    label: 'MY BILLING',
    path: '/u/analytics',
    query: { slug: 'billing' },
    approvalArea: 'billing',
  },
  {
    id: 'my-bots',
    label: 'MY BOTS',
    path: '/u/dashboard',
    highlight: [
      '/u/launch/',
      '/u/create-bot/',
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
    ],
  },
  {
    id: 'my-brands',
    label: 'MY BRANDS',
    path: '/u/my-brands',
    highlight: ['/u/update-brand'],
    approvalArea: 'brands',
  },
  { id: 'pricing', label: 'PRICING', path: '/u/my-carriers' },
  { id: 'api', label: 'API', path: '/u/api' },
  {
    id: 'my-campaigns',
    label: 'MY CAMPAIGNS',
    path: '/u/my-campaigns',
    highlight: ['/my-campaigns', '/add-new-campaign', '/u/audiences', '/u/opt-outs'],
    approvalArea: 'campaigns',
  },
  { id: 'developer-assets', label: 'DEVELOPER ASSETS', path: '/developer-assets' },
];

export const CARRIER_BAR: readonly NavItem[] = [
  { id: 'dashboard', label: 'DASHBOARD', path: '/billing/my-billing' },
  { id: 'bots', label: 'BOTS', path: '/billing/my-bots', highlight: ['/billing/bot-details'] },
  { id: 'brands', label: 'BRANDS', path: '/billing/my-brands', highlight: ['/billing/view-brand'] },
  {
    id: 'aggregators',
    label: 'AGGREGATORS',
    path: '/billing/my-aggregators',
    highlight: ['/billing/view-aggregator'],
  },
  { id: 'billing', label: 'BILLING', path: '/billing/analytics', query: { slug: 'billing' } },
];

export const ADMIN_BAR: readonly NavItem[] = [
  { id: 'dashboard', label: 'DASHBOARD', path: '/admin/dashboard' },
  {
    id: 'bots',
    label: 'BOTS',
    path: '/admin/bots',
    highlight: [
      '/admin/verification-details',
      '/admin/viewBotDetails',
      '/admin/templates',
      '/admin/template-details',
    ],
  },
  { id: 'brands', label: 'BRANDS', path: '/admin/my-brands', highlight: ['/admin/view-brand'] },
  {
    id: 'aggregators',
    label: 'AGGREGATORS',
    path: '/admin/aggregators',
    highlight: ['/admin/viewPorticoAggregatorDetails', '/admin/viewAggregatorDetails'],
  },
  { id: 'campaigns', label: 'CAMPAIGNS', path: '/admin/campaigns' },
  { id: 'billing', label: 'BILLING', path: '/admin/analytics', query: { slug: 'billing' } },
];

export type ProfileMenuItemId =
  | 'manage-users'
  | 'edit-profile'
  | 'my-wallet'
  | 'change-password'
  | 'help-support'
  | 'downloads'
  | 'analytics-dashboard'
  | 'firewall-tool'
  | 'logout';

export interface ProfileMenuItem {
  id: ProfileMenuItemId;
  label: string;
  /** Internal path; absent for external links and logout. */
  path?: string;
  query?: Readonly<Record<string, string>>;
  external?: boolean;
}

/** The paths whose header is bare (logo only): the first-time flow. */
/** Where a signed-up account that is not set up yet starts (the first-time flow). */
export const FIRST_TIME_SETUP_PATH = '/u/setup-user';

export const BARE_HEADER_PATHS = [
  '/setup-enterprise',
  FIRST_TIME_SETUP_PATH,
  '/setup-user',
  '/signup-success',
  '/u/account-type',
  '/u/review-details',
] as const;

/** Paths after which the stored callback URL is not used (spec section 4). */
export const NO_CALLBACK_RETURN_PATHS = ['/sign-up', '/set-password', '/action'] as const;

export const FOOTER_LINKS = [
  { id: 'privacy', label: 'Privacy Policy', path: '/developer-pp' },
  { id: 'terms', label: 'Terms of Service', path: '/developer-tos' },
  { id: 'messaging-terms', label: 'Messaging Terms', path: '/rbm-terms' },
  { id: 'messaging-policies', label: 'Messaging Policies', path: '/rbm-policies' },
] as const;

/** Where a signed-in user lands after the login callback (then mapped to /u/dashboard). */
export const LOGIN_LANDING_PATH = '/developer';
export const DEVELOPER_HOME = '/u/dashboard';
export const CARRIER_HOME = '/billing/my-billing';
export const ADMIN_HOME = '/admin/dashboard';
export const SERVER_ERROR_PATH = '/500';
export const LOGIN_CALLBACK_PATH = '/callback';
