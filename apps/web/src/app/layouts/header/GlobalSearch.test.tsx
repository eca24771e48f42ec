import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '@/lib/http/client';
import { CARRIER_ADMIN, DEVELOPER, SUPER_ADMIN } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

const BOT_ID = '6f1c2a52-3c2e-4f7e-9a51-1d7f3d2b8c10';
const status = (key: string, label: string) => ({ code: 1, key, label });
const bot = {
  bot_id: BOT_ID,
  name: 'Chai Agent',
  channels: [{ channel_type: 1 }],
  status: status('launched', 'Launched'),
  partner_name: 'Chai Point',
  carrier_status: null,
};
const brand = {
  brand_id: 'b7d1',
  name: 'Chai Point',
  partner_name: 'Chai Point',
  status: status('approved', 'Approved'),
  carrier_status: null,
};
const template = {
  template_id: 't-9',
  name: 'chai_offer',
  bot_name: 'Chai Agent',
  partner_name: 'Chai Point',
  status: status('approved', 'Approved'),
};
const aggregator = {
  partner_id: 'p-77',
  name: 'Chai Aggregates',
  owner_email: 'owner@chai.test',
  status: status('approved', 'Approved'),
  carrier_status: null,
};

const LISTS: Record<string, unknown[]> = {
  '/secure/bots': [bot],
  '/secure/bot-reviews': [bot],
  '/secure/carrier/bot-reviews': [bot],
  '/secure/brands': [brand],
  '/secure/templates': [template],
  '/secure/aggregators': [aggregator],
};

/** The search calls asked for, as path and query. */
const searches = () =>
  vi
    .mocked(http.get)
    .mock.calls.filter(([, , config]) => (config as { params?: { search?: string } })?.params?.search)
    .map(([url, , config]) => ({ url, params: (config as { params: object }).params }));

beforeEach(() => {
  vi.restoreAllMocks();
  vi.spyOn(http, 'get').mockImplementation((async (
    url: string,
    _schema: unknown,
    config?: { params?: object },
  ) => {
    if (url.endsWith('/unread-count')) return { unread: 0 };
    if (url.endsWith('/review-dashboard'))
      return { cards: [], requests: [], generated_at: '2026-11-28T09:00:00.000Z' };
    // The page a hit opens stays loading: its own tests cover it.
    if (!(url in LISTS)) return new Promise(() => {});
    const searched = (config?.params as { search?: string } | undefined)?.search;
    const items = searched ? (LISTS[url] ?? []) : [];
    return { items, total: searched ? 7 : 0, by_status: [], tabCounts: {}, unread: 0 };
  }) as typeof http.get);
});

async function openSearch() {
  // The header loads it once the browser is idle.
  const button = await screen.findByRole('button', { name: 'Search bots, brands, templates and partners' });
  await userEvent.click(button);
  return within(await screen.findByRole('dialog', { name: 'Search' }));
}

describe('the header search', () => {
  it('when a developer types a name then its own bots, brands and templates are found through its own lists, and a hit opens its page', async () => {
    renderApp('/u/my-wallet', { details: DEVELOPER });
    const dialog = await openSearch();
    const input = dialog.getByRole('combobox', { name: 'Bots, brands, templates and partners' });
    await userEvent.type(input, 'c');
    expect(await dialog.findByText('Type at least 2 characters of a name, or paste an id.')).toBeTruthy();
    await userEvent.type(input, 'hai');
    const listbox = within(await dialog.findByRole('listbox'));
    await waitFor(() => expect(listbox.getAllByRole('option')).toHaveLength(3));
    expect(listbox.getByText('Bots (first 1 of 7: type more to narrow)')).toBeTruthy();
    expect(listbox.getByText('Chai Agent · Approved')).toBeTruthy();
    expect(searches().map((call) => call.url)).toEqual(
      expect.arrayContaining(['/secure/bots', '/secure/brands', '/secure/templates']),
    );
    expect(searches().every((call) => !/aggregators|bot-reviews/.test(call.url))).toBe(true);
    expect(searches()[0]?.params).toMatchObject({ start: 0, end: 5, search: 'chai' });

    await userEvent.click(listbox.getByRole('option', { name: /^Chai Agent/ }));
    await waitFor(() => expect(document.title).toMatch(/^Bot Details · /));
    expect(screen.queryByRole('dialog', { name: 'Search' })).toBeNull();
  });

  it("when a carrier admin searches then bots come from its network's review list and every hit opens a carrier page; no templates", async () => {
    renderApp('/billing/edit-profile', { details: CARRIER_ADMIN });
    const dialog = await openSearch();
    await userEvent.type(dialog.getByRole('combobox'), 'chai');
    const listbox = within(await dialog.findByRole('listbox'));
    await waitFor(() => expect(listbox.getAllByRole('option')).toHaveLength(3));
    expect(
      searches()
        .map((call) => call.url)
        .sort(),
    ).toEqual(['/secure/aggregators', '/secure/brands', '/secure/carrier/bot-reviews']);
    // Enter opens the highlighted (first) hit: the carrier's bot page.
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Search' })).toBeNull());
    await waitFor(() => expect(document.title).toMatch(/^Bot Details · /));
  });

  it('when a platform admin opens the search with "/" then partners and templates are searched too', async () => {
    renderApp('/admin/edit-profile', { details: SUPER_ADMIN });
    await screen.findByRole('button', { name: 'Search bots, brands, templates and partners' });
    await userEvent.keyboard('/');
    const dialog = within(await screen.findByRole('dialog', { name: 'Search' }));
    await userEvent.type(dialog.getByRole('combobox'), BOT_ID);
    const listbox = within(await dialog.findByRole('listbox'));
    await waitFor(() => expect(listbox.getAllByRole('option')).toHaveLength(4));
    expect(listbox.getByText('Aggregator · Approved')).toBeTruthy();
    // Launches in every state, not only the review list's default tab (what waits).
    expect(searches().find((call) => call.url === '/secure/bot-reviews')?.params).toMatchObject({
      tab: 'all',
    });
    expect(
      searches()
        .map((call) => call.url)
        .sort(),
    ).toEqual(['/secure/aggregators', '/secure/bot-reviews', '/secure/brands', '/secure/templates']);
  });
});
