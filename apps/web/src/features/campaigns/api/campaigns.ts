import {
  CAMPAIGN_PATHS,
  campaignCountsMoving,
  type TCampaignCreateRequest,
  type TCampaignDetails,
  type TCampaignUpdateRequest,
  type TExportFormat,
  ZActiveTemplateList,
  ZAudienceList,
  ZAudienceRecipientList,
  ZBotListItem,
  ZCampaignDetails,
  ZCampaignEstimate,
  ZCampaignFacets,
  ZCampaignHistory,
  ZCampaignList,
  ZCampaignLive,
  ZCampaignMediaUpload,
  ZListResult,
  ZTemplate,
} from '@portico/domain';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { http } from '@/lib/http/client';
import { readEventStream } from '@/lib/http/event-stream';
import { saveExport, saveFile } from '@/lib/http/save-file';
import {
  type CampaignFilters,
  type CampaignScope,
  campaignKeys,
  filterParams,
  type ListWindow,
} from './keys';

const listPath = (scope: CampaignScope) =>
  scope === 'platform' ? CAMPAIGN_PATHS.adminList : CAMPAIGN_PATHS.list;
const detailsPath = (scope: CampaignScope, id: string) =>
  scope === 'platform' ? CAMPAIGN_PATHS.adminDetails(id) : CAMPAIGN_PATHS.details(id);

export const campaignsQueryOptions = (scope: CampaignScope, window: ListWindow, filters: CampaignFilters) =>
  queryOptions({
    queryKey: campaignKeys.list(scope, window, filters),
    queryFn: () =>
      http.get(listPath(scope), ZCampaignList, { params: { ...window, ...filterParams(filters) } }),
    placeholderData: keepPreviousData,
  });

export const campaignQueryOptions = (scope: CampaignScope, campaignId: string) =>
  queryOptions({
    queryKey: campaignKeys.campaign(scope, campaignId),
    queryFn: () => http.get(detailsPath(scope, campaignId), ZCampaignDetails),
  });

export const campaignHistoryQueryOptions = (scope: CampaignScope, campaignId: string) =>
  queryOptions({
    queryKey: campaignKeys.history(scope, campaignId),
    queryFn: () =>
      http.get(`${detailsPath(scope, campaignId)}/history`, ZCampaignHistory, {
        params: { start: 0, end: 50 },
      }),
  });

/** What starting a saved campaign would cost now: its estimate against today's rates and balance. */
export const campaignEstimateQueryOptions = (campaignId: string) =>
  queryOptions({
    queryKey: [...campaignKeys.campaign('partner', campaignId), 'estimate'] as const,
    queryFn: () => http.get(CAMPAIGN_PATHS.detailsEstimate(campaignId), ZCampaignEstimate),
    staleTime: 0,
  });

export function useExportCampaigns(scope: CampaignScope) {
  return useMutation({
    mutationFn: ({ format, filters }: { format: TExportFormat; filters: CampaignFilters }) =>
      saveExport(
        scope === 'platform' ? CAMPAIGN_PATHS.adminExport : CAMPAIGN_PATHS.export,
        format,
        filterParams(filters),
        'campaigns',
      ),
  });
}

export type ReportFormat = 'recipients-csv' | 'recipients-xlsx' | 'summary-pdf' | 'summary-xlsx';

/** The per-recipient report (CSV or Excel, streamed by the server), or the details as a PDF summary or Excel. */
export function useDownloadCampaignReport(scope: CampaignScope, campaignId: string) {
  return useMutation({
    mutationFn: async (report: ReportFormat) => {
      const [kind, format] = report.split('-') as ['recipients' | 'summary', 'csv' | 'xlsx' | 'pdf'];
      // The platform's calls mirror the partner's under /admin (its own permission, any tenant).
      const path = `${detailsPath(scope, campaignId)}/${kind === 'recipients' ? 'recipients/export' : 'export'}`;
      const file = await http.download(path, { params: { format } });
      saveFile(file.blob, file.filename ?? `campaign-${kind}.${format}`);
    },
  });
}

