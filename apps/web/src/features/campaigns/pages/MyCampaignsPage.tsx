import AddOutlined from '@mui/icons-material/AddOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { QueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useLocation } from 'react-router';
import { EmptyState } from '@/lib/ui/EmptyState';
import { PageFrame } from '@/lib/ui/PageFrame';
import { useApprovalRefusal, useCan } from '@/lib/use-can';
import { CampaignDetails } from '../components/CampaignDetails';
import { CampaignList, prefetchCampaignList } from '../components/CampaignList';

const CRUMBS = [{ label: 'Developer console', to: '/u/dashboard' }];

/**
 * The page's first data (the list's first page, the bot filter's options), asked for ahead by
 * Screen.preload.
 * @public (read from the page module by lib/feature.ts, not imported by name)
 */
export const prefetch = (client: QueryClient) => prefetchCampaignList(client, 'partner');

/**
 * MY CAMPAIGNS (/u/my-campaigns, also /my-campaigns): the partner's campaigns (an aggregator's with
 * its child users'), or one campaign's details with ?campaign=<id>. Links to the audiences and the
 * opt-out list; New campaign for a writer of an approved partner.
 */
export default function MyCampaignsPage() {
  const location = useLocation();
  const campaignId = new URLSearchParams(location.search).get('campaign');
  const canWrite = useCan('campaigns.write');
  const canReadAudiences = useCan('audiences.read');
  const refusal = useApprovalRefusal('campaigns.write');

  if (refusal) {
    return (
      <PageFrame title="My Campaigns" breadcrumbs={CRUMBS}>
        <EmptyState
          title="Campaigns wait for your approval"
          message={refusal}
          action={
            <Button component={RouterLink} to="/u/dashboard" variant="outlined">
              My Bots
            </Button>
          }
        />
      </PageFrame>
    );
  }

  return (
    <PageFrame
      title={campaignId ? 'Campaign Details' : 'My Campaigns'}
      breadcrumbs={campaignId ? [...CRUMBS, { label: 'My Campaigns', to: '/u/my-campaigns' }] : CRUMBS}
      description={
        campaignId
          ? undefined
          : 'One template to many people on RCS and WhatsApp: see the cost first, watch it live, stop it in seconds.'
      }
      actions={
        campaignId ? undefined : (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            {canReadAudiences && (
              <>
                <Button component={RouterLink} to="/u/audiences" variant="outlined">
                  Audiences
                </Button>
                <Button component={RouterLink} to="/u/opt-outs" variant="outlined">
                  Opt-out list
                </Button>
              </>
            )}
            {canWrite && (
              <Button
                component={RouterLink}
                to="/add-new-campaign"
                variant="contained"
                startIcon={<AddOutlined />}
              >
                New campaign
              </Button>
            )}
          </Box>
        )
      }
    >
      {campaignId ? (
        <CampaignDetails key={campaignId} scope="partner" campaignId={campaignId} backTo="/u/my-campaigns" />
      ) : (
        <CampaignList scope="partner" />
      )}
    </PageFrame>
  );
}
