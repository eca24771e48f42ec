import type { TBotReviewListItem, TLaunchSummaryCarrier, TReviewDashboard } from '@portico/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/http/api-error';
import { http } from '@/lib/http/client';
import { CARRIER_ADMIN, MARKETING_ADMIN, partnerDetails, SUPER_ADMIN } from '@/test/fixtures';
import { LAUNCH_BOT_ID, LAUNCH_STATUS, launchSummary } from '@/test/launch-fixtures';
import { renderApp } from '@/test/render-app';
import { formatWaited, waitingFor } from './components/waiting-for';

afterEach(() => {
  vi.restoreAllMocks();
});
// The first render loads the feature's lazy chunk.
const SLOW = 60_000;
const FIND = { timeout: 8000 };

const READ_ONLY_ADMIN = partnerDetails(
  { role: 'ADMIN_PORTICO_READONLY', hasEwallet: false, firstName: 'Rita' },
  { email: 'readonly@portico.test', profile_completed: 100 },
);
const CARRIER_READ_ONLY = partnerDetails(
  { role: 'USER_BILLING', isCarrier: true, carrierId: 7, hasEwallet: false, firstName: 'Uma' },
  { email: 'carrier-user@portico.test', carrier_name: 'Jio', profile_completed: 100 },
);

const status = (key: string, code: number, label: string) => ({ key, code, label });
const SUBMITTED = status('submitted_for_launch', 6, 'Submitted for launch');
const FORWARDED = status('bot_forwarded_by_portico', 30, 'Forwarded by the platform');
const TO_BE_APPROVED = status('to_be_approved_by_carrier', 39, 'To be approved by the carrier');
const CARRIER_APPROVED = status('approved', 31, 'Approved by the carrier');

const item = (name: string, extra: Partial<TBotReviewListItem> = {}): TBotReviewListItem => ({
  bot_id: `0b0e7a1c-0000-4000-8000-00000000000${name.length % 10}`,
  name,
  partner_id: 'P-1001',
  partner_name: 'Chai & Code Studio',
  brand_name: 'Saffron Stays',
  channels: [{ channel_type: 1 }],
  status: SUBMITTED,
  carrier_status: null,
  carriers: [
    { carrier_id: 1, name: 'Reliance Jio', status: status('submitted', 6, 'Awaiting the platform') },
    { carrier_id: 2, name: 'Bharti Airtel', status: status('submitted', 6, 'Awaiting the platform') },
  ],
  preflight_ok: true,
  submitted_at: '2026-09-01T09:00:00.000Z',
  updated_at: '2026-09-02T09:00:00.000Z',
  waiting_seconds: 93_600,
  ...extra,
});

type Params = Record<string, unknown> | undefined;
/** GET answers by URL (with the params each call was made with); anything else is an unexpected 404. */
function mockGets(answers: Record<string, (params: Params) => unknown>) {
  return vi.spyOn(http, 'get').mockImplementation(async (url: string, _schema, config) => {
    const answer = answers[url];
    if (answer) return answer(config?.params as Params);
    throw new ApiError(`not in this test: ${url}`, { statusCode: 11, httpStatus: 404 });
  });
}
const ZERO = { sent: 0, delivered: 0, read: 0, failed: 0, amount: '0.000000' };
/** The platform's billing analytics as the Revenue card reads them. */
const REVENUE = {
  audience: 'platform',
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
  totals: ZERO,
  previous_totals: ZERO,
  money: { spend: '0.120000', verification_fees: '25.000000', top_ups: '0.000000', revenue: '25.120000' },
  previous_money: {
    spend: '16.746667',
    verification_fees: '0.000000',
    top_ups: '0.000000',
    revenue: '16.746667',
  },
  wallet: null,
  series: [
    { day: '2026-11-01', ...ZERO, amount: '0.050000' },
    { day: '2026-11-02', ...ZERO, amount: '0.070000' },
  ],
  breakdowns: {},
  filter_labels: {},
};
const CARRIERS = {
  items: [
    { carrier_id: 1, carrier_name: 'Reliance Jio', country_id: 'IN' },
    { carrier_id: 2, carrier_name: 'Bharti Airtel', country_id: 'IN' },
  ],
  total: 2,
};
/** A list answer; no tab counts unless given (the tabs then show their labels alone). */
const listOf = (items: TBotReviewListItem[], tabCounts: Partial<Record<string, number>> = {}) => ({
  items,
  total: items.length,
  tabCounts,
});
const lastParams = (get: ReturnType<typeof mockGets>, url: string) =>
  get.mock.calls.filter(([u]) => u === url).at(-1)?.[2]?.params;

