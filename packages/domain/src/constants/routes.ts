/**
 * Every page of the portal (spec section 2) as data: the web router is generated from this table.
 * A page with a `screen` renders the screen a web feature declares under that id (the feature's
 * name, a dot, the screen: 'wallet.my-wallet'); a page without one is not built yet and renders its
 * page frame with an honest empty state naming the `capability` (issue) that builds it.
 */
export type PageArea = 'public' | 'developer' | 'carrier' | 'admin' | 'first-time';

export interface PageRoute<S extends string = string> {
  path: string;
  title: string;
  area: PageArea;
  /** The capability (issue) that builds this screen, shown in the empty state. Display text only. */
  capability?: string;
  /** The screen a web feature renders here (several paths may share one); none until it is built. */
  screen?: S;
  /** A route parameter pattern, e.g. '/u/launch/:botId'. */
  pattern?: string;
}

interface RouteOptions<S extends string> {
  screen?: S;
  pattern?: string;
}

/** A route of an area; the generic keeps each screen id as a literal, so ScreenId is their union. */
const inArea =
  (area: PageArea) =>
  <const S extends string = never>(
    path: string,
    title: string,
    capability: string | undefined,
    { screen, pattern }: RouteOptions<S> = {},
  ): PageRoute<S> => ({
    path,
    title,
    area,
    ...(capability ? { capability } : {}),
    ...(screen ? { screen } : {}),
    ...(pattern ? { pattern } : {}),
  });

const dev = inArea('developer');
const carrier = inArea('carrier');
const admin = inArea('admin');
const firstTime = inArea('first-time');
const open = inArea('public');

