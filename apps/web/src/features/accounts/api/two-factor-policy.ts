import { ZTwoFactorPolicy } from '@portico/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http/client';
import { accountsKeys } from './keys';

/** GET which role groups must use two-factor sign-in (the super admin's setting), with their counts. */
export const getTwoFactorPolicy = () => http.get('/secure/two-factor/policy', ZTwoFactorPolicy);

export const twoFactorPolicyQueryOptions = () =>
  queryOptions({ queryKey: accountsKeys.twoFactorPolicy(), queryFn: getTwoFactorPolicy });

export const useTwoFactorPolicy = (enabled: boolean) =>
  useQuery({ ...twoFactorPolicyQueryOptions(), enabled });
