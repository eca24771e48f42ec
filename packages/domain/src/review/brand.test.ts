import { describe, expect, it } from 'vitest';
import { ALL_ROLES, ROLES } from '../constants/roles.ts';
import type { PolicyRole } from '../policy/role-groups.ts';
import { BRAND_CARRIER_MACHINE, BRAND_MACHINE } from './brand.ts';
import { allowedActions, decideReview, type ReviewMachine } from './machine.ts';

const EVERY_ROLE: readonly PolicyRole[] = [...ALL_ROLES, null];
const DEVELOPER_WRITERS: readonly PolicyRole[] = [null, ROLES.DEVELOPER, ROLES.CHILD_AGGREGATOR_READWRITE];
const PLATFORM_DECIDERS: readonly PolicyRole[] = [ROLES.SUPER_ADMIN_PORTICO, ROLES.ADMIN_PORTICO_READWRITE];
const CARRIER_DECIDERS: readonly PolicyRole[] = [ROLES.ADMIN_BILLING, ROLES.MANAGER_BILLING];

/** Written out by hand: who may make each move, from which states, and whether it needs a reason. */
const BRAND_EXPECTED = {
  submit: { who: DEVELOPER_WRITERS, from: ['draft', 'rejected'], to: 'submitted', reason: false },
  forward: { who: PLATFORM_DECIDERS, from: ['submitted'], to: 'forwarded', reason: false },
  approve: {
    who: PLATFORM_DECIDERS,
    from: ['submitted', 'forwarded'],
    to: 'approved_pending_carrier',
    reason: false,
  },
  reject: {
    who: PLATFORM_DECIDERS,
    from: ['submitted', 'forwarded', 'approved_pending_carrier'],
    to: 'rejected',
    reason: true,
  },
  'carriers-approved': {
    who: CARRIER_DECIDERS,
    from: ['forwarded', 'approved_pending_carrier'],
    to: 'approved',
    reason: false,
  },
  'carriers-rejected': {
    who: CARRIER_DECIDERS,
    from: ['forwarded', 'approved_pending_carrier'],
    to: 'rejected',
    reason: false,
  },
} as const;

const CARRIER_EXPECTED = {
  approve: { who: CARRIER_DECIDERS, from: ['to_be_approved_by_carrier'], to: 'approved', reason: false },
  reject: { who: CARRIER_DECIDERS, from: ['to_be_approved_by_carrier'], to: 'rejected', reason: true },
} as const;

function checkEveryMove(
  machine: ReviewMachine,
  expected: Record<
    string,
    { who: readonly PolicyRole[]; from: readonly string[]; to: string; reason: boolean }
  >,
) {
  expect(Object.keys(machine.transitions).sort()).toEqual(Object.keys(expected).sort());
  for (const [action, rule] of Object.entries(expected)) {
    for (const state of Object.keys(machine.states)) {
      for (const role of EVERY_ROLE) {
        const reason = rule.reason ? 'Because' : null;
        const decision = decideReview(machine, state, action, role, reason);
        const label = `${action} from ${state} as ${role ?? 'no role'}`;
        if (!rule.who.includes(role)) {
          expect(decision, label).toEqual({ refused: 'forbidden' });
        } else if (!rule.from.includes(state)) {
          expect(decision, label).toMatchObject({ refused: 'illegal', current: machine.states[state] });
        } else {
          expect(decision, label).toMatchObject({ refused: null, to: rule.to });
          if (rule.reason) {
            expect(decideReview(machine, state, action, role, '  '), label).toEqual({
              refused: 'reason-required',
            });
          }
        }
      }
    }
  }
}

describe('the brand machine', () => {
  it('when each role tries each move from each state then only the allowed ones pass, a rejection needing a reason', () => {
    checkEveryMove(BRAND_MACHINE, BRAND_EXPECTED);
  });

  it('keeps the spec codes: forwarded 30, approved 31, rejected 32, approved by the platform pending from the carrier 42', () => {
    expect(BRAND_MACHINE.states.forwarded.code).toBe(30);
    expect(BRAND_MACHINE.states.approved.code).toBe(31);
    expect(BRAND_MACHINE.states.rejected.code).toBe(32);
    expect(BRAND_MACHINE.states.approved_pending_carrier.code).toBe(42);
  });

  it('when the read-only admins look at a submitted brand then they are offered nothing', () => {
    expect(allowedActions(BRAND_MACHINE, 'submitted', ROLES.ADMIN_PORTICO_READONLY)).toEqual([]);
    expect(allowedActions(BRAND_MACHINE, 'submitted', ROLES.MARKETING_ADMIN)).toEqual([]);
    expect(allowedActions(BRAND_MACHINE, 'submitted', ROLES.SUPER_ADMIN_PORTICO)).toEqual([
      'forward',
      'approve',
      'reject',
    ]);
  });
});

describe('the brand-carrier machine', () => {
  it('when each role tries each move from each state then only the carrier deciders pass, a rejection needing a reason', () => {
    checkEveryMove(BRAND_CARRIER_MACHINE, CARRIER_EXPECTED);
  });

  it('keeps the spec code 39 for to be approved by the carrier', () => {
    expect(BRAND_CARRIER_MACHINE.states.to_be_approved_by_carrier.code).toBe(39);
  });

  it('when the carrier read-only admin (USER_BILLING) looks then it is offered nothing', () => {
    expect(allowedActions(BRAND_CARRIER_MACHINE, 'to_be_approved_by_carrier', ROLES.USER_BILLING)).toEqual(
      [],
    );
  });
});