describe('the platform review list (/admin/bots)', () => {
  it(
    'when the admin changes tab, searches and filters then each query carries them, and the rows say whom they wait for',
    async () => {
      const get = mockGets({
        '/secure/bot-reviews': () => listOf([item('Masala Metro')]),
        '/reference/carriers': () => CARRIERS,
      });
      renderApp('/admin/bots', { details: SUPER_ADMIN });
      const table = await screen.findByRole('table', { name: 'Launches' }, FIND);
      expect(
        within(table)
          .getAllByRole('columnheader')
          .map((h) => h.textContent),
      ).toEqual([
        // The box that chooses every launch on the page (for a bulk decision), then the columns.
        '',
        'Bot',
        'Channels',
        'Status',
        'Carriers',
        'Waiting for',
        'Submitted, sorted ascending',
      ]);
      // The list is sorted by the Submitted column (waiting longest first), said by aria-sort.
      expect(
        within(table)
          .getByRole('columnheader', { name: /Submitted/ })
          .getAttribute('aria-sort'),
      ).toBe('ascending');
      expect(within(table).getByText('The platform')).toBeTruthy();
      expect(within(table).getByText('Waiting for you: 1 d 2 h')).toBeTruthy();
      expect(within(table).getByRole('link', { name: 'Masala Metro' }).getAttribute('href')).toBe(
        `/admin/verification-details?bot_id=${item('Masala Metro').bot_id}`,
      );
      expect(lastParams(get, '/secure/bot-reviews')).toEqual({
        start: 0,
        end: 10,
        tab: 'submitted',
        sort: 'submitted_at',
        order: 'asc',
      });

      const user = userEvent.setup();
      const tabs = screen.getByRole('tablist', { name: 'Launches by state' });
      expect(
        within(tabs)
          .getAllByRole('tab')
          .map((t) => t.textContent),
      ).toEqual([
        'Submitted',
        'Forwarded',
        'Approved',
        'Rejected',
        'Verification queue',
        'Listing queue',
        'Creation queue',
        'All',
      ]);
      await user.click(within(tabs).getByRole('tab', { name: 'Creation queue' }));
      await waitFor(() => expect(lastParams(get, '/secure/bot-reviews')).toMatchObject({ tab: 'creation' }));
      await user.click(within(tabs).getByRole('tab', { name: 'Verification queue' }));
      await waitFor(() =>
        expect(lastParams(get, '/secure/bot-reviews')).toMatchObject({ tab: 'verification' }),
      );

      await user.type(screen.getByRole('textbox', { name: 'Search bots' }), 'masala');
      await waitFor(() => expect(lastParams(get, '/secure/bot-reviews')).toMatchObject({ search: 'masala' }));

      await user.selectOptions(
        screen.getByRole('combobox', { name: 'Channel' }),
        await within(screen.getByRole('combobox', { name: 'Channel' })).findByRole('option', {
          name: 'WhatsApp',
        }),
      );
      await user.selectOptions(
        screen.getByRole('combobox', { name: 'Carrier' }),
        await within(screen.getByRole('combobox', { name: 'Carrier' })).findByRole('option', {
          name: 'Bharti Airtel (IN)',
        }),
      );
      await user.selectOptions(
        screen.getByRole('combobox', { name: 'Sort' }),
        await within(screen.getByRole('combobox', { name: 'Sort' })).findByRole('option', {
          name: 'Partner A-Z',
        }),
      );
      await waitFor(() =>
        expect(lastParams(get, '/secure/bot-reviews')).toEqual({
          start: 0,
          end: 10,
          tab: 'verification',
          search: 'masala',
          channel: 'whatsapp',
          carrier_id: '2',
          sort: 'partner_name',
          order: 'asc',
        }),
      );
    },
    SLOW,
  );

  it(
    'when the dashboard links to a tab then the list opens on it; the export carries the tab and the filters',
    async () => {
      const get = mockGets({
        '/secure/bot-reviews': () => listOf([item('Lotus Wellness', { status: FORWARDED })]),
        '/reference/carriers': () => CARRIERS,
      });
      const download = vi
        .spyOn(http, 'download')
        .mockResolvedValue({ blob: new Blob(['x']), filename: 'bot-reviews.xlsx' });
      vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:x');
      vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
      renderApp('/admin/bots?tab=rejected', { details: SUPER_ADMIN });
      const table = await screen.findByRole('table', { name: 'Launches' }, FIND);
      expect(screen.getByRole('tab', { name: 'Rejected' }).getAttribute('aria-selected')).toBe('true');
      expect(lastParams(get, '/secure/bot-reviews')).toMatchObject({ tab: 'rejected' });
      // Forwarded: nobody has decided yet; the link is the bot's details, not the verification.
      expect(within(table).getByRole('link', { name: 'Lotus Wellness' }).getAttribute('href')).toMatch(
        /^\/admin\/viewBotDetails\?bot_id=/,
      );
      await userEvent.setup().click(screen.getByRole('button', { name: 'Excel' }));
      await waitFor(() =>
        expect(download).toHaveBeenCalledWith('/secure/bot-reviews/export', {
          params: { format: 'xlsx', tab: 'rejected', sort: 'submitted_at', order: 'asc' },
        }),
      );
    },
    SLOW,
  );

  it(
    'when the list fails then the reviewer reads why and may try again; an empty tab says so',
    async () => {
      let answer: () => unknown = () => {
        throw new ApiError('The service is unavailable.', { statusCode: 11, httpStatus: 503 });
      };
      mockGets({ '/secure/bot-reviews': () => answer(), '/reference/carriers': () => CARRIERS });
      renderApp('/admin/bots', { details: READ_ONLY_ADMIN });
      expect(
        await screen.findByText(/Launches could not be loaded: The service is unavailable\./, {}, FIND),
      ).toBeTruthy();
      answer = () => listOf([]);
      await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
      expect(await screen.findByRole('heading', { name: 'Nothing here' })).toBeTruthy();
    },
    SLOW,
  );
});

