import {
  APPROVAL_AREA_MESSAGES,
  ROLES,
  type TActiveTemplate,
  type TAudience,
  type TCampaignDetails,
  type TCampaignEstimate,
  type TCampaignListItem,
  type TListResult,
  type TReviewHistory,
  type TTemplate,
} from '@portico/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { http } from '@/lib/http/client';
import { DEVELOPER, PENDING_AGGREGATOR, partnerDetails, SUPER_ADMIN } from '@/test/fixtures';
import { chosen, renderApp } from '@/test/render-app';
import { draftKey, EMPTY_DRAFT, readDraft } from './api/draft';
import { recipientValues } from './components/RecipientPreview';
import { problemsOf, requestOf } from './pages/CampaignFormPage';

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

const FIND = { timeout: 5000 };
const list = <T,>(items: T[]): TListResult<T> => ({ items, total: items.length });

const CAMPAIGN_ID = '0b6c1f4e-3f6a-4d7e-9a55-444444444444';
const BOT_ID = '0b6c1f4e-3f6a-4d7e-9a55-111111111111';
const TEMPLATE_ID = '0b6c1f4e-3f6a-4d7e-9a55-333333333333';
const AUDIENCE_ID = '0b6c1f4e-3f6a-4d7e-9a55-222222222222';

const ITEM: TCampaignListItem = {
  campaign_id: CAMPAIGN_ID,
  name: 'Diwali offers',
  status: 'r',
  paused: false,
  channel: 'rcs',
  partner_id: '0b6c1f4e-3f6a-4d7e-9a55-555555555555',
  partner_name: 'Acme Travel',
  created_by_email: 'developer@portico.test',
  bot_id: BOT_ID,
  bot_name: 'Chai Point Assistant',
  template_id: TEMPLATE_ID,
  template_name: 'Festive card',
  audience_id: AUDIENCE_ID,
  audience_name: 'diwali-offer',
  recipients: 1000,
  sent: 400,
  delivered: 350,
  failed: 10,
  // 09:30 UTC is 03:00 PM in India.
  scheduled_at: '2026-11-20T09:30:00.000Z',
  time_zone: '+05:30',
  started_at: '2026-11-20T09:30:05.000Z',
  ended_at: null,
  estimate_total: '12.50',
  charged: '5.125',
  created_at: '2026-11-19T10:00:00.000Z',
  updated_at: '2026-11-20T09:31:00.000Z',
};
const ZERO_REASONS = {
  not_rcs_capable: 0,
  blocked: 0,
  opted_out: 0,
  invalid_number: 0,
  no_rate: 0,
  network_error: 0,
  undelivered: 0,
};
const DETAILS: TCampaignDetails = {
  ...ITEM,
  variables: { first_name: 'first_name' },
  fallback: { kind: 'skip' },
  schedule: { kind: 'at', date: '2026-11-20', time: '15:00', time_zone: '+05:30' },
  live: {
    campaign_id: CAMPAIGN_ID,
    status: 'r',
    paused: false,
    pause_reason: null,
    counts: {
      recipients: 1000,
      queued: 590,
      sent: 400,
      delivered: 350,
      read: 120,
      failed: 10,
      failed_by_reason: { ...ZERO_REASONS, not_rcs_capable: 7, opted_out: 3 },
      skipped: 0,
      fallback_sms: 0,
      replied: 4,
      clicked: 9,
    },
    pace: 20,
    seconds_left: 300,
    held: '7.375',
    charged: '5.125',
    released: '0',
    ended_at: null,
  },
  end_reason: null,
  media: null,
  test_devices_only: false,
  allowed_actions: ['pause', 'cancel'],
};
const HISTORY: TReviewHistory = {
  items: [
    {
      id: 1,
      at: '2026-11-20T09:30:05.000Z',
      action: 'begin',
      action_label: 'Started at its scheduled time',
      from: { code: 2, label: 'Scheduled' },
      to: { code: 3, label: 'Running' },
      reason: null,
      actor_email: null,
      actor_role: null,
      carrier_id: null,
      carrier_name: null,
    },
  ],
  total: 1,
};

