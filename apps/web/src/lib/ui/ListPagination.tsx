import TablePagination from '@mui/material/TablePagination';
import { useState } from 'react';

/** The page sizes every list offers. */
export const PAGE_SIZES = [10, 25, 50];

export interface Paging {
  page: number;
  pageSize: number;
  setPage: (page: number) => void;
  /** A new page size starts again from the first page. */
  setPageSize: (pageSize: number) => void;
}

/** The page (0-based) and page size of one list. */
export function usePaging(initialPageSize = 10): Paging {
  const [page, setPage] = useState(0);
  const [pageSize, setSize] = useState(initialPageSize);
  return {
    page,
    pageSize,
    setPage,
    setPageSize: (size) => {
      setSize(size);
      setPage(0);
    },
  };
}

/** The pager under a list: page, page size and "1–10 of N". */
export function ListPagination({ paging, count }: { paging: Paging; count: number }) {
  return (
    <TablePagination
      component="div"
      count={count}
      page={paging.page}
      rowsPerPage={paging.pageSize}
      rowsPerPageOptions={PAGE_SIZES}
      onPageChange={(_event, next) => paging.setPage(next)}
      onRowsPerPageChange={(event) => paging.setPageSize(Number(event.target.value))}
    />
  );
}
