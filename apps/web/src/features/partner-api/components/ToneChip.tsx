import { StatusChip, type StatusTone } from '@/lib/ui/StatusChip';

export type Tone = Extract<StatusTone, 'grey' | 'success' | 'error' | 'warning'>;

/** A state as the portal's one status chip (lib/ui StatusChip). */
export function ToneChip({ label, tone }: { label: string; tone: Tone }) {
  return <StatusChip label={label} tone={tone} />;
}
