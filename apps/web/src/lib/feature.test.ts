import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { type ScreenModule, screen } from './feature';
import { createHttpClient, setHttpHandlers } from './http/client';

const Page = () => null;

describe('screen', () => {
  it('when preloaded twice then its first data is asked for after its code, once while fresh', async () => {
    const queryFn = vi.fn(async () => ({ cards: 3 }));
    const load = vi.fn(async () => ({
      default: Page,
      prefetch: (c: QueryClient) => c.prefetchQuery({ queryKey: ['dashboard'], queryFn, staleTime: 60_000 }),
    }));
    const client = new QueryClient();
    const page = screen(load);
    await page.preload(client);
    await page.preload(client);
    expect(queryFn).toHaveBeenCalledTimes(1);
    expect(client.getQueryData(['dashboard'])).toEqual({ cards: 3 });
  });

  it('when its code fails to load then the next preload tries again, and a failed prefetch is not thrown', async () => {
    const load = vi
      .fn<() => Promise<ScreenModule>>()
      .mockRejectedValueOnce(new Error('chunk failed'))
      .mockResolvedValue({
        default: Page,
        prefetch: async () => {
          throw new Error('offline');
        },
      });
    const page = screen(load);
    const client = new QueryClient();
    await expect(page.preload(client)).resolves.toBeUndefined();
    await page.preload(client);
    expect(load).toHaveBeenCalledTimes(2);
  });

  describe('when the first data fails while fetched ahead', () => {
    const onServerError = vi.fn();
    afterEach(() => setHttpHandlers({ onServerError: () => {} }));

    it('then the page the user is on stays (no /500), while the page asking for it itself goes to /500', async () => {
      setHttpHandlers({ onServerError });
      const down = createHttpClient({
        baseURL: 'http://portico.test/api/v1',
        fetch: async () => new Response('{}', { status: 503 }),
      });
      const queryFn = () => down.get('/secure/campaigns', z.object({}));
      const page = screen(async () => ({
        default: Page,
        prefetch: (c: QueryClient) => c.prefetchQuery({ queryKey: ['campaigns'], queryFn }),
      }));
      await page.preload(new QueryClient({ defaultOptions: { queries: { retry: false } } }));
      expect(onServerError).not.toHaveBeenCalled();
      await expect(queryFn()).rejects.toThrow();
      expect(onServerError).toHaveBeenCalledTimes(1);
    });
  });
});
