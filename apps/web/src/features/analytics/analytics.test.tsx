import type { TAnalyticsReport } from '@portico/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/http/api-error';
import { http } from '@/lib/http/client';
import { CARRIER_ADMIN, DEVELOPER, SUPER_ADMIN } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

afterEach(() => {
  vi.restoreAllMocks();
});

const URL_ = '/secure/analytics/billing';
const FIND = { timeout: 5000 };
const figures = (sent: number, amount: string) =>
  sent === 0
    ? { sent: 0, delivered: 0, read: 0, failed: 0, amount: '0.000000' }
    : { sent, delivered: sent - 1, read: 1, failed: 1, amount };

function reportOf(audience: TAnalyticsReport['audience'], sent = 12): TAnalyticsReport {
  return {
    audience,
    currency: 'USD',
    range: {
      preset: '30d',
      from: '2026-11-01',
      to: '2026-11-02',
      days: 2,
      zone: '+05:30',
      previous_from: '2026-10-30',
      previous_to: '2026-10-31',
    },
    totals: figures(sent, '0.120000'),
    previous_totals: figures(sent === 0 ? 0 : 8, '0.080000'),
    money: { spend: '0.120000', verification_fees: '25.000000', top_ups: '100.000000', revenue: '25.120000' },
    previous_money: {
      spend: '0.080000',
      verification_fees: '0.000000',
      top_ups: '0.000000',
      revenue: '0.080000',
    },
    wallet: audience === 'developer' ? { balance: '74.880000', held: '0.000000' } : null,
    series: [
      { day: '2026-11-01', ...figures(sent === 0 ? 0 : 5, '0.050000') },
      { day: '2026-11-02', ...figures(sent === 0 ? 0 : 7, '0.070000') },
    ],
    breakdowns: {
      carrier: [
        { key: '7', label: 'Reliance Jio', ...figures(sent === 0 ? 0 : 9, '0.090000') },
        { key: '0', label: 'Unknown carrier', ...figures(sent === 0 ? 0 : 3, '0.030000') },
      ],
      region: [{ key: 'India', label: 'India', ...figures(sent, '0.120000') }],
      ...(audience === 'developer'
        ? {}
        : { partner: [{ key: 'p1', label: 'Acme Travel', ...figures(sent, '0.120000') }] }),
    },
    filter_labels: {},
  };
}

function answer(report: (params: Record<string, string>) => TAnalyticsReport | Promise<TAnalyticsReport>) {
  return vi.spyOn(http, 'get').mockImplementation(async (url: string, _schema, config) => {
    if (url === URL_) return report((config?.params ?? {}) as Record<string, string>);
    return { items: [], total: 0 };
  });
}
const calls = (get: ReturnType<typeof answer>) =>
  get.mock.calls.filter(([url]) => url === URL_).map(([, , config]) => config?.params);

