import { ACCOUNTS_POLICY } from './accounts.ts';
import { AGGREGATORS_POLICY } from './aggregators.ts';
import { AUDIENCES_POLICY } from './audiences.ts';
import { BOTS_POLICY } from './bots.ts';
import { BRANDS_POLICY } from './brands.ts';
import { CAMPAIGNS_POLICY } from './campaigns.ts';
import { CONTENT_POLICY } from './content.ts';
import { LAUNCHES_POLICY } from './launches.ts';
import { NETWORK_MESSAGES_POLICY } from './network-messages.ts';
import { NOTIFICATIONS_POLICY } from './notifications.ts';
import { PARTNER_CREDENTIALS_POLICY } from './partner-credentials.ts';
import { PARTNER_WEBHOOKS_POLICY } from './partner-webhooks.ts';
import { PARTNERS_POLICY } from './partners.ts';
import { type PolicyRole, ROLE_GROUPS, type RoleGroup } from './role-groups.ts';
import { TEMPLATES_POLICY } from './templates.ts';
import { WALLET_POLICY } from './wallet.ts';

export {
  APPROVAL_AREA_MESSAGES,
  APPROVAL_GATED_ACTIONS,
  type ApprovalArea,
  approvalAreaOf,
  approvalRefusal,
  isAreaOpen,
} from './approved-partner.ts';
export {
  definePolicy,
  type PolicyFragment,
  type PolicyRole,
  ROLE_GROUPS,
  type RoleGroup,
} from './role-groups.ts';

/**
 * The one permission table: every action a secure route (or a screen's control) performs, and the
 * role groups allowed to perform it. Each feature writes its own fragment beside this file; the
 * API's `authorize` and the web app's controls both ask `can`.
 */
export const POLICY = {
  ...PARTNERS_POLICY,
  ...ACCOUNTS_POLICY,
  ...WALLET_POLICY,
  ...NETWORK_MESSAGES_POLICY,
  ...BRANDS_POLICY,
  ...AGGREGATORS_POLICY,
  ...CONTENT_POLICY,
  ...BOTS_POLICY,
  ...TEMPLATES_POLICY,
  ...LAUNCHES_POLICY,
  ...PARTNER_WEBHOOKS_POLICY,
  ...PARTNER_CREDENTIALS_POLICY,
  ...NOTIFICATIONS_POLICY,
  ...AUDIENCES_POLICY,
  ...CAMPAIGNS_POLICY,
} as const;
export type PolicyAction = keyof typeof POLICY;

export function isPolicyAction(value: unknown): value is PolicyAction {
  return typeof value === 'string' && Object.hasOwn(POLICY, value);
}

/** Whether a user with this role may perform the action. */
export function can(role: PolicyRole, action: PolicyAction): boolean {
  const groups: readonly RoleGroup[] = POLICY[action];
  return groups.some((group) => ROLE_GROUPS[group](role));
}
