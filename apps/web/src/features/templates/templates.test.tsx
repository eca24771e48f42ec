import {
  RCS_TEMPLATE_LIMITS,
  type TBotListItem,
  type TListResult,
  type TTemplateList,
  type TTemplateListItem,
} from '@portico/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { http } from '@/lib/http/client';
import { TemplatePreview } from '@/lib/rich-message/TemplatePreview';
import { DEVELOPER, SUPER_ADMIN } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

afterEach(() => {
  vi.restoreAllMocks();
});

const list = <T,>(items: T[]): TListResult<T> => ({ items, total: items.length });

const BOT_ID = '0b6c1f4e-3f6a-4d7e-9a55-111111111111';
const BOT: TBotListItem = {
  bot_id: BOT_ID,
  name: 'Chai Point Assistant',
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
const TEMPLATE: TTemplateListItem = {
  template_id: '0b6c1f4e-3f6a-4d7e-9a55-333333333333',
  bot_id: BOT_ID,
  bot_name: BOT.name,
  partner_name: 'Acme Travel',
  name: 'Diwali offers',
  channel: 'rcs',
  type: 'carousel',
  language: 'en',
  status: { key: 'approved', code: 31, label: 'Approved' },
  version: 2,
  active_version: 1,
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-21T10:00:00.000Z',
};

const pageList = (items: TTemplateListItem[]): TTemplateList => ({
  ...list(items),
  tabCounts: { templates: items.length, active: items.filter((i) => i.active_version !== null).length },
});

function answerGets(templates: TTemplateList = pageList([TEMPLATE])) {
  return vi.spyOn(http, 'get').mockImplementation(async (url: string) => {
    if (url === '/secure/bots') return list([BOT]);
    if (url === '/secure/templates') return templates;
    return list([]);
  });
}

describe('the template preview', () => {
  it('when a carousel has two cards and suggestions then the handset shows both cards, their chips and the sample values', () => {
    render(
      <TemplatePreview
        channel="rcs"
        values={{ first_name: 'Asha' }}
        content={{
          kind: 'carousel',
          cardWidth: 'MEDIUM',
          cards: [
            {
              title: 'Hello {{first_name}}',
              description: 'Masala chai',
              suggestions: [{ type: 'reply', text: 'Order', postbackData: 'order' }],
            },
            {
              title: 'Ginger tea',
              media: { source: 'url', url: 'https://example.com/tea.png', kind: 'image', height: 'TALL' },
              suggestions: [],
            },
          ],
          suggestions: [{ type: 'dial', text: 'Call us', postbackData: 'call', phoneNumber: '+14155550100' }],
        }}
      />,
    );
    const phone = screen.getByRole('figure', { name: 'RCS template preview' });
    const cards = within(phone).getAllByTestId('preview-card');
    expect(cards).toHaveLength(2);
    expect(cards[0]?.textContent).toContain('Hello Asha');
    expect(
      within(phone)
        .getAllByTestId('preview-suggestion')
        .map((s) => s.textContent),
    ).toEqual(['Order', 'Call us']);
    expect(cards[1]?.querySelector('img')?.getAttribute('src')).toBe('https://example.com/tea.png');
  });

  it('when a variable has no sample value then it shows as its name in brackets', () => {
    render(
      <TemplatePreview
        channel="rcs"
        content={{ kind: 'text', text: 'Hi {{first_name}}!', suggestions: [] }}
      />,
    );
    expect(screen.getByTestId('preview-text').textContent).toBe('Hi [first_name]!');
  });

  it('when a WhatsApp template has a header, examples, a footer and buttons then the bubble shows each', () => {
    render(
      <TemplatePreview
        channel="whatsapp"
        content={{
          category: 'MARKETING',
          header: { format: 'TEXT', text: 'Our sale' },
          body: { text: 'Hi {{1}}, use {{2}} today.', examples: ['Asha', 'CHAI10'] },
          footer: 'Reply STOP to opt out',
          buttons: [
            { type: 'QUICK_REPLY', text: 'Interested' },
            { type: 'URL', text: 'Shop', url: 'https://example.com' },
          ],
        }}
      />,
    );
    const phone = screen.getByRole('figure', { name: 'WhatsApp template preview' });
    expect(within(phone).getByText('Our sale')).toBeTruthy();
    expect(within(phone).getByTestId('preview-text').textContent).toBe('Hi Asha, use CHAI10 today.');
    expect(within(phone).getByText('Reply STOP to opt out')).toBeTruthy();
    expect(
      within(phone)
        .getAllByTestId('preview-button')
        .map((b) => b.textContent),
    ).toEqual(['Interested', 'Shop']);
  });
});

describe('the template builder', () => {
  it('when the developer types then the preview follows, and a suggestion over the limit shows the reason at the field', async () => {
    answerGets();
    const user = userEvent.setup();
    renderApp(`/u/addTemplate?botId=${BOT_ID}`, { details: DEVELOPER });
    const text = await screen.findByRole('textbox', { name: 'Message text' });
    await user.type(text, 'Chai time');
    const phone = screen.getByRole('figure', { name: 'RCS template preview' });
    expect(within(phone).getByTestId('preview-text').textContent).toBe('Chai time');

    await user.click(screen.getByRole('button', { name: 'Add suggestion' }));
    const chip = screen.getByRole('textbox', { name: 'Suggestion 1 text' });
    // Pasted: typed one key at a time, the long text alone took most of the test's time on a busy machine.
    await user.click(chip);
    await user.paste('x'.repeat(RCS_TEMPLATE_LIMITS.suggestionText + 1));
    await waitFor(() => expect(chip.getAttribute('aria-invalid')).toBe('true'));
    expect(within(phone).getByTestId('preview-suggestion').textContent).toBe(
      'x'.repeat(RCS_TEMPLATE_LIMITS.suggestionText + 1),
    );
    const described = chip.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(described)?.textContent).toMatch(
      String(RCS_TEMPLATE_LIMITS.suggestionText),
    );
  });

  it('when the developer switches to a carousel then the preview shows two cards and the carousel limits apply', async () => {
    answerGets();
    const errors = vi.spyOn(console, 'error');
    const user = userEvent.setup();
    renderApp(`/u/addTemplate?botId=${BOT_ID}`, { details: DEVELOPER });
    await user.click(await screen.findByRole('button', { name: 'Carousel' }));
    const phone = screen.getByRole('figure', { name: 'RCS template preview' });
    expect(within(phone).getAllByTestId('preview-card')).toHaveLength(2);
    const [firstTitle] = screen.getAllByRole('textbox', { name: 'Card title' });
    await user.type(firstTitle as HTMLElement, 'Masala');
    expect(within(phone).getAllByTestId('preview-card')[0]?.textContent).toContain('Masala');
    expect(screen.queryByRole('button', { name: 'Remove card' })).toBeNull();
    // The bot select had no options while the bots loaded: MUI said so on every visit.
    expect(errors.mock.calls.flat().join('\n')).not.toMatch(/children. must be passed/);
  });
});

