import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { formatDateTimeZoned, type TReviewHistory, type TReviewHistoryEntry } from '@portico/domain';
import type { UseQueryResult } from '@tanstack/react-query';
import { EmptyState } from './EmptyState';
import { ListStatus } from './ListStatus';

/**
 * The history of something reviewed (a brand, an aggregator, a bot): what happened, when, from
 * which state to which, by whom and why, newest first as the review history call answers it.
 */
export function HistoryPanel({
  query,
  id,
  entryTestId,
}: {
  query: UseQueryResult<TReviewHistory>;
  /** The heading's id, unique on the page (the section is labelled by it). */
  id: string;
  entryTestId?: string;
}) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ overflow: 'hidden' }}>
      <Typography id={id} variant="h2" sx={{ p: 2, pb: 1 }}>
        History
      </Typography>
      <ListStatus
        query={query}
        noun="history"
        empty={
          <EmptyState
            headingLevel="h3"
            icon={<HistoryOutlined />}
            title="No history"
            message="Nothing has happened yet."
          />
        }
      >
        {(data) => <HistoryEntries items={data.items} entryTestId={entryTestId} />}
      </ListStatus>
    </Paper>
  );
}

/** History entries, newest first as the calls answer them (also for a history that comes inside a summary). */
export function HistoryEntries({
  items,
  entryTestId,
  shownReasons,
  shownWhere,
}: {
  items: readonly TReviewHistoryEntry[];
  entryTestId?: string;
  /** Reasons the page already says (a carrier's row): an entry with one points there instead of repeating it. */
  shownReasons?: ReadonlySet<string>;
  /** Where those reasons are said: "under Carriers". */
  shownWhere?: string;
}) {
  return (
    <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {items.map((entry) => (
        <Box
          component="li"
          key={entry.id}
          sx={{ px: 2, py: 1.5, borderTop: 1, borderColor: 'divider' }}
          data-testid={entryTestId}
        >
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {entry.action_label}
            {entry.carrier_name ? ` · ${entry.carrier_name}` : ''}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {entry.from ? `${entry.from.label} → ` : ''}
            {entry.to.label} · {String(formatDateTimeZoned(entry.at))}
            {entry.actor_email ? ` · ${entry.actor_email}` : ''}
          </Typography>
          {entry.reason &&
            (shownReasons?.has(entry.reason) ? (
              <Typography variant="body2" sx={{ mt: 0.5, color: 'text.secondary' }}>
                The reason is given {shownWhere ?? 'above'}.
              </Typography>
            ) : (
              <Typography variant="body2" sx={{ mt: 0.5 }}>
                Reason: {entry.reason}
              </Typography>
            ))}
        </Box>
      ))}
    </Box>
  );
}
