import { type TTwoFactorEnableRequest, ZRecoveryCodes } from '@portico/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http/client';
import { accountsKeys } from './keys';

/** POST enable two-factor sign-in with a code of the new key; answers the recovery codes, once. */
export const enableTwoFactor = (body: TTwoFactorEnableRequest) =>
  http.post('/secure/two-factor/enable', body, ZRecoveryCodes);

export const useEnableTwoFactor = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enableTwoFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountsKeys.twoFactor() }),
  });
};
