import { describe, expect, it } from 'vitest';
import { TIME_ZONE_OFFSETS, timeZoneLabel } from './time-zones.ts';

describe('timeZoneLabel', () => {
  it('when the offset is +05:30 then it is Indian Standard Time', () => {
    expect(timeZoneLabel('+05:30')).toBe('Indian Standard Time');
  });

  it.each([
    ['-08:00', 'Pacific Standard Time'],
    ['-07:00', 'Mountain Standard Time'],
    ['-06:00', 'Central Standard Time'],
    ['-05:00', 'Eastern Standard Time'],
    ['-03:00', 'Brasilia Time'],
    ['+00:00', 'Greenwich Mean Time'],
    ['+01:00', 'Central European Time'],
    ['+03:00', 'East Africa Time'],
    ['+04:00', 'Gulf Standard Time'],
    ['+05:30', 'Indian Standard Time'],
    ['+08:00', 'China Standard Time'],
    ['+09:00', 'Japan Standard Time'],
  ])('when the offset is %s then the label is %s', (offset, label) => {
    expect(timeZoneLabel(offset)).toBe(label);
  });

  it('when listing the offsets then there are 12, each offset and label once, in offset order', () => {
    expect(TIME_ZONE_OFFSETS).toHaveLength(12);
    expect(new Set(TIME_ZONE_OFFSETS.map((z) => z.offset)).size).toBe(12);
    expect(new Set(TIME_ZONE_OFFSETS.map((z) => z.label)).size).toBe(12);
    const minutes = TIME_ZONE_OFFSETS.map(({ offset }) => {
      const [h = 0, m = 0] = offset.slice(1).split(':').map(Number);
      return (offset.startsWith('-') ? -1 : 1) * (h * 60 + m);
    });
    expect(minutes).toEqual([...minutes].sort((a, b) => a - b));
  });

  it.each(['+05:45', '05:30', 'IST', ''])(
    'when the offset %j is not in the table then there is no label',
    (offset) => {
      expect(timeZoneLabel(offset)).toBeUndefined();
    },
  );
});
