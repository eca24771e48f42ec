import type { TCarrier, TCountry, TListResult } from '@portico/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { http } from '@/lib/http/client';
import { renderApp } from '@/test/render-app';

afterEach(() => {
  vi.restoreAllMocks();
});

const list = <T,>(items: T[]): TListResult<T> => ({ items, total: items.length });
const INDIA: TCountry = { country_id: 'IN', name: 'India', dialling_code: '+91', region: 'India' };
const JIO: TCarrier = {
  carrier_id: 1,
  carrier_name: 'Reliance Jio',
  country_id: 'IN',
  country_name: 'India',
  mcc_mnc: '405-857',
};

describe('the public country and carrier list', () => {
  it('when a header is clicked then the carriers are asked of the server in that order, and again the other way', async () => {
    const get = vi
      .spyOn(http, 'get')
      .mockImplementation(async (url: string) =>
        url === '/reference/countries' ? list([INDIA]) : list([JIO]),
      );
    const carrierCalls = () =>
      get.mock.calls.filter(([url]) => url === '/reference/carriers').map(([, , o]) => o?.params);
    renderApp('/country-carrier-page');
    const table = await screen.findByRole('table', { name: 'Carriers' }, { timeout: 5000 });
    expect(await within(table).findByText('Reliance Jio')).toBeTruthy();
    expect(carrierCalls().at(-1)).toEqual({ start: 0, end: 25, sort: 'country', order: 'asc' });
    expect(
      within(table)
        .getByRole('columnheader', { name: /^Country/ })
        .getAttribute('aria-sort'),
    ).toBe('ascending');
    const user = userEvent.setup();
    await user.click(within(table).getByRole('button', { name: 'MCC-MNC' }));
    await waitFor(() =>
      expect(carrierCalls().at(-1)).toEqual({ start: 0, end: 25, sort: 'mcc_mnc', order: 'asc' }),
    );
    await user.click(within(table).getByRole('button', { name: /^MCC-MNC/ }));
    await waitFor(() =>
      expect(carrierCalls().at(-1)).toEqual({ start: 0, end: 25, sort: 'mcc_mnc', order: 'desc' }),
    );
    expect(
      within(table)
        .getByRole('columnheader', { name: /^MCC-MNC/ })
        .getAttribute('aria-sort'),
    ).toBe('descending');
  });
});
