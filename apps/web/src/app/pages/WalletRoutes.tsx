import {
  isPlatformAdminRole,
  isReadOnlyUserRole,
  isReadWriteAdminRole,
  ROLES,
  type TPartnerDetails,
} from '@portico/domain';
import { skipToken, useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import PricingPage from '@/features/wallet/pages/PricingPage';
import RatePlansPage from '@/features/wallet/pages/RatePlansPage';
import WalletPage from '@/features/wallet/pages/WalletPage';

/**
 * The partner details the header loads for every signed-in page, read from the query cache without
 * fetching. Importing the partner feature's hook here makes the bundler split a chunk of the shell
 * (about 0.2 KB gzip more on every page), so this reads the same cache entry (PARTNER_DETAILS_QUERY_KEY).
 */
function useCachedPartnerProfile() {
  const { data, status } = useQuery<TPartnerDetails | null>({
    queryKey: ['partner-details'],
    queryFn: skipToken,
  });
  return { profile: data?.partners_profile ?? null, loading: status === 'pending' };
}

/**
 * The wallet capability's screens in one lazy route module (one dynamic import in the shell instead
 * of three): /u/my-wallet (only with hasEwallet), /u/my-carriers (PRICING), /admin/rate-plans.
 * The page is chosen by path here, so the shell routes the capability without a list of its paths.
 * The role only chooses what is shown; the server's policy decides (wallet.*, pricing.read, rate-plans.*).
 */
export default function WalletRoutes() {
  const { pathname } = useLocation();
  const { profile, loading } = useCachedPartnerProfile();
  const role = profile?.role ?? null;
  if (pathname.startsWith('/u/my-carriers')) {
    return <PricingPage hasEwallet={profile?.hasEwallet === true} isAdmin={isPlatformAdminRole(role)} />;
  }
  if (pathname.startsWith('/admin/rate-plans')) {
    const canEdit = role === ROLES.SUPER_ADMIN_PORTICO || isReadWriteAdminRole(role);
    return <RatePlansPage canEdit={canEdit} />;
  }
  if (loading) return null;
  return <WalletPage hasEwallet={profile?.hasEwallet === true} canWrite={!isReadOnlyUserRole(role)} />;
}
