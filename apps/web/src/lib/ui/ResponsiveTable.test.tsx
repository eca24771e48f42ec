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
