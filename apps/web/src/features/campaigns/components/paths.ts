import type { CampaignScope } from '../api/keys';

/** Where a campaign's details open: the list's own page with the campaign chosen in the address. */
export function campaignPath(scope: CampaignScope, campaignId: string): string {
  return `${scope === 'platform' ? '/admin/campaigns' : '/u/my-campaigns'}?campaign=${encodeURIComponent(campaignId)}`;
}

/** The form: a new campaign, or the edit of one. */
export function campaignFormPath(campaignId?: string): string {
  return campaignId ? `/add-new-campaign?campaign=${encodeURIComponent(campaignId)}` : '/add-new-campaign';
}
