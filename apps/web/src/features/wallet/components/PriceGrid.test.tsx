import type { TRatePlan } from '@portico/domain';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PriceGrid } from './PriceGrid';

const PLAN = {
  currency: 'USD',
  prices: [
    { billing_category: 'SINGLE_MESSAGE', message_type: 'OTP', price: '0.0100' },
    { billing_category: 'BASIC_MESSAGE', message_type: 'OTP', price: '0.0020' },
    { billing_category: 'CONVERSATIONAL', message_type: 'OTP', price: '0.0500' },
  ],
} as unknown as TRatePlan; // Only the fields the grid reads.

const categories = () =>
  within(screen.getByRole('table', { name: 'Jio prices' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.firstChild?.textContent);

describe('the price grid', () => {
  it('when a header is clicked then the billing categories sort by name or by that price, and again the other way', async () => {
    render(<PriceGrid plan={PLAN} caption="Jio prices" />);
    expect(categories()).toEqual(['Single Message', 'Basic Message', 'Conversational']);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Billing category' }));
    expect(categories()).toEqual(['Basic Message', 'Conversational', 'Single Message']);
    await user.click(screen.getByRole('button', { name: 'OTP' }));
    expect(categories()).toEqual(['Basic Message', 'Single Message', 'Conversational']);
    await user.click(screen.getByRole('button', { name: /^OTP/ }));
    expect(categories()).toEqual(['Conversational', 'Single Message', 'Basic Message']);
  });
});
