import { APPROVAL_AREA_MESSAGES, ZTopup } from '@portico/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browser } from '@/lib/browser';
import { http } from '@/lib/http/client';
import { PENDING_AGGREGATOR, partnerDetails } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

const BALANCE = {
  currency: 'USD',
  balance: '308.3045',
  held: '25.00',
  low_balance_threshold: '400.00',
  low_balance: true,
};

function mockApi() {
  vi.spyOn(http, 'get').mockImplementation(async (url: string) => {
    if (url === '/secure/wallet/balance') return BALANCE;
    if (url === '/secure/wallet/transactions') return { items: [], total: 0 };
    if (url === '/secure/wallet/pending-charges')
      return { currency: 'USD', count: 0, amount: '0.00', since: null };
    throw new Error(`unexpected GET ${url}`);
  });
  return vi.spyOn(http, 'post').mockResolvedValue({
    topup_id: 't-1',
    amount: '40.00',
    currency: 'USD',
    status: 'pending',
    provider: 'sandbox',
    created_at: '2026-01-01T00:00:00.000Z',
    completed_at: null,
    checkout_url: '/payments/sandbox/checkout/t-1',
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('My Wallet', () => {
  it('when the partner has no wallet then it says so and loads nothing', async () => {
    const get = vi.spyOn(http, 'get');
    renderApp('/u/my-wallet', { details: partnerDetails({ hasEwallet: false }) });
    expect(await screen.findByText('No wallet on this account')).toBeTruthy();
    expect(get).not.toHaveBeenCalledWith('/secure/wallet/balance', expect.anything());
  });

  it('when an aggregator awaits approval then the wallet shows why it cannot be topped up, with no form', async () => {
    mockApi();
    renderApp('/u/my-wallet', { details: PENDING_AGGREGATOR });
    expect((await screen.findByTestId('wallet-balance')).textContent).toBe('$308.30');
    expect(screen.getByText(APPROVAL_AREA_MESSAGES.billing)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Top up' })).toBeNull();
  });

  it('when the balance is below the threshold then the banner shows; an invalid amount keeps what was typed; a valid one goes to the checkout', async () => {
    const post = mockApi();
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    renderApp('/u/my-wallet', { details: partnerDetails() });
    expect((await screen.findByTestId('wallet-balance')).textContent).toBe('$308.30');
    expect(screen.getByRole('alert').textContent).toContain('below your alert threshold of $400.00');
    expect(await screen.findByText('Top-ups and charges will be listed here.')).toBeTruthy();

    const user = userEvent.setup();
    const amount = screen.getByRole('textbox', { name: 'Amount' });
    await user.type(amount, '9.5');
    await user.click(screen.getByRole('button', { name: 'Top up' }));
    expect(screen.getByText('Amount must be at least 10.00')).toBeTruthy();
    expect((amount as HTMLInputElement).value).toBe('9.5');
    expect(post).not.toHaveBeenCalled();

    await user.clear(amount);
    await user.type(amount, '40');
    await user.click(screen.getByRole('button', { name: 'Top up' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/payments/sandbox/checkout/t-1'));
    expect(post).toHaveBeenCalledWith('/secure/wallet/topups', { amount: '40' }, ZTopup);
  });

  it('when the user is the read-only child aggregator then there is no top-up form', async () => {
    mockApi();
    renderApp('/u/my-wallet', { details: partnerDetails({ role: 'CHILD_AGGREGATOR_READONLY' }) });
    expect(await screen.findByText(/can view the wallet but not top it up/)).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Amount' })).toBeNull();
  });

  it('when messages were just sent then their charge shows pending at once, and once settled the debit is in the history', async () => {
    let settled = false;
    const debit = {
      transaction_id: 'tx-9',
      created_at: '2026-11-28T10:00:00.000Z',
      kind: 'debit',
      description: 'Messages sent: 3',
      amount: '-0.0295',
      running_balance: '308.275',
      reference: 'batch-1',
      hold_status: null,
    };
    const get = vi.spyOn(http, 'get').mockImplementation(async (url: string) => {
      if (url === '/secure/wallet/balance') return BALANCE;
      if (url === '/secure/wallet/transactions')
        return settled ? { items: [debit], total: 1 } : { items: [], total: 0 };
      if (url === '/secure/wallet/pending-charges')
        return settled
          ? { currency: 'USD', count: 0, amount: '0.00', since: null }
          : { currency: 'USD', count: 3, amount: '0.0295', since: '2026-11-28T09:59:30.000Z' };
      throw new Error(`unexpected GET ${url}`);
    });
    renderApp('/u/my-wallet', { details: partnerDetails() });
    const pending = await screen.findByRole('status', { name: 'Pending charges' });
    expect(pending.textContent).toContain('Messages sent: 3 — charge pending');
    expect(pending.textContent).toContain('−$0.0295');

    // The settlement batch runs: the next look finds nothing pending, and the history is read again.
    settled = true;
    await waitFor(() => expect(screen.queryByRole('status', { name: 'Pending charges' })).toBeNull(), {
      timeout: 15_000,
    });
    expect(await screen.findByText('Messages sent: 3')).toBeTruthy();
    expect(get.mock.calls.filter(([url]) => url === '/secure/wallet/transactions').length).toBeGreaterThan(1);
  }, 30_000);
});
