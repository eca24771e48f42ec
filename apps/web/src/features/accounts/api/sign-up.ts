import { type TSignUpRequest, ZMailSent } from '@portico/domain';
import { useMutation } from '@tanstack/react-query';
import { http } from '@/lib/http/client';

/** POST sign-up: sends the verification email. */
export const signUp = (body: TSignUpRequest) => http.post('/accounts/sign-up', body, ZMailSent);

export const useSignUp = () => useMutation({ mutationFn: signUp });
