import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { formatDateTimeZoned, type ReviewDashboardSubject, type TReviewDashboardCard } from '@portico/domain';
import { Link as RouterLink } from 'react-router';
import type { ReviewScope } from '../api/keys';
import { type CardFigure, cardLink, oldestLink } from './dashboard-links';
import { formatWaited } from './waiting-for';

const TITLES: Record<ReviewDashboardSubject, string> = {
  bots: 'Bots',
  brands: 'Brands',
  aggregators: 'Aggregators',
};
const FIGURES: { figure: CardFigure; label: string }[] = [
  { figure: 'waiting', label: 'Waiting' },
  { figure: 'approved', label: 'Approved' },
  { figure: 'rejected', label: 'Rejected' },
];

/** One summary card: what waits for the reviewer, what was decided, each figure a link to its list. */
export function ReviewCard({ card, scope }: { card: TReviewDashboardCard; scope: ReviewScope }) {
  const headingId = `review-card-${card.subject}`;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={headingId}
      sx={{ p: 2, display: 'grid', gap: 1.5, alignContent: 'start' }}
    >
      <Typography id={headingId} variant="h2" sx={{ fontSize: '1.125rem' }}>
        {TITLES[card.subject]}
      </Typography>
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 1 }}>
        {FIGURES.map(({ figure, label }) => (
          <Box key={figure} sx={{ display: 'flex', flexDirection: 'column-reverse' }}>
            <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
              {label}
            </Typography>
            <Box component="dd" sx={{ m: 0 }}>
              <Link
                component={RouterLink}
                to={cardLink(scope, card.subject, figure)}
                aria-label={`${TITLES[card.subject]} ${label.toLowerCase()}: ${card[figure]}`}
                sx={{ fontSize: '1.75rem', fontWeight: 600, lineHeight: 1.2 }}
              >
                {card[figure]}
              </Link>
            </Box>
          </Box>
        ))}
      </Box>
      {card.oldest_waiting ? (
        <Typography variant="body2">
          Oldest waiting:{' '}
          <Link component={RouterLink} to={oldestLink(scope, card.subject, card.oldest_waiting.id)}>
            {card.oldest_waiting.name}
          </Link>
          , for {formatWaited(card.oldest_waiting.waiting_seconds)} (since{' '}
          {String(formatDateTimeZoned(card.oldest_waiting.since))})
        </Typography>
      ) : (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Nothing waits for you.
        </Typography>
      )}
    </Paper>
  );
}