describe('tab counts', () => {
  it(
    'when the list answers its tab counts then each tab shows how many it holds, and the counts follow the filters',
    async () => {
      const counts = (n: number) => ({
        submitted: n,
        forwarded: 2,
        approved: 5,
        rejected: 1,
        verification: 1,
        listing: 0,
        creation: 4,
        all: 9 + n,
      });
      mockGets({
        '/secure/bot-reviews': (params) =>
          listOf([item('Masala Metro')], counts(params?.search === 'masala' ? 1 : 3)),
        '/reference/carriers': () => CARRIERS,
      });
      renderApp('/admin/bots', { details: SUPER_ADMIN });
      await screen.findByRole('table', { name: 'Launches' }, FIND);
      const tabs = screen.getByRole('tablist', { name: 'Launches by state' });
      const names = () =>
        within(tabs)
          .getAllByRole('tab')
          .map((t) => t.textContent);
      await waitFor(() =>
        expect(names()).toEqual([
          'Submitted3, 3 items',
          'Forwarded2, 2 items',
          'Approved5, 5 items',
          'Rejected1, 1 item',
          'Verification queue1, 1 item',
          'Listing queue0, 0 items',
          'Creation queue4, 4 items',
          'All12, 12 items',
        ]),
      );
      expect(within(tabs).getByRole('tab', { name: 'Submitted, 3 items' })).toBeTruthy();
      await userEvent.setup().type(screen.getByRole('textbox', { name: 'Search bots' }), 'masala');
      expect(await within(tabs).findByRole('tab', { name: 'Submitted, 1 item' }, FIND)).toBeTruthy();
      expect(within(tabs).getByRole('tab', { name: 'All, 10 items' })).toBeTruthy();
    },
    SLOW,
  );

  it(
    'when a carrier opens its list then its own tabs show its counts',
    async () => {
      mockGets({
        '/secure/carrier/bot-reviews': () =>
          listOf([item('Masala Metro', { status: FORWARDED, carrier_status: TO_BE_APPROVED })], {
            submitted: 2,
            forwarded: 1,
            approved: 3,
            rejected: 0,
            all: 5,
          }),
      });
      renderApp('/billing/my-bots', { details: CARRIER_ADMIN });
      await screen.findByRole('table', { name: 'Launches' }, FIND);
      const tabs = screen.getByRole('tablist', { name: 'Launches by state' });
      expect(
        within(tabs)
          .getAllByRole('tab')
          .map((t) => t.textContent),
      ).toEqual([
        'To review2, 2 items',
        'Forwarded1, 1 item',
        'Approved3, 3 items',
        'Rejected0, 0 items',
        'All5, 5 items',
      ]);
    },
    SLOW,
  );
});

