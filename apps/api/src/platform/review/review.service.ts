import { decideReview, type ReviewMachine, stateOfCode, type TReviewHistory } from '@portico/domain';
import type { AuthenticatedUser } from '../auth/types.ts';
import type { Database } from '../db/index.ts';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../http/errors.ts';
import type { Mailer } from '../mail/index.ts';
import type { ReviewRepository } from './review.repository.ts';

export interface ReviewDecisionInput<S extends string, A extends string> {
  machine: ReviewMachine<S, A>;
  subjectId: string;
  /** The carrier of a carrier-level decision (recorded with it). */
  carrierId?: number | null;
  action: A;
  actor: AuthenticatedUser;
  reason?: string | undefined;
  /**
   * Reads the subject's current state code, locking it (SELECT ... FOR UPDATE); undefined when the
   * caller may not see it (another tenant's, another carrier's): a 404, ids are not confirmed.
   */
  load: () => Promise<number | undefined>;
  /** Moves the subject to `to` only while it is still at `from`; false when another decision came first. */
  move: (from: number, to: number) => Promise<boolean>;
  /** Whom to tell, by mail through the mail job, in the decision's own transaction. */
  notify?: (to: S) => Promise<{ recipients: string[]; subjectName: string; link: string } | null>;
  /** Further writes of the same decision (per-carrier rows, a wallet capture), in its transaction. */
  alsoDo?: (from: S, to: S) => Promise<void>;
}

/** The label of a history row that is no transition of its machine ('submitted' -> 'Submitted'). */
const startLabel = (action: string) => action.charAt(0).toUpperCase() + action.slice(1).replaceAll('-', ' ');

/**
 * Decisions on reviewable subjects, one way for all of them: in one unit of work the subject's
 * state is read and locked, the machine decides (who may, from which state, reason required), the
 * state moves only if nobody moved it meanwhile (else 409 with the current state), the history row
 * is written, and the submitter's mail is queued.
 */
export function createReviewService(deps: {
  database: Pick<Database, 'transaction'>;
  repository: ReviewRepository;
  mail: Mailer;
}) {
  const { database, repository, mail } = deps;

  function conflict<S extends string>(machine: ReviewMachine<S>, code: number, allowed: string[] = []) {
    const state = stateOfCode(machine, code);
    const current = state ? machine.states[state] : { code, label: String(code) };
    return new ConflictError(
      `This ${machine.noun} is ${current.label.toLowerCase()} now: that decision no longer applies.`,
      {
        current,
        allowed,
      },
    );
  }

  return {
    async decide<S extends string, A extends string>(
      input: ReviewDecisionInput<S, A>,
    ): Promise<{ from: S; to: S }> {
      const { machine } = input;
      return database.transaction(async () => {
        const code = await input.load();
        if (code === undefined) throw new NotFoundError(`This ${machine.noun} was not found.`);
        const from = stateOfCode(machine, code);
        if (!from) throw conflict(machine, code);
        const decision = decideReview(machine, from, input.action, input.actor.role, input.reason);
        if (decision.refused === 'forbidden') throw new ForbiddenError();
        if (decision.refused === 'illegal') throw conflict(machine, code, decision.allowed);
        if (decision.refused === 'reason-required') {
          const message = 'Give a reason: it is shown to the submitter.';
          throw new BadRequestError(message, [{ field: 'reason', message }]);
        }
        const to = decision.to;
        if (!(await input.move(code, machine.states[to].code))) throw conflict(machine, code);
        await input.alsoDo?.(from, to);
        await repository.insert({
          subject: machine.subject,
          subjectId: input.subjectId,
          carrierId: input.carrierId ?? null,
          action: input.action,
          fromCode: code,
          toCode: machine.states[to].code,
          reason: input.reason?.trim() || null,
          actorUserId: input.actor.userId,
          actorEmail: input.actor.email,
          actorRole: input.actor.role,
        });
        const notice = await input.notify?.(to);
        for (const recipient of notice?.recipients ?? []) {
          await mail({
            to: recipient,
            template: 'review-decision',
            data: {
              subject: notice?.subjectName ?? '',
              decision: decision.transition.label,
              state: machine.states[to].label,
              reason: input.reason?.trim() ?? '',
              link: notice?.link ?? '',
            },
          });
        }
        return { from, to };
      });
    },

    /** A subject entering its machine (created, or submitted for the first time): the history's first row. */
    async recordStart<S extends string>(input: {
      machine: ReviewMachine<S>;
      subjectId: string;
      carrierId?: number | null;
      action: string;
      to: S;
      actor: AuthenticatedUser | null;
    }): Promise<void> {
      await repository.insert({
        subject: input.machine.subject,
        subjectId: input.subjectId,
        carrierId: input.carrierId ?? null,
        action: input.action,
        fromCode: null,
        toCode: input.machine.states[input.to].code,
        reason: null,
        actorUserId: input.actor?.userId ?? null,
        actorEmail: input.actor?.email ?? null,
        actorRole: input.actor?.role ?? null,
      });
    },

    /**
     * A change the subject's owner or a network made outside decide (an edit that reopens a draft,
     * a network's decision arriving by webhook): its history row, in the caller's unit of work.
     */
    async record<S extends string>(input: {
      machine: ReviewMachine<S>;
      subjectId: string;
      /** The carrier of a per-carrier subject's change. */
      carrierId?: number | null;
      action: string;
      from: S | null;
      to: S;
      reason?: string | null;
      actor: AuthenticatedUser | null;
    }): Promise<void> {
      await repository.insert({
        subject: input.machine.subject,
        subjectId: input.subjectId,
        carrierId: input.carrierId ?? null,
        action: input.action,
        fromCode: input.from === null ? null : input.machine.states[input.from].code,
        toCode: input.machine.states[input.to].code,
        reason: input.reason?.trim() || null,
        actorUserId: input.actor?.userId ?? null,
        actorEmail: input.actor?.email ?? null,
        actorRole: input.actor?.role ?? null,
      });
    },

    /** The history of a subject and its per-carrier reviews, newest first, labelled by their machines. */
    async history(
      machines: readonly ReviewMachine[],
      subjectId: string,
      window: { start: number; end: number },
    ): Promise<TReviewHistory> {
      const bySubject = new Map(machines.map((machine) => [machine.subject, machine]));
      const { items, total } = await repository.history([...bySubject.keys()], subjectId, window);
      const ref = (machine: ReviewMachine | undefined, code: number) => {
        const state = machine ? stateOfCode(machine, code) : undefined;
        const label = machine && state ? machine.states[state]?.label : undefined;
        return { code, label: label ?? String(code) };
      };
      return {
        total,
        items: items.map((row) => {
          const machine = bySubject.get(row.subject);
          const transition = machine?.transitions[row.action];
          return {
            id: row.id,
            at: row.createdAt.toISOString(),
            action: row.action,
            action_label: transition?.label ?? startLabel(row.action),
            from: row.fromCode === null ? null : ref(machine, row.fromCode),
            to: ref(machine, row.toCode),
            reason: row.reason,
            actor_email: row.actorEmail,
            actor_role: row.actorRole,
            carrier_id: row.carrierId,
            carrier_name: row.carrierName,
          };
        }),
      };
    },
  };
}
export type ReviewService = ReturnType<typeof createReviewService>;
