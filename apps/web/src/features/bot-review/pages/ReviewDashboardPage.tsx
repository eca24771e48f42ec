import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { ADMIN_TOOLS, formatDateTimeZoned } from '@portico/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { errorMessage } from '@/lib/http/api-error';
import { useOwnNetworkName } from '@/lib/queries/partner-details';
import { EmptyState } from '@/lib/ui/EmptyState';
import { ExportButtons } from '@/lib/ui/ExportButtons';
import { PageFrame } from '@/lib/ui/PageFrame';
import { PageLinks } from '@/lib/ui/PageLinks';
import { useCan } from '@/lib/use-can';
import { exportReviewDashboard, reviewDashboardQueryOptions } from '../api/get-review-dashboard';
import type { ReviewScope } from '../api/keys';
import { RequestsPerDay } from '../components/RequestsPerDay';
import { ReviewCard } from '../components/ReviewCard';

// The Revenue card comes after the review figures, in a chunk of its own (decision 0031).
const RevenueCard = lazy(() => import('@/lib/ui/RevenueCard'));

/** DASHBOARD for reviewers: /admin/dashboard (the platform) and /billing/my-billing (a carrier's network). */
export default function ReviewDashboardPage() {
  const scope: ReviewScope = useLocation().pathname.startsWith('/billing') ? 'carrier' : 'platform';
  const canRead = useCan(scope === 'carrier' ? 'bot-review.carrier.read' : 'bot-review.read');
  const network = useOwnNetworkName();
  return (
    <PageFrame
      title="Dashboard"
      description={
        canRead
          ? scope === 'carrier'
            ? `What waits for ${network}’s decision, and what it decided.`
            : 'What waits for the platform’s decision, and what was decided.'
          : undefined
      }
    >
      <Box sx={{ display: 'grid', gap: 3 }}>
        {canRead ? (
          <Dashboard scope={scope} />
        ) : (
          <EmptyState
            icon={<InsightsOutlined />}
            title="No reviews for your role"
            message="The review dashboard is for the platform’s and the carriers’ reviewers."
          />
        )}
        {/* The admins' screens the spec's bar does not name (issue 26). */}
        {scope === 'platform' && <PageLinks title="More for platform admins" links={ADMIN_TOOLS} />}
      </Box>
    </PageFrame>
  );
}

function Dashboard({ scope }: { scope: ReviewScope }) {
  const dashboard = useQuery(reviewDashboardQueryOptions(scope));
  const exporter = useMutation({
    mutationFn: (format: 'xlsx' | 'pdf') => exportReviewDashboard(scope, format),
  });
  const canReadRevenue = useCan('analytics.read');
  if (dashboard.isPending) {
    return (
      <Box role="status" sx={{ p: 3, color: 'text.secondary' }}>
        Loading the dashboard…
      </Box>
    );
  }
  if (dashboard.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void dashboard.refetch()}>
            Try again
          </Button>
        }
      >
        The dashboard could not be loaded: {errorMessage(dashboard.error)}
      </Alert>
    );
  }
  const data = dashboard.data;
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      {/* The dashboard as Excel or PDF: its cards and its requests per day. */}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <Typography variant="body2" sx={{ color: 'text.secondary', mr: 'auto' }}>
          Download the dashboard
        </Typography>
        <ExportButtons disabled={exporter.isPending} onExport={(format) => exporter.mutate(format)} />
      </Box>
      {exporter.isError && <Alert severity="error">The export failed: {errorMessage(exporter.error)}</Alert>}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: 'repeat(3, minmax(0, 1fr))' },
        }}
      >
        {data.cards.map((card) => (
          <ReviewCard key={card.subject} card={card} scope={scope} />
        ))}
      </Box>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          alignItems: 'start',
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 2fr) minmax(0, 1fr)' },
        }}
      >
        <RequestsPerDay requests={data.requests} />
        {canReadRevenue && (
          <Suspense fallback={null}>
            <RevenueCard
              billingPath={
                scope === 'carrier' ? '/billing/analytics?slug=billing' : '/admin/analytics?slug=billing'
              }
            />
          </Suspense>
        )}
      </Box>
      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
        Counted at {String(formatDateTimeZoned(data.generated_at))}.
      </Typography>
    </Box>
  );
}
