import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { TLaunchDraft } from '@portico/domain';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '@/lib/http/api-error';
import { StatusChip } from '@/lib/ui/StatusChip';
import { launchSummaryQueryOptions } from '../api/get-launch';
import { fieldAnchor, launchStepPath } from './launch-paths';
import { useFocusField, useStepProblems } from './StepActions';

/**
 * Brand Details: the bot's brand, its verification state and documents, as the carriers will see
 * them. Nothing to save here: the brand is changed on its own page.
 */
export function BrandStep({ draft, onNext }: { draft: TLaunchDraft; onNext: () => void }) {
  const botId = draft.bot_id;
  const summary = useQuery(launchSummaryQueryOptions(botId));
  const problems = useStepProblems(botId, 'brand');
  useFocusField();
  const brand = summary.data?.brand;
  return (
    <Box>
      <Typography sx={{ mb: 2 }}>
        The carriers review the bot together with its brand: it must be verified, with its business documents.
      </Typography>
      {summary.isError ? (
        <Alert severity="error">The brand could not be loaded: {errorMessage(summary.error)}</Alert>
      ) : summary.isPending ? (
        <Typography role="status">Loading the brand…</Typography>
      ) : brand ? (
        <Paper variant="outlined" sx={{ p: 2 }} id={fieldAnchor('brand_id')} tabIndex={-1}>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="h3" sx={{ fontSize: '1.125rem' }}>
              {brand.name}
            </Typography>
            <StatusChip status={brand.status} />
          </Box>
          {problems.brand_id && (
            <Alert severity="warning" sx={{ mt: 2 }}>
              {problems.brand_id}
            </Alert>
          )}
          <Typography variant="subtitle2" sx={{ mt: 2 }}>
            Documents
          </Typography>
          {brand.documents.length === 0 ? (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              The brand has no documents yet.
            </Typography>
          ) : (
            <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.5 }}>
              {brand.documents.map((document) => (
                <Box component="li" key={document.url} sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
                  <DescriptionOutlined aria-hidden sx={{ color: 'text.secondary' }} />
                  <Link
                    href={document.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    sx={{ wordBreak: 'break-all' }}
                  >
                    {document.name}
                  </Link>
                </Box>
              ))}
            </Box>
          )}
          <Button
            component={RouterLink}
            to={`/u/update-brand?brandId=${brand.brand_id}`}
            variant="outlined"
            size="small"
            sx={{ mt: 2 }}
          >
            Update the brand
          </Button>
        </Paper>
      ) : (
        <Alert severity="warning" id={fieldAnchor('brand_id')}>
          {problems.brand_id ?? 'The bot has no brand.'} Choose one on the bot (
          <Link component={RouterLink} to="/u/my-brands">
            My Brands
          </Link>
          ).
        </Alert>
      )}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'space-between', mt: 3 }}>
        <Button
          component={RouterLink}
          to={launchStepPath('experience', botId)}
          startIcon={<ArrowBackOutlined />}
        >
          Back
        </Button>
        <Button variant="contained" onClick={onNext}>
          Continue
        </Button>
      </Box>
    </Box>
  );
}