function answerGets(details: TCampaignDetails = DETAILS) {
  return vi.spyOn(http, 'get').mockImplementation(async (url: string) => {
    if (url === '/secure/campaigns' || url === '/secure/admin/campaigns') return list([ITEM]);
    if (url.endsWith('/history')) return HISTORY;
    if (url === `/secure/campaigns/${CAMPAIGN_ID}` || url === `/secure/admin/campaigns/${CAMPAIGN_ID}`)
      return details;
    if (url === '/secure/bots') return list([]);
    if (url === '/secure/admin/campaigns/facets')
      return {
        partners: [{ partner_id: ITEM.partner_id, name: 'Acme Travel' }],
        bots: [{ bot_id: ITEM.bot_id, name: ITEM.bot_name, partner_id: ITEM.partner_id }],
      };
    throw new Error(`unexpected GET ${url}`);
  });
}

/** The details' event stream: one `counts` event, then open until the test ends. */
function streamOnce(live: TCampaignDetails['live']) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(`event: counts\ndata: ${JSON.stringify(live)}\n\n`));
      },
    });
    return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
  });
}

describe('MY CAMPAIGNS', () => {
  it('when a developer opens the list then each campaign shows its status label, its time in its own zone and its money in USD', async () => {
    answerGets();
    renderApp('/u/my-campaigns', { details: DEVELOPER });
    expect(await screen.findByRole('heading', { level: 1, name: 'My Campaigns' }, FIND)).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Campaigns' }, FIND);
    expect(within(table).getByRole('link', { name: 'Diwali offers' }).getAttribute('href')).toBe(
      `/u/my-campaigns?campaign=${CAMPAIGN_ID}`,
    );
    expect(within(table).getByText('Running')).toBeTruthy();
    expect(within(table).getByText('20/11/2026 | 03:00 PM')).toBeTruthy();
    expect(within(table).getByText('UTC+05:30')).toBeTruthy();
    expect(within(table).getByText('$5.13')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'New campaign' }).getAttribute('href')).toBe('/add-new-campaign');
    expect(screen.getByRole('link', { name: 'Audiences' })).toBeTruthy();
  });

  it('when the read-only child user opens it then the campaigns show but no way to create or change one', async () => {
    answerGets();
    renderApp(`/u/my-campaigns?campaign=${CAMPAIGN_ID}`, {
      details: partnerDetails({ role: ROLES.CHILD_AGGREGATOR_READONLY }),
    });
    streamOnce(DETAILS.live);
    expect(await screen.findByRole('heading', { level: 2, name: 'Diwali offers' }, FIND)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Pause' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel campaign' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Recipients (CSV)' })).toBeTruthy();
  });

  it('when an aggregator awaiting approval opens it then it says why campaigns are closed', async () => {
    answerGets();
    renderApp('/u/my-campaigns', { details: PENDING_AGGREGATOR });
    expect(await screen.findByText(APPROVAL_AREA_MESSAGES.campaigns, {}, FIND)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'New campaign' })).toBeNull();
  });

  it('when the list answers nothing then the empty state invites the first campaign', async () => {
    vi.spyOn(http, 'get').mockImplementation(async (url: string) =>
      url === '/secure/bots' ? list([]) : list<TCampaignListItem>([]),
    );
    renderApp('/u/my-campaigns', { details: DEVELOPER });
    expect(await screen.findByText('No campaigns yet', {}, FIND)).toBeTruthy();
  });

  it('when the list fails then the error shows with Try again', async () => {
    vi.spyOn(http, 'get').mockImplementation(async (url: string) => {
      if (url === '/secure/bots') return list([]);
      throw new Error('The server is resting');
    });
    renderApp('/u/my-campaigns', { details: DEVELOPER });
    expect(
      await screen.findByText(/Campaigns could not be loaded: The server is resting/, {}, FIND),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('a campaign’s details', () => {
  it('when the stream sends new counts then they show live, with the failures by reason and the time left', async () => {
    answerGets();
    streamOnce({
      ...DETAILS.live,
      counts: { ...DETAILS.live.counts, sent: 600, queued: 390, delivered: 500 },
      seconds_left: 120,
    });
    renderApp(`/u/my-campaigns?campaign=${CAMPAIGN_ID}`, { details: DEVELOPER });
    expect(await screen.findByText('Live: the counts change as the network answers', {}, FIND)).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('count-sent').textContent).toBe('600'));
    expect(screen.getByTestId('count-delivered').textContent).toBe('500');
    expect(screen.getByText('Not RCS-capable: 7')).toBeTruthy();
    expect(screen.getByText('Opted out: 3')).toBeTruthy();
    expect(screen.getByTestId('campaign-progress').textContent).toContain('about 2 min left');
    expect(screen.getByText('Started at its scheduled time')).toBeTruthy();
  });

  it('when a campaign ended an hour ago then its receipts still arrive live; a day later the page no longer listens', async () => {
    const endedAt = new Date(Date.now() - 3_600_000).toISOString();
    const completed: TCampaignDetails = {
      ...DETAILS,
      status: 'c',
      ended_at: endedAt,
      allowed_actions: [],
      live: { ...DETAILS.live, status: 'c', seconds_left: null, pace: 0, ended_at: endedAt },
    };
    answerGets(completed);
    const stream = streamOnce({ ...completed.live, counts: { ...completed.live.counts, read: 333 } });
    const view = renderApp(`/u/my-campaigns?campaign=${CAMPAIGN_ID}`, { details: DEVELOPER });
    expect(
      await screen.findByText('Live: receipts still count for a day after the end', {}, FIND),
    ).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('count-read').textContent).toBe('333'));
    expect(stream).toHaveBeenCalledTimes(1);
    view.unmount();

    const longAgo = new Date(Date.now() - 2 * 86_400_000).toISOString();
    const settled = { ...completed, ended_at: longAgo, live: { ...completed.live, ended_at: longAgo } };
    answerGets(settled);
    stream.mockClear();
    renderApp(`/u/my-campaigns?campaign=${CAMPAIGN_ID}`, { details: DEVELOPER });
    expect(await screen.findByTestId('count-read', {}, FIND)).toBeTruthy();
    expect(screen.queryByText(/^Live:/)).toBeNull();
    expect(stream).not.toHaveBeenCalled();
  });

  it('when the campaign goes through a bot that is not launched then the details say it sends only to its test devices, and show its own media', async () => {
    answerGets({
      ...DETAILS,
      test_devices_only: true,
      media: {
        key: 'public/campaign-media/x.png',
        url: '/api/v1/files/public/campaign-media/x.png',
        kind: 'image',
      },
    });
    streamOnce(DETAILS.live);
    renderApp(`/u/my-campaigns?campaign=${CAMPAIGN_ID}`, { details: DEVELOPER });
    expect((await screen.findByTestId('test-devices-only', {}, FIND)).textContent).toMatch(
      /was not launched when this campaign started: it sends only to the audience's recipients that are its test devices/,
    );
    expect(screen.getByText(/Its own image instead of the template/)).toBeTruthy();
  });

  it('when the developer pauses then it asks first, and the pause is sent only once confirmed', async () => {
    answerGets();
    streamOnce(DETAILS.live);
    const post = vi
      .spyOn(http, 'post')
      .mockResolvedValue({ ...DETAILS, paused: true, allowed_actions: ['resume', 'cancel'] });
    renderApp(`/u/my-campaigns?campaign=${CAMPAIGN_ID}`, { details: DEVELOPER });
    await userEvent.click(await screen.findByRole('button', { name: 'Pause' }, FIND));
    const dialog = screen.getByRole('dialog', { name: 'Pause this campaign?' });
    expect(post).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pause' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith(`/secure/campaigns/${CAMPAIGN_ID}/pause`, {}, expect.anything()),
    );
    expect(await screen.findByText('The campaign is paused.', {}, FIND)).toBeTruthy();
  });
});

