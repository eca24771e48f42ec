import { describe, expect, it } from 'vitest';
import { ALL_ROLES, ROLES } from '../constants/roles.ts';
import type { PolicyRole } from '../policy/role-groups.ts';
import { BOT_CARRIER_MACHINE, BOT_MACHINE, type BotCarrierState, botActionAfterCarriers } from './bot.ts';
import { allowedActions, decideReview, type ReviewMachine } from './machine.ts';

const EVERY_ROLE: readonly PolicyRole[] = [...ALL_ROLES, null];
const DEVELOPER_WRITERS: readonly PolicyRole[] = [null, ROLES.DEVELOPER, ROLES.CHILD_AGGREGATOR_READWRITE];
const PLATFORM_DECIDERS: readonly PolicyRole[] = [ROLES.SUPER_ADMIN_PORTICO, ROLES.ADMIN_PORTICO_READWRITE];
const CARRIER_DECIDERS: readonly PolicyRole[] = [ROLES.ADMIN_BILLING, ROLES.MANAGER_BILLING];

type Expected = Record<
  string,
  { who: readonly PolicyRole[]; from: readonly string[]; to: string; reason: boolean }
>;

/** Written out by hand: who may make each move of the bot as a whole, from which states, with a reason or not. */
const BOT_EXPECTED: Expected = {
  register: {
    who: DEVELOPER_WRITERS,
    from: ['in_progress'],
    to: 'in_progress_carrier_submission',
    reason: false,
  },
  submit: {
    who: DEVELOPER_WRITERS,
    from: ['in_progress_carrier_submission', 'launch_failed', 'bot_rejected_by_portico'],
    to: 'submitted_for_launch',
    reason: false,
  },
  forward: {
    who: PLATFORM_DECIDERS,
    from: ['submitted_for_launch'],
    to: 'bot_forwarded_by_portico',
    reason: false,
  },
  approve: {
    who: PLATFORM_DECIDERS,
    from: ['submitted_for_launch', 'bot_forwarded_by_portico'],
    to: 'bot_approved_by_portico_pending_from_carrier',
    reason: false,
  },
  'approve-decided': {
    who: PLATFORM_DECIDERS,
    from: ['bot_forwarded_by_portico'],
    to: 'bot_approved_by_portico',
    reason: false,
  },
  reject: {
    who: PLATFORM_DECIDERS,
    from: [
      'submitted_for_launch',
      'bot_forwarded_by_portico',
      'bot_approved_by_portico_pending_from_carrier',
    ],
    to: 'bot_rejected_by_portico',
    reason: true,
  },
  'carriers-approved': {
    who: CARRIER_DECIDERS,
    from: ['bot_approved_by_portico_pending_from_carrier'],
    to: 'bot_approved_by_portico',
    reason: false,
  },
  'carriers-rejected': {
    who: CARRIER_DECIDERS,
    from: ['bot_forwarded_by_portico', 'bot_approved_by_portico_pending_from_carrier'],
    to: 'bot_rejected_by_portico',
    reason: false,
  },
  launched: {
    who: CARRIER_DECIDERS,
    from: [
      'bot_forwarded_by_portico',
      'bot_approved_by_portico',
      'bot_approved_by_portico_pending_from_carrier',
      'launch_failed',
    ],
    to: 'launched',
    reason: false,
  },
  'launch-failed': {
    who: CARRIER_DECIDERS,
    from: [
      'bot_forwarded_by_portico',
      'bot_approved_by_portico',
      'bot_approved_by_portico_pending_from_carrier',
    ],
    to: 'launch_failed',
    reason: true,
  },
};

const CARRIER_EXPECTED: Expected = {
  submit: { who: DEVELOPER_WRITERS, from: ['pending', 'launch_failed'], to: 'submitted', reason: false },
  resubmit: { who: DEVELOPER_WRITERS, from: ['rejected'], to: 'submitted', reason: false },
  withdraw: {
    who: DEVELOPER_WRITERS,
    from: ['pending', 'submitted', 'to_be_approved_by_carrier', 'approved_pending_from_carrier'],
    to: 'pending',
    reason: false,
  },
  forward: { who: PLATFORM_DECIDERS, from: ['submitted'], to: 'to_be_approved_by_carrier', reason: false },
  'platform-approve': {
    who: PLATFORM_DECIDERS,
    from: ['submitted', 'to_be_approved_by_carrier'],
    to: 'approved_pending_from_carrier',
    reason: false,
  },
  'platform-reject': {
    who: PLATFORM_DECIDERS,
    from: ['submitted', 'to_be_approved_by_carrier', 'approved_pending_from_carrier'],
    to: 'pending',
    reason: true,
  },
  approve: {
    who: CARRIER_DECIDERS,
    from: ['to_be_approved_by_carrier', 'approved_pending_from_carrier'],
    to: 'approved',
    reason: false,
  },
  reject: {
    who: CARRIER_DECIDERS,
    from: ['to_be_approved_by_carrier', 'approved_pending_from_carrier'],
    to: 'rejected',
    reason: true,
  },
  launch: { who: CARRIER_DECIDERS, from: ['approved'], to: 'launching', reason: false },
  launched: { who: CARRIER_DECIDERS, from: ['launching'], to: 'launched', reason: false },
  'launch-failed': { who: CARRIER_DECIDERS, from: ['launching'], to: 'launch_failed', reason: true },
  retry: { who: PLATFORM_DECIDERS, from: ['launch_failed'], to: 'launching', reason: false },
};

