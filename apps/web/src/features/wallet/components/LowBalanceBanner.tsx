import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { formatCurrency } from '@portico/domain';
import { Link as RouterLink } from 'react-router';
import { useWalletBalance } from '../api/get-wallet-balance';

/** The portal's low-balance banner: shown while the wallet is below the partner's threshold. */
export function LowBalanceBanner({ enabled, showAction = true }: { enabled: boolean; showAction?: boolean }) {
  const { data } = useWalletBalance(enabled);
  if (!enabled || !data?.low_balance || data.low_balance_threshold === null) return null;
  return (
    <Alert
      severity="warning"
      sx={{ mb: 3 }}
      action={
        showAction ? (
          <Button component={RouterLink} to="/u/my-wallet" color="inherit" size="small">
            Top up
          </Button>
        ) : undefined
      }
    >
      Your wallet balance is {formatCurrency(data.balance)}, below your alert threshold of{' '}
      {formatCurrency(data.low_balance_threshold)}. Top up so your campaigns keep sending.
    </Alert>
  );
}