describe('drafts in the creation queue', () => {
  it(
    'when a bot is still a draft then its name is not a link (no launch to open) and it waits for the developer',
    async () => {
      mockGets({
        '/secure/bot-reviews': () =>
          listOf([
            item('Draft Bot', {
              status: status('in_progress', -1, 'Draft'),
              carriers: [],
              submitted_at: null,
              waiting_seconds: null,
            }),
          ]),
        '/reference/carriers': () => CARRIERS,
      });
      renderApp('/admin/bots?tab=creation', { details: SUPER_ADMIN });
      const table = await screen.findByRole('table', { name: 'Launches' }, FIND);
      expect(within(table).getByText('Draft Bot')).toBeTruthy();
      expect(within(table).queryByRole('link', { name: 'Draft Bot' })).toBeNull();
      expect(within(table).getByText('The developer (draft)')).toBeTruthy();
      expect(within(table).getByText('None chosen')).toBeTruthy();
    },
    SLOW,
  );
});

describe("a carrier's review list (/billing/my-bots)", () => {
  it(
    'when a carrier opens its list then it asks its own scope, has no platform queues nor carrier filter, and shows its own network',
    async () => {
      const get = mockGets({
        '/secure/carrier/bot-reviews': () =>
          listOf([
            item('Masala Metro', {
              status: FORWARDED,
              carrier_status: TO_BE_APPROVED,
              carriers: [{ carrier_id: 7, name: 'Reliance Jio', status: TO_BE_APPROVED }],
            }),
          ]),
      });
      renderApp('/billing/my-bots', { details: CARRIER_ADMIN });
      const table = await screen.findByRole('table', { name: 'Launches' }, FIND);
      expect(
        within(table)
          .getAllByRole('columnheader')
          .map((h) => h.textContent),
      ).toContain('Your network');
      expect(within(table).getByText('To be approved by the carrier')).toBeTruthy();
      expect(within(table).getByText('Carrier decision: Reliance Jio')).toBeTruthy();
      expect(within(table).getByRole('link', { name: 'Masala Metro' }).getAttribute('href')).toMatch(
        /^\/billing\/bot-details\?bot_id=/,
      );
      expect(
        within(screen.getByRole('tablist'))
          .getAllByRole('tab')
          .map((t) => t.textContent),
      ).toEqual(['To review', 'Forwarded', 'Approved', 'Rejected', 'All']);
      expect(screen.queryByRole('combobox', { name: 'Carrier' })).toBeNull();
      expect(get.mock.calls.some(([url]) => url === '/reference/carriers')).toBe(false);
      expect(lastParams(get, '/secure/carrier/bot-reviews')).toMatchObject({ tab: 'submitted' });
      await userEvent.setup().click(screen.getByRole('tab', { name: 'Forwarded' }));
      await waitFor(() =>
        expect(lastParams(get, '/secure/carrier/bot-reviews')).toMatchObject({ tab: 'forwarded' }),
      );
    },
    SLOW,
  );
});

const DASHBOARD: TReviewDashboard = {
  cards: [
    {
      subject: 'bots',
      waiting: 3,
      approved: 12,
      rejected: 2,
      oldest_waiting: {
        id: '0b0e7a1c-0000-4000-8000-000000000001',
        name: 'Masala Metro',
        since: '2026-09-01T09:00:00.000Z',
        waiting_seconds: 3 * 86_400 + 4 * 3600,
      },
    },
    { subject: 'brands', waiting: 1, approved: 5, rejected: 0, oldest_waiting: null },
    { subject: 'aggregators', waiting: 0, approved: 2, rejected: 1, oldest_waiting: null },
  ],
  requests: [
    { day: '2026-09-01', bots: 2, brands: 1, aggregators: 0 },
    { day: '2026-09-02', bots: 0, brands: 0, aggregators: 0 },
    { day: '2026-09-03', bots: 1, brands: 0, aggregators: 1 },
  ],
  generated_at: '2026-09-04T09:00:00.000Z',
};

