import { usePartnerDetails } from '@/features/partner/api/get-partner-details';
import PricingPage from '@/features/wallet/pages/PricingPage';
import RatePlansPage from '@/features/wallet/pages/RatePlansPage';
import WalletPage from '@/features/wallet/pages/WalletPage';

export type WalletScreen = 'wallet' | 'pricing' | 'rate-plans';

/**
 * The wallet capability's screens in one lazy route module (one dynamic import in the shell instead
 * of three): /u/my-wallet (only with hasEwallet), /u/my-carriers (PRICING), /admin/rate-plans.
 */
export default function WalletRoutes({ screen }: { screen: WalletScreen }) {
  const { navUser, userInfo, status } = usePartnerDetails();
  if (screen === 'pricing') {
    return <PricingPage hasEwallet={navUser?.hasEwallet === true} isAdmin={navUser?.isAdmin === true} />;
  }
  if (screen === 'rate-plans') {
    // Read-write provider admins (super admin, read-write) edit; read-only admins only view, and the server refuses them too.
    return <RatePlansPage canEdit={userInfo ? userInfo.isSuperAdmin && !userInfo.isReadOnlyAdmin : false} />;
  }
  if (status === 'loading') return null;
  return (
    <WalletPage
      hasEwallet={navUser?.hasEwallet === true}
      canWrite={userInfo ? !userInfo.isReadOnlyUser : false}
    />
  );
}
