import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { StatusChip } from './StatusChip';

const LONG = 'Approved by the platform, pending from the carriers';

describe('StatusChip', () => {
  it('when a state has a long wording then the chip shows the short label on one line and the wording under it', () => {
    render(<StatusChip status={{ key: 'bot_approved_by_portico_pending_from_carrier', label: LONG }} />);
    const chip = screen.getByText('Awaiting carriers');
    expect(getComputedStyle(chip).whiteSpace).toBe('nowrap');
    // The wording is the secondary line, read by screen readers instead of the short label.
    expect(screen.getByText(LONG)).toBeTruthy();
    expect(chip.parentElement?.getAttribute('aria-hidden')).toBe('true');
    expect(chip.parentElement?.getAttribute('data-tone')).toBe('primary');
  });

  it('when the pointer rests on the chip then the tooltip says the full wording', async () => {
    render(
      <StatusChip status={{ key: 'bot_approved_by_portico_pending_from_carrier', label: LONG }} compact />,
    );
    // Compact: no visible secondary line, the wording stays for screen readers.
    await userEvent.setup().hover(screen.getByText('Awaiting carriers'));
    expect(await screen.findByRole('tooltip')).toHaveProperty('textContent', LONG);
  });

  it('when the label is already short then there is no tooltip and no second line', () => {
    const { container } = render(<StatusChip status={{ key: 'launched', label: 'Launched' }} prefix="Jio" />);
    expect(screen.getByText('Jio: Launched')).toBeTruthy();
    expect(container.textContent).toBe('Jio: Launched');
  });

  it('when given a label and tone then the dot keeps its size beside any label', () => {
    const { container } = render(<StatusChip label="Sent" tone="success" data-testid="chip" />);
    const dot = container.querySelector('[aria-hidden="true"]') as HTMLElement;
    expect(getComputedStyle(dot).flexShrink).toBe('0');
    expect(getComputedStyle(dot).width).toBe('8px');
    expect(screen.getByTestId('chip').getAttribute('data-tone')).toBe('success');
  });
});
