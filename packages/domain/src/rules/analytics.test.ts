import { describe, expect, it } from 'vitest';
import { localDay, monthName, percentChange, resolveAnalyticsRange, zoneMinutes } from './analytics.ts';

const now = new Date('2026-03-15T23:30:00Z');

describe('analytics ranges', () => {
  it('knows the 12 zones only', () => {
    expect(zoneMinutes('+05:30')).toBe(330);
    expect(zoneMinutes('-08:00')).toBe(-480);
    expect(zoneMinutes('+05:45')).toBeUndefined();
  });

  it('puts 23:30 UTC on the next day in Indian Standard Time', () => {
    expect(localDay(now, 0)).toBe('2026-03-15');
    expect(localDay(now, 330)).toBe('2026-03-16');
  });

  it('ends the presets today in the zone, with the period before', () => {
    const r = resolveAnalyticsRange({ preset: '7d' }, now, 330);
    expect(r).toEqual({
      ok: true,
      range: {
        from: '2026-03-10',
        to: '2026-03-16',
        days: 7,
        previousFrom: '2026-03-03',
        previousTo: '2026-03-09',
      },
    });
  });

  it('compares last month with the month before', () => {
    const r = resolveAnalyticsRange({ preset: 'last_month' }, now, 0);
    expect(r.ok && r.range).toMatchObject({
      from: '2026-02-01',
      to: '2026-02-28',
      previousFrom: '2026-01-01',
      previousTo: '2026-01-31',
    });
  });

  it('compares this month with the same days of the month before', () => {
    const r = resolveAnalyticsRange({ preset: 'this_month' }, now, 0);
    expect(r.ok && r.range).toMatchObject({
      from: '2026-03-01',
      to: '2026-03-15',
      previousFrom: '2026-02-01',
      previousTo: '2026-02-15',
    });
  });

  it('refuses reversed and too long custom ranges', () => {
    expect(resolveAnalyticsRange({ preset: 'custom', from: '2026-03-02', to: '2026-03-01' }, now, 0)).toEqual(
      {
        ok: false,
        message: 'The start date is after the end date.',
      },
    );
    expect(resolveAnalyticsRange({ preset: 'custom', from: '2025-01-01', to: '2026-01-02' }, now, 0).ok).toBe(
      false,
    );
    expect(resolveAnalyticsRange({ preset: 'custom', from: '2025-01-01', to: '2026-01-01' }, now, 0).ok).toBe(
      true,
    );
  });

  it('says up or down in percent', () => {
    expect(percentChange(150, 100)).toBe(50);
    expect(percentChange(50, 100)).toBe(-50);
    expect(percentChange(5, 0)).toBeNull();
  });
});

describe('statement months', () => {
  it('when a month is named then it reads as the spec writes dates: the month in words and the year', () => {
    expect(monthName('2026-11')).toBe('November 2026');
    expect(monthName('2027-01')).toBe('January 2027');
  });
});
