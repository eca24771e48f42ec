import type { TBotListItem, TListResult } from '@portico/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/http/api-error';
import { http } from '@/lib/http/client';
import {
  RcsAgentPreview,
  type RcsPreviewValues,
  WhatsappProfilePreview,
} from '@/lib/rich-message/AgentPreview';
import { DEVELOPER, partnerDetails } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

afterEach(() => {
  vi.restoreAllMocks();
});

const READ_ONLY_CHILD = partnerDetails({ role: 'CHILD_AGGREGATOR_READONLY', firstName: 'Rita' });

const list = <T,>(items: T[]): TListResult<T> => ({ items, total: items.length });

const BOT: TBotListItem = {
  bot_id: '0b6c1f4e-3f6a-4d7e-9a55-111111111111',
  name: 'Chai Point Assistant',
  partner_name: 'Acme Travel',
  channels: [{ channel_type: 1 }],
  status: { key: 'in_progress', code: -1, label: 'Draft' },
  brand: { brand_id: '0b6c1f4e-3f6a-4d7e-9a55-222222222222', name: 'Chai Point' },
  carriers: [
    {
      carrier_id: 1,
      name: 'Reliance Jio',
      country_id: 'IN',
      status: { key: 'launched', code: 10, label: 'Launched' },
      reason: null,
      updated_at: '2026-11-20T10:00:00.000Z',
    },
  ],
  logo_url: null,
  banner_url: null,
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-21T10:00:00.000Z',
};

/** Answers the GETs a bots screen makes (reference lists, the bot list, the dashboard). */
function answerGets(bots: TListResult<TBotListItem> | Error = list([BOT])) {
  return vi.spyOn(http, 'get').mockImplementation(async (url: string) => {
    if (url === '/secure/bots') {
      if (bots instanceof Error) throw bots;
      return bots;
    }
    if (url === '/secure/bots/dashboard')
      return { total: bots instanceof Error ? 0 : bots.total, by_status: [] };
    if (url === '/secure/brands') return list([]);
    if (url === '/reference/billing-categories')
      return list([{ id: 1, code: 'CONVERSATIONAL', billingCategoryName: 'Conversational' }]);
    if (url === '/reference/hosting-regions')
      return list([{ id: 1, code: 'ASIA_PACIFIC', name: 'Asia Pacific' }]);
    if (url === '/reference/chatbot-platforms') return list([{ id: 5, code: 'RASA', name: 'Rasa' }]);
    return list([]);
  });
}

const RCS_VALUES: RcsPreviewValues = {
  displayName: 'Chai Point',
  description: 'Order tea',
  brandColor: '#1A237E',
  logoUrl: null,
  bannerUrl: null,
  phones: [{ number: '+919876543210', label: 'Support' }],
  emails: [],
  websites: [],
};

