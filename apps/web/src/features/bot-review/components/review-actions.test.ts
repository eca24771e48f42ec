import {
  BOT_CARRIER_MACHINE,
  BOT_STATUS,
  type BotCarrierState,
  botCarrierStatusOf,
  botStatusOf,
  type TLaunchSummaryCarrier,
} from '@portico/domain';
import { describe, expect, it } from 'vitest';
import { launchSummary } from '@/test/launch-fixtures';
import { canRetry, carrierActions, ownCarrier, platformActions } from './review-actions';

const withBot = (code: number) =>
  launchSummary({ bot: { ...launchSummary().bot, status: botStatusOf(code) } });
/** One carrier of a launch in a state of BOT_CARRIER_MACHINE. */
const carrier = (state: BotCarrierState, carrierId = 7): TLaunchSummaryCarrier => ({
  carrier_id: carrierId,
  name: `Carrier ${carrierId}`,
  country_id: 'IN',
  status: botCarrierStatusOf(BOT_CARRIER_MACHINE.states[state].code),
  reason: null,
  price: '25.00',
  verified: false,
  updated_at: '2026-11-25T10:00:00.000Z',
});

describe('the decisions a reviewer is offered', () => {
  it('when the launch is submitted then the platform may forward, approve or reject; forwarded: approve or reject; decided: nothing', () => {
    expect(platformActions(withBot(BOT_STATUS.submitted_for_launch), true)).toEqual([
      'forward',
      'approve',
      'reject',
    ]);
    expect(platformActions(withBot(BOT_STATUS.bot_forwarded_by_portico), true)).toEqual([
      'approve',
      'reject',
    ]);
    expect(platformActions(withBot(BOT_STATUS.bot_approved_by_portico_pending_from_carrier), true)).toEqual([
      'reject',
    ]);
    expect(platformActions(withBot(BOT_STATUS.launched), true)).toEqual([]);
    expect(platformActions(withBot(BOT_STATUS.bot_rejected_by_portico), true)).toEqual([]);
  });

  it('when the reviewer may not decide (read-only) then nothing is offered, whatever the state', () => {
    expect(platformActions(withBot(BOT_STATUS.submitted_for_launch), false)).toEqual([]);
    expect(carrierActions(carrier('to_be_approved_by_carrier'), false)).toEqual([]);
    expect(canRetry(carrier('launch_failed'), false)).toBe(false);
  });

  it('when a carrier decides then it may approve or reject only while its network has not decided', () => {
    expect(carrierActions(carrier('to_be_approved_by_carrier'), true)).toEqual(['approve', 'reject']);
    expect(carrierActions(carrier('approved_pending_from_carrier'), true)).toEqual(['approve', 'reject']);
    expect(carrierActions(carrier('approved'), true)).toEqual([]);
    expect(carrierActions(undefined, true)).toEqual([]);
  });

  it('when a launch failed on one network then only that carrier may be retried', () => {
    expect(canRetry(carrier('launch_failed'), true)).toBe(true);
    expect(canRetry(carrier('launched'), true)).toBe(false);
  });

  it('when a carrier user reads a summary then its own row is the one of its carrier id, else the only row', () => {
    const two = launchSummary({ carriers: [carrier('approved', 7), carrier('launched', 8)] });
    expect(ownCarrier(two, 8)?.carrier_id).toBe(8);
    expect(ownCarrier(two, 99)).toBeUndefined();
    expect(ownCarrier(launchSummary({ carriers: [carrier('approved', 7)] }), null)?.carrier_id).toBe(7);
  });
});
