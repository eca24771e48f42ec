import Box from '@mui/material/Box';
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
import type { ReactNode } from 'react';
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
}

/** Extra attributes of a row (a test id), the same on the table's row and on its card. */
type RowAttributes = { 'data-testid'?: string };

/**
 * A table that never scrolls sideways: from the theme's `md` breakpoint up it is a table; below it
 * (phones and narrow windows, 600 px included) each row is a card in a list, its first column as
 * the card's title and the other columns as label/value pairs (a `dl`). Both read as what they are:
 * a labelled table, or a labelled list of labelled values. Sorting, pagination and exports stay
 * outside, around it, and work the same at every width.
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
}) {
  const narrow = useMediaQuery(useTheme().breakpoints.down('md'), { noSsr: true });
  if (narrow)
    return (
      <RowCards
        label={label}
        columns={columns}
        rows={rows}
        rowKey={rowKey}
        rowAttributes={rowAttributes}
        footerRow={footerRow}
      />
    );
  return (
    <TableContainer>
      <Table size="small" aria-label={label} sx={tableSx}>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column.label} align={column.align}>
                {column.hideLabel ? (
                  <Box component="span" sx={visuallyHidden}>
                    {column.label}
                  </Box>
                ) : (
                  column.label
                )}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={rowKey(row)} hover={hover} {...rowAttributes?.(row)}>
              {columns.map((column) => (
                <TableCell key={column.label} align={column.align} sx={column.cellSx}>
                  {column.render(row)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
        {footerRow !== undefined && (
          <TableFooter sx={{ '& th, & td': { color: 'text.primary', fontSize: 'inherit', fontWeight: 600 } }}>
            <TableRow>
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
}: {
  label: string;
  columns: readonly ResponsiveColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  rowAttributes?: (row: Row) => RowAttributes;
  footerRow?: Row;
}) {
  const [title, ...rest] = columns;
  if (!title) return null;
  const pairs = rest.filter((column) => !column.hideLabel);
  const actions = rest.filter((column) => column.hideLabel);
  const card = (row: Row, key: string, attributes?: RowAttributes) => (
    <Box
      component="li"
      key={key}
      {...attributes}
      sx={{ px: 2, py: 1.5, borderTop: 1, borderColor: 'divider', overflowWrap: 'anywhere' }}
    >
      <Box sx={{ fontWeight: 600 }}>
        <Box component="span" sx={visuallyHidden}>
          {`${title.label}: `}
        </Box>
        {title.render(row)}
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
    </Box>
  );
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {rows.map((row) => card(row, rowKey(row), rowAttributes?.(row)))}
      {footerRow !== undefined && card(footerRow, 'footer')}
    </Box>
  );
}
