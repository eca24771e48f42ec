import Button from '@mui/material/Button';
import { Link as RouterLink, useLocation } from 'react-router';
import { useOwnNetworkName } from '@/lib/queries/partner-details';
import { PageFrame } from '@/lib/ui/PageFrame';
import { useCan } from '@/lib/use-can';
import { BotReviewList } from '../components/BotReviewList';

/** BOTS for reviewers: /admin/bots (every launch, with the platform's queues) and /billing/my-bots (the carrier's network). */
export default function BotReviewsPage() {
  const carrier = useLocation().pathname.startsWith('/billing');
  const network = useOwnNetworkName();
  const canReadTemplates = useCan('templates.read');
  return (
    <PageFrame
      title="Bots"
      breadcrumbs={[
        carrier
          ? { label: 'Carrier console', to: '/billing/my-billing' }
          : { label: 'Admin console', to: '/admin/dashboard' },
      ]}
      description={
        carrier
          ? `Launches on ${network}: approve or reject each for ${network}.`
          : 'Launches submitted by developers and aggregators: forward them to the carriers, approve or reject.'
      }
      actions={
        // The platform's template approvals live beside its launches (BOTS stays highlighted there).
        !carrier && canReadTemplates ? (
          <Button component={RouterLink} to="/admin/templates" variant="outlined">
            Template approvals
          </Button>
        ) : undefined
      }
    >
      <BotReviewList scope={carrier ? 'carrier' : 'platform'} />
    </PageFrame>
  );
}
