import { useState } from 'react';
import type { ResponsiveColumn, SortOrder, TableSort } from './ResponsiveTable';

/** A column of a list the browser holds whole (not paged by the server): its value to sort by. */
export interface LocalSortColumn<Row> extends ResponsiveColumn<Row> {
  sortValue?: (row: Row) => string | number | null;
}

/** Numbers by value, text in natural order (A2 before A10), empty values last either way. */
function compare(a: string | number | null, b: string | number | null, order: SortOrder): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  const sign = order === 'asc' ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') return sign * (a - b);
  return sign * String(a).localeCompare(String(b), 'en', { numeric: true, sensitivity: 'base' });
}

/**
 * Header sort for a table whose rows are all in the browser (issue 26, point 8): the columns with a
 * `sortValue` get a sortable header (the same `TableSort` the server-sorted lists use), and the rows
 * come back in that order. Until a header is clicked the rows keep the order they came in.
 */
export function useLocalSort<Row>(columns: readonly LocalSortColumn<Row>[], rows: readonly Row[]) {
  const [sort, setSort] = useState<{ field: string; order: SortOrder } | null>(null);
  const sortable = columns.map((column) =>
    column.sortValue ? { ...column, sortField: column.label } : column,
  );
  const by = sort ? columns.find((column) => column.label === sort.field)?.sortValue : undefined;
  const sorted = sort && by ? [...rows].sort((a, b) => compare(by(a), by(b), sort.order)) : rows;
  const tableSort: TableSort = {
    field: sort?.field ?? '',
    order: sort?.order ?? 'asc',
    onSort: (field, order) => setSort({ field, order }),
  };
  return { columns: sortable, rows: sorted, sort: tableSort };
}
