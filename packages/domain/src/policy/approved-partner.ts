import { type ApprovalRecord, isApprovedPartner } from '../rules/roles.ts';

/**
 * The approved-partner rule (spec sections 2 and 4) in one place: an aggregator awaiting approval
 * may not bill, register brands or run campaigns. The developer bar disables the items of these
 * areas (constants/navigation.ts `approvalArea`), and the API's secure scope refuses the policy
 * actions listed here with the area's message.
 */
export type ApprovalArea = 'billing' | 'brands' | 'campaigns';

export const APPROVAL_AREA_MESSAGES: Readonly<Record<ApprovalArea, string>> = {
  billing:
    'Your aggregator account is awaiting approval by the platform: billing and the wallet open once it is approved.',
  brands: 'Your aggregator account is awaiting approval by the platform: brands open once it is approved.',
  campaigns:
    'Your aggregator account is awaiting approval by the platform: campaigns open once it is approved.',
};

/**
 * The policy actions an unapproved aggregator is refused, by area. Reads stay open (an empty list
 * explains itself); every write of the wallet, of brands and of campaigns (with their audiences) is gated.
 */
export const APPROVAL_GATED_ACTIONS: Readonly<Record<string, ApprovalArea>> = {
  'wallet.manage': 'billing',
  'wallet.topup': 'billing',
  'wallet.pay': 'billing',
  'brands.write': 'brands',
  /** The launch's verification hold is paid from the wallet. */
  'launches.submit': 'billing',
  /** Audiences are the campaigns' recipients (MY CAMPAIGNS). */
  'audiences.write': 'campaigns',
  'opt-outs.write': 'campaigns',
  'campaigns.write': 'campaigns',
};

/** The area an action belongs to when it needs an approved partner, else undefined. */
export function approvalAreaOf(action: string): ApprovalArea | undefined {
  return Object.hasOwn(APPROVAL_GATED_ACTIONS, action) ? APPROVAL_GATED_ACTIONS[action] : undefined;
}

/** Whether the partner may work in the area (always, unless an aggregator awaiting approval). */
export function isAreaOpen(record: ApprovalRecord, area: ApprovalArea | undefined): boolean {
  return area === undefined || isApprovedPartner(record);
}

/** Why the partner is refused the action, or null when it may go ahead. */
export function approvalRefusal(record: ApprovalRecord | undefined, action: string): string | null {
  const area = approvalAreaOf(action);
  if (!area || !record || isAreaOpen(record, area)) return null;
  return APPROVAL_AREA_MESSAGES[area];
}
