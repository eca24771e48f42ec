import { describe, expect, it } from 'vitest';
import { ROLES } from '../constants/roles.ts';
import { allowedActions, decideReview, defineReviewMachine, stateOfCode } from './machine.ts';

// A machine shaped like the brand review: the platform forwards, approves or rejects.
const machine = defineReviewMachine({
  subject: 'sample',
  noun: 'sample',
  states: {
    submitted: { code: 6, label: 'Submitted' },
    forwarded: { code: 30, label: 'Forwarded' },
    approved: { code: 31, label: 'Approved' },
    rejected: { code: 32, label: 'Rejected' },
  },
  transitions: {
    forward: {
      from: ['submitted'],
      to: 'forwarded',
      permission: 'rate-plans.write',
      reasonRequired: false,
      label: 'Forwarded',
    },
    approve: {
      from: ['submitted', 'forwarded'],
      to: 'approved',
      permission: 'rate-plans.write',
      reasonRequired: false,
      label: 'Approved',
    },
    reject: {
      from: ['submitted', 'forwarded'],
      to: 'rejected',
      permission: 'rate-plans.write',
      reasonRequired: true,
      label: 'Rejected',
    },
  },
});

describe('review machines', () => {
  it('when an allowed role makes an allowed move then the machine names the next state', () => {
    expect(decideReview(machine, 'submitted', 'forward', ROLES.SUPER_ADMIN_PORTICO, null)).toMatchObject({
      refused: null,
      to: 'forwarded',
    });
  });

  it('when a role without the permission decides then it is forbidden, whatever the state', () => {
    expect(decideReview(machine, 'approved', 'approve', ROLES.ADMIN_PORTICO_READONLY, null)).toEqual({
      refused: 'forbidden',
    });
    expect(decideReview(machine, 'submitted', 'approve', ROLES.DEVELOPER, null)).toEqual({
      refused: 'forbidden',
    });
  });

  it('when the state does not allow the move then it is illegal, with the current state and what is allowed', () => {
    expect(decideReview(machine, 'approved', 'reject', ROLES.SUPER_ADMIN_PORTICO, 'late')).toEqual({
      refused: 'illegal',
      current: { code: 31, label: 'Approved' },
      allowed: [],
    });
  });

  it('when a rejection has no reason (or only spaces) then the reason is required', () => {
    expect(decideReview(machine, 'forwarded', 'reject', ROLES.SUPER_ADMIN_PORTICO, '  ')).toEqual({
      refused: 'reason-required',
    });
    expect(
      decideReview(machine, 'forwarded', 'reject', ROLES.SUPER_ADMIN_PORTICO, 'Logo is blurry'),
    ).toMatchObject({
      to: 'rejected',
    });
  });

  it('lists what a role may do in a state, and finds states by stored code', () => {
    expect(allowedActions(machine, 'submitted', ROLES.ADMIN_PORTICO_READWRITE)).toEqual([
      'forward',
      'approve',
      'reject',
    ]);
    expect(allowedActions(machine, 'submitted', ROLES.ADMIN_PORTICO_READONLY)).toEqual([]);
    expect(stateOfCode(machine, 30)).toBe('forwarded');
    expect(stateOfCode(machine, 99)).toBeUndefined();
  });
});
