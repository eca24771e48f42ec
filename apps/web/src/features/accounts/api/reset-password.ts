import { type TSetPasswordRequest, ZVerifiedEmail } from '@portico/domain';
import { useMutation } from '@tanstack/react-query';
import { http } from '@/lib/http/client';

/** POST reset password: the link's token and the new password; every session of the account ends. */
export const resetPassword = (body: TSetPasswordRequest) =>
  http.post('/accounts/reset-password', body, ZVerifiedEmail);

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
