import Box from '@mui/material/Box';
import TableSortLabel from '@mui/material/TableSortLabel';
import type { ReactNode } from 'react';
import type { SortOrder, TableSort } from './ResponsiveTable';
import { visuallyHidden } from './visually-hidden';

/*
 * A sortable header's label, apart from ResponsiveTable so that a table laid out by hand (the
 * campaign's estimate) sorts without loading the responsive table's parts.
 */

/** The order a header click asks for: the sorted column turns, another starts ascending. */
export function nextSortOrder(sort: Pick<TableSort, 'field' | 'order'>, field: string): SortOrder {
  return sort.field === field && sort.order === 'asc' ? 'desc' : 'asc';
}

/** A header that sorts its column: ascending first, the sorted column again turns the order. */
export function SortableHeader({
  column,
  sort,
  adornment,
}: {
  column: { label: string; sortField?: string };
  sort: TableSort;
  adornment?: ReactNode;
}) {
  const field = column.sortField as string;
  const active = sort.field === field;
  return (
    <TableSortLabel
      active={active}
      direction={active ? sort.order : 'asc'}
      onClick={() => sort.onSort(field, nextSortOrder(sort, field))}
    >
      {adornment}
      {column.label}
      {active && (
        <Box component="span" sx={visuallyHidden}>
          {sort.order === 'asc' ? ', sorted ascending' : ', sorted descending'}
        </Box>
      )}
    </TableSortLabel>
  );
}

export const ariaSort = (
  sort: TableSort | undefined,
  field: string | undefined,
): 'ascending' | 'descending' | undefined =>
  sort && field && sort.field === field ? (sort.order === 'asc' ? 'ascending' : 'descending') : undefined;

/**
 * A sortable header's label and its `aria-sort`, for a plain `<table>` laid out by hand (the
 * campaign's estimate): put `ariaSort` on the `th` and the label in it.
 */
export function sortableHeader(label: string, field: string, sort: TableSort) {
  return {
    ariaSort: ariaSort(sort, field),
    label: <SortableHeader column={{ label, sortField: field }} sort={sort} />,
  };
}
