import Alert from '@mui/material/Alert';
import { formatCurrency } from '@portico/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { walletKeys } from '../api/keys';
import { topupQueryOptions } from '../api/start-topup';

/** After the checkout sends the browser back: what happened to that top-up, from the server. */
export function TopupOutcome({ topupId, onClose }: { topupId: string; onClose: () => void }) {
  const client = useQueryClient();
  const topup = useQuery(topupQueryOptions(topupId));
  useEffect(() => {
    if (topup.data) void client.invalidateQueries({ queryKey: walletKeys.all });
  }, [topup.data, client]);
  if (topup.isPending) return null;
  if (topup.isError) {
    return (
      <Alert severity="error" onClose={onClose} sx={{ mb: 3 }}>
        This top-up could not be found.
      </Alert>
    );
  }
  const amount = formatCurrency(topup.data.amount);
  const { status } = topup.data;
  const [severity, text] =
    status === 'succeeded'
      ? (['success', `Top-up of ${amount} received. Your balance is updated.`] as const)
      : status === 'failed'
        ? ([
            'error',
            `The payment of ${amount} failed. Nothing was charged and your balance is unchanged.`,
          ] as const)
        : status === 'abandoned'
          ? (['info', `The top-up of ${amount} was abandoned. Nothing was charged.`] as const)
          : (['info', `The top-up of ${amount} is waiting for the payment provider.`] as const);
  return (
    <Alert severity={severity} onClose={onClose} sx={{ mb: 3 }} role="status">
      {text}
    </Alert>
  );
}
