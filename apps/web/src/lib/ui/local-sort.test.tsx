import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type LocalSortColumn, useLocalSort } from './local-sort';
import { ResponsiveTable } from './ResponsiveTable';

interface Row {
  name: string;
  sent: number | null;
}
const ROWS: Row[] = [
  { name: 'Carrier 10', sent: 5 },
  { name: 'carrier 2', sent: null },
  { name: 'Carrier 1', sent: 40 },
];
const COLUMNS: LocalSortColumn<Row>[] = [
  { label: 'Carrier', render: (r) => r.name, sortValue: (r) => r.name },
  { label: 'Sent', render: (r) => String(r.sent ?? '—'), sortValue: (r) => r.sent },
  { label: 'Note', render: () => 'x' },
];

function Table() {
  const sorted = useLocalSort(COLUMNS, ROWS);
  return (
    <ResponsiveTable
      label="Usage"
      columns={sorted.columns}
      rows={sorted.rows}
      rowKey={(r) => r.name}
      sort={sorted.sort}
    />
  );
}
const names = () =>
  within(screen.getByRole('table', { name: 'Usage' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.firstChild?.textContent);

describe('useLocalSort', () => {
  it('when a header is clicked then the rows sort by it (natural order, empty values last), and again the other way', async () => {
    render(<Table />);
    expect(names()).toEqual(['Carrier 10', 'carrier 2', 'Carrier 1']);
    expect(screen.queryByRole('button', { name: 'Note' })).toBeNull();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Carrier' }));
    expect(names()).toEqual(['Carrier 1', 'carrier 2', 'Carrier 10']);
    expect(screen.getByRole('columnheader', { name: /^Carrier/ }).getAttribute('aria-sort')).toBe(
      'ascending',
    );
    await user.click(screen.getByRole('button', { name: 'Sent' }));
    expect(names()).toEqual(['Carrier 10', 'Carrier 1', 'carrier 2']);
    await user.click(screen.getByRole('button', { name: /^Sent/ }));
    expect(names()).toEqual(['Carrier 1', 'Carrier 10', 'carrier 2']);
  });
});
