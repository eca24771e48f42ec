import { ROLES, type TAudience, type TListResult } from '@portico/domain';
import { screen, waitFor, within } from '@testing-library/react';
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
  audience_id: '0b6c1f4e-3f6a-4d7e-9a55-222222222222',
  name: 'diwali-offer',
  file_name: 'diwali-offer.csv',
  format: 'csv',
  bytes: 2048,
  status: 'ready',
  failure: null,
  fields: ['first_name'],
  read: 10,
  kept: 8,
  refused: 2,
  refused_by_reason: { bad_number: 1, duplicate: 1, opted_out: 0, too_long: 0, empty: 0 },
  created_at: '2026-11-20T10:00:00.000Z',
  checked_at: '2026-11-20T10:00:05.000Z',
};
const list = <T,>(items: T[]): TListResult<T> => ({ items, total: items.length });

describe('the audiences page', () => {
  it('when a developer picks a file name over 50 characters then the upload is refused here with the rule', async () => {
    vi.spyOn(http, 'get').mockResolvedValue(list([]));
    renderApp('/u/audiences', { details: DEVELOPER });
    expect(await screen.findByRole('heading', { level: 1, name: 'Audiences' }, FIND)).toBeTruthy();
    expect(await screen.findByText('No audiences yet', {}, FIND)).toBeTruthy();
    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input');
    await userEvent.upload(input, new File(['msisdn\n'], `${'n'.repeat(47)}.csv`, { type: 'text/csv' }));
    expect(screen.getByText(/longer than 50 characters/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Upload and check' })).toHaveProperty('disabled', true);
  });

  it('when an audience is viewed then its counts and reasons show; a read-only user sees no upload or delete', async () => {
    // The audience, the list it is in, and no RCS bot or reach check yet.
    const answers: Record<string, unknown> = {
      [`/secure/audiences/${AUDIENCE.audience_id}`]: AUDIENCE,
      '/secure/audiences': list([AUDIENCE]),
    };
    vi.spyOn(http, 'get').mockImplementation(async (url: string) => answers[url] ?? list([]));
    renderApp(`/u/audiences?audience=${AUDIENCE.audience_id}`, {
      details: partnerDetails({ role: ROLES.CHILD_AGGREGATOR_READONLY }),
    });
    expect(await screen.findByText('Not a valid mobile number: 1', {}, FIND)).toBeTruthy();
    expect(screen.getByText('Duplicate of an earlier line: 1')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Refused lines (CSV)' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Upload an audience' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Delete diwali-offer/ })).toBeNull();
  });
});

describe('the header sort of the audiences and the opt-out list', () => {
  const paramsOf = (get: { mock: { calls: unknown[][] } }, url: string) =>
    get.mock.calls
      .filter(([called]) => called === url)
      .map(([, , config]) => (config as { params: Record<string, unknown> }).params);

  it('when the Kept header is clicked then the audiences are asked of the server in that order, then the other way', async () => {
    const get = vi.spyOn(http, 'get').mockResolvedValue(list([AUDIENCE]));
    renderApp('/u/audiences', { details: DEVELOPER });
    const table = await screen.findByRole('table', { name: 'Audiences' }, FIND);
    expect(paramsOf(get, '/secure/audiences').at(-1)).toMatchObject({ sort: 'created_at', order: 'desc' });
    const user = userEvent.setup();
    await user.click(within(table).getByRole('button', { name: 'Kept' }));
    await waitFor(() =>
      expect(paramsOf(get, '/secure/audiences').at(-1)).toMatchObject({ sort: 'kept', order: 'asc' }),
    );
    await user.click(within(table).getByRole('button', { name: /^Kept/ }));
    await waitFor(() =>
      expect(paramsOf(get, '/secure/audiences').at(-1)).toMatchObject({ sort: 'kept', order: 'desc' }),
    );
    expect(within(table).getByRole('columnheader', { name: /^Kept/ }).getAttribute('aria-sort')).toBe(
      'descending',
    );
  });

  it('when the Source header is clicked then the opt-out list is asked of the server by source', async () => {
    const get = vi.spyOn(http, 'get').mockResolvedValue(
      list([
        {
          msisdn: '+919800000001',
          source: 'partner',
          bot_id: null,
          bot_name: null,
          source_detail: null,
          opted_out_at: '2026-11-20T10:00:00.000Z',
        },
      ]),
    );
    renderApp('/u/opt-outs', { details: DEVELOPER });
    const table = await screen.findByRole('table', { name: 'Opted-out numbers' }, FIND);
    expect(paramsOf(get, '/secure/opt-outs').at(-1)).toMatchObject({ sort: 'opted_out_at', order: 'desc' });
    await userEvent.setup().click(within(table).getByRole('button', { name: 'Source' }));
    await waitFor(() =>
      expect(paramsOf(get, '/secure/opt-outs').at(-1)).toMatchObject({ sort: 'source', order: 'asc' }),
    );
  });
});
