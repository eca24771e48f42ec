import Box from '@mui/material/Box';
import { useState } from 'react';
import type { ResponsiveColumn, SortOrder, TableSort } from './ResponsiveTable';
import { SelectField } from './SelectField';

/**
 * A list's server sort, kept in state: the field and order to send, and the `TableSort` its
 * table's headers (and the cards' SortSelect) drive. `onChange` runs on every change (back to the
 * first page).
 */
export function useListSort<F extends string>(initial: { field: F; order: SortOrder }, onChange: () => void) {
  const [sort, setSort] = useState(initial);
  const tableSort: TableSort = {
    ...sort,
    onSort: (field, order) => {
      setSort({ field: field as F, order });
      onChange();
    },
  };
  return { ...sort, tableSort };
}

/**
 * The sort of a table's cards (below `md`, where there are no headers to click): each sortable
 * column ascending and descending, the same state as the headers.
 */
export function SortSelect<Row>({
  columns,
  sort,
}: {
  columns: readonly ResponsiveColumn<Row>[];
  sort: TableSort;
}) {
  const options = columns.flatMap((column) =>
    column.sortField
      ? (['asc', 'desc'] as const).map((order) => ({
          value: `${column.sortField}:${order}`,
          label: `${column.label} (${order === 'asc' ? 'ascending' : 'descending'})`,
        }))
      : [],
  );
  return (
    <Box sx={{ display: { xs: 'grid', md: 'none' } }}>
      <SelectField
        label="Sort"
        value={`${sort.field}:${sort.order}`}
        options={options}
        onChange={(value) => {
          const [field = sort.field, order] = value.split(':');
          sort.onSort(field, order === 'desc' ? 'desc' : 'asc');
        }}
      />
    </Box>
  );
}
