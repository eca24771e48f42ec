import { LIMITS } from '@portico/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { storeToken } from '@/lib/auth/token';
import { ApiError } from '@/lib/http/api-error';
import { http } from '@/lib/http/client';
import { CARRIER_ADMIN, DEVELOPER } from '@/test/fixtures';
import { getPartnerDetails, partnerDetailsQueryOptions, usePartnerDetails } from './partner-details';

function wrapper() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
}

const signIn = () => storeToken({ access_token: 'jwt', expiresAt: Date.now() + 60_000 });

describe('partner details', () => {
  it("treat 'User details not present' as no partner details", async () => {
    vi.spyOn(http, 'get').mockRejectedValue(
      new ApiError('User details not present', { statusCode: 11, httpStatus: 200 }),
    );
    await expect(getPartnerDetails()).resolves.toBeNull();
  });

  it('let other errors through', async () => {
    vi.spyOn(http, 'get').mockRejectedValue(new ApiError('Forbidden', { statusCode: 11, httpStatus: 403 }));
    await expect(getPartnerDetails()).rejects.toThrow('Forbidden');
  });

  it('retry once', () => {
    const retry = partnerDetailsQueryOptions.retry;
    expect(typeof retry).toBe('function');
    if (typeof retry !== 'function') return;
    expect(retry(0, new Error('network'))).toBe(true);
    expect(retry(LIMITS.partnerDetailsRetry, new Error('network'))).toBe(false);
  });

  it('are idle when signed out', () => {
    const get = vi.spyOn(http, 'get');
    const { result } = renderHook(() => usePartnerDetails(), { wrapper: wrapper() });
    expect(result.current.status).toBe('idle');
    expect(get).not.toHaveBeenCalled();
  });

  it('move from loading to success with the derived user info', async () => {
    signIn();
    vi.spyOn(http, 'get').mockResolvedValue(CARRIER_ADMIN);
    const { result } = renderHook(() => usePartnerDetails(), { wrapper: wrapper() });
    expect(result.current.status).toBe('loading');
    await waitFor(() => expect(result.current.status).toBe('success'));
    expect(result.current.userInfo).toMatchObject({
      isCarrier: true,
      partnerRole: 'ADMIN_BILLING',
      carrierId: 7,
      carrierName: 'Jio',
      profileCompleted: 100,
      email: 'carrier-admin@portico.test',
    });
    expect(result.current.navUser).toMatchObject({
      firstName: 'Carla',
      role: 'ADMIN_BILLING',
      isCarrier: true,
    });
  });

  it('move to error keeping the message', async () => {
    signIn();
    vi.spyOn(http, 'get').mockRejectedValue(
      new ApiError('Account suspended', { statusCode: 11, httpStatus: 403 }),
    );
    const { result } = renderHook(() => usePartnerDetails(), { wrapper: wrapper() });
    await waitFor(() => expect(result.current.status).toBe('error'));
    expect(result.current.error).toBe('Account suspended');
    expect(result.current.details).toBeNull();
  });

  it('succeed with no details when the user has none yet', async () => {
    signIn();
    vi.spyOn(http, 'get').mockRejectedValue(
      new ApiError('User details not present', { statusCode: 11, httpStatus: 200 }),
    );
    const { result } = renderHook(() => usePartnerDetails(), { wrapper: wrapper() });
    await waitFor(() => expect(result.current.status).toBe('success'));
    expect(result.current.navUser).toBeNull();
    expect(DEVELOPER.partners_profile.role).toBe('DEVELOPER');
  });
});
