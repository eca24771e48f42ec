import KeyboardArrowDown from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUp from '@mui/icons-material/KeyboardArrowUp';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import type { SxProps, Theme } from '@mui/material/styles';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Fragment, type ReactNode, useId, useState } from 'react';
import { ariaSort, SortableHeader } from './SortableHeader';
import { visuallyHidden } from './visually-hidden';

/** One column: its header (the label of its value on a card too) and how a row shows in it. */
export interface ResponsiveColumn<Row> {
  label: string;
  /** The header is read by screen readers only, and on a card the value comes without a label (actions). */
  hideLabel?: boolean;
  render: (row: Row) => ReactNode;
  align?: 'left' | 'right';
  /** `sx` of the column's cells in the table (not on cards). */
  cellSx?: SxProps<Theme>;
  /** The list's server-side sort field this column's header sorts by (with `sort` on the table). */
  sortField?: string;
}

export type SortOrder = 'asc' | 'desc';

/**
 * The list's sort, shown on the headers of the columns that have a `sortField`: clicking one sorts
 * by it (ascending first; the sorted column again turns the order). The sorted header says how
 * (`aria-sort`). The same state drives the toolbar's Sort select, which is what cards below `md` use.
 */
export interface TableSort {
  field: string;
  order: SortOrder;
  onSort: (field: string, order: SortOrder) => void;
}

/**
 * Rows that may be chosen for a bulk action: a box before each row (on a card, before its title)
 * and one in the header for every choosable row on the page.
 */
export interface TableSelection<Row> {
  selected: ReadonlySet<string>;
  onChange: (next: ReadonlySet<string>) => void;
  /** The box's name, e.g. "Choose Chai Bot". */
  rowLabel: (row: Row) => string;
  /** Whether the row may be chosen (no box when not); every row when left out. */
  when?: (row: Row) => boolean;
}

/**
 * A sortable header cell for a table laid out by hand (MY BOTS, the public carriers): the same
 * header as ResponsiveTable's; `adornment` goes before the label (a chart's legend dot).
 */
export function SortableHeaderCell({
  label,
  field,
  sort,
  sx,
  align,
  adornment,
}: {
  label: string;
  field: string;
  sort: TableSort;
  sx?: SxProps<Theme>;
  align?: 'left' | 'right';
  adornment?: ReactNode;
}) {
  return (
    <TableCell
      aria-sort={ariaSort(sort, field)}
      sortDirection={sort.field === field ? sort.order : false}
      align={align}
      sx={sx}
    >
      <SortableHeader column={{ label, sortField: field }} sort={sort} adornment={adornment} />
    </TableCell>
  );
}

function SelectBox<Row>({
  row,
  rowId,
  selection,
}: {
  row: Row;
  rowId: string;
  selection: TableSelection<Row>;
}) {
  if (selection.when && !selection.when(row)) return null;
  const checked = selection.selected.has(rowId);
  return (
    <Checkbox
      size="small"
      checked={checked}
      slotProps={{ input: { 'aria-label': selection.rowLabel(row) } }}
      onChange={() => {
        const next = new Set(selection.selected);
        if (checked) next.delete(rowId);
        else next.add(rowId);
        selection.onChange(next);
      }}
    />
  );
}

/** The header's box: every choosable row of the page chosen, or none. */
function SelectAllBox<Row>({
  rows,
  rowKey,
  selection,
}: {
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  selection: TableSelection<Row>;
}) {
  const keys = rows.filter((row) => !selection.when || selection.when(row)).map(rowKey);
  const chosen = keys.filter((key) => selection.selected.has(key)).length;
  return (
    <Checkbox
      size="small"
      disabled={keys.length === 0}
      checked={keys.length > 0 && chosen === keys.length}
      indeterminate={chosen > 0 && chosen < keys.length}
      slotProps={{ input: { 'aria-label': 'Choose every row on this page' } }}
      onChange={() => {
        const next = new Set(selection.selected);
        const all = chosen === keys.length;
        for (const key of keys) {
          if (all) next.delete(key);
          else next.add(key);
        }
        selection.onChange(next);
      }}
    />
  );
}

/**
 * What a row opens onto (a price grid): a button before the row (on a card, beside its title) shows
 * it under the row, the same in the table and on the cards, and stays open across the breakpoint.
 */
export interface ResponsiveExpansion<Row> {
  /** The button column's header, read by screen readers only. */
  label: string;
  /** The button's name, for a row shown (`open`) or hidden: "Show Reliance Jio prices". */
  buttonLabel: (row: Row, open: boolean) => string;
  render: (row: Row) => ReactNode;
  /** Whether the row has anything to open (no button when not); every row when left out. */
  when?: (row: Row) => boolean;
}

/** Which rows are open, by `rowKey`, and the ids of what they open onto. */
interface Expanded<Row> {
  expansion: ResponsiveExpansion<Row>;
  isOpen: (key: string) => boolean;
  toggle: (key: string) => void;
  regionId: (key: string) => string;
}

