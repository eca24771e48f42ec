import { ZTwoFactorStatus } from '@portico/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http/client';
import { accountsKeys } from './keys';

/** GET the caller's two-factor sign-in. */
export const getTwoFactorStatus = () => http.get('/secure/two-factor', ZTwoFactorStatus);

export const twoFactorStatusQueryOptions = () =>
  queryOptions({ queryKey: accountsKeys.twoFactor(), queryFn: getTwoFactorStatus });

export const useTwoFactorStatus = () => useQuery(twoFactorStatusQueryOptions());
