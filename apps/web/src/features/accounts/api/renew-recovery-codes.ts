import { type TTwoFactorConfirmRequest, ZRecoveryCodes } from '@portico/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http/client';
import { accountsKeys } from './keys';

/** POST new recovery codes: the password and a code; the earlier codes stop working. */
export const renewRecoveryCodes = (body: TTwoFactorConfirmRequest) =>
  http.post('/secure/two-factor/recovery-codes', body, ZRecoveryCodes);

export const useRenewRecoveryCodes = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renewRecoveryCodes,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountsKeys.twoFactor() }),
  });
};
