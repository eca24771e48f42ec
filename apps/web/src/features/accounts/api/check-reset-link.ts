import { ZVerifiedEmail } from '@portico/domain';
import { queryOptions } from '@tanstack/react-query';
import { http } from '@/lib/http/client';
import { accountsKeys } from './keys';

/** POST check reset link, with the link's token as text/plain: whose password it resets (it stays usable). */
export const checkResetLink = (token: string) =>
  http.post('/accounts/check-reset-link', token, ZVerifiedEmail, {
    headers: { 'Content-Type': 'text/plain' },
  });

/** Checked once per page view; the refusal (used, expired, unknown) is kept, not retried. */
export const checkResetLinkQueryOptions = (token: string) =>
  queryOptions({
    queryKey: accountsKeys.resetLink(token),
    queryFn: () => checkResetLink(token),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
