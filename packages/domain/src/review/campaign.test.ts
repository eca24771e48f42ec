import { describe, expect, it } from 'vitest';
import { ROLES } from '../constants/roles.ts';
import {
  CAMPAIGN_MACHINE,
  CAMPAIGN_RECEIPTS_WINDOW_MS,
  CAMPAIGN_STATUSES,
  type CampaignAction,
  type CampaignStatus,
  campaignActions,
  campaignCountsMoving,
  campaignTransition,
} from './campaign.ts';
import { decideReview } from './machine.ts';

/** Every allowed move, written out by hand: anything else is refused. */
const ALLOWED: Record<CampaignStatus, Partial<Record<CampaignAction, CampaignStatus>>> = {
  p: { start: 'r', schedule: 's', cancel: 'd' },
  s: { unschedule: 'p', cancel: 'd', stop: 'd', begin: 'r', fail: 'i' },
  r: { pause: 'r', resume: 'r', cancel: 'd', stop: 'd', complete: 'c', fail: 'i' },
  c: {},
  i: {},
  d: {},
};
const ACTIONS = Object.keys(CAMPAIGN_MACHINE.transitions) as CampaignAction[];

describe('the campaign state machine', () => {
  for (const from of CAMPAIGN_STATUSES) {
    for (const action of ACTIONS) {
      const expected = ALLOWED[from][action] ?? null;
      it(`${from} --${action}--> ${expected ?? 'refused'}`, () => {
        expect(campaignTransition(from, action)).toBe(expected);
      });
    }
  }

  it('the final states are left by nothing', () => {
    for (const from of ['c', 'i', 'd'] as const)
      expect(ACTIONS.filter((a) => campaignTransition(from, a) !== null)).toEqual([]);
  });

  it('keeps the spec codes with their labels', () => {
    expect(Object.fromEntries(CAMPAIGN_STATUSES.map((s) => [s, CAMPAIGN_MACHINE.states[s].label]))).toEqual({
      p: 'Pending',
      s: 'Scheduled',
      r: 'Running',
      c: 'Completed',
      i: 'Failed',
      d: 'Cancelled',
    });
  });

  it('offers the partner its actions, never the system moves, pause or resume by the paused flag', () => {
    expect(campaignActions('p', false, ROLES.DEVELOPER)).toEqual(['start', 'schedule', 'cancel']);
    expect(campaignActions('r', false, ROLES.DEVELOPER)).toEqual(['pause', 'cancel']);
    expect(campaignActions('r', true, ROLES.DEVELOPER)).toEqual(['resume', 'cancel']);
    expect(campaignActions('r', false, ROLES.CHILD_AGGREGATOR_READONLY)).toEqual([]);
    expect(campaignActions('r', false, ROLES.SUPER_ADMIN_PORTICO)).toEqual(['stop']);
    expect(campaignActions('r', false, ROLES.ADMIN_PORTICO_READONLY)).toEqual([]);
  });

  it('a platform stop needs a reason; a partner may not stop, an admin may not cancel', () => {
    expect(decideReview(CAMPAIGN_MACHINE, 'r', 'stop', ROLES.SUPER_ADMIN_PORTICO, '')).toEqual({
      refused: 'reason-required',
    });
    expect(decideReview(CAMPAIGN_MACHINE, 'r', 'stop', ROLES.DEVELOPER, 'abuse')).toEqual({
      refused: 'forbidden',
    });
    expect(decideReview(CAMPAIGN_MACHINE, 'r', 'cancel', ROLES.SUPER_ADMIN_PORTICO, null)).toEqual({
      refused: 'forbidden',
    });
    expect(decideReview(CAMPAIGN_MACHINE, 'c', 'cancel', ROLES.DEVELOPER, null)).toMatchObject({
      refused: 'illegal',
    });
  });
});

describe('campaignCountsMoving', () => {
  const now = new Date('2026-11-29T12:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
  it('when a campaign waits or runs then its counts move; a draft is still', () => {
    expect(campaignCountsMoving('s', null, now)).toBe(true);
    expect(campaignCountsMoving('r', null, now)).toBe(true);
    expect(campaignCountsMoving('p', null, now)).toBe(false);
  });
  it('when a campaign ended then its receipts move its counts for the window after its end, and no longer', () => {
    for (const status of ['c', 'i', 'd'] as const) {
      expect(campaignCountsMoving(status, ago(60_000), now)).toBe(true);
      expect(campaignCountsMoving(status, ago(CAMPAIGN_RECEIPTS_WINDOW_MS - 1), now)).toBe(true);
      expect(campaignCountsMoving(status, ago(CAMPAIGN_RECEIPTS_WINDOW_MS), now)).toBe(false);
      expect(campaignCountsMoving(status, null, now)).toBe(false);
    }
  });
});
