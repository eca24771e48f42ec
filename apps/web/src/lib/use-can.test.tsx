import { POLICY, type PolicyAction, ROLES, type TPartnerDetails } from '@portico/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { storeToken } from '@/lib/auth/token';
import { http } from '@/lib/http/client';
import { sharedKeys } from '@/lib/query-keys';
import { partnerDetails } from '@/test/fixtures';
import { useCan } from './use-can';

/** useCan(action) for a user whose partner details the cache already holds (undefined: signed out). */
function canAs(details: TPartnerDetails | null | undefined, action: PolicyAction): boolean {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  if (details !== undefined) {
    storeToken({ access_token: 'jwt', expiresAt: Date.now() + 60_000 });
    client.setQueryData(sharedKeys.partnerDetails, details);
  }
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => useCan(action), { wrapper }).result.current;
}

const as = (role: string | null) => partnerDetails({ role });

describe('useCan', () => {
  // Expected answers written out from spec section 6, not derived from POLICY.
  it.each([
    ['wallet.topup', ROLES.DEVELOPER, true],
    ['wallet.topup', ROLES.CHILD_AGGREGATOR_READWRITE, true],
    ['wallet.topup', ROLES.CHILD_AGGREGATOR_READONLY, false],
    ['wallet.topup', ROLES.SUPER_ADMIN_PORTICO, false],
    ['rate-plans.write', ROLES.SUPER_ADMIN_PORTICO, true],
    ['rate-plans.write', ROLES.ADMIN_PORTICO_READWRITE, true],
    ['rate-plans.write', ROLES.ADMIN_PORTICO_READONLY, false],
    ['rate-plans.read', ROLES.ADMIN_PORTICO_READONLY, true],
    ['rate-plans.read', ROLES.MARKETING_ADMIN, false],
    ['audit-log.read', ROLES.ADMIN_PORTICO_READONLY, true],
    ['audit-log.read', ROLES.MARKETING_ADMIN, false],
    ['audit-log.read', ROLES.ADMIN_BILLING, false],
    ['users.list', ROLES.CHILD_AGGREGATOR_READONLY, true],
    ['users.list', ROLES.USER_BILLING, false],
    ['profile.update', ROLES.CHILD_AGGREGATOR_READONLY, false],
    ['profile.update', ROLES.MARKETING_ADMIN, true],
    ['company-details.update', ROLES.DEVELOPER, true],
    ['company-details.update', ROLES.CHILD_AGGREGATOR_READWRITE, false],
    ['carrier-profile.update', ROLES.ADMIN_BILLING, true],
    ['admin-profile.update', ROLES.SUPER_ADMIN_PORTICO, true],
    ['admin-profile.update', ROLES.ADMIN_PORTICO_READWRITE, false],
  ] as const)('when %s is asked for %s then the answer is %s', (action, role, expected) => {
    expect(canAs(as(role), action)).toBe(expected);
  });

  it('when the account has no partner details yet then it is a developer with no role, as on the server', () => {
    expect(canAs(null, 'company-details.update')).toBe(true);
    expect(canAs(null, 'wallet.topup')).toBe(true);
    expect(canAs(null, 'audit-log.read')).toBe(false);
  });

  it('when signed out then nothing is allowed and nothing is fetched', () => {
    const get = vi.spyOn(http, 'get');
    for (const action of Object.keys(POLICY) as PolicyAction[]) expect(canAs(undefined, action)).toBe(false);
    expect(get).not.toHaveBeenCalled();
  });
});
