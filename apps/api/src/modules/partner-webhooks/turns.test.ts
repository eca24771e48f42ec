import { describe, expect, it } from 'vitest';
import { Turns } from './turns.ts';

describe('Turns', () => {
  it('when one bot has many conversations waiting then the other bots take turns with it', () => {
    const turns = new Turns();
    for (const n of [1, 2, 3, 4]) turns.add(`slow:+9100${n}`);
    turns.add('quick:+91001');
    turns.add('other:ping');
    const order = [turns.next(), turns.next(), turns.next(), turns.next(), turns.next(), turns.next()];
    expect(order).toEqual([
      'slow:+91001',
      'quick:+91001',
      'other:ping',
      'slow:+91002',
      'slow:+91003',
      'slow:+91004',
    ]);
    expect(turns.next()).toBeUndefined();
  });

  it('when a conversation is named by several jobs then it waits once', () => {
    const turns = new Turns();
    turns.add('bot:+91001');
    turns.add('bot:+91002');
    turns.add('bot:+91001');
    expect([turns.next(), turns.next(), turns.next()]).toEqual(['bot:+91001', 'bot:+91002', undefined]);
  });

  it('when a conversation has no bot prefix then it is a bot of its own', () => {
    expect(Turns.botOf('5b0c:+91001')).toBe('5b0c');
    expect(Turns.botOf('delivery-id')).toBe('delivery-id');
  });
});
