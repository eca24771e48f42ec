import { describe, expect, it } from 'vitest';
import { oneQueryAtATime } from './one-query-at-a-time.ts';

/** A connection that answers after a tick and records how many queries it had at once. */
function connection() {
  const seen = { most: 0, active: 0, order: [] as string[] };
  class Connection {
    async query(...args: unknown[]) {
      const text = args[0];
      seen.active += 1;
      seen.most = Math.max(seen.most, seen.active);
      await new Promise((resolve) => setTimeout(resolve, 5));
      seen.active -= 1;
      seen.order.push(String(text));
      if (text === 'fail') throw new Error('refused');
      return { rows: [text] };
    }
  }
  return { client: oneQueryAtATime(new Connection()), seen, Connection };
}

describe('one query at a time on a held connection', () => {
  it('when a unit of work reads side by side then the connection gets them one after another, in order', async () => {
    const { client, seen } = connection();
    const answers = await Promise.all(['a', 'b', 'c', 'd'].map((text) => client.query(text)));
    expect(answers).toEqual([{ rows: ['a'] }, { rows: ['b'] }, { rows: ['c'] }, { rows: ['d'] }]);
    expect(seen.most).toBe(1);
    expect(seen.order).toEqual(['a', 'b', 'c', 'd']);
  });

  it('when a query fails then its caller gets the error and the next query is still sent', async () => {
    const { client, seen } = connection();
    const [failed, next] = await Promise.allSettled([client.query('fail'), client.query('after')]);
    expect(failed).toMatchObject({ status: 'rejected', reason: new Error('refused') });
    expect(next).toEqual({ status: 'fulfilled', value: { rows: ['after'] } });
    expect(seen.most).toBe(1);
  });

  it('when the class method is wrapped after the connection opened then the wrapper still sees each query', async () => {
    const { client, Connection } = connection();
    const original = Connection.prototype.query;
    const counted: unknown[] = [];
    Connection.prototype.query = function (this: unknown, ...args: unknown[]) {
      counted.push(args[0]);
      return original.apply(this, args);
    };
    await Promise.all([client.query('one'), client.query('two')]);
    expect(counted).toEqual(['one', 'two']);
  });

  it('when a query comes with a callback then it passes straight through (the pool’s own form)', async () => {
    const { client, seen } = connection();
    const callback = () => {};
    await Promise.all([client.query('queued'), client.query('direct', [], callback)]);
    expect(seen.most).toBe(2);
  });
});
