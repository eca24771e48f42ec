import type { QueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { PageFrame } from '@/lib/ui/PageFrame';
import { CampaignDetails } from '../components/CampaignDetails';
import { CampaignList, prefetchCampaignList } from '../components/CampaignList';

const CRUMBS = [{ label: 'Admin console', to: '/admin/dashboard' }];

/**
 * The page's first data (the list's first page, the partner and bot filters' options), asked for
 * ahead by Screen.preload.
 * @public (read from the page module by lib/feature.ts, not imported by name)
 */
export const prefetch = (client: QueryClient) => prefetchCampaignList(client, 'platform');

/** CAMPAIGNS for the platform admin (/admin/campaigns): every partner's campaigns, or one with ?campaign=<id>. */
export default function AdminCampaignsPage() {
  const location = useLocation();
  const campaignId = new URLSearchParams(location.search).get('campaign');
  return (
    <PageFrame
      title={campaignId ? 'Campaign Details' : 'Campaigns'}
      breadcrumbs={campaignId ? [...CRUMBS, { label: 'Campaigns', to: '/admin/campaigns' }] : CRUMBS}
      description={
        campaignId
          ? undefined
          : 'Every partner’s campaigns. A read-write or super admin can stop a running campaign, with a reason the partner sees.'
      }
    >
      {campaignId ? (
        <CampaignDetails
          key={campaignId}
          scope="platform"
          campaignId={campaignId}
          backTo="/admin/campaigns"
        />
      ) : (
        <CampaignList scope="platform" />
      )}
    </PageFrame>
  );
}