describe('billing analytics pages', () => {
  it('when a developer opens MY BILLING then the last 30 days show in Indian Standard Time with cards, changes and the breakdowns', async () => {
    const get = answer(() => reportOf('developer'));
    renderApp('/u/analytics?slug=billing', { details: DEVELOPER });
    expect(await screen.findByRole('heading', { level: 1, name: 'My Billing' }, FIND)).toBeTruthy();
    const summary = await screen.findByLabelText('Summary', {}, FIND);
    expect(within(summary).getByText('Messages sent')).toBeTruthy();
    // Sent 12 against 8, spend $0.12 against $0.08.
    expect(within(summary).getAllByText('Up 50% vs previous period')).toHaveLength(2);
    expect(within(summary).getByText('$74.88')).toBeTruthy();
    expect(calls(get)[0]).toEqual({ preset: '30d', zone: '+05:30' });
    expect(screen.getByRole('heading', { name: 'By carrier' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'By partner' })).toBeNull();
  });

  it('when the range changes to 90 days and a carrier row is clicked then the address filters the page by it', async () => {
    const get = answer(() => reportOf('developer'));
    const user = userEvent.setup();
    renderApp('/u/analytics?slug=billing', { details: DEVELOPER });
    await screen.findByRole('heading', { name: 'By carrier' }, FIND);
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Date range' }),
      await within(screen.getByRole('combobox', { name: 'Date range' })).findByRole('option', {
        name: 'Last 90 days',
      }),
    );
    await waitFor(() => expect(calls(get).at(-1)).toEqual({ preset: '90d', zone: '+05:30' }));
    const carrierCard = screen.getByRole('region', { name: 'By carrier' });
    await user.click(within(carrierCard).getByRole('button', { name: 'Table' }));
    const table = await within(carrierCard).findByRole('table', { name: 'Messages and money by carrier' });
    // The unknown carrier cannot be drilled into; Reliance Jio can.
    expect(within(table).queryByRole('button', { name: 'Unknown carrier' })).toBeNull();
    await user.click(within(table).getByRole('button', { name: 'Reliance Jio' }));
    await waitFor(() =>
      expect(calls(get).at(-1)).toEqual({ preset: '90d', zone: '+05:30', carrier_id: '7' }),
    );
    expect(await screen.findByRole('button', { name: /Carrier: 7\. Remove this filter/ })).toBeTruthy();
  });

  it("when a developer downloads a month's statement then the PDF of that month is asked for", async () => {
    answer(() => reportOf('developer'));
    const download = vi
      .spyOn(http, 'download')
      .mockResolvedValue({ blob: new Blob(['%PDF-']), filename: 'statement.pdf' });
    Object.assign(URL, { createObjectURL: () => 'blob:statement', revokeObjectURL: () => undefined });
    const user = userEvent.setup();
    renderApp('/u/analytics?slug=billing', { details: DEVELOPER });
    const section = await screen.findByRole('region', { name: 'Monthly statement' }, FIND);
    await user.click(within(section).getByRole('button', { name: 'Download statement' }));
    await waitFor(() =>
      expect(download).toHaveBeenCalledWith('/secure/analytics/statement', {
        params: { month: new Date().toISOString().slice(0, 7) },
      }),
    );
  });

  it('when a carrier admin or the platform opens BILLING then revenue and the partner breakdown show', async () => {
    answer(() => reportOf('carrier'));
    const { unmount } = renderApp('/billing/analytics?slug=billing', { details: CARRIER_ADMIN });
    const summary = await screen.findByLabelText('Summary', {}, FIND);
    expect(within(summary).getByText('Revenue')).toBeTruthy();
    expect(within(summary).queryByText('Top-ups')).toBeNull();
    expect(screen.getByRole('heading', { name: 'By partner' })).toBeTruthy();
    unmount();
    vi.restoreAllMocks();
    answer(() => reportOf('platform'));
    renderApp('/admin/analytics?slug=billing', { details: SUPER_ADMIN });
    const platform = await screen.findByLabelText('Summary', {}, FIND);
    expect(within(platform).getByText('Top-ups')).toBeTruthy();
  });

  it("when a carrier drills into a partner then it can download that aggregator's billing report", async () => {
    answer(() => ({ ...reportOf('carrier'), filter_labels: { partner_id: 'Acme Travel' } }));
    const download = vi
      .spyOn(http, 'download')
      .mockResolvedValue({ blob: new Blob(['%PDF-']), filename: 'statement.pdf' });
    Object.assign(URL, { createObjectURL: () => 'blob:report', revokeObjectURL: () => undefined });
    const user = userEvent.setup();
    renderApp('/billing/analytics?slug=billing&partner_id=p1', { details: CARRIER_ADMIN });
    const section = await screen.findByRole('region', { name: 'Billing report of Acme Travel' }, FIND);
    await user.click(within(section).getByRole('button', { name: 'Download report' }));
    await waitFor(() =>
      expect(download).toHaveBeenCalledWith('/secure/analytics/statement', {
        params: { month: new Date().toISOString().slice(0, 7), partner_id: 'p1' },
      }),
    );
  });

  it('when there is no traffic then the page says so; when the call fails then it says why and can try again', async () => {
    answer(() => reportOf('developer', 0));
    const { unmount } = renderApp('/u/analytics?slug=billing', { details: DEVELOPER });
    expect(await screen.findByText('No traffic in this range', {}, FIND)).toBeTruthy();
    unmount();
    vi.restoreAllMocks();
    const get = answer(() => {
      throw new ApiError('The start date is after the end date.', { statusCode: 400, httpStatus: 400 });
    });
    renderApp('/u/analytics?slug=billing&preset=custom&from=2026-11-01&to=2026-11-03', {
      details: DEVELOPER,
    });
    expect(await screen.findByText(/The start date is after the end date\./, {}, FIND)).toBeTruthy();
    expect(calls(get)[0]).toEqual({ preset: 'custom', zone: '+05:30', from: '2026-11-01', to: '2026-11-03' });
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