function useExpanded<Row>(expansion: ResponsiveExpansion<Row> | undefined): Expanded<Row> | undefined {
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set());
  const prefix = useId();
  if (!expansion) return undefined;
  return {
    expansion,
    isOpen: (key) => open.has(key),
    toggle: (key) =>
      setOpen((previous) => {
        const next = new Set(previous);
        if (!next.delete(key)) next.add(key);
        return next;
      }),
    regionId: (key) => `${prefix}expanded-${key}`,
  };
}

/** The button that shows or hides a row's expansion; it names and controls the region under the row. */
function ExpandButton<Row>({ row, rowId, expanded }: { row: Row; rowId: string; expanded: Expanded<Row> }) {
  const open = expanded.isOpen(rowId);
  return (
    <IconButton
      size="small"
      aria-label={expanded.expansion.buttonLabel(row, open)}
      aria-expanded={open}
      aria-controls={expanded.regionId(rowId)}
      onClick={() => expanded.toggle(rowId)}
    >
      {open ? <KeyboardArrowUp /> : <KeyboardArrowDown />}
    </IconButton>
  );
}

/** The region a row opens onto: always in the page (so `aria-controls` names it), its content only when open. */
function ExpansionRegion<Row>({
  row,
  rowId,
  expanded,
}: {
  row: Row;
  rowId: string;
  expanded: Expanded<Row>;
}) {
  return (
    <Box id={expanded.regionId(rowId)}>
      <Collapse in={expanded.isOpen(rowId)} unmountOnExit>
        <Box sx={{ py: 2 }}>{expanded.expansion.render(row)}</Box>
      </Collapse>
    </Box>
  );
}

const canExpand = <Row,>(expanded: Expanded<Row> | undefined, row: Row): expanded is Expanded<Row> =>
  expanded !== undefined && (expanded.expansion.when?.(row) ?? true);

/** Extra attributes of a row (a test id), the same on the table's row and on its card. */
type RowAttributes = { 'data-testid'?: string };

/**
 * A table that never scrolls sideways: from the theme's `md` breakpoint up it is a table; below it
 * (phones and narrow windows, 600 px included) each row is a card in a list, its first column as
 * the card's title and the other columns as label/value pairs (a `dl`). Both read as what they are:
 * a labelled table, or a labelled list of labelled values. With `sort`, the headers of columns that
 * have a `sortField` sort the list (the toolbar's Sort select does the same on cards); with
 * `selection`, rows can be chosen for a bulk action. Pagination and exports stay outside, around it.
 */
