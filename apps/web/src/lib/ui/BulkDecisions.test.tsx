import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { BulkDecisions, useBulkSelection } from './BulkDecisions';
import { ResponsiveTable } from './ResponsiveTable';

interface Launch {
  id: string;
  name: string;
}
const ROWS: Launch[] = [
  { id: 'a', name: 'Chai Bot' },
  { id: 'b', name: 'Masala Metro' },
];
const TEXTS = {
  one: 'launch',
  many: 'launches',
  approveEffect: 'Approve accepts it for the platform.',
  rejectEffect: 'Reject sends it back with your reason.',
};

function List({ decide }: { decide: Parameters<typeof BulkDecisions>[0]['decide'] }) {
  const selection = useBulkSelection({ rows: ROWS, rowKey: (r: Launch) => r.id, rowName: (r) => r.name });
  return (
    <>
      <BulkDecisions selection={selection} texts={TEXTS} decide={decide} />
      <ResponsiveTable
        label="Launches"
        columns={[{ label: 'Bot', render: (r: Launch) => r.name }]}
        rows={ROWS}
        rowKey={(r) => r.id}
        selection={selection}
      />
    </>
  );
}

describe('BulkDecisions', () => {
  it('when nothing is chosen then no bulk decision shows', () => {
    render(<List decide={vi.fn()} />);
    expect(screen.queryByRole('region', { name: 'Bulk decision' })).toBeNull();
  });

  it('when launches are rejected in bulk then one reason is asked before anything is sent, and each outcome is said; the refused stay chosen', async () => {
    const decide = vi.fn().mockResolvedValue({
      items: [
        { id: 'a', outcome: 'done', reason: null, status: 200 },
        { id: 'b', outcome: 'refused', reason: 'Someone decided first.', status: 409 },
      ],
      done: 1,
      refused: 1,
    });
    render(<List decide={decide} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'Choose every row on this page' }));
    const bar = screen.getByRole('region', { name: 'Bulk decision' });
    expect(within(bar).getByRole('status').textContent).toBe('2 launches chosen');
    await user.click(within(bar).getByRole('button', { name: 'Reject 2 launches' }));

    const dialog = screen.getByRole('dialog', { name: 'Reject 2 launches?' });
    expect(within(dialog).getByText(TEXTS.rejectEffect)).toBeTruthy();
    expect(within(dialog).getByRole('list', { name: 'The launches to reject' }).textContent).toBe(
      'Chai BotMasala Metro',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Reject 2 launches' }));
    expect(decide).not.toHaveBeenCalled();
    expect(within(dialog).getByText('Give a reason: each submitter reads it.')).toBeTruthy();

    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Use-case unclear');
    await user.click(within(dialog).getByRole('button', { name: 'Reject 2 launches' }));
    expect(decide).toHaveBeenCalledWith({ action: 'reject', ids: ['a', 'b'], reason: 'Use-case unclear' });

    const outcome = await screen.findByRole('dialog', { name: 'Reject: the outcome' });
    expect(within(outcome).getByText('1 launch rejected.')).toBeTruthy();
    expect(
      within(outcome)
        .getByText(/Masala Metro/)
        .closest('li')?.textContent,
    ).toBe('Masala Metro: Someone decided first.');
    await user.click(within(outcome).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((screen.getByRole('checkbox', { name: 'Choose Masala Metro' }) as HTMLInputElement).checked).toBe(
      true,
    );
    expect((screen.getByRole('checkbox', { name: 'Choose Chai Bot' }) as HTMLInputElement).checked).toBe(
      false,
    );
  });

  it('when the bulk call fails then the dialog says why and keeps the reason typed', async () => {
    const decide = vi.fn().mockRejectedValue(new Error('The network is down.'));
    render(<List decide={decide} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'Choose Chai Bot' }));
    await user.click(screen.getByRole('button', { name: 'Approve 1 launch' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve 1 launch?' });
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Fine');
    await user.click(within(dialog).getByRole('button', { name: 'Approve 1 launch' }));
    expect(await within(dialog).findByText(/went wrong|network is down/i)).toBeTruthy();
    expect((within(dialog).getByRole('textbox', { name: /Reason/ }) as HTMLTextAreaElement).value).toBe(
      'Fine',
    );
    expect(decide).toHaveBeenCalledWith({ action: 'approve', ids: ['a'], reason: 'Fine' });
  });
});
