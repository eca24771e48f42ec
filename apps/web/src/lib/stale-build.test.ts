import { describe, expect, it, vi } from 'vitest';
import { reloadOnStaleBuild } from './stale-build';

function tab() {
  const events = new EventTarget();
  const reload = vi.fn();
  const store = new Map<string, string>();
  const target = {
    addEventListener: events.addEventListener.bind(events),
    removeEventListener: events.removeEventListener.bind(events),
    dispatchEvent: events.dispatchEvent.bind(events),
    sessionStorage: {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => void store.set(key, value),
    } as Storage,
    location: { reload },
  };
  return { target, reload };
}

const failed = () => new Event('vite:preloadError', { cancelable: true });

describe('reloadOnStaleBuild', () => {
  it('when a screen of a replaced build cannot load then the tab reloads once, not again within a minute', () => {
    const { target, reload } = tab();
    let now = 1_000_000;
    reloadOnStaleBuild(target, () => now);
    target.dispatchEvent(failed());
    expect(reload).toHaveBeenCalledTimes(1);
    now += 30_000;
    target.dispatchEvent(failed());
    expect(reload).toHaveBeenCalledTimes(1);
    now += 31_000;
    target.dispatchEvent(failed());
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('when the tab cannot keep the time of its last reload then it does not reload (no loop)', () => {
    const { target, reload } = tab();
    target.sessionStorage.getItem = () => {
      throw new Error('denied');
    };
    reloadOnStaleBuild(target);
    target.dispatchEvent(failed());
    expect(reload).not.toHaveBeenCalled();
  });

  it('when the listener is removed then a failure reloads nothing', () => {
    const { target, reload } = tab();
    const remove = reloadOnStaleBuild(target);
    remove();
    target.dispatchEvent(failed());
    expect(reload).not.toHaveBeenCalled();
  });
});
