import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import {
  AUDIENCE_REFUSAL_LABELS,
  AUDIENCE_REFUSAL_REASONS,
  AUDIENCE_STATUS_LABELS,
  formatAudienceBytes,
} from '@portico/domain';
import { useQuery } from '@tanstack/react-query';
import { FigureItem } from '@/lib/audiences/FigureItem';
import { errorMessage } from '@/lib/http/api-error';
import { ProgressBar } from '@/lib/ui/ProgressBar';
import { audienceQueryOptions, useDownloadRefused } from '../api/audiences';
import { ReachCard } from './ReachCard';

const figure = (n: number) => n.toLocaleString('en-US');

/**
 * One audience's check: live counts while it runs, then kept and refused by reason, the refused
 * lines' files; once ready, its reach through the partner's RCS bots.
 */
export function AudienceResult({ audienceId }: { audienceId: string }) {
  const query = useQuery(audienceQueryOptions(audienceId));
  const download = useDownloadRefused();
  if (query.isPending) return <Typography role="status">Loading the audience…</Typography>;
  if (query.isError) return <Alert severity="error">{errorMessage(query.error)}</Alert>;
  const a = query.data;
  const running = a.status === 'uploaded' || a.status === 'checking';
  return (
    <>
      <Paper
        variant="outlined"
        sx={{ p: 2, display: 'grid', gap: 1.5 }}
        aria-labelledby="audience-result-title"
      >
        <Box
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            gap: 1,
            alignItems: 'baseline',
            justifyContent: 'space-between',
          }}
        >
          <Typography
            id="audience-result-title"
            component="h2"
            variant="h3"
            sx={{ overflowWrap: 'anywhere' }}
          >
            {a.name}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {a.file_name} · {formatAudienceBytes(a.bytes)} · {AUDIENCE_STATUS_LABELS[a.status]}
          </Typography>
        </Box>
        {running && (
          <Box aria-live="polite">
            <Typography variant="body2" sx={{ mb: 0.5 }}>
              Checking: {figure(a.read)} lines read, {figure(a.kept)} kept, {figure(a.refused)} refused
            </Typography>
            <Box
              role="progressbar"
              aria-label="Checking the file"
              sx={{ height: 6, borderRadius: 3, bgcolor: 'custom.lighter', overflow: 'hidden' }}
            >
              <Box
                sx={{
                  height: '100%',
                  width: '40%',
                  bgcolor: 'primary.main',
                  borderRadius: 3,
                  animation: 'audience-check 1.2s ease-in-out infinite',
                  '@keyframes audience-check': {
                    from: { transform: 'translateX(-100%)' },
                    to: { transform: 'translateX(250%)' },
                  },
                }}
              />
            </Box>
          </Box>
        )}
        {a.status === 'failed' && a.failure && <Alert severity="error">{a.failure}</Alert>}
        <Box
          component="dl"
          sx={{
            m: 0,
            display: 'grid',
            gap: 1,
            gridTemplateColumns: { xs: 'repeat(3, 1fr)' },
            '& dd': { m: 0, fontSize: '1.25rem', fontWeight: 600 },
          }}
        >
          <FigureItem label="Lines read">{figure(a.read)}</FigureItem>
          <FigureItem label="Kept">{figure(a.kept)}</FigureItem>
          <FigureItem label="Refused">{figure(a.refused)}</FigureItem>
        </Box>
        {a.read > 0 && <ProgressBar value={(a.kept / a.read) * 100} label="Share of lines kept" />}
        {a.fields.length > 0 && (
          <Typography variant="body2">
            Personalised fields: {a.fields.map((f) => `{{${f}}}`).join(', ')}
          </Typography>
        )}
        {a.refused > 0 && (
          <>
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {AUDIENCE_REFUSAL_REASONS.filter((r) => a.refused_by_reason[r] > 0).map((reason) => (
                <li key={reason}>
                  <Typography variant="body2">
                    {AUDIENCE_REFUSAL_LABELS[reason]}: {figure(a.refused_by_reason[reason])}
                  </Typography>
                </li>
              ))}
            </Box>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
              <Button
                variant="outlined"
                size="small"
                disabled={download.isPending}
                onClick={() => download.mutate({ audienceId, format: 'csv' })}
              >
                Refused lines (CSV)
              </Button>
              <Button
                variant="outlined"
                size="small"
                disabled={download.isPending}
                onClick={() => download.mutate({ audienceId, format: 'xlsx' })}
              >
                Refused lines (Excel)
              </Button>
            </Box>
          </>
        )}
        {download.isError && <Alert severity="error">{errorMessage(download.error)}</Alert>}
      </Paper>
      {a.status === 'ready' && <ReachCard audienceId={audienceId} />}
    </>
  );
}
