import {
  ADMIN_BAR,
  ADMIN_HOME,
  BARE_HEADER_PATHS,
  CARRIER_BAR,
  CARRIER_HOME,
  DEVELOPER_BAR,
  DEVELOPER_HOME,
  MARKETING_HOME,
  type NavItem,
  NO_CALLBACK_RETURN_PATHS,
  type PageLink,
  type ProfileMenuItem,
  type ProfileMenuItemId,
} from '../constants/navigation.ts';
import { PRODUCT_SLUG } from '../constants/product.ts';
import { PAGE_ROUTES } from '../constants/routes.ts';
import { isAreaOpen } from '../policy/approved-partner.ts';
import { can } from '../policy/index.ts';
import type { PolicyRole } from '../policy/role-groups.ts';
import {
  hasNoDeveloperSubRole,
  isApprovedPartner,
  isBillingRole,
  isMarketingAdminRole,
  isPlatformAdminRole,
} from './roles.ts';
import type { NavUser } from './user-info.ts';

export type Audience = 'developer' | 'carrier' | 'admin';

/** Carriers and admins get separate bars; the header is chosen by isCarrier or isPorticoAdmin. */
export function audienceOf(user: Pick<NavUser, 'isCarrier' | 'role'>): Audience {
  if (isPlatformAdminRole(user.role)) return 'admin';
  if (user.isCarrier || isBillingRole(user.role)) return 'carrier';
  return 'developer';
}

export function homePathFor(user: Pick<NavUser, 'isCarrier' | 'role'>): string {
  if (isMarketingAdminRole(user.role)) return MARKETING_HOME;
  const audience = audienceOf(user);
  return audience === 'admin' ? ADMIN_HOME : audience === 'carrier' ? CARRIER_HOME : DEVELOPER_HOME;
}

export interface ResolvedNavItem extends NavItem {
  disabled: boolean;
  /** Where the item links: its own path, or the dashboard when disabled. */
  href: string;
}

export function navBarFor(user: NavUser): ResolvedNavItem[] {
  const audience = audienceOf(user);
  const bar = audience === 'admin' ? ADMIN_BAR : audience === 'carrier' ? CARRIER_BAR : DEVELOPER_BAR;
  return bar.map((item) => {
    const disabled = audience === 'developer' && !isAreaOpen(user, item.approvalArea);
    return { ...item, disabled, href: disabled ? DEVELOPER_HOME : buildUrl(item.path, item.query) };
  });
}

/** The audience's list of notifications (the header's "See all"). */
export function notificationsPathFor(user: Pick<NavUser, 'isCarrier' | 'role'>): string {
  const audience = audienceOf(user);
  return audience === 'admin'
    ? '/admin/notifications'
    : audience === 'carrier'
      ? '/billing/notifications'
      : '/u/notifications';
}

/** The links of a list (ADMIN_TOOLS, MARKETING_LINKS) the role's policy allows. */
export function pageLinksFor(links: readonly PageLink[], role: PolicyRole): PageLink[] {
  return links.filter((link) => can(role, link.action));
}

/** The id of the bar item to highlight for a path, if any. */
export function activeNavItemId(items: readonly NavItem[], pathname: string): string | undefined {
  const exact = items.find((item) => pathname === item.path || pathname.startsWith(`${item.path}/`));
  if (exact) return exact.id;
  return items.find((item) => item.highlight?.some((prefix) => pathname.startsWith(prefix)))?.id;
}

/**
 * The external tools' URLs as configured (null: not set). The spec's defaults would be dead links
 * (issue 26, point 2): with no URL the firewall tool has no menu item, and the analytics dashboard
 * leads to the audience's own BILLING page (billing analytics, issue 29).
 */
export interface ExternalToolLinks {
  analyticsDashboard: string | null;
  firewallTool: string | null;
}

const EXTERNAL_ITEM_LINK = {
  'analytics-dashboard': 'analyticsDashboard',
  'firewall-tool': 'firewallTool',
} as const satisfies Partial<Record<ProfileMenuItemId, keyof ExternalToolLinks>>;

/** The URL an external menu item opens (before the reference token is added), or null when it is not configured. */
export function externalToolUrl(item: ProfileMenuItem, links: ExternalToolLinks): string | null {
  const key =
    item.id in EXTERNAL_ITEM_LINK ? EXTERNAL_ITEM_LINK[item.id as keyof typeof EXTERNAL_ITEM_LINK] : null;
  return key ? links[key] : null;
}

/**
 * Profile menu items for a user (spec sections 2 and 6). With `links`, the external tools that are not
 * configured are left out; without, every item the role has is listed (the menu's definition).
 */
export function profileMenuFor(user: NavUser, links?: ExternalToolLinks): ProfileMenuItem[] {
  const items = menuItemsFor(user);
  if (!links) return items;
  return items.flatMap((item) => {
    if (!item.external || externalToolUrl(item, links) !== null) return [item];
    if (item.id !== 'analytics-dashboard') return [];
    const audience = audienceOf(user);
    const base = audience === 'carrier' ? '/billing' : audience === 'admin' ? '/admin' : '/u';
    return [{ id: item.id, label: item.label, path: `${base}/analytics`, query: { slug: 'billing' } }];
  });
}

