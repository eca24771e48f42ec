import { type TForgotPasswordRequest, ZMailSent } from '@portico/domain';
import { useMutation } from '@tanstack/react-query';
import { http } from '@/lib/http/client';

/** POST forgot password: the same answer whether or not the email has an account. */
export const forgotPassword = (body: TForgotPasswordRequest) =>
  http.post('/accounts/forgot-password', body, ZMailSent);

export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });
