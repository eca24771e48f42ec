import type { ApprovalArea } from '../policy/approved-partner.ts';
import type { PolicyAction } from '../policy/index.ts';

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

/**
 * Built screens of the platform admins that the spec's bar does not name (issue 26): the admin's
 * dashboard lists them as links, each shown to the roles its action allows.
 */
export interface PageLink {
  id: string;
  label: string;
  path: string;
  /** One line on what the page is for. */
  description: string;
  /** Shown only to roles the policy allows this action. */
  action: PolicyAction;
}

export const ADMIN_TOOLS: readonly PageLink[] = [
  {
    id: 'template-approvals',
    label: 'Template approvals',
    path: '/admin/templates',
    description: 'RCS templates waiting for the platform’s approval, and those decided.',
    action: 'templates.read',
  },
  {
    id: 'rate-plans',
    label: 'Rate plans',
    path: '/admin/rate-plans',
    description: 'Each carrier’s prices, version by version.',
    action: 'rate-plans.read',
  },
  {
    id: 'developer-content',
    label: 'Developer content',
    path: '/developer-assets',
    description: 'Downloads, FAQs and videos shown to developers.',
    action: 'content.manage-view',
  },
  {
    id: 'security-records',
    label: 'Security records',
    path: '/admin/audit-log',
    description: 'Sign-ins, role changes and other security events.',
    action: 'audit-log.read',
  },
];

/**
 * The marketing admin's header is bare (spec section 2): its home, the press-release editor, links
 * to the rest of what it may open (issue 26).
 */
export const MARKETING_LINKS: readonly PageLink[] = [
  {
    id: 'press',
    label: 'Public press page',
    path: '/press',
    description: 'The published press releases as visitors see them.',
    action: 'press-releases.manage',
  },
  {
    id: 'developer-assets',
    label: 'Developer assets',
    path: '/developer-assets',
    description: 'Downloads, FAQs and videos published for developers.',
    action: 'content.read',
  },
  {
    id: 'edit-profile',
    label: 'Edit profile',
    path: '/admin/edit-profile',
    description: 'Your name, photo and contact details.',
    action: 'press-releases.manage',
  },
  {
    id: 'change-password',
    label: 'Change password',
    path: '/admin/change-password',
    description: 'Change your password or sign-in security.',
    action: 'press-releases.manage',
  },
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
/** The marketing admin signs in to the press-release editor (issue 26). */
export const MARKETING_HOME = '/marketing/PressReleaseCms';
export const SERVER_ERROR_PATH = '/500';
export const LOGIN_CALLBACK_PATH = '/callback';