/** What a partner does to its campaign from the details: each a machine action of CAMPAIGN_MACHINE. */
export type CampaignCommand = 'start' | 'unschedule' | 'pause' | 'resume' | 'cancel';

export function useCampaignCommand(campaignId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (command: CampaignCommand) =>
      http.post(CAMPAIGN_PATHS[command](campaignId), {}, ZCampaignDetails),
    onSuccess: (campaign) => {
      queryClient.setQueryData(campaignKeys.campaign('partner', campaignId), campaign);
      void queryClient.invalidateQueries({ queryKey: campaignKeys.all });
    },
  });
}

/** The platform's stop of a campaign, with the reason the partner sees. */
export function useStopCampaign(campaignId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) =>
      http.post(CAMPAIGN_PATHS.adminStop(campaignId), { reason }, ZCampaignDetails),
    onSuccess: (campaign) => {
      queryClient.setQueryData(campaignKeys.campaign('platform', campaignId), campaign);
      void queryClient.invalidateQueries({ queryKey: campaignKeys.all });
    },
  });
}

export type StreamState = 'connecting' | 'live' | 'reconnecting';

const RECONNECT_FIRST_MS = 1_000;
const RECONNECT_MAX_MS = 30_000;

/**
 * A campaign's counts over server-sent events (as the bot console's stream): each `counts` event is
 * its live part now, folded into the cached details; open while it runs or waits for its time and
 * for the receipts window after its end (campaignCountsMoving), and opened again after a pause when
 * it drops. When the status moves, the details and history are read
 * again (the final report, who changed it).
 */
export function useCampaignStream(scope: CampaignScope, campaign: TCampaignDetails | undefined): StreamState {
  const queryClient = useQueryClient();
  const [state, setState] = useState<StreamState>('connecting');
  const campaignId = campaign?.campaign_id;
  const moving = campaign ? campaignCountsMoving(campaign.status, campaign.ended_at, new Date()) : false;
  useEffect(() => {
    if (!campaignId || !moving) return;
    const key = campaignKeys.campaign(scope, campaignId);
    const controller = new AbortController();
    let retry: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => {
      void queryClient.invalidateQueries({ queryKey: key });
      void queryClient.invalidateQueries({ queryKey: campaignKeys.history(scope, campaignId) });
    };
    // A dropped stream is opened again after a pause that grows while it keeps failing.
    let pause = RECONNECT_FIRST_MS;
    const connect = async () => {
      setState((s) => (s === 'live' ? 'reconnecting' : s));
      let ended = false;
      try {
        await readEventStream(`${detailsPath(scope, campaignId)}/events`, {
          signal: controller.signal,
          onOpen: () => {
            setState('live');
            pause = RECONNECT_FIRST_MS;
          },
          onEvent: (event, data) => {
            if (event === 'end') {
              ended = (JSON.parse(data) as { reason?: string }).reason === 'campaign-ended';
              return;
            }
            if (event !== 'counts') return;
            const live = ZCampaignLive.parse(JSON.parse(data));
            const before = queryClient.getQueryData<TCampaignDetails>(key);
            queryClient.setQueryData<TCampaignDetails>(key, (current) =>
              current
                ? {
                    ...current,
                    live,
                    status: live.status,
                    paused: live.paused,
                    sent: live.counts.sent,
                    delivered: live.counts.delivered,
                    failed: live.counts.failed,
                    charged: live.charged,
                  }
                : current,
            );
            if (before && (before.status !== live.status || before.paused !== live.paused)) refresh();
          },
        });
      } catch {
        if (controller.signal.aborted) return;
      }
      if (controller.signal.aborted) return;
      // The campaign ended (its final counts came first): its details and history are read again,
      // and the stream is not opened again. Any other end (a new token, a dropped connection) reopens
      // it, and its first counts bring back what was missed.
      if (ended) {
        refresh();
        return;
      }
      setState('reconnecting');
      retry = setTimeout(() => void connect(), pause);
      pause = Math.min(pause * 2, RECONNECT_MAX_MS);
    };
    void connect();
    return () => {
      controller.abort();
      if (retry) clearTimeout(retry);
    };
  }, [moving, scope, campaignId, queryClient]);
  return state;
}