describe('the template list', () => {
  it('when the bot has templates then each row shows name, channel, type, language, status and version', async () => {
    answerGets();
    renderApp('/u/add-view-template', { details: DEVELOPER });
    const table = await screen.findByRole('table', { name: 'Templates' });
    const row = within(table).getByText('Diwali offers').closest('tr') as HTMLElement;
    expect(within(row).getByText('RCS')).toBeTruthy();
    expect(within(row).getByText('Carousel')).toBeTruthy();
    expect(within(row).getByText('Approved')).toBeTruthy();
    expect(row.textContent).toContain('v2');
    expect(row.textContent).toContain('v1 in use');
  });

  it('when there is no template yet then the empty state leads to the builder', async () => {
    answerGets(pageList([]));
    renderApp(`/u/add-view-template?botId=${BOT_ID}`, { details: DEVELOPER });
    const build = await screen.findByRole('link', { name: 'Build a template' });
    expect(build.getAttribute('href')).toBe(`/u/addTemplate?botId=${BOT_ID}`);
  });
});

describe('the active template list', () => {
  it('when the Version header is clicked then the active templates are asked of the server by version, then the other way', async () => {
    const get = vi.spyOn(http, 'get').mockImplementation(async (url: string) => {
      if (url === '/secure/bots') return list([BOT]);
      if (url === '/secure/templates') return pageList([TEMPLATE]);
      if (url === '/secure/templates/active')
        return list([
          {
            template_id: TEMPLATE.template_id,
            bot_id: BOT_ID,
            bot_name: BOT.name,
            name: 'Diwali offers',
            channel: 'rcs',
            type: 'carousel',
            language: 'en',
            version: 1,
            version_id: '0b6c1f4e-3f6a-4d7e-9a55-444444444444',
            variables: [],
          },
        ]);
      return list([]);
    });
    const activeCalls = () =>
      get.mock.calls.filter(([url]) => url === '/secure/templates/active').map(([, , o]) => o?.params);
    renderApp(`/u/add-view-template?botId=${BOT_ID}&tab=active`, { details: DEVELOPER });
    const table = await screen.findByRole('table', { name: 'Active templates' }, { timeout: 5000 });
    expect(activeCalls().at(-1)).toMatchObject({ sort: 'name', order: 'asc' });
    const user = userEvent.setup();
    await user.click(within(table).getByRole('button', { name: 'Version' }));
    await waitFor(() => expect(activeCalls().at(-1)).toMatchObject({ sort: 'version', order: 'asc' }));
    await user.click(within(table).getByRole('button', { name: /^Version/ }));
    await waitFor(() => expect(activeCalls().at(-1)).toMatchObject({ sort: 'version', order: 'desc' }));
  });
});

describe('template tab counts', () => {
  it("when the developer opens the templates page then its two tabs say how many templates and active templates the bot's list holds", async () => {
    const get = answerGets({ ...list([TEMPLATE]), tabCounts: { templates: 4, active: 1 } });
    renderApp(`/u/add-view-template?botId=${BOT_ID}`, { details: DEVELOPER });
    expect(await screen.findByRole('tab', { name: 'Templates, 4 items' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Active templates, 1 item' })).toBeTruthy();
    // The counts are the bot's, whatever the list's own filters.
    expect(get.mock.calls.some(([, , options]) => options?.params?.bot_id === BOT_ID)).toBe(true);
  });

  it('when an admin opens the templates to review then each state tab shows its count', async () => {
    answerGets({ ...list([TEMPLATE]), tabCounts: { pending: 3, approved: 1, rejected: 0, all: 4 } });
    renderApp('/admin/templates', { details: SUPER_ADMIN });
    expect(await screen.findByRole('tab', { name: 'Pending, 3 items' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Approved, 1 item' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Rejected, 0 items' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'All, 4 items' })).toBeTruthy();
  });
});
