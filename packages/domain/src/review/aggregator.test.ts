import { describe, expect, it } from 'vitest';
import { ALL_ROLES, ROLES } from '../constants/roles.ts';
import { PROVIDER_APPROVED_STATUS } from '../constants/statuses.ts';
import { AGGREGATOR_CARRIER_MACHINE, AGGREGATOR_MACHINE } from './aggregator.ts';
import { decideReview } from './machine.ts';

const DECIDERS: readonly (string | null)[] = [ROLES.SUPER_ADMIN_PORTICO, ROLES.ADMIN_PORTICO_READWRITE];
/** Written out by hand: from which states each move is allowed. */
const FROM = {
  forward: ['awaiting_approval'],
  approve: ['awaiting_approval', 'forwarded', 'rejected'],
  reject: ['awaiting_approval', 'forwarded'],
} as const;

describe('the aggregator machine', () => {
  it('when each role tries each move from each state then only the platform deciders pass, a rejection needing a reason', () => {
    for (const [action, from] of Object.entries(FROM) as [keyof typeof FROM, readonly string[]][]) {
      for (const state of Object.keys(
        AGGREGATOR_MACHINE.states,
      ) as (keyof typeof AGGREGATOR_MACHINE.states)[]) {
        for (const role of [...ALL_ROLES, null]) {
          const decision = decideReview(AGGREGATOR_MACHINE, state, action, role, 'Because');
          const label = `${action} from ${state} as ${role ?? 'no role'}`;
          if (!DECIDERS.includes(role)) expect(decision, label).toEqual({ refused: 'forbidden' });
          else if (!from.includes(state)) expect(decision, label).toMatchObject({ refused: 'illegal' });
          else expect(decision, label).toMatchObject({ refused: null });
        }
      }
    }
    expect(decideReview(AGGREGATOR_MACHINE, 'forwarded', 'reject', ROLES.SUPER_ADMIN_PORTICO, ' ')).toEqual({
      refused: 'reason-required',
    });
  });

  it('approves with the provider approval status of the approved-partner rule', () => {
    expect(AGGREGATOR_MACHINE.states.approved.code).toBe(PROVIDER_APPROVED_STATUS);
  });
});

describe('the aggregator carrier machine', () => {
  /** Written out by hand: the carrier users who may decide for their network (not USER_BILLING). */
  const CARRIER_DECIDERS: readonly (string | null)[] = [ROLES.ADMIN_BILLING, ROLES.MANAGER_BILLING];

  it('when each role tries each move from each state then only the carrier deciders pass, from "to be approved" only, a rejection needing a reason', () => {
    for (const action of ['approve', 'reject'] as const) {
      for (const state of Object.keys(
        AGGREGATOR_CARRIER_MACHINE.states,
      ) as (keyof typeof AGGREGATOR_CARRIER_MACHINE.states)[]) {
        for (const role of [...ALL_ROLES, null]) {
          const decision = decideReview(AGGREGATOR_CARRIER_MACHINE, state, action, role, 'Because');
          const label = `${action} from ${state} as ${role ?? 'no role'}`;
          if (!CARRIER_DECIDERS.includes(role)) expect(decision, label).toEqual({ refused: 'forbidden' });
          else if (state !== 'to_be_approved_by_carrier') {
            expect(decision, label).toMatchObject({ refused: 'illegal' });
          } else expect(decision, label).toMatchObject({ refused: null });
        }
      }
    }
    expect(
      decideReview(
        AGGREGATOR_CARRIER_MACHINE,
        'to_be_approved_by_carrier',
        'reject',
        ROLES.ADMIN_BILLING,
        '',
      ),
    ).toEqual({ refused: 'reason-required' });
  });

  it("uses the spec's codes: to be approved by carrier 39, approved 31, rejected 32", () => {
    expect(Object.values(AGGREGATOR_CARRIER_MACHINE.states).map((s) => s.code)).toEqual([39, 31, 32]);
  });
});
