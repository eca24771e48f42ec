import Chip from '@mui/material/Chip';
import { TESTER_INVITE_LABELS, type TTestDevice } from '@portico/domain';

const TONE = { PENDING: 'warning', ACCEPTED: 'success', DECLINED: 'error' } as const;

/** The tester invite's state (RCS), or what a WhatsApp device is (an allowed number, no invite). */
export function InviteChip({ device }: { device: TTestDevice }) {
  if (!device.invite_status)
    return (
      <Chip
        size="small"
        variant="outlined"
        label={device.channel === 'whatsapp' ? 'No invite (WhatsApp)' : 'No invite (MaaP)'}
      />
    );
  return (
    <Chip
      size="small"
      color={TONE[device.invite_status]}
      variant="outlined"
      label={TESTER_INVITE_LABELS[device.invite_status]}
    />
  );
}
