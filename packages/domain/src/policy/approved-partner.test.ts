import { describe, expect, it } from 'vitest';
import { PROVIDER_APPROVED_STATUS } from '../constants/statuses.ts';
import {
  APPROVAL_AREA_MESSAGES,
  APPROVAL_GATED_ACTIONS,
  approvalAreaOf,
  approvalRefusal,
  isAreaOpen,
} from './approved-partner.ts';
import { isPolicyAction } from './index.ts';

const pending = { isAggregator: true, launchApproved: false, approvalStatus: null };
const approved = { isAggregator: true, launchApproved: true, approvalStatus: PROVIDER_APPROVED_STATUS };
const developer = { isAggregator: false, launchApproved: false };

describe('the approved-partner rule', () => {
  it('when an action is gated then it is a real policy action', () => {
    for (const action of Object.keys(APPROVAL_GATED_ACTIONS)) expect(isPolicyAction(action)).toBe(true);
  });

  it('when an aggregator awaits approval then wallet writes and brand writes are refused with the area message', () => {
    expect(approvalRefusal(pending, 'wallet.topup')).toBe(APPROVAL_AREA_MESSAGES.billing);
    expect(approvalRefusal(pending, 'wallet.pay')).toBe(APPROVAL_AREA_MESSAGES.billing);
    expect(approvalRefusal(pending, 'wallet.manage')).toBe(APPROVAL_AREA_MESSAGES.billing);
    expect(approvalRefusal(pending, 'brands.write')).toBe(APPROVAL_AREA_MESSAGES.brands);
    expect(APPROVAL_AREA_MESSAGES.brands).toMatch(/awaiting approval/);
  });

  it('when the action is a read or not gated then nobody is refused', () => {
    expect(approvalAreaOf('wallet.read')).toBeUndefined();
    expect(approvalAreaOf('brands.read')).toBeUndefined();
    expect(approvalAreaOf('toString')).toBeUndefined();
    expect(approvalRefusal(pending, 'wallet.read')).toBeNull();
  });

  it('when the partner is approved or not an aggregator or unknown then it goes ahead', () => {
    expect(approvalRefusal(approved, 'wallet.topup')).toBeNull();
    expect(approvalRefusal(developer, 'brands.write')).toBeNull();
    expect(approvalRefusal(undefined, 'brands.write')).toBeNull();
    expect(isAreaOpen(pending, undefined)).toBe(true);
    expect(isAreaOpen(pending, 'campaigns')).toBe(false);
  });
});