describe('the reviewers’ dashboards', () => {
  it(
    'when the super admin opens the dashboard then each card counts and links to its filtered list, with the oldest waiting and the requests per day',
    async () => {
      mockGets({ '/secure/review-dashboard': () => DASHBOARD, '/secure/analytics/billing': () => REVENUE });
      renderApp('/admin/dashboard', { details: SUPER_ADMIN });
      const bots = await screen.findByRole('region', { name: 'Bots' }, FIND);
      expect(within(bots).getByRole('link', { name: 'Bots waiting: 3' }).getAttribute('href')).toBe(
        '/admin/bots?tab=submitted',
      );
      expect(within(bots).getByRole('link', { name: 'Bots approved: 12' }).getAttribute('href')).toBe(
        '/admin/bots?tab=approved',
      );
      expect(within(bots).getByText(/for 3 d 4 h/)).toBeTruthy();
      expect(within(bots).getByRole('link', { name: 'Masala Metro' }).getAttribute('href')).toBe(
        '/admin/verification-details?bot_id=0b0e7a1c-0000-4000-8000-000000000001',
      );
      const brands = screen.getByRole('region', { name: 'Brands' });
      expect(within(brands).getByRole('link', { name: 'Brands waiting: 1' }).getAttribute('href')).toBe(
        '/admin/my-brands?tab=waiting',
      );
      expect(within(brands).getByText('Nothing waits for you.')).toBeTruthy();
      const aggregators = screen.getByRole('region', { name: 'Aggregators' });
      expect(
        within(aggregators).getByRole('link', { name: 'Aggregators rejected: 1' }).getAttribute('href'),
      ).toBe('/admin/aggregators?tab=rejected');
      // The requests-per-day chart has its table behind a toggle.
      const perDaySection = screen.getByRole('region', { name: 'Requests per day (last 30 days)' });
      expect(within(perDaySection).getByRole('img', { name: /Requests per day, 2 days/ })).toBeTruthy();
      await userEvent.click(within(perDaySection).getByRole('button', { name: 'Table' }));
      const perDay = screen.getByRole('table', { name: 'Requests per day' });
      // Days without requests are left out, newest first.
      expect(within(perDay).getAllByRole('row')).toHaveLength(3);
      // Its headers sort it, as every table's do.
      await userEvent.click(within(perDay).getByRole('button', { name: /Total/ }));
      expect(within(perDay).getByRole('columnheader', { name: /Total/ }).getAttribute('aria-sort')).toMatch(
        /ascending|descending/,
      );
      // The Revenue card: the last 30 days' revenue, its change and the link to BILLING.
      const revenue = await screen.findByRole('region', { name: 'Revenue' }, FIND);
      expect(await within(revenue).findByText('$25.12', {}, FIND)).toBeTruthy();
      expect(within(revenue).getByText('Up 50% against the 30 days before')).toBeTruthy();
      expect(within(revenue).getByRole('link', { name: 'Open BILLING' }).getAttribute('href')).toBe(
        '/admin/analytics?slug=billing',
      );
    },
    SLOW,
  );

  it(
    "when a carrier opens its dashboard then it asks the carrier's counts and its waiting bots link to the carrier's list",
    async () => {
      const get = mockGets({ '/secure/carrier/review-dashboard': () => DASHBOARD });
      renderApp('/billing/my-billing', { details: CARRIER_ADMIN });
      const bots = await screen.findByRole('region', { name: 'Bots' }, FIND);
      expect(within(bots).getByRole('link', { name: 'Bots waiting: 3' }).getAttribute('href')).toBe(
        '/billing/my-bots?tab=submitted',
      );
      expect(within(bots).getByRole('link', { name: 'Masala Metro' }).getAttribute('href')).toBe(
        '/billing/bot-details?bot_id=0b0e7a1c-0000-4000-8000-000000000001',
      );
      expect(get.mock.calls.some(([url]) => url === '/secure/review-dashboard')).toBe(false);
    },
    SLOW,
  );

  it(
    'when the dashboard fails then a read-only admin reads why and may try again',
    async () => {
      let answer: () => unknown = () => {
        throw new ApiError('The service is unavailable.', { statusCode: 11, httpStatus: 503 });
      };
      mockGets({ '/secure/review-dashboard': () => answer() });
      renderApp('/admin/dashboard', { details: READ_ONLY_ADMIN });
      expect(
        await screen.findByText(/The dashboard could not be loaded: The service is unavailable\./, {}, FIND),
      ).toBeTruthy();
      answer = () => DASHBOARD;
      await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
      expect(await screen.findByRole('region', { name: 'Bots' })).toBeTruthy();
    },
    SLOW,
  );

  it(
    'when a marketing admin opens /admin/dashboard then nothing is asked and the page says the dashboard is not for that role',
    async () => {
      const get = mockGets({});
      renderApp('/admin/dashboard', { details: MARKETING_ADMIN });
      expect(await screen.findByRole('heading', { name: 'No reviews for your role' }, FIND)).toBeTruthy();
      expect(get.mock.calls.some(([url]) => url.includes('review-dashboard'))).toBe(false);
    },
    SLOW,
  );
});