describe('the platform admin’s CAMPAIGNS', () => {
  it('when a super admin stops a campaign then a reason is required and sent', async () => {
    answerGets({ ...DETAILS, allowed_actions: ['stop'] });
    streamOnce(DETAILS.live);
    const post = vi.spyOn(http, 'post').mockResolvedValue({ ...DETAILS, status: 'd', end_reason: 'Spam' });
    renderApp(`/admin/campaigns?campaign=${CAMPAIGN_ID}`, { details: SUPER_ADMIN });
    expect(await screen.findByText('Acme Travel', {}, FIND)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Stop campaign' }));
    const dialog = screen.getByRole('dialog', { name: 'Stop this campaign?' });
    const confirm = within(dialog).getByRole('button', { name: 'Stop campaign' });
    expect(confirm).toHaveProperty('disabled', true);
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: /Reason/ }),
      'Spam to opted-out numbers',
    );
    await userEvent.click(confirm);
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith(
        `/secure/admin/campaigns/${CAMPAIGN_ID}/stop`,
        { reason: 'Spam to opted-out numbers' },
        expect.anything(),
      ),
    );
  });

  it('when the admin picks a partner in a row then the list is narrowed to it', async () => {
    const get = answerGets();
    renderApp('/admin/campaigns', { details: SUPER_ADMIN });
    await userEvent.click(
      await screen.findByRole('button', { name: "Show only Acme Travel's campaigns" }, FIND),
    );
    await waitFor(() =>
      expect(chosen(screen.getByRole('combobox', { name: 'Partner' }))).toBe('Acme Travel'),
    );
    await waitFor(() =>
      expect(get).toHaveBeenCalledWith(
        '/secure/admin/campaigns',
        expect.anything(),
        expect.objectContaining({ params: expect.objectContaining({ partner_id: ITEM.partner_id }) }),
      ),
    );
  });

  it('when the admin chooses a partner and a bot in the filters then their options are the ones with campaigns', async () => {
    const get = answerGets();
    const user = userEvent.setup();
    renderApp('/admin/campaigns', { details: SUPER_ADMIN });
    const select0 = await screen.findByRole('combobox', { name: 'Partner' }, FIND);
    await user.selectOptions(
      select0,
      await within(select0).findByRole('option', { name: 'Acme Travel' }, FIND),
    );
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Bot' }),
      await within(screen.getByRole('combobox', { name: 'Bot' })).findByRole(
        'option',
        { name: ITEM.bot_name },
        FIND,
      ),
    );
    await waitFor(() =>
      expect(get).toHaveBeenCalledWith(
        '/secure/admin/campaigns',
        expect.anything(),
        expect.objectContaining({
          params: expect.objectContaining({ partner_id: ITEM.partner_id, bot_id: ITEM.bot_id }),
        }),
      ),
    );
    expect(get).toHaveBeenCalledWith('/secure/admin/campaigns/facets', expect.anything());
  });
});

