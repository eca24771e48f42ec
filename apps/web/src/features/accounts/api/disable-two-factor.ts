import { type TTwoFactorConfirmRequest, ZNoData } from '@portico/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http/client';
import { accountsKeys } from './keys';

/** POST disable two-factor sign-in: the password and a code (or a recovery code). */
export const disableTwoFactor = (body: TTwoFactorConfirmRequest) =>
  http.post('/secure/two-factor/disable', body, ZNoData);

export const useDisableTwoFactor = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTwoFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountsKeys.twoFactor() }),
  });
};
