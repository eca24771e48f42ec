/**
 * Every page of the portal (spec section 2) as data: the web router is generated from this table.
 * `frame` pages render their page frame with an honest empty state until the issue that builds
 * their screen lands; `capability` names that capability.
 */
export type PageArea = 'public' | 'developer' | 'carrier' | 'admin' | 'first-time';

export interface PageRoute {
  path: string;
  title: string;
  area: PageArea;
  /** The capability (issue) that builds this screen, shown in the empty state. */
  capability?: string;
  /** A route parameter pattern, e.g. '/u/launch/:botId'. */
  pattern?: string;
}

const dev = (path: string, title: string, capability: string, pattern?: string): PageRoute => ({
  path,
  title,
  area: 'developer',
  capability,
  ...(pattern ? { pattern } : {}),
});
const carrier = (path: string, title: string, capability: string): PageRoute => ({
  path,
  title,
  area: 'carrier',
  capability,
});
const admin = (path: string, title: string, capability: string): PageRoute => ({
  path,
  title,
  area: 'admin',
  capability,
});

export const PAGE_ROUTES: readonly PageRoute[] = [
  // Developer or aggregator
  dev('/u/dashboard', 'My Bots', 'Bots'),
  dev('/u/analytics', 'My Billing', 'Billing analytics'),
  dev('/u/my-brands', 'My Brands', 'Brands'),
  dev('/u/update-brand', 'Update Brand', 'Brands'),
  dev('/u/my-carriers', 'Pricing', 'Wallet, rate plans and pricing'),
  dev('/u/api', 'API', 'Developer API access'),
  dev('/u/my-campaigns', 'My Campaigns', 'Campaigns'),
  dev('/my-campaigns', 'My Campaigns', 'Campaigns'),
  dev('/add-new-campaign', 'New Campaign', 'Campaigns'),
  dev('/u/launch', 'Launch Bot', 'Bot launch', '/u/launch/*'),
  dev('/u/create-bot/whatsapp-bot-details', 'Create WhatsApp Bot', 'Bots'),
  dev('/u/create-bot/rcs-bot-details', 'Create RCS Bot', 'Bots'),
  dev('/u/create-bot/brand-details', 'Brand Details', 'Bots'),
  dev('/u/create-bot/select-carriers', 'Select Carriers', 'Bots'),
  dev('/u/listing', 'Bot Listing', 'Bots'),
  dev('/u/bot-console', 'Bot Console', 'Bots'),
  dev('/u/launch-details', 'Launch Details', 'Bot launch'),
  dev('/u/view-bot-details/whatsapp', 'WhatsApp Bot Details', 'Bots'),
  dev('/u/update-whatsapp-bot', 'Update WhatsApp Bot', 'Bots'),
  dev('/u/add-view-template', 'Templates', 'Templates'),
  dev('/u/view-template-details', 'Template Details', 'Templates'),
  dev('/u/addTemplate', 'Add Template', 'Templates'),
  dev('/u/update-carrier', 'Update Carrier', 'Bot launch'),
  dev('/u/edit-profile', 'Edit Profile', 'Accounts'),
  dev('/u/my-wallet', 'My Wallet', 'Wallet, rate plans and pricing'),
  dev('/u/change-password', 'Change Password', 'Accounts'),
  dev('/developer-assets', 'Developer Assets', 'Developer assets', '/developer-assets/*'),
  // Carrier (billing)
  carrier('/billing/my-billing', 'Dashboard', 'Carrier review'),
  carrier('/billing/my-bots', 'Bots', 'Carrier review'),
  carrier('/billing/bot-details', 'Bot Details', 'Carrier review'),
  carrier('/billing/my-brands', 'Brands', 'Carrier review'),
  carrier('/billing/view-brand', 'Brand', 'Carrier review'),
  carrier('/billing/my-aggregators', 'Aggregators', 'Carrier review'),
  carrier('/billing/analytics', 'Billing', 'Billing analytics'),
  carrier('/billing/edit-profile', 'Edit Profile', 'Accounts'),
  carrier('/billing/change-password', 'Change Password', 'Accounts'),
  // Platform admin
  admin('/admin/dashboard', 'Dashboard', 'Platform review'),
  admin('/admin/bots', 'Bots', 'Platform review'),
  admin('/admin/verification-details', 'Verification Details', 'Platform review'),
  admin('/admin/viewBotDetails', 'Bot Details', 'Platform review'),
  admin('/admin/my-brands', 'Brands', 'Platform review'),
  admin('/admin/view-brand', 'Brand', 'Platform review'),
  admin('/admin/aggregators', 'Aggregators', 'Platform review'),
  admin('/admin/viewPorticoAggregatorDetails', 'Aggregator Details', 'Platform review'),
  admin('/admin/viewAggregatorDetails', 'Aggregator Details', 'Platform review'),
  admin('/admin/campaigns', 'Campaigns', 'Campaigns'),
  admin('/admin/analytics', 'Billing', 'Billing analytics'),
  admin('/admin/edit-profile', 'Edit Profile', 'Accounts'),
  admin('/admin/change-password', 'Change Password', 'Accounts'),
  // Not in the bar: linked from /admin/edit-profile for provider admins.
  admin('/admin/audit-log', 'Security Records', 'Accounts'),
  // ---- wallet ----
  admin('/admin/rate-plans', 'Rate Plans', 'Wallet, rate plans and pricing'),
  // First-time flow (bare header)
  { path: '/u/setup-user', title: 'Set Up Your Account', area: 'first-time', capability: 'Accounts' },
  { path: '/setup-user', title: 'Set Up Your Account', area: 'first-time', capability: 'Accounts' },
  { path: '/u/account-type', title: 'Account Type', area: 'first-time', capability: 'Accounts' },
  { path: '/setup-enterprise', title: 'Set Up Your Enterprise', area: 'first-time', capability: 'Accounts' },
  { path: '/u/review-details', title: 'Review Details', area: 'first-time', capability: 'Accounts' },
  { path: '/signup-success', title: 'Sign-up Complete', area: 'first-time', capability: 'Accounts' },
  // Public
  { path: '/sign-up', title: 'Sign Up', area: 'public', capability: 'Accounts' },
  { path: '/set-password', title: 'Set Password', area: 'public', capability: 'Accounts' },
  { path: '/developer-pp', title: 'Privacy Policy', area: 'public' },
  { path: '/developer-tos', title: 'Terms of Service', area: 'public' },
  { path: '/rbm-terms', title: 'Messaging Terms', area: 'public' },
  { path: '/rbm-policies', title: 'Messaging Policies', area: 'public' },
  { path: '/country-carrier-page', title: 'Countries and Carriers', area: 'public' },
  {
    path: '/marketing/PressReleaseCms',
    title: 'Press Releases',
    area: 'public',
    capability: 'Press releases',
  },
];