describe('whom a launch waits for', () => {
  it('when submitted the platform; when forwarded the undecided carriers; when launching the network; when failed a retry', () => {
    expect(waitingFor(item('a'))).toBe('The platform');
    expect(
      waitingFor(
        item('a', {
          status: FORWARDED,
          carriers: [
            { carrier_id: 1, name: 'Reliance Jio', status: CARRIER_APPROVED },
            { carrier_id: 2, name: 'Bharti Airtel', status: TO_BE_APPROVED },
          ],
        }),
      ),
    ).toBe('Carrier decision: Bharti Airtel');
    expect(
      waitingFor(
        item('a', {
          status: FORWARDED,
          carriers: [{ carrier_id: 1, name: 'Reliance Jio', status: status('launching', 11, 'Launching') }],
        }),
      ),
    ).toBe('Launch on the network: Reliance Jio');
    expect(
      waitingFor(
        item('a', {
          status: status('launch_failed', 9, 'Launch failed'),
          carriers: [
            { carrier_id: 1, name: 'Reliance Jio', status: status('launch_failed', 9, 'Launch failed') },
          ],
        }),
      ),
    ).toBe('A retry by the platform: Reliance Jio');
    expect(
      waitingFor(item('a', { status: status('bot_rejected_by_portico', 32, 'Rejected'), carriers: [] })),
    ).toBe('The developer (rejected)');
    expect(
      waitingFor(
        item('a', {
          status: status('launched', 10, 'Launched'),
          carriers: [{ carrier_id: 1, name: 'Reliance Jio', status: status('launched', 10, 'Launched') }],
        }),
      ),
    ).toBe('Nobody');
  });

  it('when it has waited then the two largest units say how long', () => {
    expect(formatWaited(40)).toBe('40 s');
    expect(formatWaited(125)).toBe('2 min');
    expect(formatWaited(3 * 3600 + 5 * 60)).toBe('3 h 5 min');
    expect(formatWaited(2 * 86_400)).toBe('2 d');
    expect(formatWaited(93_600)).toBe('1 d 2 h');
  });
});

/** One carrier of the launch fixture (Jio: 7, Airtel: 8). */
function carrierOf(name: 'Jio' | 'Airtel'): TLaunchSummaryCarrier {
  const carrier = launchSummary().carriers.find((c) => c.name === name);
  if (!carrier) throw new Error(`the launch fixture has no ${name}`);
  return carrier;
}
const DECISION_BUTTONS = /^(Forward to carriers|Approve|Reject|Retry launch)$/;
const decisionButtons = () =>
  screen.queryAllByRole('button').filter((b) => DECISION_BUTTONS.test(b.textContent ?? ''));
const SUBMITTED_SUMMARY = launchSummary({
  carriers: launchSummary().carriers.map((carrier) => ({
    ...carrier,
    status: LAUNCH_STATUS.submitted_for_launch,
    reason: null,
  })),
});

