import { type TTwoFactorPolicyUpdate, ZTwoFactorPolicy } from '@portico/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http/client';
import { accountsKeys } from './keys';

/** PUT the super admin's setting; the answer is the setting as saved, with the counts. */
export const updateTwoFactorPolicy = (body: TTwoFactorPolicyUpdate) =>
  http.put('/secure/two-factor/policy', body, ZTwoFactorPolicy);

export const useUpdateTwoFactorPolicy = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTwoFactorPolicy,
    onSuccess: (policy) => {
      queryClient.setQueryData(accountsKeys.twoFactorPolicy(), policy);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: accountsKeys.twoFactor() }),
        queryClient.invalidateQueries({ queryKey: accountsKeys.auditLog.all }),
      ]);
    },
  });
};