export function ResponsiveTable<Row>({
  label,
  columns,
  rows,
  rowKey,
  rowAttributes,
  footerRow,
  tableSx,
  hover = false,
  rowHeaders = false,
  expansion,
  sort,
  selection,
}: {
  /** The table's accessible name (and the list's below `md`). */
  label: string;
  /** The first column names the row: it is the card's title below `md`. */
  columns: readonly ResponsiveColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  rowAttributes?: (row: Row) => RowAttributes;
  /** A totals row: the table's footer, its first cell a row header; the last card below `md`. */
  footerRow?: Row;
  tableSx?: SxProps<Theme>;
  /** Rows light up under the pointer (the table only). */
  hover?: boolean;
  /** The first column's cells head their rows (`th scope="row"`), as in a grid of prices. */
  rowHeaders?: boolean;
  /** Rows open onto more content, under the row in the table and inside the card below `md`. */
  expansion?: ResponsiveExpansion<Row>;
  /** The list's sort: the columns with a `sortField` sort by a click on their header. */
  sort?: TableSort;
  /** Rows chosen for a bulk action. */
  selection?: TableSelection<Row>;
}) {
  const narrow = useMediaQuery(useTheme().breakpoints.down('md'));
  const expanded = useExpanded(expansion);
  if (narrow)
    return (
      <RowCards
        label={label}
        columns={columns}
        rows={rows}
        rowKey={rowKey}
        rowAttributes={rowAttributes}
        footerRow={footerRow}
        expanded={expanded}
        selection={selection}
      />
    );
  const width = columns.length + (expanded ? 1 : 0) + (selection ? 1 : 0);
  return (
    <TableContainer>
      <Table size="small" aria-label={label} sx={tableSx}>
        <TableHead>
          <TableRow>
            {selection && (
              <TableCell padding="checkbox">
                <SelectAllBox rows={rows} rowKey={rowKey} selection={selection} />
              </TableCell>
            )}
            {expanded && (
              <TableCell padding="checkbox">
                <Box component="span" sx={visuallyHidden}>
                  {expanded.expansion.label}
                </Box>
              </TableCell>
            )}
            {columns.map((column) => (
              <TableCell
                key={column.label}
                align={column.align}
                aria-sort={ariaSort(sort, column.sortField)}
                sortDirection={sort && column.sortField === sort.field ? sort.order : false}
              >
                {column.hideLabel ? (
                  <Box component="span" sx={visuallyHidden}>
                    {column.label}
                  </Box>
                ) : sort && column.sortField ? (
                  <SortableHeader column={column} sort={sort} />
                ) : (
                  column.label
                )}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => {
            const id = rowKey(row);
            const opens = canExpand(expanded, row);
            return (
              <Fragment key={id}>
                <TableRow
                  hover={hover}
                  selected={selection?.selected.has(id)}
                  // The theme's selected tint (primary at its hover opacity) dims secondary text below AA.
                  sx={{ '&.Mui-selected, &.Mui-selected:hover': { bgcolor: 'custom.lightest' } }}
                  {...rowAttributes?.(row)}
                >
                  {selection && (
                    <TableCell padding="checkbox">
                      <SelectBox row={row} rowId={id} selection={selection} />
                    </TableCell>
                  )}
                  {expanded && (
                    <TableCell padding="checkbox">
                      {opens && <ExpandButton row={row} rowId={id} expanded={expanded} />}
                    </TableCell>
                  )}
                  {columns.map((column, index) => (
                    <TableCell
                      key={column.label}
                      align={column.align}
                      sx={column.cellSx}
                      {...(rowHeaders && index === 0 ? { component: 'th', scope: 'row' } : {})}
                    >
                      {column.render(row)}
                    </TableCell>
                  ))}
                </TableRow>
                {opens && (
                  <TableRow>
                    <TableCell
                      colSpan={width}
                      sx={{ py: 0, borderBottom: expanded.isOpen(id) ? undefined : 'none' }}
                    >
                      <ExpansionRegion row={row} rowId={id} expanded={expanded} />
                    </TableCell>
                  </TableRow>
                )}
              </Fragment>
            );
          })}
        </TableBody>
        {footerRow !== undefined && (
          <TableFooter sx={{ '& th, & td': { color: 'text.primary', fontSize: 'inherit', fontWeight: 600 } }}>
            <TableRow>
              {selection && <TableCell padding="checkbox" />}
              {expanded && <TableCell padding="checkbox" />}
              {columns.map((column, index) =>
                index === 0 ? (
                  <TableCell key={column.label} component="th" scope="row" align={column.align}>
                    {column.render(footerRow)}
                  </TableCell>
                ) : (
                  <TableCell key={column.label} align={column.align} sx={column.cellSx}>
                    {column.render(footerRow)}
                  </TableCell>
                ),
              )}
            </TableRow>
          </TableFooter>
        )}
      </Table>
    </TableContainer>
  );
}

function RowCards<Row>({
  label,
  columns,
  rows,
  rowKey,
  rowAttributes,
  footerRow,
  expanded,
  selection,
}: {
  label: string;
  columns: readonly ResponsiveColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  rowAttributes?: (row: Row) => RowAttributes;
  footerRow?: Row;
  expanded?: Expanded<Row>;
  selection?: TableSelection<Row>;
}) {
  const [title, ...rest] = columns;
  if (!title) return null;
  const pairs = rest.filter((column) => !column.hideLabel);
  const actions = rest.filter((column) => column.hideLabel);
  const card = (row: Row, key: string, attributes?: RowAttributes, opens = false, footer = false) => (
    <Box
      component="li"
      key={key}
      {...attributes}
      sx={{ px: 2, py: 1.5, borderTop: 1, borderColor: 'divider', overflowWrap: 'anywhere' }}
    >
      <Box sx={{ fontWeight: 600, display: 'flex', alignItems: 'center', gap: 1 }}>
        {selection && !footer && (
          <Box sx={{ ml: -1, '&:empty': { display: 'none' } }}>
            <SelectBox row={row} rowId={key} selection={selection} />
          </Box>
        )}
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Box component="span" sx={visuallyHidden}>
            {`${title.label}: `}
          </Box>
          {title.render(row)}
        </Box>
        {opens && expanded && <ExpandButton row={row} rowId={key} expanded={expanded} />}
      </Box>
      <Box
        component="dl"
        sx={{
          m: 0,
          mt: 0.5,
          display: 'grid',
          gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 3fr)',
          columnGap: 2,
          rowGap: 0.5,
          fontSize: '0.875rem',
          '& dd': { m: 0 },
          '& dt': { color: 'text.secondary' },
        }}
      >
        {pairs.map((column) => (
          <Box key={column.label} sx={{ display: 'contents' }}>
            <dt>{column.label}</dt>
            <dd>{column.render(row)}</dd>
          </Box>
        ))}
      </Box>
      {actions.map((column) => (
        <Box key={column.label} sx={{ mt: 1, '&:empty': { display: 'none' } }}>
          {column.render(row)}
        </Box>
      ))}
      {opens && expanded && <ExpansionRegion row={row} rowId={key} expanded={expanded} />}
    </Box>
  );
  return (
    <>
      {selection && rows.length > 0 && (
        <Box sx={{ px: 1, display: 'flex', alignItems: 'center', fontSize: '0.875rem' }}>
          <SelectAllBox rows={rows} rowKey={rowKey} selection={selection} />
          <Box component="span" aria-hidden>
            Choose all on this page
          </Box>
        </Box>
      )}
      <Box component="ul" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {rows.map((row) => card(row, rowKey(row), rowAttributes?.(row), canExpand(expanded, row)))}
        {footerRow !== undefined && card(footerRow, 'footer', undefined, false, true)}
      </Box>
    </>
  );
}
