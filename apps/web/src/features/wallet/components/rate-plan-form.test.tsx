import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { http } from '@/lib/http/client';
import { RatePlanDialog } from './RatePlanDialog';
import { priceCell, ratePlanFormValues, tomorrowLocal, ZRatePlanForm } from './rate-plan-form';

const valid = () => ({
  ...ratePlanFormValues(null, 'MPG01'),
  carrier_id: '7',
  verification_price: '27.50',
  prices: { ...ratePlanFormValues(null, 'MPG01').prices, [priceCell('SINGLE_MESSAGE', 'OTP')]: ' 0.0031 ' },
});

describe('the rate plan form', () => {
  it('when it is filled in then it becomes the create request: the carrier as a number, the local date as ISO, only the prices typed', () => {
    const parsed = ZRatePlanForm.parse(valid());
    expect(parsed).toEqual({
      carrier_id: 7,
      plan_code: 'MPG01',
      currency: 'USD',
      effective_from: new Date(tomorrowLocal()).toISOString(),
      verification_price: '27.50',
      prices: [{ billing_category: 'SINGLE_MESSAGE', message_type: 'OTP', price: '0.0031' }],
    });
  });

  it('when nothing is chosen, the date is past or a price is wrong then each field says so', () => {
    const result = ZRatePlanForm.safeParse({
      ...valid(),
      carrier_id: '',
      effective_from: '2020-01-01T00:00',
      prices: { [priceCell('CONVERSATIONAL', 'Promotional')]: 'abc' },
    });
    expect(result.success).toBe(false);
    const byPath = Object.fromEntries(
      (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
    );
    expect(byPath.carrier_id).toBe('Choose a carrier');
    expect(byPath.effective_from).toBe('Effective from must not be in the past');
    expect(byPath['prices.CONVERSATIONAL|Promotional']).toMatch(/^Price must be an amount/);
  });

  it('when no price is typed then the grid asks for one, and the message goes once a price is typed', async () => {
    vi.spyOn(http, 'get').mockResolvedValue({
      items: [{ carrier_id: 7, carrier_name: 'Bharti Airtel', country_id: 'IN' }],
      total: 1,
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={client}>
        <RatePlanDialog open from={null} onClose={() => {}} />
      </QueryClientProvider>,
    );
    const dialog = screen.getByRole('dialog', { name: 'New rate plan version' });
    await user.click(within(dialog).getByRole('button', { name: 'Save version' }));
    expect(await within(dialog).findByText('Add at least one price')).toBeTruthy();
    expect(within(dialog).getByText('Choose a carrier')).toBeTruthy();
    await user.type(within(dialog).getByRole('textbox', { name: 'SINGLE_MESSAGE OTP price' }), '0.5');
    await waitFor(() => expect(within(dialog).queryByText('Add at least one price')).toBeNull());
    expect(
      (within(dialog).getByRole('textbox', { name: 'SINGLE_MESSAGE OTP price' }) as HTMLInputElement).value,
    ).toBe('0.5');
  });
});
