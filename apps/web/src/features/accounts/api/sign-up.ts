import type { TMailSent, TSignUpRequest } from '@portico/domain';
import { useMutation } from '@tanstack/react-query';
import { http } from '@/lib/http/client';

/** POST sign-up: sends the verification email. */
export const signUp = (body: TSignUpRequest) => http.post<TMailSent>('/accounts/sign-up', body);

export const useSignUp = () => useMutation({ mutationFn: signUp });
