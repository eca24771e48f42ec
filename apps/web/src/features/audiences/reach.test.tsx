import { ROLES, type TAudience, type TAudienceReachCheck, type TListResult } from '@portico/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { http } from '@/lib/http/client';
import { DEVELOPER, partnerDetails } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

afterEach(() => {
  vi.restoreAllMocks();
});

const FIND = { timeout: 5000 };
const AUDIENCE: TAudience = {
  audience_id: '0b6c1f4e-3f6a-4d7e-9a55-333333333333',
  name: 'diwali-offer',
  file_name: 'diwali-offer.csv',
  format: 'csv',
  bytes: 2048,
  status: 'ready',
  failure: null,
  fields: [],
  read: 25,
  kept: 25,
  refused: 0,
  refused_by_reason: { bad_number: 0, duplicate: 0, opted_out: 0, too_long: 0, empty: 0 },
  created_at: '2026-11-20T10:00:00.000Z',
  checked_at: '2026-11-20T10:00:05.000Z',
};
const BOT = {
  bot_id: '0b6c1f4e-3f6a-4d7e-9a55-444444444444',
  name: 'Chai Point RCS',
  partner_name: 'Chai Point',
  channels: [{ channel_type: 1 }],
  status: { key: 'launched', code: 10, label: 'Launched' },
  brand: null,
  carriers: [],
  logo_url: null,
  banner_url: null,
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
};
const CHECK: TAudienceReachCheck = {
  audience_id: AUDIENCE.audience_id,
  bot_id: BOT.bot_id,
  bot_name: BOT.name,
  network: 'rbm',
  status: 'running',
  recipients: 25,
  rcs_capable: 4,
  not_rcs_capable: 1,
  failure: null,
  started_at: '2026-11-28T10:00:00.000Z',
  checked_at: null,
};
const list = <T,>(items: T[]): TListResult<T> => ({ items, total: items.length });

/** The API as the page reads it, the audience's reach checks answered by `reach()` at each call. */
function serve(reach: () => TAudienceReachCheck[]) {
  return vi.spyOn(http, 'get').mockImplementation(async (url: string) => {
    if (url === `/secure/audiences/${AUDIENCE.audience_id}`) return { ...AUDIENCE, reach: reach() };
    if (url === `/secure/audiences/${AUDIENCE.audience_id}/reach`) return { items: reach() };
    if (url === '/secure/bots') return list([BOT]);
    return list([AUDIENCE]);
  });
}

describe('the reach card', () => {
  it('when the developer checks reach through an RCS bot then its progress shows, then the split with its shares', async () => {
    let stored: TAudienceReachCheck[] = [];
    const get = serve(() => stored);
    const post = vi.spyOn(http, 'post').mockImplementation(async () => {
      stored = [CHECK];
      return CHECK;
    });
    renderApp(`/u/audiences?audience=${AUDIENCE.audience_id}`, { details: DEVELOPER });
    const card = await screen.findByRole('region', { name: 'Reach' }, FIND);
    expect(await within(card).findByText('Not checked through this bot yet.', {}, FIND)).toBeTruthy();
    expect(within(card).getByRole('combobox', { name: 'RCS bot' }).textContent).toContain('Chai Point RCS');
    expect(get.mock.calls.find(([url]) => url === '/secure/bots')?.[2]).toMatchObject({
      params: { status: 'launched', channel: 'rcs' },
    });

    await userEvent.setup().click(within(card).getByRole('button', { name: 'Check reach' }));
    expect(post).toHaveBeenCalledWith(
      `/secure/audiences/${AUDIENCE.audience_id}/reach`,
      { bot_id: BOT.bot_id },
      expect.anything(),
    );
    expect(await within(card).findByText(/5 of 25\s+recipients checked/, {}, FIND)).toBeTruthy();
    expect(
      within(card).getByRole('progressbar', { name: 'Checking reach' }).getAttribute('aria-valuenow'),
    ).toBe('20');
    expect(within(card).getByRole('button', { name: 'Check reach' })).toHaveProperty('disabled', true);

    // The next poll (2 s) finds it done.
    stored = [
      {
        ...CHECK,
        status: 'ready',
        rcs_capable: 23,
        not_rcs_capable: 2,
        checked_at: '2026-11-28T10:00:09.000Z',
      },
    ];
    expect(await within(card).findByText('RCS-capable', {}, { timeout: 6000 })).toBeTruthy();
    expect(within(card).getByText('(92.0%)')).toBeTruthy();
    expect(within(card).getByText('(8.0%)')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Check again' })).toHaveProperty('disabled', false);
  }, 15_000);

  it('when the check failed then it says why; a read-only user sees the result and no button', async () => {
    serve(() => [{ ...CHECK, status: 'failed', failure: 'Google RBM: the network is down.' }]);
    renderApp(`/u/audiences?audience=${AUDIENCE.audience_id}`, {
      details: partnerDetails({ role: ROLES.CHILD_AGGREGATOR_READONLY }),
    });
    expect(await screen.findByText(/stopped: Google RBM: the network is down\./, {}, FIND)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Check (reach|again)/ })).toBeNull();
  });
});
