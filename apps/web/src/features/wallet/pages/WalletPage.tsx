import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { formatCurrency } from '@portico/domain';
import type { QueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { errorMessage } from '@/lib/http/api-error';
import { usePartnerDetails } from '@/lib/queries/partner-details';
import { EmptyState } from '@/lib/ui/EmptyState';
import { PageFrame } from '@/lib/ui/PageFrame';
import { useApprovalRefusal, useCan } from '@/lib/use-can';
import { useWalletBalance, walletBalanceQueryOptions } from '../api/get-wallet-balance';
import { pendingChargesQueryOptions } from '../api/pending-charges';
import { LowBalanceBanner } from '../components/LowBalanceBanner';
import { LowBalanceForm } from '../components/LowBalanceForm';
import { TopupForm } from '../components/TopupForm';
import { TopupOutcome } from '../components/TopupOutcome';
import { WalletHistory } from '../components/WalletHistory';

const CRUMBS = [{ label: 'Developer console', to: '/u/dashboard' }];

/** The balance and the alert threshold: the only part of the page that re-renders when the balance loads. */
function BalanceCard({ canManage }: { canManage: boolean }) {
  const balance = useWalletBalance();
  return (
    <Paper variant="outlined" component="section" aria-labelledby="wallet-balance" sx={{ p: 3 }}>
      <Typography id="wallet-balance" variant="overline" sx={{ color: 'text.secondary' }}>
        Available balance
      </Typography>
      {balance.isPending ? (
        // As tall as what replaces it (the amount, the line under it, the alert form), so nothing below moves.
        <>
          <Skeleton width={180} height={43} />
          <Skeleton width={260} height={20} sx={{ mt: 1 }} />
          {canManage && <Skeleton variant="rounded" width={220} height={62} sx={{ mt: 3 }} />}
        </>
      ) : balance.isError ? (
        <Alert severity="error">The balance could not be loaded: {errorMessage(balance.error)}</Alert>
      ) : (
        <>
          <Typography
            data-testid="wallet-balance"
            component="p"
            sx={{ fontSize: '2.25rem', fontWeight: 600, color: 'primary.main', lineHeight: 1.2 }}
          >
            {formatCurrency(balance.data.balance)}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
            {formatCurrency(balance.data.held)} reserved by pending verifications · {balance.data.currency}
          </Typography>
        </>
      )}
      {canManage && balance.data && (
        <Box sx={{ mt: 3 }}>
          <LowBalanceForm current={balance.data.low_balance_threshold} />
        </Box>
      )}
    </Paper>
  );
}

/**
 * The page's first data (the balance, the pending charges), asked for ahead by Screen.preload.
 * @public (read from the page module by lib/feature.ts, not imported by name)
 */
export const prefetch = (client: QueryClient) =>
  Promise.all([
    client.prefetchQuery(walletBalanceQueryOptions),
    client.prefetchQuery(pendingChargesQueryOptions()),
  ]);

/** /u/my-wallet: balance, top-up, low-balance alert and history (partners with a wallet, hasEwallet). */
export default function WalletPage() {
  const hasEwallet = usePartnerDetails().details?.partners_profile.hasEwallet === true;
  const canTopUp = useCan('wallet.topup');
  const canManage = useCan('wallet.manage');
  // An aggregator awaiting approval sees the wallet but may not top it up or change it yet.
  const awaitingApproval = useApprovalRefusal('wallet.topup');
  // useLocation rather than useSearchParams: the shell already bundles it (see decision 0009).
  const location = useLocation();
  const navigate = useNavigate();
  const topupId = new URLSearchParams(location.search).get('topup');

  if (!hasEwallet) {
    return (
      <PageFrame title="My Wallet" breadcrumbs={CRUMBS}>
        <EmptyState
          icon={<AccountBalanceWalletOutlined />}
          title="No wallet on this account"
          message="Your organisation does not pay from a prepaid wallet. Contact support to have one set up."
        />
      </PageFrame>
    );
  }

  return (
    <PageFrame
      title="My Wallet"
      breadcrumbs={CRUMBS}
      description="Prepaid money for bot verification and campaign messages. Top-ups are credited once the payment provider confirms them."
    >
      {topupId && (
        <TopupOutcome topupId={topupId} onClose={() => navigate(location.pathname, { replace: true })} />
      )}
      <LowBalanceBanner enabled showAction={false} />
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          mb: 3,
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) minmax(0, 1.4fr)' },
          alignItems: 'stretch',
        }}
      >
        <BalanceCard canManage={canManage && awaitingApproval === null} />
        <Paper variant="outlined" component="section" aria-labelledby="wallet-topup" sx={{ p: 3 }}>
          <Typography id="wallet-topup" variant="h2" sx={{ mb: 0.5 }}>
            Top up
          </Typography>
          {awaitingApproval ? (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {awaitingApproval}
            </Typography>
          ) : canTopUp ? (
            <>
              <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
                You pay on the payment provider&apos;s page, then come back here.
              </Typography>
              <TopupForm />
            </>
          ) : (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              Your account can view the wallet but not top it up. Ask your organisation&apos;s owner.
            </Typography>
          )}
        </Paper>
      </Box>
      <WalletHistory />
    </PageFrame>
  );
}
