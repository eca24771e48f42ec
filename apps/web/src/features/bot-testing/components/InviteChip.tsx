import { TESTER_INVITE_LABELS, type TTestDevice } from '@portico/domain';
import { StatusChip } from '@/lib/ui/StatusChip';

const TONE = { PENDING: 'warning', ACCEPTED: 'success', DECLINED: 'error' } as const;

/** The tester invite's state (RCS), or what a WhatsApp device is (an allowed number, no invite). */
export function InviteChip({ device }: { device: TTestDevice }) {
  if (!device.invite_status)
    return (
      <StatusChip
        tone="grey"
        label={device.channel === 'whatsapp' ? 'No invite (WhatsApp)' : 'No invite (MaaP)'}
      />
    );
  return <StatusChip tone={TONE[device.invite_status]} label={TESTER_INVITE_LABELS[device.invite_status]} />;
}
