import { can, type PolicyAction } from '../policy/index.ts';
import type { PolicyRole } from '../policy/role-groups.ts';

/**
 * The review machinery that brands, aggregators, bots, templates and campaigns share: each
 * reviewable subject has one state machine, as data. Its states carry the spec's codes where they
 * exist (section 4: forwarded 30, approved 31, rejected 32, to be approved by carrier 39, approved
 * by the platform and pending from the carrier 42); each transition names who may make it (an
 * action of the one permission table) and whether a reason is required.
 */
export interface ReviewState {
  /** The status code stored and shown (spec section 4 where it names one). */
  code: number;
  label: string;
}

export interface ReviewTransition<S extends string> {
  from: readonly S[];
  to: S;
  /** Who may make it: a policy action (packages/domain/src/policy). */
  permission: PolicyAction;
  /** A rejection must say why; the reason is kept in the history and mailed to the submitter. */
  reasonRequired: boolean;
  /** What the history and the mail call this decision, e.g. "Forwarded to the carriers". */
  label: string;
}

export interface ReviewMachine<S extends string = string, A extends string = string> {
  /** The history's subject name, e.g. 'brand' or 'brand-carrier'. */
  subject: string;
  /** What a person calls the subject, e.g. "brand". */
  noun: string;
  states: Readonly<Record<S, ReviewState>>;
  transitions: Readonly<Record<A, ReviewTransition<S>>>;
}

/** Types a machine (keeps its state and action names literal). */
export function defineReviewMachine<const S extends string, const A extends string>(
  machine: ReviewMachine<S, A>,
): ReviewMachine<S, A> {
  return machine;
}

export type ReviewRefusal =
  | { refused: 'forbidden' }
  | { refused: 'reason-required' }
  | { refused: 'illegal'; current: ReviewState; allowed: string[] };

export type ReviewDecision<S extends string> = { refused: null; to: S; transition: ReviewTransition<S> };

/** The reason, trimmed; an empty one counts as none. */
export const REVIEW_REASON_MAX = 1000;

/**
 * Whether a person with this role may take this action on a subject in this state: the state it
 * moves to, or why not (forbidden before illegal, so a caller who may not decide learns nothing of
 * the state; the reason is checked last).
 */
export function decideReview<S extends string, A extends string>(
  machine: ReviewMachine<S, A>,
  current: S,
  action: A,
  role: PolicyRole,
  reason: string | null | undefined,
): ReviewDecision<S> | ReviewRefusal {
  const transition = machine.transitions[action];
  if (!can(role, transition.permission)) return { refused: 'forbidden' };
  if (!transition.from.includes(current)) {
    return {
      refused: 'illegal',
      current: machine.states[current],
      allowed: allowedActions(machine, current, role),
    };
  }
  if (transition.reasonRequired && !reason?.trim()) return { refused: 'reason-required' };
  return { refused: null, to: transition.to, transition };
}

/** The actions this role may take on a subject in this state (what the screens offer). */
export function allowedActions<S extends string, A extends string>(
  machine: ReviewMachine<S, A>,
  current: S,
  role: PolicyRole,
): A[] {
  return (Object.keys(machine.transitions) as A[]).filter((action) => {
    const transition = machine.transitions[action];
    return transition.from.includes(current) && can(role, transition.permission);
  });
}

/** The state whose code this is (stored rows keep codes). */
export function stateOfCode<S extends string>(machine: ReviewMachine<S>, code: number): S | undefined {
  return (Object.keys(machine.states) as S[]).find((state) => machine.states[state].code === code);
}
