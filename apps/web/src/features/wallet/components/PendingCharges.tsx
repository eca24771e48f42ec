import HourglassTopOutlined from '@mui/icons-material/HourglassTopOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '@portico/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { walletKeys } from '../api/keys';
import { pendingChargesQueryOptions } from '../api/pending-charges';
import { priceLabel } from './PriceGrid';

/**
 * Messages sent whose charge is not settled yet, as a pending line above the history (metering
 * settles every minute): shown at once after a send, read again until it settles, and when it does
 * the history and balance are read again so the settled charge takes its place.
 */
export function PendingCharges() {
  const pending = useQuery(pendingChargesQueryOptions());
  const client = useQueryClient();
  const count = pending.data?.count ?? 0;
  const before = useRef(count);
  useEffect(() => {
    if (count < before.current) {
      void client.invalidateQueries({ queryKey: walletKeys.all, refetchType: 'active' });
    }
    before.current = count;
  }, [count, client]);

  if (!pending.data || count === 0) return null;
  const { amount, currency, since } = pending.data;
  return (
    <Box
      role="status"
      aria-label="Pending charges"
      sx={{
        mx: 2,
        mb: 2,
        p: 1.5,
        border: 1,
        borderColor: 'warning.light',
        borderRadius: 1,
        display: 'grid',
        gap: 1,
        gridTemplateColumns: { xs: '1fr', sm: 'auto minmax(0, 1fr) auto' },
        alignItems: 'center',
      }}
    >
      <Chip
        icon={<HourglassTopOutlined />}
        label="Pending"
        size="small"
        variant="outlined"
        // The warning shade marks it; the words stay dark enough to read (WCAG AA).
        sx={{ borderColor: 'warning.main', '& .MuiChip-icon': { color: 'warning.dark' } }}
      />
      <Box>
        <Typography variant="body2" sx={{ fontWeight: 500 }}>
          Messages sent: {count.toLocaleString('en-US')} — charge pending
        </Typography>
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {since ? `Since ${formatDateTime(since)}. ` : ''}Reserved from your balance now; settled into the
          history within about a minute.
        </Typography>
      </Box>
      <Typography
        variant="body2"
        sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums', textAlign: 'right' }}
      >
        −{priceLabel(amount, currency)}
      </Typography>
    </Box>
  );
}