describe('the handset previews', () => {
  it('when the values change then the RCS agent card shows the new name, description, colour and contacts', () => {
    const { rerender } = render(<RcsAgentPreview values={RCS_VALUES} />);
    const card = screen.getByRole('figure', { name: 'RCS preview' });
    expect(within(card).getByTestId('preview-name').textContent).toContain('Chai Point');
    expect(within(card).getByText('+919876543210')).toBeTruthy();
    expect(within(card).getByTestId('preview-banner').getAttribute('style') ?? '').toBe('');
    rerender(
      <RcsAgentPreview
        values={{
          ...RCS_VALUES,
          displayName: 'Chai Point Express',
          description: 'Tea in ten minutes',
          emails: [{ address: 'hello@chai.example', label: 'Mail us' }],
        }}
      />,
    );
    expect(within(card).getByTestId('preview-name').textContent).toContain('Chai Point Express');
    expect(within(card).getByTestId('preview-description').textContent).toBe('Tea in ten minutes');
    expect(within(card).getByText('hello@chai.example')).toBeTruthy();
    expect(within(card).getByText('Mail us')).toBeTruthy();
  });

  it('when nothing is typed yet then the cards say what belongs there', () => {
    render(
      <>
        <RcsAgentPreview
          values={{ ...RCS_VALUES, displayName: '', description: '', brandColor: 'not a colour' }}
        />
        <WhatsappProfilePreview
          values={{ displayName: '', about: '', category: '', phone: '', photoUrl: null }}
        />
      </>,
    );
    expect(screen.getByText('Your bot name')).toBeTruthy();
    expect(screen.getByText('Your business name')).toBeTruthy();
    expect(screen.getByTestId('preview-category').textContent).toBe('Not chosen yet');
  });

  it('when the WhatsApp values change then the profile shows the category label and about text', () => {
    const values = {
      displayName: 'Chai Point',
      about: 'Fresh tea',
      category: 'RESTAURANT',
      phone: '+919876543210',
      photoUrl: null,
    };
    const { rerender } = render(<WhatsappProfilePreview values={values} />);
    expect(screen.getByTestId('preview-category').textContent).toBe('Restaurant');
    rerender(<WhatsappProfilePreview values={{ ...values, about: 'Tea and snacks', category: 'GROCERY' }} />);
    expect(screen.getByTestId('preview-about').textContent).toBe('Tea and snacks');
    expect(screen.getByTestId('preview-category').textContent).toBe('Food and grocery');
  });
});