export const PAGE_ROUTES = [
  // Developer or aggregator
  dev('/u/dashboard', 'My Bots', 'Bots', { screen: 'bots.my-bots' }),
  dev('/u/analytics', 'My Billing', 'Billing analytics', { screen: 'analytics.billing' }),
  dev('/u/my-brands', 'My Brands', 'Brands', { screen: 'brands.my-brands' }),
  dev('/u/update-brand', 'Update Brand', 'Brands', { screen: 'brands.update-brand' }),
  dev('/u/my-carriers', 'Pricing', 'Wallet, rate plans and pricing', { screen: 'wallet.pricing' }),
  dev('/u/api', 'API', 'Developer API access', { screen: 'partner-api.api' }),
  dev('/u/my-campaigns', 'My Campaigns', 'Campaigns', { screen: 'campaigns.my-campaigns' }),
  dev('/u/audiences', 'Audiences', 'Audiences', { screen: 'audiences.audiences' }),
  dev('/u/opt-outs', 'Opt-out List', 'Audiences', { screen: 'audiences.opt-outs' }),
  dev('/my-campaigns', 'My Campaigns', 'Campaigns', { screen: 'campaigns.my-campaigns' }),
  dev('/add-new-campaign', 'New Campaign', 'Campaigns', { screen: 'campaigns.form' }),
  dev('/u/launch', 'Launch Bot', 'Bot launch', { screen: 'launches.stepper', pattern: '/u/launch/*' }),
  dev('/u/create-bot/whatsapp-bot-details', 'Create WhatsApp Bot', 'Bots', {
    screen: 'bots.create-whatsapp',
  }),
  dev('/u/create-bot/rcs-bot-details', 'Create RCS Bot', 'Bots', { screen: 'bots.create-rcs' }),
  dev('/u/create-bot/brand-details', 'Brand Details', 'Bots', { screen: 'bots.brand-details' }),
  dev('/u/create-bot/select-carriers', 'Select Carriers', 'Bots', { screen: 'bots.select-carriers' }),
  dev('/u/listing', 'Bot Listing', 'Bots', { screen: 'bots.listing' }),
  dev('/u/bot-console', 'Bot Console', 'Bots', { screen: 'bot-testing.console' }),
  dev('/u/launch-details', 'Launch Details', 'Bot launch', { screen: 'launches.details' }),
  // One details screen; the suffix comes from the bot's channels (channelRoute in rules/channels.ts).
  dev('/u/view-bot-details/rcs', 'Bot Details', 'Bots', { screen: 'bots.view' }),
  dev('/u/view-bot-details/whatsapp', 'Bot Details', 'Bots', { screen: 'bots.view' }),
  dev('/u/view-bot-details/rcs-whatsapp', 'Bot Details', 'Bots', { screen: 'bots.view' }),
  dev('/u/update-rcs-bot', 'Update RCS Bot', 'Bots', { screen: 'bots.update-rcs' }),
  dev('/u/update-whatsapp-bot', 'Update WhatsApp Bot', 'Bots', { screen: 'bots.update-whatsapp' }),
  dev('/u/add-view-template', 'Templates', 'Templates', { screen: 'templates.list' }),
  dev('/u/view-template-details', 'Template Details', 'Templates', { screen: 'templates.details' }),
  dev('/u/addTemplate', 'Add Template', 'Templates', { screen: 'templates.builder' }),
  dev('/u/update-carrier', 'Update Carrier', 'Bot launch', { screen: 'launches.update-carrier' }),
  dev('/u/edit-profile', 'Edit Profile', 'Accounts', { screen: 'accounts.edit-profile' }),
  dev('/u/my-wallet', 'My Wallet', 'Wallet, rate plans and pricing', { screen: 'wallet.my-wallet' }),
  dev('/u/change-password', 'Change Password', 'Accounts', { screen: 'accounts.change-password' }),
  dev('/u/security', 'Sign-in Security', 'Accounts', { screen: 'accounts.security' }),
  // The notification centre's full list (issue 26): "See all" in the header's notifications.
  dev('/u/notifications', 'Notifications', 'Notifications', { screen: 'notifications.list' }),
  // Not in the bar: an aggregator's billing info, linked from /u/edit-profile.
  dev('/u/billing-info', 'Billing Info', 'Aggregators', { screen: 'aggregators.billing-info' }),
  dev('/developer-assets', 'Developer Assets', 'Developer assets', {
    screen: 'content.developer-assets',
    pattern: '/developer-assets/*',
  }),
  // Carrier (billing)
  carrier('/billing/my-billing', 'Dashboard', 'Carrier review', { screen: 'bot-review.dashboard' }),
  carrier('/billing/my-bots', 'Bots', 'Carrier review', { screen: 'bot-review.list' }),
  carrier('/billing/bot-details', 'Bot Details', 'Carrier review', { screen: 'bot-review.details' }),
  carrier('/billing/my-brands', 'Brands', 'Carrier review', { screen: 'brands.review' }),
  carrier('/billing/view-brand', 'Brand', 'Carrier review', { screen: 'brands.view-brand' }),
  carrier('/billing/my-aggregators', 'Aggregators', 'Carrier review', { screen: 'aggregators.list' }),
  carrier('/billing/view-aggregator', 'Aggregator Details', 'Carrier review', {
    screen: 'aggregators.details',
  }),
  carrier('/billing/analytics', 'Billing', 'Billing analytics', { screen: 'analytics.billing' }),
  carrier('/billing/edit-profile', 'Edit Profile', 'Accounts', { screen: 'accounts.edit-profile' }),
  carrier('/billing/change-password', 'Change Password', 'Accounts', { screen: 'accounts.change-password' }),
  carrier('/billing/security', 'Sign-in Security', 'Accounts', { screen: 'accounts.security' }),
  carrier('/billing/notifications', 'Notifications', 'Notifications', { screen: 'notifications.list' }),
  // Platform admin
  admin('/admin/dashboard', 'Dashboard', 'Platform review', { screen: 'bot-review.dashboard' }),
  admin('/admin/bots', 'Bots', 'Platform review', { screen: 'bot-review.list' }),
  admin('/admin/verification-details', 'Verification Details', 'Platform review', {
    screen: 'bot-review.verification',
  }),
  admin('/admin/viewBotDetails', 'Bot Details', 'Platform review', { screen: 'bot-review.details' }),
  // The platform's approval of RCS templates (issue 15); BOTS is highlighted, the bar is the spec's.
  admin('/admin/templates', 'Templates', 'Templates', { screen: 'templates.review' }),
  admin('/admin/template-details', 'Template Details', 'Templates', { screen: 'templates.review-details' }),
  admin('/admin/my-brands', 'Brands', 'Platform review', { screen: 'brands.review' }),
  admin('/admin/view-brand', 'Brand', 'Platform review', { screen: 'brands.view-brand' }),
  admin('/admin/aggregators', 'Aggregators', 'Platform review', { screen: 'aggregators.list' }),
  admin('/admin/viewPorticoAggregatorDetails', 'Aggregator Details', 'Platform review', {
    screen: 'aggregators.details',
  }),
  admin('/admin/viewAggregatorDetails', 'Aggregator Details', 'Platform review', {
    screen: 'aggregators.details',
  }),
  admin('/admin/campaigns', 'Campaigns', 'Campaigns', { screen: 'campaigns.admin' }),
  admin('/admin/analytics', 'Billing', 'Billing analytics', { screen: 'analytics.billing' }),
  admin('/admin/edit-profile', 'Edit Profile', 'Accounts', { screen: 'accounts.edit-profile' }),
  admin('/admin/change-password', 'Change Password', 'Accounts', { screen: 'accounts.change-password' }),
  admin('/admin/security', 'Sign-in Security', 'Accounts', { screen: 'accounts.security' }),
  admin('/admin/notifications', 'Notifications', 'Notifications', { screen: 'notifications.list' }),
  // Not in the bar: linked from /admin/edit-profile for provider admins.
  admin('/admin/audit-log', 'Security Records', 'Accounts', { screen: 'accounts.security-records' }),
  admin('/admin/rate-plans', 'Rate Plans', 'Wallet, rate plans and pricing', { screen: 'wallet.rate-plans' }),
  // First-time flow (bare header)
  firstTime('/u/setup-user', 'Set Up Your Account', 'Accounts', { screen: 'accounts.setup-user' }),
  firstTime('/setup-user', 'Set Up Your Account', 'Accounts', { screen: 'accounts.setup-user' }),
  firstTime('/u/account-type', 'Account Type', 'Accounts', { screen: 'accounts.account-type' }),
  firstTime('/setup-enterprise', 'Set Up Your Enterprise', 'Accounts', {
    screen: 'accounts.setup-enterprise',
  }),
  firstTime('/u/review-details', 'Review Details', 'Accounts', { screen: 'accounts.review-details' }),
  firstTime('/signup-success', 'Sign-up Complete', 'Accounts', { screen: 'accounts.signup-success' }),
  // Public
  open('/sign-up', 'Sign Up', 'Accounts', { screen: 'accounts.sign-up' }),
  open('/set-password', 'Set Password', 'Accounts', { screen: 'accounts.set-password' }),
  // "Forgot password?" on the sign-in page, and the link its mail carries.
  open('/forgot-password', 'Forgot Password', 'Accounts', { screen: 'accounts.forgot-password' }),
  open('/reset-password', 'Reset Password', 'Accounts', { screen: 'accounts.reset-password' }),
  open('/developer-pp', 'Privacy Policy', undefined, { screen: 'legal.privacy' }),
  open('/developer-tos', 'Terms of Service', undefined, { screen: 'legal.terms' }),
  open('/rbm-terms', 'Messaging Terms', undefined, { screen: 'legal.messaging-terms' }),
  open('/rbm-policies', 'Messaging Policies', undefined, { screen: 'legal.messaging-policies' }),
  open('/country-carrier-page', 'Countries and Carriers', undefined, {
    screen: 'reference.countries-carriers',
  }),
  open('/marketing/PressReleaseCms', 'Press Releases', 'Press releases', {
    screen: 'content.press-release-cms',
  }),
  // Published press releases, for anyone (linked from the footer); /press/:id reads one.
  open('/press', 'Press', 'Press releases', { screen: 'content.press', pattern: '/press/*' }),
] as const;

/** Every screen id of the table: a web feature declares its screens under these ids. */
export type ScreenId = NonNullable<(typeof PAGE_ROUTES)[number]['screen']>;

/** The screen ids PAGE_ROUTES uses, each once. */
export const SCREEN_IDS: readonly ScreenId[] = [
  ...new Set(
    PAGE_ROUTES.flatMap((route): ScreenId[] => ('screen' in route && route.screen ? [route.screen] : [])),
  ),
];
