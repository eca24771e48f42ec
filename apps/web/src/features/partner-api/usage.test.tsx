import { formatDayInput, type TBotListItem, type TListResult, type TPartnerUsage } from '@portico/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/http/api-error';
import { http } from '@/lib/http/client';
import { DEVELOPER, partnerDetails } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

afterEach(() => {
  vi.restoreAllMocks();
});

const BOT_ID = '0b6c1f4e-3f6a-4d7e-9a55-111111111111';
const USAGE_URL = '/secure/partner-api/usage';
const FIND = { timeout: 5000 };
const DAY_MS = 86_400_000;
const TODAY = new Date().toISOString().slice(0, 10);
const THIRTY_DAYS_AGO = new Date(Date.now() - 29 * DAY_MS).toISOString().slice(0, 10);

const BOT: TBotListItem = {
  bot_id: BOT_ID,
  name: 'Chai Orders',
  partner_name: 'Acme Travel',
  channels: [{ channel_type: 1 }],
  status: { key: 'launched', code: 10, label: 'Launched' },
  brand: null,
  carriers: [],
  logo_url: null,
  banner_url: null,
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-21T10:00:00.000Z',
};

const counts = (
  sent: number,
  delivered: number,
  read: number,
  failed: number,
  events: number,
  charged: string,
  pending = 0,
  pending_amount = '0.00',
) => ({
  sent,
  pending,
  delivered,
  read,
  failed,
  events,
  charged,
  pending_amount,
});

const USAGE: TPartnerUsage = {
  bot_id: BOT_ID,
  from: THIRTY_DAYS_AGO,
  to: TODAY,
  currency: 'USD',
  days: [
    { day: '2026-11-24', ...counts(1200, 1100, 640, 12, 35, '3.60') },
    { day: '2026-11-25', ...counts(800, 790, 400, 3, 20, '2.40') },
  ],
  carriers: [
    {
      carrier_id: 7,
      carrier_name: 'Bharti Airtel',
      country_id: 'IN',
      ...counts(1900, 1800, 1000, 14, 50, '5.70'),
    },
    { carrier_id: null, carrier_name: null, country_id: null, ...counts(100, 90, 40, 1, 5, '0.30') },
  ],
  totals: counts(2000, 1890, 1040, 15, 55, '6.00'),
};

const list = <T,>(items: T[]): TListResult<T> => ({ items, total: items.length });

/** Answers the page's GETs; the usage with `usage` (a function may throw). */
function answerGets(usage: () => TPartnerUsage | Promise<TPartnerUsage>) {
  return vi.spyOn(http, 'get').mockImplementation(async (url: string) => {
    if (url === '/secure/bots') return list([BOT]);
    if (url === USAGE_URL) return usage();
    if (url === `/secure/bots/${BOT_ID}/credentials`)
      return {
        bot_id: BOT_ID,
        endpoints: [],
        token_url: 'http://localhost:3000/api/v1/oauth/token',
        scope: `bot:${BOT_ID}`,
        token_lifetime_seconds: 3600,
        items: [],
      };
    if (url === `/secure/bots/${BOT_ID}/webhook`)
      return {
        bot_id: BOT_ID,
        url: null,
        verified_at: null,
        networks: ['rbm'],
        secret_hint: null,
        secret_rotated_at: null,
        counts: { pending: 0, retrying: 0, delivered: 0, dead: 0 },
      };
    return list([]);
  });
}

const usageCalls = (get: ReturnType<typeof answerGets>) =>
  get.mock.calls.filter(([url]) => url === USAGE_URL).map(([, , config]) => config?.params);

async function usagePanel() {
  return screen.findByRole('region', { name: 'Usage' }, FIND);
}

