/** The 12 time-zone offset labels (spec section 3). */
export const TIME_ZONE_OFFSETS = [
  { offset: '-08:00', label: 'Pacific Standard Time' },
  { offset: '-07:00', label: 'Mountain Standard Time' },
  { offset: '-06:00', label: 'Central Standard Time' },
  { offset: '-05:00', label: 'Eastern Standard Time' },
  { offset: '-03:00', label: 'Brasilia Time' },
  { offset: '+00:00', label: 'Greenwich Mean Time' },
  { offset: '+01:00', label: 'Central European Time' },
  { offset: '+03:00', label: 'East Africa Time' },
  { offset: '+04:00', label: 'Gulf Standard Time' },
  { offset: '+05:30', label: 'Indian Standard Time' },
  { offset: '+08:00', label: 'China Standard Time' },
  { offset: '+09:00', label: 'Japan Standard Time' },
] as const;

export function timeZoneLabel(offset: string): string | undefined {
  return TIME_ZONE_OFFSETS.find((z) => z.offset === offset)?.label;
}
