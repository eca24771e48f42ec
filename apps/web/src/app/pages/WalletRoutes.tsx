import type { TPartnerDetails } from '@portico/domain';
import { useQuery } from '@tanstack/react-query';
import PricingPage from '@/features/wallet/pages/PricingPage';
import RatePlansPage from '@/features/wallet/pages/RatePlansPage';
import WalletPage from '@/features/wallet/pages/WalletPage';

export type WalletScreen = 'wallet' | 'pricing' | 'rate-plans';

/**
 * The partner details the header loads for every signed-in page, read from the query cache without
 * fetching. Importing the partner feature's hook here makes the bundler split a chunk of the shell
 * (about 0.2 KB gzip more on every page), so this reads the same cache entry (PARTNER_DETAILS_QUERY_KEY).
 */
function useCachedPartnerProfile() {
  const { data, status } = useQuery<TPartnerDetails | null>({
    queryKey: ['partner-details'],
    enabled: false,
  });
  return { profile: data?.partners_profile ?? null, loading: status === 'pending' };
}

/**
 * The wallet capability's screens in one lazy route module (one dynamic import in the shell instead
 * of three): /u/my-wallet (only with hasEwallet), /u/my-carriers (PRICING), /admin/rate-plans.
 * The role only chooses what is shown; the server's policy decides (wallet.*, pricing.read, rate-plans.*).
 */
export default function WalletRoutes({ screen }: { screen: WalletScreen }) {
  const { profile, loading } = useCachedPartnerProfile();
  const role = profile?.role ?? null;
  if (screen === 'pricing') {
    const isAdmin = role !== null && (role.toUpperCase().includes('PORTICO') || role === 'MARKETING_ADMIN');
    return <PricingPage hasEwallet={profile?.hasEwallet === true} isAdmin={isAdmin} />;
  }
  if (screen === 'rate-plans') {
    return <RatePlansPage canEdit={role === 'SUPER_ADMIN_PORTICO' || role === 'ADMIN_PORTICO_READWRITE'} />;
  }
  if (loading) return null;
  return (
    <WalletPage hasEwallet={profile?.hasEwallet === true} canWrite={role !== 'CHILD_AGGREGATOR_READONLY'} />
  );
}