const ACTIVE: TActiveTemplate = {
  template_id: TEMPLATE_ID,
  bot_id: BOT_ID,
  bot_name: 'Chai Point Assistant',
  bot_launched: true,
  name: 'Festive card',
  channel: 'rcs',
  type: 'text',
  language: 'en',
  version: 1,
  version_id: '0b6c1f4e-3f6a-4d7e-9a55-666666666666',
  variables: ['first_name'],
};
const AUDIENCE: TAudience = {
  audience_id: AUDIENCE_ID,
  name: 'diwali-offer',
  file_name: 'diwali-offer.csv',
  format: 'csv',
  bytes: 2048,
  status: 'ready',
  failure: null,
  fields: ['first_name', 'order_id'],
  read: 3,
  kept: 2,
  refused: 1,
  refused_by_reason: { bad_number: 1, duplicate: 0, opted_out: 0, too_long: 0, empty: 0 },
  created_at: '2026-11-20T10:00:00.000Z',
  checked_at: '2026-11-20T10:00:05.000Z',
};
const TEMPLATE = {
  template_id: TEMPLATE_ID,
  bot_id: BOT_ID,
  bot_name: 'Chai Point Assistant',
  partner_name: 'Acme Travel',
  partner_id: 'P-1001',
  name: 'Festive card',
  channel: 'rcs',
  type: 'text',
  language: 'en',
  status: { key: 'approved', code: 31, label: 'Approved' },
  version: 1,
  active_version: 1,
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-21T10:00:00.000Z',
  versions: [
    {
      version_id: ACTIVE.version_id,
      version: 1,
      status: { key: 'approved', code: 31, label: 'Approved' },
      content: { kind: 'text', text: 'Happy Diwali, {{first_name}}!', suggestions: [] },
      sample_values: {},
      variables: ['first_name'],
      reason: null,
      network_template_id: null,
      quality: null,
      network_error: null,
      submitted_at: null,
      decided_at: null,
      created_at: '2026-11-20T10:00:00.000Z',
      updated_at: '2026-11-20T10:00:00.000Z',
    },
  ],
  allowed_actions: [],
  can_edit: false,
  can_delete: false,
  delete_refusal: null,
} as unknown as TTemplate;
const ESTIMATE: TCampaignEstimate = {
  currency: 'USD',
  recipients: 2,
  unpriced: 0,
  lines: [
    {
      carrier_id: 7,
      carrier_name: 'Jio',
      country: 'IN',
      channel: 'rcs',
      message_type: 'promotional',
      recipients: 2,
      unit_price: '0.0125',
      amount: '0.025',
    },
    {
      carrier_id: 8,
      carrier_name: 'Airtel',
      country: 'IN',
      channel: 'rcs',
      message_type: 'promotional',
      recipients: 1,
      unit_price: '0.0100',
      amount: '0.010',
    },
  ],
  total: '0.025',
  balance: '100',
  hold: '0.025',
  sufficient: true,
};