describe("the platform's decisions on a launch", () => {
  it(
    'when the super admin rejects then the dialog asks for a reason before anything is sent, and sends it once given',
    async () => {
      mockGets({ [`/secure/bot-reviews/${LAUNCH_BOT_ID}`]: () => SUBMITTED_SUMMARY });
      const post = vi
        .spyOn(http, 'post')
        .mockResolvedValue(
          launchSummary({ bot: { ...SUBMITTED_SUMMARY.bot, status: LAUNCH_STATUS.rejected } }),
        );
      renderApp(`/admin/verification-details?bot_id=${LAUNCH_BOT_ID}`, { details: SUPER_ADMIN });
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Verification Details' }, FIND),
      ).toBeTruthy();
      await screen.findByTestId('launch-summary', {}, FIND);
      expect(decisionButtons().map((b) => b.textContent)).toEqual([
        'Forward to carriers',
        'Approve',
        'Reject',
      ]);
      const user = userEvent.setup();
      await user.click(screen.getByRole('button', { name: 'Reject' }));
      const dialog = await screen.findByRole('dialog');
      await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
      expect(await within(dialog).findByText('Give a reason: it is shown to the submitter.')).toBeTruthy();
      expect(post).not.toHaveBeenCalled();
      await user.type(
        within(dialog).getByRole('textbox', { name: /Reason/ }),
        'The opt-out is not explained',
      );
      await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
      await waitFor(() =>
        expect(post).toHaveBeenCalledWith(
          `/secure/bot-reviews/${LAUNCH_BOT_ID}/reject`,
          { reason: 'The opt-out is not explained' },
          expect.anything(),
        ),
      );
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(
        screen.getByText(/^Rejected\. The developer reads your reason and may submit again\./),
      ).toBeTruthy();
    },
    SLOW,
  );

  it(
    'when the admin forwards then a confirmation comes first; a conflict (someone decided first) shows in the dialog',
    async () => {
      mockGets({ [`/secure/bot-reviews/${LAUNCH_BOT_ID}`]: () => SUBMITTED_SUMMARY });
      const post = vi
        .spyOn(http, 'post')
        .mockRejectedValue(
          new ApiError('The bot is already forwarded by the platform.', { statusCode: 409, httpStatus: 409 }),
        );
      renderApp(`/admin/viewBotDetails?bot_id=${LAUNCH_BOT_ID}`, { details: SUPER_ADMIN });
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Forward to carriers' }, FIND));
      const dialog = await screen.findByRole('dialog', {
        name: /Forward to carriers: Chai Point Assistant\?/,
      });
      expect(post).not.toHaveBeenCalled();
      await user.click(within(dialog).getByRole('button', { name: 'Forward to carriers' }));
      expect(await within(dialog).findByText('The bot is already forwarded by the platform.')).toBeTruthy();
      expect(post).toHaveBeenCalledWith(
        `/secure/bot-reviews/${LAUNCH_BOT_ID}/forward`,
        { reason: undefined },
        expect.anything(),
      );
    },
    SLOW,
  );

  it(
    'when a carrier launch failed then a read-write admin may retry it after confirming, on that carrier only',
    async () => {
      const failed = launchSummary({
        bot: { ...launchSummary().bot, status: LAUNCH_STATUS.launch_failed },
        carriers: [
          { ...carrierOf('Jio'), status: LAUNCH_STATUS.launched },
          {
            ...carrierOf('Airtel'),
            status: LAUNCH_STATUS.launch_failed,
            reason: 'Region not enabled',
          },
        ],
      });
      mockGets({ [`/secure/bot-reviews/${LAUNCH_BOT_ID}`]: () => failed });
      const post = vi.spyOn(http, 'post').mockResolvedValue(failed);
      renderApp(`/admin/viewBotDetails?bot_id=${LAUNCH_BOT_ID}`, { details: SUPER_ADMIN });
      const user = userEvent.setup();
      const retry = await screen.findByRole('button', { name: 'Retry the launch on Airtel' }, FIND);
      expect(screen.getAllByRole('button', { name: /Retry the launch/ })).toHaveLength(1);
      await user.click(retry);
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByText('The network answered last time: Region not enabled')).toBeTruthy();
      await user.click(within(dialog).getByRole('button', { name: 'Retry launch' }));
      await waitFor(() =>
        expect(post).toHaveBeenCalledWith(
          `/secure/bot-reviews/${LAUNCH_BOT_ID}/carriers/8/retry`,
          undefined,
          expect.anything(),
        ),
      );
    },
    SLOW,
  );

  it(
    'when a read-only admin opens a launch (even a failed one) then everything shows and no decision control does',
    async () => {
      const failed = launchSummary({
        carriers: [{ ...carrierOf('Airtel'), status: LAUNCH_STATUS.launch_failed }],
      });
      mockGets({
        [`/secure/bot-reviews/${LAUNCH_BOT_ID}`]: () => ({ ...failed, bot: SUBMITTED_SUMMARY.bot }),
      });
      renderApp(`/admin/verification-details?bot_id=${LAUNCH_BOT_ID}`, { details: READ_ONLY_ADMIN });
      await screen.findByTestId('launch-summary', {}, FIND);
      expect(screen.getByText(/You can read everything about this launch/)).toBeTruthy();
      expect(screen.getByRole('region', { name: 'History' })).toBeTruthy();
      expect(decisionButtons()).toEqual([]);
    },
    SLOW,
  );

  it(
    'when no bot is chosen then the page says so and asks nothing',
    async () => {
      const get = mockGets({});
      renderApp('/admin/viewBotDetails', { details: SUPER_ADMIN });
      expect(
        await screen.findByText('No bot is chosen: open one from the list of bots.', {}, FIND),
      ).toBeTruthy();
      expect(get.mock.calls.some(([url]) => url.startsWith('/secure/bot-reviews'))).toBe(false);
    },
    SLOW,
  );
});

