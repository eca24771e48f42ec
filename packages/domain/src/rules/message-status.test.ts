import { describe, expect, it } from 'vitest';
import {
  applyStatusEvents,
  MESSAGE_STATUSES,
  type MessageStatus,
  nextMessageStatus,
} from './message-status.ts';

describe('nextMessageStatus', () => {
  it.each([
    ['queued', 'sent', 'sent'],
    ['queued', 'read', 'read'],
    ['sent', 'delivered', 'delivered'],
    ['delivered', 'read', 'read'],
    ['read', 'delivered', 'read'],
    ['delivered', 'sent', 'delivered'],
    ['read', 'read', 'read'],
    ['sent', 'failed', 'failed'],
    ['queued', 'failed', 'failed'],
    ['delivered', 'failed', 'delivered'],
    ['read', 'failed', 'read'],
    ['failed', 'delivered', 'failed'],
    ['failed', 'read', 'failed'],
  ] as const)('when %s receives %s then %s', (current, incoming, expected) => {
    expect(nextMessageStatus(current, incoming)).toBe(expected);
  });

  it('when events arrive in any order then the result is the same furthest status', () => {
    const forward: MessageStatus[] = ['sent', 'delivered', 'read'];
    const orders = [forward, [...forward].reverse(), ['delivered', 'read', 'sent'] as MessageStatus[]];
    for (const order of orders) {
      expect(order.reduce(nextMessageStatus, 'queued' as MessageStatus)).toBe('read');
    }
  });

  it('never moves a status backwards, for every pair', () => {
    const rank = (s: MessageStatus) => (s === 'failed' ? 99 : MESSAGE_STATUSES.indexOf(s));
    for (const current of MESSAGE_STATUSES) {
      for (const incoming of MESSAGE_STATUSES) {
        const next = nextMessageStatus(current, incoming);
        expect(rank(next) >= rank(current) || current === next).toBe(true);
      }
    }
  });
});

describe('applyStatusEvents', () => {
  const status = (value: string, errorCode: string | null = null) => ({
    kind: 'status',
    status: value,
    errorCode,
  });

  it('when receipts arrive out of order then the furthest status wins and failure codes are kept only when failure takes', () => {
    expect(
      applyStatusEvents({ status: 'sent', errorCode: null }, [status('read'), status('delivered')]),
    ).toEqual({ status: 'read', errorCode: null });
    expect(
      applyStatusEvents({ status: 'sent', errorCode: null }, [
        status('failed', '131026'),
        status('delivered'),
      ]),
    ).toEqual({ status: 'failed', errorCode: '131026' });
    expect(applyStatusEvents({ status: 'delivered', errorCode: null }, [status('failed', '131026')])).toEqual(
      { status: 'delivered', errorCode: null },
    );
  });

  it('when an event is not a status (a reply, a tap) then nothing changes', () => {
    expect(
      applyStatusEvents({ status: 'sent', errorCode: null }, [
        { kind: 'user-message', status: null, errorCode: null },
      ]),
    ).toEqual({ status: 'sent', errorCode: null });
  });
});