describe('the usage panel on /u/api', () => {
  it('when the page opens then the last 30 days show per day and per carrier, with the totals and the charge', async () => {
    const get = answerGets(() => USAGE);
    renderApp(`/u/api?botId=${BOT_ID}`, { details: DEVELOPER });
    const panel = await usagePanel();
    const days = await within(panel).findByRole('table', { name: 'Usage per day' }, FIND);
    expect(usageCalls(get)).toEqual([{ bot_id: BOT_ID, from: THIRTY_DAYS_AGO, to: TODAY }]);
    // The date fields read day first, as the spec's dates do.
    expect((within(panel).getByLabelText('From') as HTMLInputElement).value).toBe(
      formatDayInput(THIRTY_DAYS_AGO),
    );
    expect((within(panel).getByLabelText('To') as HTMLInputElement).value).toBe(formatDayInput(TODAY));
    const heads = within(days)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(heads).toEqual([
      'Day (UTC)',
      'Sent',
      'Sent, charge pending',
      'Delivered',
      'Read',
      'Failed',
      'Other events',
      'Charged (USD)',
      'Pending (USD)',
    ]);
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    const [first] = within(days).getAllByRole('row').slice(1);
    expect(cells(first as HTMLElement)).toEqual([
      '24 Nov 2026',
      '1,200',
      '0',
      '1,100',
      '640',
      '12',
      '35',
      '3.60',
      '0.00',
    ]);
    const total = within(days).getByRole('rowheader', { name: 'Total' }).closest('tr') as HTMLElement;
    expect(cells(total)).toEqual(['2,000', '0', '1,890', '1,040', '15', '55', '6.00', '0.00']);
    const totals = within(panel).getByLabelText('Totals');
    expect(within(totals).getByText('Charged (USD)').nextSibling?.textContent).toBe('6.00');
    const carriers = within(panel).getByRole('table', { name: 'Usage per carrier' });
    const [airtel, unknown] = within(carriers).getAllByRole('row').slice(1);
    expect(cells(airtel as HTMLElement)).toEqual([
      'Bharti Airtel',
      'IN',
      '1,900',
      '0',
      '1,800',
      '1,000',
      '14',
      '50',
      '5.70',
      '0.00',
    ]);
    expect(cells(unknown as HTMLElement).slice(0, 2)).toEqual(['Unknown carrier', '—']);
  });

  it('when messages were just sent then they show as charge pending at once, with their money apart from what is charged', async () => {
    const pendingToday = { day: TODAY, ...counts(0, 0, 0, 0, 0, '0.00', 2, '0.0295') };
    answerGets(() => ({
      ...USAGE,
      days: [...USAGE.days, pendingToday],
      totals: counts(2000, 1890, 1040, 15, 55, '6.00', 2, '0.0295'),
    }));
    renderApp(`/u/api?botId=${BOT_ID}`, { details: DEVELOPER });
    const panel = await usagePanel();
    const notice = await within(panel).findByText(
      /2 messages sent, charge pending: 0.0295 USD/,
      undefined,
      FIND,
    );
    expect(notice.textContent).toContain('within about a minute');
    const totals = within(panel).getByLabelText('Totals');
    expect(within(totals).getByText('Sent, charge pending').nextSibling?.textContent).toBe('2');
    expect(within(totals).getByText('Pending (USD)').nextSibling?.textContent).toBe('0.0295');
    expect(within(totals).getByText('Charged (USD)').nextSibling?.textContent).toBe('6.00');
  });

  it('when the dates change then that window is read; an end before the start is refused without a call', async () => {
    const get = answerGets(() => USAGE);
    renderApp(`/u/api?botId=${BOT_ID}`, { details: DEVELOPER });
    const panel = await usagePanel();
    await within(panel).findByRole('table', { name: 'Usage per day' }, FIND);
    const user = userEvent.setup();
    const from = within(panel).getByLabelText('From');
    await user.clear(from);
    await user.type(from, '01/11/2026');
    await waitFor(() =>
      expect(usageCalls(get).at(-1)).toEqual({ bot_id: BOT_ID, from: '2026-11-01', to: TODAY }),
    );
    const to = within(panel).getByLabelText('To');
    const before = usageCalls(get).length;
    await user.clear(to);
    await user.type(to, '01/10/2026');
    expect(await within(panel).findByText('Choose a start date on or before the end date.')).toBeTruthy();
    expect(usageCalls(get).length).toBe(before);
    expect(within(panel).queryByRole('table', { name: 'Usage per day' })).toBeNull();
    for (const name of ['Excel', 'PDF'])
      expect((within(panel).getByRole('button', { name }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('when Excel is asked for then the file of the window on screen is downloaded', async () => {
    answerGets(() => USAGE);
    const download = vi
      .spyOn(http, 'download')
      .mockResolvedValue({ blob: new Blob(['x']), filename: 'api-usage.xlsx' });
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:x');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderApp(`/u/api?botId=${BOT_ID}`, { details: DEVELOPER });
    const panel = await usagePanel();
    await within(panel).findByRole('table', { name: 'Usage per day' }, FIND);
    await userEvent.setup().click(within(panel).getByRole('button', { name: 'Excel' }));
    await waitFor(() =>
      expect(download).toHaveBeenCalledWith(`${USAGE_URL}/export`, {
        params: { format: 'xlsx', bot_id: BOT_ID, from: THIRTY_DAYS_AGO, to: TODAY },
      }),
    );
    await waitFor(() => expect(click).toHaveBeenCalled());
  });

  it('when there is no usage then it says so; the read-only user sees the panel too', async () => {
    answerGets(() => ({ ...USAGE, days: [], carriers: [], totals: counts(0, 0, 0, 0, 0, '0.00') }));
    renderApp(`/u/api?botId=${BOT_ID}`, {
      details: partnerDetails({ role: 'CHILD_AGGREGATOR_READONLY', firstName: 'Rita' }),
    });
    const panel = await usagePanel();
    expect(await within(panel).findByText('No usage in these dates', undefined, FIND)).toBeTruthy();
    expect(within(panel).queryByRole('table')).toBeNull();
  });

  it('when the usage fails then the reason shows with Try again, which asks again', async () => {
    let fail = true;
    const get = answerGets(() => {
      if (fail) throw new ApiError('The service is unavailable.', { statusCode: 11, httpStatus: 503 });
      return USAGE;
    });
    renderApp(`/u/api?botId=${BOT_ID}`, { details: DEVELOPER });
    const panel = await usagePanel();
    expect(
      await within(panel).findByText(
        /The usage could not be loaded: The service is unavailable/,
        undefined,
        FIND,
      ),
    ).toBeTruthy();
    fail = false;
    await userEvent.setup().click(within(panel).getByRole('button', { name: 'Try again' }));
    expect(await within(panel).findByRole('table', { name: 'Usage per day' }, FIND)).toBeTruthy();
    expect(usageCalls(get).length).toBe(2);
  });

  it('while the usage loads then the panel says so', async () => {
    answerGets(() => new Promise<TPartnerUsage>(() => {}));
    renderApp(`/u/api?botId=${BOT_ID}`, { details: DEVELOPER });
    const panel = await usagePanel();
    expect(within(panel).getByRole('status').textContent).toBe("Loading the bot's usage…");
  });
});