/* ------------------------------------------------------------------ The form */

const ZBotList = ZListResult(ZBotListItem);

/** The partners and bots that have campaigns (the platform list's partner and bot filters). */
export const campaignFacetsQueryOptions = queryOptions({
  queryKey: campaignKeys.facets(),
  queryFn: () => http.get(CAMPAIGN_PATHS.adminFacets, ZCampaignFacets),
});

/** The partner's bots (the list's bot filter). */
export const partnerBotsQueryOptions = queryOptions({
  queryKey: campaignKeys.bots(),
  queryFn: () =>
    http.get('/secure/bots', ZBotList, { params: { start: 0, end: 100 } }).then((list) => list.items),
});

/**
 * The approved templates of launched bots (the templates module's active list): the form's bots are
 * the bots that have one.
 */
export const activeTemplatesQueryOptions = queryOptions({
  queryKey: campaignKeys.templates(),
  queryFn: () =>
    http.get('/secure/templates/active', ZActiveTemplateList, {
      params: { start: 0, end: 100, testing: 'true' },
    }),
});

/** A template with its versions (the preview's content). */
export const formTemplateQueryOptions = (templateId: string) =>
  queryOptions({
    queryKey: campaignKeys.template(templateId),
    queryFn: () => http.get(`/secure/templates/${templateId}`, ZTemplate),
  });

/** The partner's audiences, newest first; asked again while one is being checked (an upload from the form). */
export const formAudiencesQueryOptions = queryOptions({
  queryKey: campaignKeys.audiences(),
  queryFn: () => http.get('/secure/audiences', ZAudienceList, { params: { start: 0, end: 100 } }),
  refetchInterval: (query) =>
    query.state.data?.items.some((a) => a.status === 'uploaded' || a.status === 'checking') ? 1000 : false,
});

/** The first recipients of an audience (the handset preview). */
export const audienceRecipientsQueryOptions = (audienceId: string) =>
  queryOptions({
    queryKey: campaignKeys.recipients(audienceId),
    queryFn: () =>
      http.get(`/secure/audiences/${audienceId}/recipients`, ZAudienceRecipientList, {
        params: { start: 0, end: 3 },
      }),
  });

export function useEstimateCampaign() {
  return useMutation({
    mutationFn: (
      request: Pick<TCampaignCreateRequest, 'bot_id' | 'template_id' | 'audience_id' | 'fallback'>,
    ) => http.post(CAMPAIGN_PATHS.estimate, request, ZCampaignEstimate),
  });
}

/**
 * Saves the form (creates the pending campaign, or updates the one being edited), then, unless only
 * saving, starts it: now, or scheduled for its time (the hold is taken then). A start the server
 * refuses leaves the campaign saved as pending: the error says why, and its details offer the start.
 */
export function useSaveCampaign(campaignId: string | null) {
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState<string | null>(campaignId);
  const mutation = useMutation({
    mutationFn: async ({ request, start }: { request: TCampaignCreateRequest; start: boolean }) => {
      const campaign = saved
        ? await http.patch(
            CAMPAIGN_PATHS.details(saved),
            request satisfies TCampaignUpdateRequest,
            ZCampaignDetails,
          )
        : await http.post(CAMPAIGN_PATHS.list, request, ZCampaignDetails);
      setSaved(campaign.campaign_id);
      if (!start) return campaign;
      return http.post(CAMPAIGN_PATHS.start(campaign.campaign_id), {}, ZCampaignDetails);
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: campaignKeys.all }),
  });
  return { ...mutation, savedId: saved };
}

/** Uploads this campaign's own media; the server checks its content and the network's size limit. */
function uploadCampaignMedia(input: { channel: 'rcs' | 'whatsapp'; file: File }) {
  const body = new FormData();
  body.append('channel', input.channel);
  body.append('file', input.file);
  return http.post(CAMPAIGN_PATHS.media, body, ZCampaignMediaUpload);
}

export function useUploadCampaignMedia() {
  return useMutation({ mutationFn: uploadCampaignMedia });
}