describe('MY BOTS', () => {
  it('lists the bots with channel, status, brand and per-carrier state, and a writer can resume a draft', async () => {
    answerGets();
    renderApp('/u/dashboard', { details: DEVELOPER });
    const table = await screen.findByRole('table', { name: 'Bots' }, { timeout: 15_000 });
    expect(within(table).getByRole('link', { name: 'Chai Point Assistant' }).getAttribute('href')).toBe(
      `/u/view-bot-details/rcs?botId=${BOT.bot_id}`,
    );
    expect(within(table).getByText('Draft')).toBeTruthy();
    expect(within(table).getByText('Chai Point')).toBeTruthy();
    expect(within(table).getByText('Reliance Jio: Launched')).toBeTruthy();
    expect(
      within(table).getByRole('link', { name: 'Resume Chai Point Assistant' }).getAttribute('href'),
    ).toBe(`/u/create-bot/rcs-bot-details?botId=${BOT.bot_id}`);
    expect(screen.getByRole('link', { name: 'Create RCS bot' })).toBeTruthy();
    // The first next step is done: a bot exists.
    await waitFor(() => expect(screen.getAllByText('Done').length).toBeGreaterThan(0));
  });

  it('filters by status and channel through the list call', async () => {
    const get = answerGets();
    const user = userEvent.setup();
    renderApp('/u/dashboard', { details: DEVELOPER });
    await screen.findByRole('table', { name: 'Bots' }, { timeout: 5000 });
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Channel' }),
      await within(screen.getByRole('combobox', { name: 'Channel' })).findByRole('option', {
        name: 'WhatsApp',
      }),
    );
    await waitFor(() =>
      expect(get).toHaveBeenCalledWith(
        '/secure/bots',
        expect.anything(),
        expect.objectContaining({
          params: expect.objectContaining({ channel: 'whatsapp', start: 0, end: 10 }),
        }),
      ),
    );
  });

  it('when there is no bot then the empty state leads to creating the first one', async () => {
    answerGets(list([]));
    renderApp('/u/dashboard', { details: DEVELOPER });
    expect(await screen.findByText('No bots yet', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create your first RCS bot' }).getAttribute('href')).toBe(
      '/u/create-bot/rcs-bot-details',
    );
  });

  it('when the list fails then it says so with Try again', async () => {
    answerGets(new ApiError('The service is unavailable.', { statusCode: null, httpStatus: 503 }));
    renderApp('/u/dashboard', { details: DEVELOPER });
    expect(
      await screen.findByText(
        /Bots could not be loaded: The service is unavailable\./,
        {},
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('when a bot may be launched or was submitted then its row leads to the launch steps or the launch details', async () => {
    const launchable: TBotListItem = {
      ...BOT,
      bot_id: '0b6c1f4e-3f6a-4d7e-9a55-333333333333',
      name: 'Ready Bot',
      status: { key: 'in_progress_carrier_submission', code: -2, label: 'In progress' },
    };
    const rejected: TBotListItem = {
      ...BOT,
      bot_id: '0b6c1f4e-3f6a-4d7e-9a55-444444444444',
      name: 'Rejected Bot',
      status: { key: 'bot_rejected_by_portico', code: 32, label: 'Rejected' },
    };
    const live: TBotListItem = {
      ...BOT,
      bot_id: '0b6c1f4e-3f6a-4d7e-9a55-555555555555',
      name: 'Live Bot',
      status: { key: 'launched', code: 10, label: 'Launched' },
    };
    answerGets(list([BOT, launchable, rejected, live]));
    renderApp('/u/dashboard', { details: DEVELOPER });
    const table = await screen.findByRole('table', { name: 'Bots' }, { timeout: 5000 });
    const href = (name: string) => within(table).queryByRole('link', { name })?.getAttribute('href') ?? null;
    expect(href('Launch Chai Point Assistant')).toBeNull();
    expect(href('Launch details of Chai Point Assistant')).toBeNull();
    expect(href('Launch Ready Bot')).toBe(`/u/launch/carriers?bot_id=${launchable.bot_id}`);
    expect(href('Launch details of Ready Bot')).toBeNull();
    expect(href('Launch Rejected Bot')).toBe(`/u/launch/carriers?bot_id=${rejected.bot_id}`);
    expect(href('Launch details of Rejected Bot')).toBe(`/u/launch-details?bot_id=${rejected.bot_id}`);
    expect(href('Launch Live Bot')).toBeNull();
    expect(href('Launch details of Live Bot')).toBe(`/u/launch-details?bot_id=${live.bot_id}`);
  });

  it('when a read-only child user sees a rejected bot then it may read the launch details but not launch again', async () => {
    const rejected: TBotListItem = {
      ...BOT,
      status: { key: 'bot_rejected_by_portico', code: 32, label: 'Rejected' },
    };
    answerGets(list([rejected]));
    renderApp('/u/dashboard', { details: READ_ONLY_CHILD });
    const table = await screen.findByRole('table', { name: 'Bots' }, { timeout: 5000 });
    expect(within(table).getByRole('link', { name: 'Launch details of Chai Point Assistant' })).toBeTruthy();
    expect(within(table).queryByRole('link', { name: 'Launch Chai Point Assistant' })).toBeNull();
  });

  it('a read-only child user sees the bots but no create or resume control', async () => {
    answerGets();
    renderApp('/u/dashboard', { details: READ_ONLY_CHILD });
    const table = await screen.findByRole('table', { name: 'Bots' }, { timeout: 5000 });
    expect(within(table).getByRole('link', { name: 'Chai Point Assistant' })).toBeTruthy();
    expect(within(table).queryByRole('link', { name: /Resume/ })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Create RCS bot' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Create WhatsApp bot' })).toBeNull();
  });
});

const textbox = (name: string | RegExp) => screen.getByRole('textbox', { name });

/** Pastes into a field (one input event: typing key by key re-renders the whole form each time). */
async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

describe('creating an RCS bot', () => {
  it('the preview follows what is typed', async () => {
    answerGets();
    const user = userEvent.setup();
    renderApp('/u/create-bot/rcs-bot-details', { details: DEVELOPER });
    const name = await screen.findByRole('textbox', { name: /Display name/ }, { timeout: 5000 });
    const preview = screen.getByRole('figure', { name: 'RCS preview' });
    expect(within(preview).getByTestId('preview-name').textContent).toContain('Your bot name');
    await fill(user, name, 'Chai Point');
    await fill(user, textbox(/Description/), 'Order your tea');
    await fill(user, textbox(/Phone number 1/), '+919876543210');
    await fill(user, textbox(/Label phone 1/), 'Orders');
    expect(within(preview).getByTestId('preview-name').textContent).toContain('Chai Point');
    expect(within(preview).getByTestId('preview-description').textContent).toBe('Order your tea');
    expect(within(preview).getByText('+919876543210')).toBeTruthy();
    expect(within(preview).getByText('Orders')).toBeTruthy();
  });

  it('when saved wrong then each field says what is wrong (Google limits, contrast) and nothing is sent', async () => {
    answerGets();
    const post = vi.spyOn(http, 'post');
    const user = userEvent.setup();
    renderApp('/u/create-bot/rcs-bot-details', { details: DEVELOPER });
    const colour = await screen.findByRole('textbox', { name: /Brand colour/ }, { timeout: 5000 });
    await user.clear(colour);
    await fill(user, colour, '#FFFF00');
    await fill(user, textbox(/Description/), 'Hello <script>x</script>');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Display name is required.')).toBeTruthy();
    expect(screen.getByText(/The brand colour is too light on white: contrast 1\.07:1/)).toBeTruthy();
    expect(screen.getByText('Description must not contain HTML or script tags.')).toBeTruthy();
    expect(screen.getByText('Please correct the highlighted fields.')).toBeTruthy();
    expect(post).not.toHaveBeenCalled();
  });

  it('when a logo of the wrong type is picked then the field says so before anything is sent', async () => {
    answerGets();
    const post = vi.spyOn(http, 'post');
    const user = userEvent.setup({ applyAccept: false });
    renderApp('/u/create-bot/rcs-bot-details', { details: DEVELOPER });
    const input = await screen.findByLabelText('Logo', { selector: 'input' }, { timeout: 5000 });
    await user.upload(input, new File(['GIF89a'], 'logo.gif', { type: 'image/gif' }));
    expect(await screen.findByText('The logo must be a PNG or JPEG picture.')).toBeTruthy();
    expect(post).not.toHaveBeenCalled();
  });

  it('when the network refuses then its reason shows and what was typed stays', async () => {
    answerGets();
    const post = vi.spyOn(http, 'post').mockRejectedValue(
      new ApiError('The network refused the agent: display name already used by another agent.', {
        statusCode: null,
        httpStatus: 502,
      }),
    );
    const user = userEvent.setup();
    renderApp('/u/create-bot/rcs-bot-details', { details: DEVELOPER });
    await fill(
      user,
      await screen.findByRole('textbox', { name: /Display name/ }, { timeout: 5000 }),
      'Chai Point',
    );
    await fill(user, textbox(/Description/), 'Order your tea');
    await fill(user, textbox(/Phone number 1/), '+919876543210');
    await fill(user, textbox(/Label phone 1/), 'Orders');
    await fill(user, textbox(/Privacy policy URL/), 'https://chai.example/privacy');
    await fill(user, textbox(/Terms of service URL/), 'https://chai.example/terms');
    for (const [field, option] of [
      ['Message category', 'Transactional'],
      ['Region', 'India'],
      ['Billing category', 'Conversational'],
      ['Hosting region', 'Asia Pacific'],
    ] as const) {
      await user.selectOptions(
        screen.getByRole('combobox', { name: new RegExp(field) }),
        await within(screen.getByRole('combobox', { name: new RegExp(field) })).findByRole('option', {
          name: option,
        }),
      );
    }
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(
      await screen.findByText('The network refused the agent: display name already used by another agent.'),
    ).toBeTruthy();
    expect(post).toHaveBeenCalledWith(
      '/secure/bots/rcs',
      expect.objectContaining({
        display_name: 'Chai Point',
        billing_category: 'CONVERSATIONAL',
        submit: false,
      }),
      expect.anything(),
    );
    expect((textbox(/Display name/) as HTMLInputElement).value).toBe('Chai Point');
  });
});
