import { type TChangePasswordRequest, ZNoData } from '@portico/domain';
import { useMutation } from '@tanstack/react-query';
import { http } from '@/lib/http/client';

/** POST change password (the client checks the envelope's statusCode); every session is revoked. */
export const changePassword = (body: TChangePasswordRequest) =>
  http.post('/secure/change-password', body, ZNoData);

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