function menuItemsFor(user: NavUser): ProfileMenuItem[] {
  const audience = audienceOf(user);
  const items: ProfileMenuItem[] = [];
  if (audience === 'developer') {
    if (hasNoDeveloperSubRole(user.role) && isApprovedPartner(user)) {
      items.push({
        id: 'manage-users',
        label: 'Manage Users',
        path: '/u/edit-profile',
        query: { profile_tag: 'manage-users' },
      });
    }
    if (!user.isCarrier) items.push({ id: 'edit-profile', label: 'Edit Profile', path: '/u/edit-profile' });
    if (user.hasEwallet) items.push({ id: 'my-wallet', label: 'My Wallet', path: '/u/my-wallet' });
    items.push({ id: 'change-password', label: 'Change Password', path: '/u/change-password' });
    items.push({ id: 'help-support', label: 'Help & Support', path: '/developer-assets/faqs' });
    items.push({ id: 'downloads', label: 'Downloads', path: '/developer-assets/' });
  } else if (audience === 'carrier') {
    if (user.role === 'ADMIN_BILLING') {
      items.push({
        id: 'manage-users',
        label: 'Manage Users',
        path: '/billing/edit-profile',
        query: { profile_tag: 'manage-users' },
      });
    }
    items.push({
      id: 'edit-profile',
      label: 'Edit Profile',
      path: '/billing/edit-profile',
      query: { profile_tag: 'account-details' },
    });
    items.push({ id: 'change-password', label: 'Change Password', path: '/billing/change-password' });
    items.push({ id: 'analytics-dashboard', label: 'Analytics Dashboard', external: true });
  } else {
    if (user.role === 'SUPER_ADMIN_PORTICO') {
      items.push({
        id: 'manage-users',
        label: 'Manage Users',
        path: '/admin/edit-profile',
        query: { profile_tag: 'manage-users' },
      });
    }
    items.push({
      id: 'edit-profile',
      label: 'Edit Profile',
      path: '/admin/edit-profile',
      query: { profile_tag: 'account-details' },
    });
    items.push({ id: 'change-password', label: 'Change Password', path: '/admin/change-password' });
    items.push({ id: 'analytics-dashboard', label: 'Analytics Dashboard', external: true });
    items.push({ id: 'firewall-tool', label: 'International Detection (Firewall)', external: true });
  }
  items.push({ id: 'logout', label: 'Logout' });
  return items;
}

/** Pages under a path containing /mef render with no header or footer. */
export function isBarePage(pathname: string): boolean {
  return pathname.includes('/mef');
}

/** Whether the header is the bare (logo only) variant. */
export function isBareHeader(pathname: string, user: NavUser | null): boolean {
  if (BARE_HEADER_PATHS.some((p) => pathname === p || pathname.startsWith(`${p}/`))) return true;
  if (!user) return true;
  return isMarketingAdminRole(user.role);
}

/** Logo target: / when logged out, the user's home when signed in (/u/dashboard for developers). */
export function logoTarget(user: Pick<NavUser, 'isCarrier' | 'role'> | null): string {
  return user ? homePathFor(user) : '/';
}

/** Public paths under /{product}-admin and /developer map to the /admin and /u equivalents. */
export function mapPublicPath(pathname: string): string | null {
  const adminPrefix = `/${PRODUCT_SLUG}-admin`;
  if (pathname === adminPrefix || pathname.startsWith(`${adminPrefix}/`)) {
    const rest = pathname.slice(adminPrefix.length);
    return rest === '' || rest === '/' ? ADMIN_HOME : `/admin${rest}`;
  }
  if (pathname === '/developer' || pathname.startsWith('/developer/')) {
    const rest = pathname.slice('/developer'.length);
    return rest === '' || rest === '/' ? DEVELOPER_HOME : `/u${rest}`;
  }
  return null;
}

export type AccessDecision = 'allowed' | 'denied';

/** Route access by prefix (spec section 2). `role` null means a developer account with no role. */
export function routeAccess(pathname: string, user: Pick<NavUser, 'role' | 'isCarrier'>): AccessDecision {
  const audience = audienceOf(user);
  if (pathname.startsWith('/billing/') || pathname === '/billing')
    return audience === 'carrier' ? 'allowed' : 'denied';
  if (pathname.startsWith('/admin/') || pathname === '/admin')
    return audience === 'admin' ? 'allowed' : 'denied';
  return 'allowed';
}

/**
 * The pages of PAGE_ROUTES' signed-in areas outside those prefixes (the spec's aliases
 * /my-campaigns and /add-new-campaign): they need a signed-in user as much as /u/my-campaigns.
 */
const SIGNED_IN_PAGES: ReadonlySet<string> = new Set(
  PAGE_ROUTES.filter((r) => r.area === 'developer' || r.area === 'carrier' || r.area === 'admin').map(
    (r) => r.path,
  ),
);

/** Whether a path needs a signed-in user (the role-gated prefixes and every signed-in area's page). */
export function requiresSignIn(pathname: string): boolean {
  return (
    ['/u', '/billing', '/admin', '/developer-assets'].some(
      (p) => pathname === p || pathname.startsWith(`${p}/`),
    ) || SIGNED_IN_PAGES.has(pathname)
  );
}

/** Whether the callback URL may be stored for this path (not on sign-up, set-password and action links). */
export function mayStoreCallbackUrl(pathname: string): boolean {
  return !NO_CALLBACK_RETURN_PATHS.some(
    (p) => pathname === p || pathname.startsWith(`${p}/`) || pathname.startsWith(`${p}-`),
  );
}

/** Builds a URL from a base path plus query parameters (undefined and empty values are left out). */
export function buildUrl(
  base: string,
  query?: Readonly<Record<string, string | number | boolean | undefined | null>>,
): string {
  if (!query) return base;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.append(key, String(value));
  }
  const qs = params.toString();
  if (!qs) return base;
  return `${base}${base.includes('?') ? '&' : '?'}${qs}`;
}
