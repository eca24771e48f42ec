import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ResponsiveColumn, type ResponsiveExpansion, ResponsiveTable } from './ResponsiveTable';

interface Carrier {
  id: string;
  name: string;
  price: string | null;
}

const CARRIERS: Carrier[] = [
  { id: 'jio', name: 'Reliance Jio', price: '$25.00' },
  { id: 'vi', name: 'Vi', price: null },
];
const COLUMNS: ResponsiveColumn<Carrier>[] = [
  { label: 'Carrier', render: (carrier) => carrier.name },
  { label: 'Verification', render: (carrier) => carrier.price ?? 'No plan yet' },
];
const PRICES: ResponsiveExpansion<Carrier> = {
  label: 'Prices',
  buttonLabel: (carrier, open) => `${open ? 'Hide' : 'Show'} ${carrier.name} prices`,
  when: (carrier) => carrier.price !== null,
  render: (carrier) => <p>{`${carrier.name} price grid`}</p>,
};

function renderTable(props: { rowHeaders?: boolean } = {}) {
  return render(
    <ResponsiveTable
      label="Carrier prices"
      columns={COLUMNS}
      rows={CARRIERS}
      rowKey={(carrier) => carrier.id}
      expansion={PRICES}
      {...props}
    />,
  );
}

/** Below `md` (the theme's max-width queries match), as at 600 px. */
function narrowScreen() {
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({
        matches: /max-width/.test(query),
        media: query,
        onchange: null,
        addEventListener: () => {},
        removeEventListener: () => {},
        addListener: () => {},
        removeListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The button shows what it controls: its region is in the page, open or closed. */
async function expectToggles(scope: HTMLElement) {
  const show = within(scope).getByRole('button', { name: 'Show Reliance Jio prices' });
  expect(show.getAttribute('aria-expanded')).toBe('false');
  const region = document.getElementById(show.getAttribute('aria-controls') ?? '');
  expect(region).not.toBeNull();
  expect(screen.queryByText('Reliance Jio price grid')).toBeNull();

  await userEvent.setup().click(show);
  const hide = within(scope).getByRole('button', { name: 'Hide Reliance Jio prices' });
  expect(hide.getAttribute('aria-expanded')).toBe('true');
  expect(within(region as HTMLElement).getByText('Reliance Jio price grid')).toBeTruthy();
  // A row with nothing to open has no button.
  expect(within(scope).queryByRole('button', { name: /Vi prices/ })).toBeNull();
}

describe('ResponsiveTable with rows that open', () => {
  it('when wide then each row that opens has a button before it and its content under it in the table', async () => {
    renderTable();
    const table = screen.getByRole('table', { name: 'Carrier prices' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Prices', 'Carrier', 'Verification']);
    await expectToggles(table);
    const region = table.querySelector('[id$="expanded-jio"]');
    expect(region?.closest('td')?.getAttribute('colspan')).toBe('3');
  });

  it('when narrow (600 px) then the button is on the card and the content opens inside the card', async () => {
    narrowScreen();
    renderTable();
    const list = screen.getByRole('list', { name: 'Carrier prices' });
    expect(screen.queryByRole('table')).toBeNull();
    await expectToggles(list);
    const [jio] = within(list).getAllByRole('listitem');
    expect(within(jio as HTMLElement).getByText('Reliance Jio price grid')).toBeTruthy();
  });

  it('when its first column heads the rows then those cells are row headers', () => {
    renderTable({ rowHeaders: true });
    expect(screen.getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(['Reliance Jio', 'Vi']);
  });
});

describe('ResponsiveTable sorting and choosing', () => {
  const SORTABLE: ResponsiveColumn<Carrier>[] = [
    { label: 'Carrier', sortField: 'name', render: (carrier) => carrier.name },
    { label: 'Verification', render: (carrier) => carrier.price ?? 'No plan yet' },
  ];

  it('when a sortable header is clicked then it asks its field ascending, and the sorted one turns; aria-sort says how', async () => {
    const onSort = vi.fn();
    const { rerender } = render(
      <ResponsiveTable
        label="Carriers"
        columns={SORTABLE}
        rows={CARRIERS}
        rowKey={(c) => c.id}
        sort={{ field: 'updated_at', order: 'desc', onSort }}
      />,
    );
    const header = screen.getByRole('columnheader', { name: 'Carrier' });
    expect(header.getAttribute('aria-sort')).toBeNull();
    // A column without a sort field has no button.
    expect(
      within(screen.getByRole('columnheader', { name: 'Verification' })).queryByRole('button'),
    ).toBeNull();
    await userEvent.setup().click(within(header).getByRole('button', { name: 'Carrier' }));
    expect(onSort).toHaveBeenLastCalledWith('name', 'asc');

    rerender(
      <ResponsiveTable
        label="Carriers"
        columns={SORTABLE}
        rows={CARRIERS}
        rowKey={(c) => c.id}
        sort={{ field: 'name', order: 'asc', onSort }}
      />,
    );
    const sorted = screen.getByRole('columnheader', { name: /Carrier/ });
    expect(sorted.getAttribute('aria-sort')).toBe('ascending');
    await userEvent.setup().click(within(sorted).getByRole('button'));
    expect(onSort).toHaveBeenLastCalledWith('name', 'desc');
  });

  it('when rows are chosen then each box and the header box change the selection, and a row that may not be chosen has none', async () => {
    const onChange = vi.fn();
    const selection = {
      selected: new Set<string>(),
      onChange,
      rowLabel: (c: Carrier) => `Choose ${c.name}`,
      when: (c: Carrier) => c.price !== null,
    };
    render(
      <ResponsiveTable
        label="Carriers"
        columns={COLUMNS}
        rows={CARRIERS}
        rowKey={(c) => c.id}
        selection={selection}
      />,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'Choose Reliance Jio' }));
    expect([...(onChange.mock.lastCall?.[0] ?? [])]).toEqual(['jio']);
    expect(screen.queryByRole('checkbox', { name: 'Choose Vi' })).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Choose every row on this page' }));
    expect([...(onChange.mock.lastCall?.[0] ?? [])]).toEqual(['jio']);
  });

  it('when narrow then each card has its box and one box chooses the page', async () => {
    narrowScreen();
    const onChange = vi.fn();
    render(
      <ResponsiveTable
        label="Carriers"
        columns={COLUMNS}
        rows={CARRIERS}
        rowKey={(c) => c.id}
        selection={{ selected: new Set(['jio']), onChange, rowLabel: (c) => `Choose ${c.name}` }}
      />,
    );
    expect(screen.queryByRole('table')).toBeNull();
    expect((screen.getByRole('checkbox', { name: 'Choose Reliance Jio' }) as HTMLInputElement).checked).toBe(
      true,
    );
    await userEvent.setup().click(screen.getByRole('checkbox', { name: 'Choose every row on this page' }));
    expect([...(onChange.mock.lastCall?.[0] ?? [])].sort()).toEqual(['jio', 'vi']);
  });
});
