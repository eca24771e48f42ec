import { createHash } from 'node:crypto';
import {
  BOT_CARRIER_MACHINE,
  BOT_CARRIER_UNDECIDED_STATES,
  type BotCarrierState,
  type BotState,
  botStatusOf,
  launchReference,
  stateOfCode,
  type TLaunchSummary,
} from '@portico/domain';
import type { AuthenticatedUser } from '../../platform/auth/types.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../../platform/http/errors.ts';
import { CARRIER, codesOf, type LaunchSteps } from './launch-steps.ts';
import type { LaunchBotRow, LaunchRow } from './launches.repository.ts';

/** The carriers the developer may still take off a submitted launch (not the chosen-only ones). */
const WITHDRAWABLE = codesOf(BOT_CARRIER_UNDECIDED_STATES.filter((state) => state !== 'pending'));
/** While the launch is under review, the stage a carrier added after submission joins. */
const STAGE_OF_ADDED: Partial<Record<BotState, BotCarrierState>> = {
  submitted_for_launch: 'submitted',
  bot_forwarded_by_portico: 'to_be_approved_by_carrier',
  bot_approved_by_portico_pending_from_carrier: 'approved_pending_from_carrier',
};

/** A key derived from its parts: the same request retried gets the same key (the ledger replays it). */
const derivedKey = (kind: string, ...parts: (string | number)[]) =>
  `launch-${kind}:${createHash('sha256').update(parts.join('|')).digest('base64url').slice(0, 40)}`;

/** Carriers added to or taken off a launch under review, and the money that follows. */
export function createLaunchCarriers(steps: LaunchSteps) {
  const { database, repository, review, stateOf, requireOwn, record, currentHold, summary } = steps;

  /**
   * /u/update-carrier: while the launch is under review, add carriers (they join at the launch's
   * stage) or take off those not decided yet (withdraw). Money: while this submission's hold is
   * still held it is released and a new one taken for the new set of carriers (so a removal gives
   * money back); once the platform captured it, an added carrier's price is held and charged at
   * once, and a removed carrier is NOT refunded automatically (support adjusts it by hand).
   */
  async function updateCarriers(
    user: AuthenticatedUser,
    botId: string,
    change: { add: number[]; remove: number[] },
  ): Promise<TLaunchSummary> {
    const add = [...new Set(change.add)];
    const remove = [...new Set(change.remove)];
    if (add.some((id) => remove.includes(id))) {
      const message = 'A carrier cannot be added and removed at once.';
      throw new BadRequestError(message, [{ field: 'add', message }]);
    }
    const active = await database.transaction(() => repository.activeCarrierIds(add));
    if (active.size !== add.length) {
      const message = 'Choose carriers from the list: one of them is not available.';
      throw new BadRequestError(message, [{ field: 'add', message }]);
    }
    await database.transaction(async () => {
      const bot = await requireOwn(user, botId);
      const state = stateOf(bot);
      const stage = state ? STAGE_OF_ADDED[state] : undefined;
      if (!state || !stage) {
        throw new ConflictError(
          `This bot is ${botStatusOf(bot.status).label.toLowerCase()}: its carriers change after submission only while the launch is under review.`,
          { current: botStatusOf(bot.status) },
        );
      }
      const launch = await repository.ensureLaunch(botId, bot.partnerId);
      const before = new Map((await repository.carriersOf(botId)).map((c) => [c.carrierId, c]));
      for (const carrierId of remove) {
        const carrier = before.get(carrierId);
        if (!carrier || carrier.status === CARRIER.pending.code) {
          throw new NotFoundError('This carrier is not part of the launch.');
        }
        if (!WITHDRAWABLE.includes(carrier.status)) {
          throw new ConflictError(`${carrier.name} has already decided: it cannot be taken off the launch.`, {
            carrier_id: carrierId,
            current:
              BOT_CARRIER_MACHINE.states[stateOfCode(BOT_CARRIER_MACHINE, carrier.status) ?? 'pending'],
          });
        }
        await review.decide({
          machine: BOT_CARRIER_MACHINE,
          subjectId: botId,
          carrierId,
          action: 'withdraw',
          actor: user,
          load: () => repository.lockCarrier(botId, carrierId),
          move: (from, to) => steps.bots().moveCarrier(botId, carrierId, from, to),
        });
      }
      for (const carrierId of add) {
        const carrier = before.get(carrierId);
        if (carrier && carrier.status !== CARRIER.pending.code) {
          throw new ConflictError(`${carrier.name} is already part of the launch.`, {
            carrier_id: carrierId,
          });
        }
        await steps.bots().addCarriers(botId, [carrierId], CARRIER.pending.code);
        await review.decide({
          machine: BOT_CARRIER_MACHINE,
          subjectId: botId,
          carrierId,
          action: 'submit',
          actor: user,
          load: () => repository.lockCarrier(botId, carrierId),
          move: (from, to) => steps.bots().moveCarrier(botId, carrierId, from, to),
        });
        if (stage !== 'submitted') {
          // The launch is past the platform's first look: the carrier joins at the launch's stage.
          if (
            !(await steps.bots().moveCarrier(botId, carrierId, CARRIER.submitted.code, CARRIER[stage].code))
          ) {
            throw new ConflictError('The launch changed meanwhile: try again.');
          }
          await review.record({
            machine: BOT_CARRIER_MACHINE,
            subjectId: botId,
            carrierId,
            action: 'added',
            from: 'submitted',
            to: stage,
            actor: user,
          });
        }
      }
      const inLaunch = (await repository.carriersOf(botId))
        .filter((c) => c.status !== CARRIER.pending.code)
        .map((c) => c.carrierId);
      if (inLaunch.length === 0) {
        throw new ConflictError('A launch keeps at least one carrier.', [
          { field: 'remove', message: 'A launch keeps at least one carrier.' },
        ]);
      }
      await adjustHold(user, bot, launch, inLaunch, add);
      await record(user, 'launch.carriers-changed', { botId, add, remove });
    });
    return summary(botId, { partnerId: user.partnerId });
  }

  /** The money side of /u/update-carrier (see updateCarriers). */
  async function adjustHold(
    user: AuthenticatedUser,
    bot: LaunchBotRow,
    launch: LaunchRow,
    inLaunch: number[],
    added: number[],
  ): Promise<void> {
    const wallet = steps.wallet();
    const hold = await currentHold(bot, launch);
    const sorted = [...inLaunch].sort((a, b) => a - b);
    if (launch.holdId && hold?.status === 'held') {
      await wallet.settleHold(user, launch.holdId, 'release', `launch-release:${launch.holdId}`);
      const key = derivedKey('rehold', launch.holdId, ...sorted);
      const next = await wallet.holdVerification(user, {
        carrier_ids: sorted,
        reference: launchReference(bot.name),
        idempotency_key: key,
      });
      await repository.updateLaunch(bot.botId, { holdId: next.hold_id, holdKey: key });
      return;
    }
    if (added.length === 0) return;
    const key = derivedKey(
      'add',
      bot.botId,
      launch.submissions,
      launch.holdId ?? '',
      ...[...added].sort((a, b) => a - b),
    );
    const extra = await wallet.holdVerification(user, {
      carrier_ids: added,
      reference: launchReference(bot.name, 'added carriers'),
      idempotency_key: key,
    });
    if (extra.status === 'held') {
      await wallet.settleHold(user, extra.hold_id, 'capture', `launch-capture:${extra.hold_id}`);
    }
  }

  return { updateCarriers };
}
