import {
  BOT_CARRIER_MACHINE,
  BOT_MACHINE,
  launchOnSubmit,
  launchReference,
  type THold,
  type TLaunchSummary,
} from '@portico/domain';
import type { AuthenticatedUser } from '../../platform/auth/types.ts';
import { AppError, BadRequestError, ConflictError } from '../../platform/http/errors.ts';
import type { LaunchPreflight } from './launch-preflight.ts';
import type { LaunchSteps } from './launch-steps.ts';
import { SUBMITTABLE } from './launch-summary.ts';

/** Payment (the verification hold) and submission for verification, each one unit of work. */
export function createLaunchSubmission(steps: LaunchSteps, preflight: LaunchPreflight) {
  const { database, repository, review, mail, requireOwn, requireEditable, currentHold } = steps;
  const { submittableIds, record, carrierStateOf, summary } = steps;
  const { runPreflight, withOutsideFacts } = preflight;

  /**
   * Payment: the verification hold, taken once per submission. Retried with the same key it is
   * the same hold (the ledger replays it); while this submission's hold is held, any further
   * payment answers that hold and takes nothing more. After a rejection released it, a new key
   * takes a new hold.
   */
  async function pay(user: AuthenticatedUser, botId: string, idempotencyKey: string): Promise<THold> {
    return database.transaction(async () => {
      const bot = await requireOwn(user, botId);
      requireEditable(bot);
      const launch = await repository.ensureLaunch(botId, bot.partnerId);
      const existing = await currentHold(bot, launch);
      if (existing?.status === 'held') return existing;
      const ids = await submittableIds(botId);
      if (ids.length === 0) {
        const message = 'Choose the carriers of the launch first.';
        throw new BadRequestError(message, [{ field: 'carrier_ids', message }]);
      }
      const hold = await steps.wallet().holdVerification(user, {
        carrier_ids: ids,
        reference: launchReference(bot.name),
        idempotency_key: idempotencyKey,
      });
      if (hold.status !== 'held') {
        throw new ConflictError(
          `This payment key belongs to an earlier payment, now ${hold.status}: pay again with a new key.`,
        );
      }
      await repository.updateLaunch(botId, {
        holdId: hold.hold_id,
        holdKey: idempotencyKey,
        stepReached: 'payment',
      });
      await record(user, 'launch.paid', { botId, holdId: hold.hold_id, amount: hold.amount });
      return hold;
    });
  }

  /**
   * Submit for verification, in one unit of work: the pre-flight passes (else 422 with its
   * items), this submission's hold is held (else 409), the bot and each submitted carrier move
   * (BOT_MACHINE and BOT_CARRIER_MACHINE 'submit', history), the audit record, and the mail to the
   * platform's reviewers. A resubmission sends the carriers that rejected the launch back for
   * review ('resubmit': their rejection stays in the history) and leaves those under review,
   * approved, launching or launched as they are. Two submits at once: one wins, the other gets
   * 409 with the state.
   */
  async function submit(user: AuthenticatedUser, botId: string): Promise<TLaunchSummary> {
    await withOutsideFacts(user, botId, (outside) =>
      database.transaction(async () => {
        const bot = await requireOwn(user, botId);
        requireEditable(bot);
        const launch = await repository.ensureLaunch(botId, bot.partnerId);
        const preflight = await runPreflight(bot, launch, outside);
        if (!preflight.ok) {
          throw new AppError(
            422,
            'The launch cannot be submitted yet: fix what the pre-flight check lists.',
            {
              items: preflight.items,
            },
          );
        }
        const hold = await currentHold(bot, launch);
        if (hold?.status !== 'held') {
          const message = 'Pay the verification from the wallet before submitting.';
          throw new ConflictError(message, [{ field: 'payment', message }]);
        }
        const submitted = (await repository.carriersOf(botId)).filter((c) => SUBMITTABLE.includes(c.status));
        const carrierIds = submitted.map((c) => c.carrierId);
        const resubmitted = submitted
          .filter((c) => launchOnSubmit(carrierStateOf(c.status)) === 'resubmit')
          .map((c) => c.carrierId);
        await review.decide({
          machine: BOT_MACHINE,
          subjectId: botId,
          action: 'submit',
          actor: user,
          load: async () => (await repository.lockOwnBot(user.partnerId, botId))?.status,
          move: (from, to) => steps.bots().moveStatus(botId, from, to),
          alsoDo: async () => {
            for (const carrierId of carrierIds) {
              await review.decide({
                machine: BOT_CARRIER_MACHINE,
                subjectId: botId,
                carrierId,
                action: resubmitted.includes(carrierId) ? 'resubmit' : 'submit',
                actor: user,
                load: () => repository.lockCarrier(botId, carrierId),
                move: (from, to) => steps.bots().moveCarrier(botId, carrierId, from, to),
              });
            }
            await repository.updateLaunch(botId, {
              submittedAt: new Date(),
              submissions: launch.submissions + 1,
              stepReached: 'payment',
            });
            await record(user, 'launch.submitted', {
              botId,
              carrierIds,
              resubmitted,
              holdId: hold.hold_id,
            });
            // The platform's reviewers: a launch waits for them (the review queue shows it too).
            for (const to of await repository.reviewerEmails()) {
              await mail({
                to,
                template: 'review-waiting',
                data: {
                  subject: `The launch of the bot ${bot.name}`,
                  submitter: user.email,
                  link: `${steps.publicUrl}/admin/verification-details?bot_id=${botId}`,
                },
              });
            }
          },
        });
      }),
    );
    return summary(botId, { partnerId: user.partnerId });
  }

  return { pay, submit };
}
