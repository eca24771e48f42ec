import { ZMailSent } from '@portico/domain';
import { useMutation } from '@tanstack/react-query';
import { http } from '@/lib/http/client';

/** POST resend verification email (the client checks the envelope's statusCode). */
export const resendVerification = (email: string) =>
  http.post('/accounts/resend-verification', { email }, ZMailSent);

export const useResendVerification = () => useMutation({ mutationFn: resendVerification });
