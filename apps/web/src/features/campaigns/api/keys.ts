import type { CampaignStatus } from '@portico/domain';
import { audienceKeys } from '@/lib/audiences/upload-audience';
import { queryKeys, setFilters } from '@/lib/query-keys';

const campaigns = queryKeys('campaigns');

/** Whose campaigns a screen shows: the partner's own (MY CAMPAIGNS), or every partner's (the platform admin). */
export type CampaignScope = 'partner' | 'platform';

export interface ListWindow {
  start: number;
  end: number;
}

export type CampaignSortField = 'created_at' | 'name' | 'status' | 'scheduled_at' | 'recipients';

/** The list's filters as the screen sets them (YYYY-MM-DD days). */
export interface CampaignFilters {
  search?: string | undefined;
  status?: CampaignStatus | undefined;
  channel?: 'rcs' | 'whatsapp' | undefined;
  bot_id?: string | undefined;
  partner_id?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  sort?: CampaignSortField | undefined;
  order?: 'asc' | 'desc' | undefined;
}

export const filterParams = (filters: CampaignFilters) => setFilters({ ...filters });

/** The campaigns feature's query keys. */
export const campaignKeys = {
  all: campaigns.all,
  list: (scope: CampaignScope, window: ListWindow, filters: CampaignFilters) =>
    campaigns.key('list', scope, window.start, window.end, filterParams(filters)),
  campaign: (scope: CampaignScope, campaignId: string) => campaigns.key('campaign', scope, campaignId),
  history: (scope: CampaignScope, campaignId: string) => campaigns.key('history', scope, campaignId),
  bots: () => campaigns.key('bots'),
  facets: () => campaigns.key('facets'),
  templates: () => campaigns.key('templates'),
  template: (templateId: string) => campaigns.key('template', templateId),
  // Under the audiences' scope: an upload from the form refreshes them.
  audiences: () => audienceKeys.key('campaign-form'),
  audience: (audienceId: string) => audienceKeys.key('audience', audienceId),
  recipients: (audienceId: string) => audienceKeys.key('recipients', audienceId),
};
