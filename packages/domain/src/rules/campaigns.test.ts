import { describe, expect, it } from 'vitest';
import { ZCampaignCreateRequest } from '../contracts/campaigns.ts';
import { mappingProblems, scheduledInstant, scheduleProblem } from './campaigns.ts';

describe('campaign rules', () => {
  it('reads a date and time in its zone', () => {
    expect(scheduledInstant('2026-12-01', '10:00', '+05:30')?.toISOString()).toBe('2026-12-01T04:30:00.000Z');
    expect(scheduledInstant('2026-12-01', '10:00', '-08:00')?.toISOString()).toBe('2026-12-01T18:00:00.000Z');
    expect(scheduledInstant('2026-02-30', '10:00', '+00:00')).toBeNull();
    expect(scheduledInstant('2026-12-01', '24:00', '+00:00')).toBeNull();
    expect(scheduledInstant('2026-12-01', '10:00', '+02:00')).toBeNull();
  });

  it('refuses a past time and one too far ahead', () => {
    const now = new Date('2026-12-01T00:00:00Z');
    expect(scheduleProblem(new Date('2026-11-30T23:00:00Z'), now)).toMatch(/in the past/);
    expect(scheduleProblem(new Date('2026-12-01T00:02:00Z'), now)).toBeNull();
    expect(scheduleProblem(new Date('2027-12-01T00:00:00Z'), now)).toMatch(/at most/);
  });

  it('finds unmapped variables and unknown columns', () => {
    expect(mappingProblems(['name', 'city'], { name: 'First name' }, ['First name'])).toEqual({
      missing: ['city'],
      unknownColumns: [],
      unknownVariables: [],
    });
    expect(mappingProblems(['name'], { name: 'Nope', x: 'First name' }, ['First name'])).toEqual({
      missing: [],
      unknownColumns: ['Nope'],
      unknownVariables: ['x'],
    });
  });

  it('the create contract refuses a past schedule and an SMS fallback without text', () => {
    const base = {
      name: 'Offers',
      bot_id: '00000000-0000-4000-8000-000000000001',
      template_id: '00000000-0000-4000-8000-000000000002',
      audience_id: '00000000-0000-4000-8000-000000000003',
    };
    expect(ZCampaignCreateRequest.safeParse(base).success).toBe(true);
    const past = ZCampaignCreateRequest.safeParse({
      ...base,
      schedule: { kind: 'at', date: '2020-01-01', time: '10:00', time_zone: '+05:30' },
    });
    expect(past.success ? null : past.error.issues[0]?.message).toMatch(/in the past/);
    const sms = ZCampaignCreateRequest.safeParse({ ...base, fallback: { kind: 'sms', text: ' ' } });
    expect(sms.success ? null : sms.error.issues[0]?.message).toMatch(/SMS text/);
  });
});