function checkEveryMove(machine: ReviewMachine, expected: Expected) {
  expect(Object.keys(machine.transitions).sort()).toEqual(Object.keys(expected).sort());
  for (const [action, rule] of Object.entries(expected)) {
    for (const state of Object.keys(machine.states)) {
      for (const role of EVERY_ROLE) {
        const decision = decideReview(machine, state, action, role, rule.reason ? 'Because' : null);
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

describe('the bot machine (launch and review)', () => {
  it('when each role tries each move from each state then only the allowed ones pass, a rejection needing a reason', () => {
    checkEveryMove(BOT_MACHINE, BOT_EXPECTED);
  });

  it('keeps the spec codes of section 4', () => {
    expect(BOT_MACHINE.states.submitted_for_launch.code).toBe(6);
    expect(BOT_MACHINE.states.launch_failed.code).toBe(9);
    expect(BOT_MACHINE.states.launched.code).toBe(10);
    expect(BOT_MACHINE.states.bot_forwarded_by_portico.code).toBe(30);
    expect(BOT_MACHINE.states.bot_approved_by_portico.code).toBe(31);
    expect(BOT_MACHINE.states.bot_rejected_by_portico.code).toBe(32);
    expect(BOT_MACHINE.states.bot_approved_by_portico_pending_from_carrier.code).toBe(42);
  });

  it('when read-only admins, the carrier read-only admin or a read-only child user look at a submitted launch then they are offered nothing', () => {
    for (const role of [
      ROLES.ADMIN_PORTICO_READONLY,
      ROLES.MARKETING_ADMIN,
      ROLES.USER_BILLING,
      ROLES.CHILD_AGGREGATOR_READONLY,
    ]) {
      expect(allowedActions(BOT_MACHINE, 'submitted_for_launch', role), role).toEqual([]);
    }
    expect(allowedActions(BOT_MACHINE, 'submitted_for_launch', ROLES.SUPER_ADMIN_PORTICO)).toEqual([
      'forward',
      'approve',
      'reject',
    ]);
  });
});

describe('the bot-carrier machine', () => {
  it('when each role tries each move from each state then only the allowed ones pass', () => {
    checkEveryMove(BOT_CARRIER_MACHINE, CARRIER_EXPECTED);
  });

  it('keeps the spec codes per carrier: 39 to be approved by the carrier, 42 pending from the carrier, 10 launched, 9 failed', () => {
    expect(BOT_CARRIER_MACHINE.states.pending.code).toBe(0);
    expect(BOT_CARRIER_MACHINE.states.to_be_approved_by_carrier.code).toBe(39);
    expect(BOT_CARRIER_MACHINE.states.approved_pending_from_carrier.code).toBe(42);
    expect(BOT_CARRIER_MACHINE.states.launched.code).toBe(10);
    expect(BOT_CARRIER_MACHINE.states.launch_failed.code).toBe(9);
  });

  it('every state has its own code', () => {
    const codes = Object.values(BOT_CARRIER_MACHINE.states).map((state) => state.code);
    expect(new Set(codes).size).toBe(codes.length);
  });
});

describe('the bot as a whole after its carriers', () => {
  const cases: [string, Parameters<typeof botActionAfterCarriers>[0], BotCarrierState[], string | null][] = [
    [
      'one launched, one rejected',
      'bot_approved_by_portico_pending_from_carrier',
      ['launched', 'rejected'],
      'launched',
    ],
    [
      'one still to decide',
      'bot_forwarded_by_portico',
      ['launched', 'to_be_approved_by_carrier'],
      'launched',
    ],
    ['one launching', 'bot_approved_by_portico_pending_from_carrier', ['launching', 'rejected'], null],
    ['every carrier rejected', 'bot_forwarded_by_portico', ['rejected', 'rejected'], 'carriers-rejected'],
    ['failed and rejected', 'bot_approved_by_portico', ['launch_failed', 'rejected'], 'launch-failed'],
    [
      'failed while another waits',
      'bot_forwarded_by_portico',
      ['launch_failed', 'to_be_approved_by_carrier'],
      null,
    ],
    ['already failed, failed again', 'launch_failed', ['launch_failed'], null],
    ['a failed one launched on retry', 'launch_failed', ['launched'], 'launched'],
    ['not yet reviewed by the platform', 'submitted_for_launch', ['submitted'], null],
    ['no carriers', 'bot_forwarded_by_portico', [], null],
  ];
  for (const [label, bot, carriers, expected] of cases) {
    it(`when ${label} then ${expected ?? 'nothing changes'}`, () => {
      expect(botActionAfterCarriers(bot, carriers)).toBe(expected);
    });
  }
});