describe("a carrier's decision on its own network", () => {
  const forCarrier = launchSummary({
    bot: { ...launchSummary().bot, status: LAUNCH_STATUS.to_be_approved_by_carrier },
    carriers: [{ ...carrierOf('Jio'), status: LAUNCH_STATUS.to_be_approved_by_carrier, reason: null }],
  });

  it(
    'when a carrier admin opens a launch then only approve and reject are offered, and a rejection needs a reason',
    async () => {
      mockGets({ [`/secure/carrier/bot-reviews/${LAUNCH_BOT_ID}`]: () => forCarrier });
      const post = vi.spyOn(http, 'post').mockResolvedValue(forCarrier);
      renderApp(`/billing/bot-details?bot_id=${LAUNCH_BOT_ID}`, { details: CARRIER_ADMIN });
      expect(await screen.findByRole('heading', { level: 1, name: 'Bot Details' }, FIND)).toBeTruthy();
      await screen.findByTestId('launch-summary', {}, FIND);
      expect(decisionButtons().map((b) => b.textContent)).toEqual(['Approve', 'Reject']);
      const user = userEvent.setup();
      await user.click(screen.getByRole('button', { name: 'Reject' }));
      const dialog = await screen.findByRole('dialog');
      await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
      expect(await within(dialog).findByText('Give a reason: it is shown to the submitter.')).toBeTruthy();
      expect(post).not.toHaveBeenCalled();
      await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Opt-out missing');
      await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
      await waitFor(() =>
        expect(post).toHaveBeenCalledWith(
          `/secure/carrier/bot-reviews/${LAUNCH_BOT_ID}/reject`,
          { reason: 'Opt-out missing' },
          expect.anything(),
        ),
      );
    },
    SLOW,
  );

  it(
    "when the carrier's read-only user opens it, or its network already decided, then no decision control shows",
    async () => {
      mockGets({ [`/secure/carrier/bot-reviews/${LAUNCH_BOT_ID}`]: () => forCarrier });
      const readOnly = renderApp(`/billing/bot-details?bot_id=${LAUNCH_BOT_ID}`, {
        details: CARRIER_READ_ONLY,
      });
      await screen.findByTestId('launch-summary', {}, FIND);
      expect(decisionButtons()).toEqual([]);
      readOnly.unmount();

      vi.restoreAllMocks();
      mockGets({
        [`/secure/carrier/bot-reviews/${LAUNCH_BOT_ID}`]: () =>
          launchSummary({ carriers: [{ ...carrierOf('Jio'), status: LAUNCH_STATUS.launched }] }),
      });
      renderApp(`/billing/bot-details?bot_id=${LAUNCH_BOT_ID}`, { details: CARRIER_ADMIN });
      await screen.findByTestId('launch-summary', {}, FIND);
      expect(decisionButtons()).toEqual([]);
    },
    SLOW,
  );
});
