import { ZVerifiedEmail } from '@portico/domain';
import { queryOptions } from '@tanstack/react-query';
import { http } from '@/lib/http/client';
import { accountsKeys } from './keys';

/** POST verify email, with the link's token as text/plain (spec section 7). */
export const verifyEmail = (token: string) =>
  http.post('/accounts/verify-email', token, ZVerifiedEmail, { headers: { 'Content-Type': 'text/plain' } });

/** Opening the link verifies once per page view; the answer (or the refusal) is kept, not retried. */
export const verifyEmailQueryOptions = (token: string) =>
  queryOptions({
    queryKey: accountsKeys.verifyEmail(token),
    queryFn: () => verifyEmail(token),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
