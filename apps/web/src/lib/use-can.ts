import { approvalRefusal, can, type PolicyAction } from '@portico/domain';
import { usePartnerDetails } from '@/lib/queries/partner-details';

/**
 * Whether the signed-in user may perform `action`, by the same table (POLICY) the API's authorize
 * asks: every control the portal shows or hides by permission asks this, never a role string.
 * False while signed out or while the partner details are loading or failed; an account without
 * partner details yet is a developer with no role, as on the server.
 */
export function useCan(action: PolicyAction): boolean {
  const { status, details } = usePartnerDetails();
  return status === 'success' && can(details?.partners_profile.role ?? null, action);
}

/**
 * Why the signed-in partner may not perform `action` yet: the approved-partner rule (an aggregator
 * awaiting approval; packages/domain policy/approved-partner.ts, the rule the API's secure scope
 * applies), or null when it may.
 */
export function useApprovalRefusal(action: PolicyAction): string | null {
  const { navUser } = usePartnerDetails();
  return navUser ? approvalRefusal(navUser, action) : null;
}
