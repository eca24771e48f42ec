import { describe, expect, it } from 'vitest';
import { grouped } from './grouped.ts';

describe('grouped', () => {
  it('when calls arrive while a group runs then they run together in the next group, each with its own result', async () => {
    const groups: number[][] = [];
    const double = grouped(async (keys: number[]) => {
      groups.push(keys);
      await new Promise((resolve) => setTimeout(resolve, 5));
      return keys.map((k) => k * 2);
    });
    const results = await Promise.all([1, 2, 3, 4].map((k) => double(k)));
    expect(results).toEqual([2, 4, 6, 8]);
    expect(groups).toEqual([[1], [2, 3, 4]]);
  });

  it('when a group fails then each of its calls is rejected and later calls still run', async () => {
    let fail = true;
    const call = grouped(async (keys: string[]) => {
      if (fail) throw new Error('database down');
      return keys;
    });
    await expect(call('a')).rejects.toThrow('database down');
    fail = false;
    await expect(call('b')).resolves.toBe('b');
  });
});

describe('grouped outside the caller context', () => {
  it("when a caller runs in an async context then the group does not see it (it never joins a caller's transaction)", async () => {
    const { AsyncLocalStorage } = await import('node:async_hooks');
    const storage = new AsyncLocalStorage<string>();
    const seen: (string | undefined)[] = [];
    const call = grouped(async (keys: number[]) => {
      seen.push(storage.getStore());
      return keys;
    });
    await storage.run('caller transaction', () => call(1));
    expect(seen).toEqual([undefined]);
  });
});
