import { type TSetPasswordRequest, ZAccountCreated } from '@portico/domain';
import { useMutation } from '@tanstack/react-query';
import { http } from '@/lib/http/client';

/** POST create user (the sign-up's set-password step) or accept invite (an invited user's). */
export const setPassword = (kind: 'sign-up' | 'invite', body: TSetPasswordRequest) =>
  http.post(kind === 'sign-up' ? '/accounts/create-user' : '/accounts/accept-invite', body, ZAccountCreated);

export const useSetPassword = (kind: 'sign-up' | 'invite') =>
  useMutation({ mutationFn: (body: TSetPasswordRequest) => setPassword(kind, body) });
