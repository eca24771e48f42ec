import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import type { ReactNode } from 'react';
import { errorMessage } from '@/lib/http/api-error';

/** What a list screen needs of its query (TanStack Query's result has all of it). */
export interface ListQuery<T> {
  data: { items: T[]; total: number } | undefined;
  error: unknown;
  isError: boolean;
  isFetching: boolean;
  isPending: boolean;
  refetch: () => unknown;
}

/**
 * The states of a list in one place: a progress bar while fetching; then the error with Try again,
 * "Loading …" the first time, the empty state, or the list itself. `noun` names the items
 * ("users", "rate plans"); `hidden` shows nothing below the bar (e.g. while a filter is invalid).
 */
export function ListStatus<T>({
  query,
  noun,
  empty,
  hidden = false,
  children,
}: {
  query: ListQuery<T>;
  noun: string;
  empty: ReactNode;
  hidden?: boolean;
  children: (data: { items: T[]; total: number }) => ReactNode;
}) {
  const state = hidden ? null : query.isError ? (
    <Box sx={{ p: 2 }}>
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void query.refetch()}>
            Try again
          </Button>
        }
      >
        {noun.charAt(0).toUpperCase() + noun.slice(1)} could not be loaded: {errorMessage(query.error)}
      </Alert>
    </Box>
  ) : query.isPending || !query.data ? (
    <Box role="status" sx={{ p: 3, color: 'text.secondary' }}>
      Loading {noun}…
    </Box>
  ) : query.data.items.length === 0 ? (
    <Box sx={{ p: 2 }}>{empty}</Box>
  ) : (
    children(query.data)
  );
  return (
    <>
      {query.isFetching && <LinearProgress aria-label={`Loading ${noun}`} sx={{ height: 3 }} />}
      {state}
    </>
  );
}