describe('the campaign form', () => {
  it('when the developer comes back then what was typed is back, the first recipients show personalised, and the cost comes before the start', async () => {
    localStorage.setItem(
      draftKey(DEVELOPER.email, null),
      JSON.stringify({
        ...EMPTY_DRAFT,
        name: 'Diwali offers',
        bot_id: BOT_ID,
        template_id: TEMPLATE_ID,
        audience_id: AUDIENCE_ID,
        variables: { first_name: 'first_name' },
      }),
    );
    vi.spyOn(http, 'get').mockImplementation(async (url: string) => {
      if (url === '/secure/templates/active') return list([ACTIVE]);
      if (url === `/secure/templates/${TEMPLATE_ID}`) return TEMPLATE;
      if (url === '/secure/audiences') return list([AUDIENCE]);
      if (url === `/secure/audiences/${AUDIENCE_ID}/recipients`)
        return list([
          { line: 2, msisdn: '+919876543210', fields: { first_name: 'Asha', order_id: 'ORD-1' } },
          { line: 3, msisdn: '+919810012345', fields: { first_name: 'José', order_id: 'ORD-2' } },
        ]);
      if (url === `/secure/audiences/${AUDIENCE_ID}/reach`)
        return {
          items: [
            {
              audience_id: AUDIENCE_ID,
              bot_id: BOT_ID,
              bot_name: 'Chai Point Assistant',
              network: 'rbm',
              status: 'ready',
              recipients: 2,
              rcs_capable: 1,
              not_rcs_capable: 1,
              failure: null,
              started_at: '2026-11-28T10:00:00.000Z',
              checked_at: '2026-11-28T10:00:02.000Z',
            },
          ],
        };
      throw new Error(`unexpected GET ${url}`);
    });
    const post = vi.spyOn(http, 'post').mockImplementation(async (url: string) => {
      if (url === '/secure/campaigns/estimate') return ESTIMATE;
      if (url === '/secure/campaigns') return { ...DETAILS, status: 'p' };
      if (url === `/secure/campaigns/${CAMPAIGN_ID}/start`) return DETAILS;
      throw new Error(`unexpected POST ${url}`);
    });
    renderApp('/add-new-campaign', { details: DEVELOPER });
    expect(await screen.findByText(/What you typed last time is back/, {}, FIND)).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /Campaign name/ })).toHaveProperty('value', 'Diwali offers');
    // The handset shows the first recipient's message, then the second's.
    expect(await screen.findByText('Happy Diwali, Asha!', {}, FIND)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '+919810012345' }));
    expect(screen.getByText('Happy Diwali, José!')).toBeTruthy();

    await userEvent.click(screen.getByRole('tab', { name: /Cost and start/ }));
    expect(await screen.findByText('Jio (IN)', {}, FIND)).toBeTruthy();
    expect(screen.getByText('$100.00')).toBeTruthy();
    // The estimate's headers sort its lines in the browser; the total stays below them.
    const estimate = screen.getByRole('table', { name: 'Estimate by carrier' });
    const carriers = () =>
      within(estimate)
        .getAllByRole('row')
        .slice(1, -1)
        .map((row) => row.firstChild?.textContent);
    expect(carriers()).toEqual(['Jio (IN)', 'Airtel (IN)']);
    // An RCS bot: the audience's reach through it, as last checked, with a button to check again.
    const reach = screen.getByRole('region', { name: 'Reach over RCS' });
    expect(await within(reach).findByText('RCS-capable', {}, FIND)).toBeTruthy();
    expect(within(reach).getAllByText('(50.0%)')).toHaveLength(2);
    expect(within(reach).getByRole('button', { name: 'Check again' })).toBeTruthy();
    await userEvent.click(within(estimate).getByRole('button', { name: 'Carrier' }));
    expect(carriers()).toEqual(['Airtel (IN)', 'Jio (IN)']);
    await userEvent.click(within(estimate).getByRole('button', { name: 'Estimate' }));
    await userEvent.click(within(estimate).getByRole('button', { name: /^Estimate/ }));
    expect(carriers()).toEqual(['Jio (IN)', 'Airtel (IN)']);
    expect(
      within(estimate)
        .getByRole('columnheader', { name: /^Estimate/ })
        .getAttribute('aria-sort'),
    ).toBe('descending');
    expect(post).toHaveBeenCalledWith(
      '/secure/campaigns/estimate',
      { bot_id: BOT_ID, template_id: TEMPLATE_ID, audience_id: AUDIENCE_ID, fallback: { kind: 'skip' } },
      expect.anything(),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Start campaign' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith(`/secure/campaigns/${CAMPAIGN_ID}/start`, {}, expect.anything()),
    );
    // Saved: the draft is forgotten.
    await waitFor(() => expect(readDraft(draftKey(DEVELOPER.email, null))).toBeNull());
  });

  it('when a bot is not launched but has test devices then the picker lists it apart, and choosing it says only its test devices receive', async () => {
    const TESTING_BOT = '0b6c1f4e-3f6a-4d7e-9a55-777777777777';
    const get = vi.spyOn(http, 'get').mockImplementation(async (url: string) => {
      if (url === '/secure/templates/active')
        return list([
          ACTIVE,
          {
            ...ACTIVE,
            template_id: '0b6c1f4e-3f6a-4d7e-9a55-888888888888',
            bot_id: TESTING_BOT,
            bot_name: 'Chai Beta',
            bot_launched: false,
          },
        ]);
      if (url === '/secure/audiences') return list([AUDIENCE]);
      throw new Error(`unexpected GET ${url}`);
    });
    renderApp('/add-new-campaign', { details: DEVELOPER });
    const picker = await screen.findByRole('combobox', { name: /Bot/ }, FIND);
    await within(picker).findByRole('option', { name: 'Chai Beta (RCS)' }, FIND);
    expect(
      within(picker)
        .getAllByRole('group')
        .map((group) => [
          group.getAttribute('label'),
          within(group)
            .getAllByRole('option')
            .map((o) => o.textContent),
        ]),
    ).toEqual([
      ['Launched bots', ['Chai Point Assistant (RCS)']],
      ['Bots with test devices (send to test devices only)', ['Chai Beta (RCS)']],
    ]);
    await userEvent.selectOptions(picker, 'Chai Beta (RCS)');
    expect(
      await screen.findByText(/This bot is not launched: the campaign sends only to/, {}, FIND),
    ).toBeTruthy();
    expect(get).toHaveBeenCalledWith(
      '/secure/templates/active',
      expect.anything(),
      expect.objectContaining({ params: expect.objectContaining({ testing: 'true' }) }),
    );
  });

  it("when the template's card has media then the developer uploads the campaign's own, sees it in the handset, and it is saved with the campaign", async () => {
    const CARD = {
      ...TEMPLATE,
      versions: [
        {
          ...TEMPLATE.versions[0],
          content: {
            kind: 'rich_card',
            orientation: 'VERTICAL',
            imageAlignment: 'LEFT',
            card: {
              title: 'Happy Diwali, {{first_name}}!',
              description: 'Lamps 20% off',
              media: {
                source: 'url',
                url: 'https://cdn.example.com/lamps.png',
                kind: 'image',
                height: 'MEDIUM',
              },
              suggestions: [],
            },
            suggestions: [],
          },
        },
      ],
    } as unknown as TTemplate;
    localStorage.setItem(
      draftKey(DEVELOPER.email, null),
      JSON.stringify({ ...EMPTY_DRAFT, name: 'Lamps', bot_id: BOT_ID, template_id: TEMPLATE_ID }),
    );
    vi.spyOn(http, 'get').mockImplementation(async (url: string) => {
      if (url === '/secure/templates/active') return list([ACTIVE]);
      if (url === `/secure/templates/${TEMPLATE_ID}`) return CARD;
      if (url === '/secure/audiences') return list([AUDIENCE]);
      throw new Error(`unexpected GET ${url}`);
    });
    const KEY = 'public/campaign-media/0b6c1f4e-3f6a-4d7e-9a55-999999999999.png';
    const post = vi.spyOn(http, 'post').mockImplementation(async (url: string) => {
      if (url === '/secure/campaigns/media')
        return { key: KEY, url: `/api/v1/files/${KEY}`, kind: 'image', content_type: 'image/png', bytes: 10 };
      throw new Error(`unexpected POST ${url}`);
    });
    const { container } = renderApp('/add-new-campaign', { details: DEVELOPER });
    expect(await screen.findByText(/sends the template's own media/, {}, FIND)).toBeTruthy();
    const input = container.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input');
    await userEvent.upload(
      input,
      new File([new Uint8Array([0x89, 0x50])], 'lamp.png', { type: 'image/png' }),
    );
    expect(await screen.findByText(/sends its own image instead of the template's/, {}, FIND)).toBeTruthy();
    expect(post).toHaveBeenCalledWith('/secure/campaigns/media', expect.any(FormData), expect.anything());
    await waitFor(() => expect(container.querySelector(`img[src="/api/v1/files/${KEY}"]`)).not.toBeNull());
    expect(requestOf({ ...EMPTY_DRAFT, media_key: KEY }).media_key).toBe(KEY);
    expect(requestOf(EMPTY_DRAFT).media_key).toBeNull();
  });

  it('when a schedule is in the past or a variable is not mapped then the shared rules say so by field', () => {
    const problems = problemsOf(
      {
        ...EMPTY_DRAFT,
        name: 'Diwali',
        bot_id: BOT_ID,
        template_id: TEMPLATE_ID,
        audience_id: AUDIENCE_ID,
        when: 'at',
        date: '2020-01-01',
        time: '10:00',
        time_zone: '+05:30',
      },
      ['first_name'],
      ['first_name'],
    );
    expect(problems['schedule.time']).toMatch(/in the past/);
    expect(problems['variables.first_name']).toBe('Choose the column that fills {{first_name}}.');
    expect(problemsOf({ ...EMPTY_DRAFT }, [], []).name).toBe('Enter the campaign name.');
  });

  it('when a recipient has a value for a mapped column then it fills the variable; an unmapped one keeps its sample', () => {
    const recipient = { msisdn: '+919876543210', fields: { first_name: 'Asha' } };
    expect(recipientValues(['first_name', 'order'], { first_name: 'first_name' }, recipient)).toEqual({
      first_name: 'Asha',
    });
  });

  it('when a read-only user opens the form then it says they cannot create campaigns', async () => {
    vi.spyOn(http, 'get').mockResolvedValue(list([]));
    renderApp('/add-new-campaign', { details: partnerDetails({ role: ROLES.CHILD_AGGREGATOR_READONLY }) });
    expect(await screen.findByText('You cannot create campaigns', {}, FIND)).toBeTruthy();
  });
});
