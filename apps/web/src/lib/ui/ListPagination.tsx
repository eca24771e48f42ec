import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import NativeSelect from '@mui/material/NativeSelect';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';

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

/**
 * The pager under a list: page size, "1–10 of N", previous and next. Built from a native select and
 * two icon buttons rather than MUI's TablePagination, which brings a popper and a menu (about 25 KB
 * gzip) into every list route for the page-size choice alone (issue 11's route budget).
 */
export function ListPagination({ paging, count }: { paging: Paging; count: number }) {
  const sizeId = useId();
  const first = count === 0 ? 0 : paging.page * paging.pageSize + 1;
  const last = Math.min(count, (paging.page + 1) * paging.pageSize);
  const hasNext = last < count;
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'flex-end',
        flexWrap: 'wrap',
        columnGap: 2,
        rowGap: 0.5,
        px: 1,
        py: 0.5,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography component="label" htmlFor={sizeId} variant="body2">
          Rows per page:
        </Typography>
        <NativeSelect
          id={sizeId}
          value={paging.pageSize}
          onChange={(event) => paging.setPageSize(Number(event.target.value))}
          disableUnderline
          sx={{ fontSize: '0.875rem' }}
        >
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </NativeSelect>
      </Box>
      <Typography variant="body2" role="status" aria-live="polite">
        {first}–{last} of {count}
      </Typography>
      <Box>
        <IconButton
          aria-label="Go to previous page"
          disabled={paging.page === 0}
          onClick={() => paging.setPage(paging.page - 1)}
        >
          <ChevronLeft />
        </IconButton>
        <IconButton
          aria-label="Go to next page"
          disabled={!hasNext}
          onClick={() => paging.setPage(paging.page + 1)}
        >
          <ChevronRight />
        </IconButton>
      </Box>
    </Box>
  );
}
