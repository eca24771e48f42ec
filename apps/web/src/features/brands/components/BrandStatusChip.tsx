import Chip from '@mui/material/Chip';
import type { TBrandStatus } from '@portico/domain';

const COLOURS: Record<string, 'default' | 'primary' | 'success' | 'error' | 'warning' | 'info'> = {
  draft: 'default',
  awaiting_platform: 'default',
  submitted: 'info',
  forwarded: 'warning',
  to_be_approved_by_carrier: 'warning',
  approved_pending_carrier: 'primary',
  approved: 'success',
  rejected: 'error',
};

/** A brand's (or one carrier's review's) state, in the spec's words. */
export function BrandStatusChip({ status }: { status: TBrandStatus }) {
  return (
    <Chip size="small" variant="outlined" color={COLOURS[status.key] ?? 'default'} label={status.label} />
  );
}
