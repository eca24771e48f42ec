import type { TWhatsappRateCard } from '@portico/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { http } from '@/lib/http/client';
import { partnerDetails, SUPER_ADMIN } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

const INDIA: TWhatsappRateCard = {
  rate_card_id: 11,
  country_id: 'IN',
  country_name: 'India',
  currency: 'USD',
  effective_from: '2023-01-01T00:00:00.000Z',
  effective_to: null,
  prices: [
    { category: 'marketing', price: '0.0107' },
    { category: 'utility', price: '0.0014' },
    { category: 'authentication', price: '0.0014' },
    { category: 'service', price: '0.00' },
  ],
  created_at: '2023-01-01T00:00:00.000Z',
};

function answerGets(cards: TWhatsappRateCard[]) {
  return vi.spyOn(http, 'get').mockImplementation(async (url: string) => {
    if (url === '/secure/whatsapp-rate-cards' || url === '/secure/pricing/whatsapp')
      return { items: cards, total: cards.length };
    if (url === '/secure/rate-plans' || url === '/reference/carriers') return { items: [], total: 0 };
    if (url === '/secure/pricing') return { region: 'India', items: [], total: 0 };
    if (url === '/secure/wallet/balance')
      return {
        currency: 'USD',
        balance: '10.00',
        held: '0.00',
        low_balance_threshold: null,
        low_balance: false,
      };
    if (url === '/reference/countries')
      return {
        items: [{ country_id: 'US', name: 'United States', dialling_code: '+1', region: 'Rest of World' }],
        total: 1,
      };
    throw new Error(`unexpected GET ${url}`);
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('WhatsApp rate cards on the rate-plans screen', () => {
  it('when the admin opens the WhatsApp tab then each country card lists its price per category, and a new version is saved', async () => {
    const get = answerGets([INDIA]);
    const post = vi.spyOn(http, 'post').mockResolvedValue({ ...INDIA, rate_card_id: 12, country_id: 'US' });
    renderApp('/admin/rate-plans?tab=whatsapp', { details: SUPER_ADMIN });

    const table = await screen.findByRole('table', { name: 'WhatsApp rate card versions' });
    const row = within(table).getAllByRole('row')[1] as HTMLElement;
    expect(row.textContent).toContain('India');
    expect(row.textContent).toContain('$0.0107');
    expect(row.textContent).toContain('In force');
    expect(get).toHaveBeenCalledWith('/secure/whatsapp-rate-cards', expect.anything(), {
      params: { start: 0, end: 10, sort: 'country', order: 'asc' },
    });

    const user = userEvent.setup();
    // A header sorts the versions on the server: by start, earliest first, then turned.
    await user.click(within(table).getByRole('button', { name: 'Effective from' }));
    await waitFor(() =>
      expect(get).toHaveBeenCalledWith('/secure/whatsapp-rate-cards', expect.anything(), {
        params: { start: 0, end: 10, sort: 'effective_from', order: 'asc' },
      }),
    );
    expect(
      within(await screen.findByRole('table', { name: 'WhatsApp rate card versions' }))
        .getByRole('columnheader', { name: /Effective from/ })
        .getAttribute('aria-sort'),
    ).toBe('ascending');

    await user.click(screen.getByRole('button', { name: 'New WhatsApp rate card' }));
    const dialog = await screen.findByRole('dialog', { name: 'New WhatsApp rate card version' });
    await user.click(within(dialog).getByRole('button', { name: 'Save version' }));
    expect(await within(dialog).findByText('Choose a country')).toBeTruthy();
    expect(within(dialog).getByText('Add at least one price')).toBeTruthy();

    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Country' }),
      await within(within(dialog).getByRole('combobox', { name: 'Country' })).findByRole('option', {
        name: 'United States (US)',
      }),
    );
    await user.type(within(dialog).getByRole('textbox', { name: 'Marketing' }), '0.025');
    await user.type(within(dialog).getByRole('textbox', { name: 'Service' }), '0');
    await user.click(within(dialog).getByRole('button', { name: 'Save version' }));
    await waitFor(() => expect(post).toHaveBeenCalled());
    expect(post.mock.calls[0]?.[0]).toBe('/secure/whatsapp-rate-cards');
    expect(post.mock.calls[0]?.[1]).toMatchObject({
      country_id: 'US',
      currency: 'USD',
      prices: [
        { category: 'marketing', price: '0.025' },
        { category: 'service', price: '0' },
      ],
    });
  });

  it('when a read-only admin opens the tab then the cards show with no way to add one', async () => {
    answerGets([INDIA]);
    renderApp('/admin/rate-plans?tab=whatsapp', {
      details: partnerDetails({ role: 'ADMIN_PORTICO_READONLY', hasEwallet: false }),
    });
    expect(await screen.findByRole('table', { name: 'WhatsApp rate card versions' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New WhatsApp rate card' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'New version' })).toBeNull();
  });

  it('when a developer opens PRICING then the WhatsApp prices per country and category are shown, and a header sorts them on the server', async () => {
    const get = answerGets([INDIA]);
    renderApp('/u/my-carriers', { details: partnerDetails() });
    const table = await screen.findByRole('table', { name: 'WhatsApp prices by country' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual([
      'Country, sorted ascending',
      'Marketing',
      'Utility',
      'Authentication',
      'Service',
      'Effective from',
    ]);
    expect(within(table).getAllByRole('row')[1]?.textContent).toContain('$0.0014');
    expect(get).toHaveBeenCalledWith('/secure/pricing/whatsapp', expect.anything(), {
      params: { start: 0, end: 10, sort: 'country', order: 'asc' },
    });
    const user = userEvent.setup();
    await user.click(within(table).getByRole('button', { name: 'Marketing' }));
    await waitFor(() =>
      expect(get).toHaveBeenCalledWith('/secure/pricing/whatsapp', expect.anything(), {
        params: { start: 0, end: 10, sort: 'marketing', order: 'asc' },
      }),
    );
    await user.click(
      within(await screen.findByRole('table', { name: 'WhatsApp prices by country' })).getByRole('button', {
        name: /^Marketing/,
      }),
    );
    await waitFor(() =>
      expect(get).toHaveBeenCalledWith('/secure/pricing/whatsapp', expect.anything(), {
        params: { start: 0, end: 10, sort: 'marketing', order: 'desc' },
      }),
    );
  });
});
