import multipart from '@fastify/multipart';
import {
  CAMPAIGN_FAILURE_REASON_LABELS,
  CAMPAIGN_FINAL_STATUSES,
  CAMPAIGN_RECEIPTS_WINDOW_MS,
  CAMPAIGN_RECIPIENT_STATUS_LABELS,
  CAMPAIGN_STATUS_LABELS,
  type CampaignFailureReason,
  type CampaignRecipientStatus,
  campaignCountsMoving,
  formatDateTime,
  formatMicros,
  ZAdminCampaignExportQuery,
  ZAdminCampaignListQuery,
  ZCampaignCancelRequest,
  ZCampaignCreateRequest,
  ZCampaignDetails,
  ZCampaignDetailsExportQuery,
  ZCampaignEstimate,
  ZCampaignEstimateRequest,
  ZCampaignExportQuery,
  ZCampaignFacets,
  ZCampaignHistory,
  ZCampaignHistoryQuery,
  ZCampaignList,
  ZCampaignListQuery,
  ZCampaignMediaUpload,
  ZCampaignParams,
  ZCampaignRecipientList,
  ZCampaignRecipientsExportQuery,
  ZCampaignRecipientsQuery,
  ZCampaignStopRequest,
  ZCampaignUpdateRequest,
  ZEnvelope,
} from '@portico/domain';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AuthenticatedUser, TokenVerifier } from '../../platform/auth/types.ts';
import { sendStreamedSheet } from '../../platform/export/streamed-sheet.ts';
import { neutraliseFormula, sendTable } from '../../platform/export/tables.ts';
import { ok } from '../../platform/http/envelope.ts';
import { eventStreams } from '../../platform/http/event-stream.ts';
import { userOf } from '../../platform/http/secure-scope.ts';
import type { PlatformMetrics } from '../../platform/metrics/metrics.ts';
import { multipartLimits } from '../../platform/uploads/receive.ts';
import { mediaUploaded, receiveTemplateMedia, TEMPLATE_MEDIA_FORM } from '../templates/templates.media.ts';
import { createCampaignFeeds } from './campaign-feed.ts';
import { campaignSummaryTable, campaignsTable } from './campaigns.export.ts';
import type { RecipientReportRow } from './campaigns.repository.ts';
import type { CampaignsService } from './campaigns.service.ts';

const tags = ['campaigns'];
const REPORT_HEADER = [
  'number',
  'status',
  'reason',
  'channel',
  'carrier',
  'price',
  'sent',
  'delivered',
  'read',
];
const PAGE = 5_000;
function describe(filters: {
  search?: string | undefined;
  status?: keyof typeof CAMPAIGN_STATUS_LABELS | undefined;
}) {
  return (
    [
      filters.search ? `containing "${filters.search}"` : null,
      filters.status ? CAMPAIGN_STATUS_LABELS[filters.status] : null,
    ]
      .filter(Boolean)
      .join(', ') || 'All campaigns'
  );
}

function reportLine(r: RecipientReportRow, zone: string): string[] {
  const at = (d: Date | null) => (d ? String(formatDateTime(new Date(d).toISOString(), zone)) : '');
  return [
    r.msisdn,
    CAMPAIGN_RECIPIENT_STATUS_LABELS[r.status as CampaignRecipientStatus] ?? r.status,
    r.reason ? (CAMPAIGN_FAILURE_REASON_LABELS[r.reason as CampaignFailureReason] ?? r.reason) : '',
    r.channel ?? '',
    neutraliseFormula(r.carrierName ?? ''),
    r.priceMicros === null ? '' : formatMicros(r.priceMicros),
    at(r.sentAt),
    at(r.deliveredAt),
    at(r.readAt),
  ];
}

/** Secure routes of campaigns: the partner's (MY CAMPAIGNS) and the platform's (/admin/campaigns). */
export function campaignsRoutes(
  service: CampaignsService,
  verifier: TokenVerifier,
  metrics?: Pick<PlatformMetrics, 'streamOpened'>,
): FastifyPluginAsyncZod {
  return async (app) => {
    const streams = eventStreams(app, verifier, metrics && (() => metrics.streamOpened('campaign')));
    const feeds = createCampaignFeeds(service, app.log);

    /**
     * A campaign's counts as server-sent events (decision 0050): `counts` (ZCampaignLive) first and
     * each time they change (batches, receipts, users' replies and taps), pushed by the database's
     * notifications; `end` when its counts stop moving (CAMPAIGN_RECEIPTS_WINDOW_MS after its end),
     * or its token expires or is refused.
     */
    async function events(
      request: import('fastify').FastifyRequest,
      reply: import('fastify').FastifyReply,
      campaignId: string,
      admin: boolean,
    ) {
      const campaign = await service.visible(userOf(request), campaignId, admin);
      const stream = streams.open(request, reply, admin ? 'campaigns.admin-read' : 'campaigns.read');
      let last = '';
      let closing: ReturnType<typeof setTimeout> | undefined;
      // Each read is shown in turn, once the token is checked again.
      let shown = Promise.resolve();
      const show = (live: Awaited<ReturnType<CampaignsService['liveOf']>>) => {
        shown = shown.then(async () => {
          if (stream.closed) return;
          if (!live) return stream.stop('campaign-removed');
          const text = JSON.stringify(live);
          if (text !== last) {
            if (await stream.refused()) return stream.stop('token-refused');
            last = text;
            stream.send('counts', live);
          }
          // Ended: receipts keep moving its counts until the window after its end closes.
          if (!CAMPAIGN_FINAL_STATUSES.includes(live.status) || !live.ended_at) return;
          const now = new Date();
          if (!campaignCountsMoving(live.status, live.ended_at, now)) stream.stop('campaign-ended');
          else if (!closing) {
            closing = setTimeout(
              () => stream.stop('campaign-ended'),
              Date.parse(live.ended_at) + CAMPAIGN_RECEIPTS_WINDOW_MS - now.getTime(),
            );
            stream.onStop(() => clearTimeout(closing));
          }
        });
      };
      try {
        stream.onStop(await feeds.join(campaign.campaignId, show));
      } catch (error) {
        request.log.error({ err: error }, 'campaign stream could not listen');
        stream.stop('unavailable');
      }
    }

    /** The details as a one-page summary, PDF or Excel. */
    async function summary(
      user: AuthenticatedUser,
      campaignId: string,
      format: 'pdf' | 'xlsx',
      admin: boolean,
      reply: import('fastify').FastifyReply,
    ) {
      const details = await service.details(user, campaignId, admin);
      const base = `${details.name.replace(/[^\w.-]+/g, '-').slice(0, 40) || 'campaign'}-summary`;
      return sendTable(reply, format, base, campaignSummaryTable(details, new Date()));
    }

    /** The per-recipient report of a campaign the caller may see, streamed page by page (flat memory). */
    async function report(
      user: AuthenticatedUser,
      campaignId: string,
      format: 'csv' | 'xlsx',
      admin: boolean,
      reply: import('fastify').FastifyReply,
    ) {
      const campaign = await service.visible(user, campaignId, admin);
      async function* pages() {
        let after = 0;
        for (;;) {
          const page = await service.recipientPage(campaign.campaignId, after, PAGE);
          if (page.length === 0) return;
          yield page;
          after = page[page.length - 1]?.seq ?? after;
        }
      }
      const base = `${campaign.name.replace(/[^\w.-]+/g, '-').slice(0, 40) || 'campaign'}-recipients`;
      return sendStreamedSheet(reply, format, {
        base,
        sheetName: 'Recipients',
        header: REPORT_HEADER,
        pages: pages(),
        cells: (r) => reportLine(r, campaign.timeZone),
      });
    }

    /* ------------------------------------------------------------ the partner's */

    app.get(
      '/campaigns',
      {
        config: { action: 'campaigns.read' },
        schema: {
          tags,
          summary:
            "The partner's campaigns (an aggregator's with its child users'), searched, filtered, sorted",
          querystring: ZCampaignListQuery,
          response: { 200: ZEnvelope(ZCampaignList) },
        },
      },
      async (request) => ok(await service.list(userOf(request), request.query)),
    );

    app.get(
      '/campaigns/export',
      {
        config: { action: 'campaigns.read' },
        schema: {
          tags,
          summary: 'The campaigns as Excel (xlsx) or PDF, filters applied',
          querystring: ZCampaignExportQuery,
        },
      },
      async (request, reply) => {
        const { format, ...filters } = request.query;
        const items = await service.exportRows(userOf(request), filters);
        return sendTable(
          reply,
          format,
          'campaigns',
          campaignsTable(items, {
            title: 'Campaigns',
            filters: describe(filters),
            generatedAt: new Date(),
            withPartner: false,
          }),
        );
      },
    );

    app.post(
      '/campaigns/estimate',
      {
        config: { action: 'campaigns.read' },
        schema: {
          tags,
          summary: 'The cost of a campaign form before it is saved: per carrier, total, balance and hold',
          body: ZCampaignEstimateRequest,
          response: { 200: ZEnvelope(ZCampaignEstimate) },
        },
      },
      async (request) => ok(await service.estimateDraft(userOf(request), request.body)),
    );

    app.post(
      '/campaigns',
      {
        config: { action: 'campaigns.write' },
        schema: {
          tags,
          summary: 'Creates a pending campaign (nothing is held until it is started)',
          body: ZCampaignCreateRequest,
          response: { 200: ZEnvelope(ZCampaignDetails) },
        },
      },
      async (request) => ok(await service.create(userOf(request), request.body), 'Campaign saved'),
    );

    app.get(
      '/campaigns/:campaignId',
      {
        config: { action: 'campaigns.read' },
        schema: {
          tags,
          summary: 'One campaign with its live counts',
          params: ZCampaignParams,
          response: { 200: ZEnvelope(ZCampaignDetails) },
        },
      },
      async (request) => ok(await service.details(userOf(request), request.params.campaignId)),
    );

    app.patch(
      '/campaigns/:campaignId',
      {
        config: { action: 'campaigns.write' },
        schema: {
          tags,
          summary: "Changes a pending campaign's fields",
          params: ZCampaignParams,
          body: ZCampaignUpdateRequest,
          response: { 200: ZEnvelope(ZCampaignDetails) },
        },
      },
      async (request) =>
        ok(await service.update(userOf(request), request.params.campaignId, request.body), 'Campaign saved'),
    );

    app.get(
      '/campaigns/:campaignId/estimate',
      {
        config: { action: 'campaigns.read' },
        schema: {
          tags,
          summary: "A campaign's cost: the estimate, balance and hold",
          params: ZCampaignParams,
          response: { 200: ZEnvelope(ZCampaignEstimate) },
        },
      },
      async (request) => ok(await service.estimateOf(userOf(request), request.params.campaignId)),
    );

    const moves = [
      [
        'start',
        'Starts a pending campaign now or schedules it at its time, holding its estimate',
        'Campaign started',
      ],
      [
        'unschedule',
        'Moves a scheduled campaign back to pending, releasing its hold',
        'Campaign back to pending',
      ],
      ['pause', 'Pauses a running campaign (effective within seconds)', 'Campaign paused'],
      ['resume', 'Resumes a paused campaign', 'Campaign resumed'],
    ] as const;
    for (const [name, summary, message] of moves)
      app.post(
        `/campaigns/:campaignId/${name}`,
        {
          config: { action: 'campaigns.write' },
          schema: { tags, summary, params: ZCampaignParams, response: { 200: ZEnvelope(ZCampaignDetails) } },
        },
        async (request) => ok(await service[name](userOf(request), request.params.campaignId), message),
      );

    app.post(
      '/campaigns/:campaignId/cancel',
      {
        config: { action: 'campaigns.write' },
        schema: {
          tags,
          summary: 'Cancels a campaign: nothing more is sent, the rest of its hold is released',
          params: ZCampaignParams,
          body: ZCampaignCancelRequest,
          response: { 200: ZEnvelope(ZCampaignDetails) },
        },
      },
      async (request) =>
        ok(
          await service.cancel(userOf(request), request.params.campaignId, request.body.reason),
          'Campaign cancelled',
        ),
    );

    app.get(
      '/campaigns/:campaignId/history',
      {
        config: { action: 'campaigns.read' },
        schema: {
          tags,
          summary: 'Every status change of the campaign and who made it',
          params: ZCampaignParams,
          querystring: ZCampaignHistoryQuery,
          response: { 200: ZEnvelope(ZCampaignHistory) },
        },
      },
      async (request) => ok(await service.history(userOf(request), request.params.campaignId, request.query)),
    );

    app.get(
      '/campaigns/:campaignId/recipients',
      {
        config: { action: 'campaigns.read' },
        schema: {
          tags,
          summary: "The campaign's recipients with their status and reason",
          params: ZCampaignParams,
          querystring: ZCampaignRecipientsQuery,
          response: { 200: ZEnvelope(ZCampaignRecipientList) },
        },
      },
      async (request) => {
        const { items, total } = await service.recipients(
          userOf(request),
          request.params.campaignId,
          request.query,
        );
        return ok({ total, items: items.map(presentRecipient) });
      },
    );

    app.get(
      '/campaigns/:campaignId/recipients/export',
      {
        config: { action: 'campaigns.read' },
        schema: {
          tags,
          summary: 'The per-recipient report as CSV or Excel, streamed',
          params: ZCampaignParams,
          querystring: ZCampaignRecipientsExportQuery,
        },
      },
      async (request, reply) =>
        report(userOf(request), request.params.campaignId, request.query.format, false, reply),
    );

    app.get(
      '/campaigns/:campaignId/events',
      {
        config: { action: 'campaigns.read' },
        schema: {
          tags,
          summary:
            "Server-sent events of the campaign's counts: `counts` (its live part) first and each time they change (batches, receipts, users' replies and taps), `end` when its counts stop moving (24 hours after it ends, while receipts still come) or the token expires or is refused. The database notifies the server of each change (LISTEN/NOTIFY); nobody polls.",
          params: ZCampaignParams,
        },
      },
      async (request, reply) => events(request, reply, request.params.campaignId, false),
    );

    app.get(
      '/campaigns/:campaignId/export',
      {
        config: { action: 'campaigns.read' },
        schema: {
          tags,
          summary: 'The campaign as a one-page summary (counts and cost), PDF or Excel',
          params: ZCampaignParams,
          querystring: ZCampaignDetailsExportQuery,
        },
      },
      async (request, reply) =>
        summary(userOf(request), request.params.campaignId, request.query.format, false, reply),
    );

    /* ------------------------------------------------------------ the platform's */

    app.get(
      '/admin/campaigns/facets',
      {
        config: { action: 'campaigns.admin-read' },
        schema: {
          tags,
          summary: "The partners and the bots that have campaigns (the list's filter options)",
          response: { 200: ZEnvelope(ZCampaignFacets) },
        },
      },
      async () => ok(await service.facets()),
    );

    app.get(
      '/admin/campaigns/:campaignId/events',
      {
        config: { action: 'campaigns.admin-read' },
        schema: {
          tags,
          summary: "Server-sent events of any campaign's counts (as the partner's stream)",
          params: ZCampaignParams,
        },
      },
      async (request, reply) => events(request, reply, request.params.campaignId, true),
    );

    app.get(
      '/admin/campaigns/:campaignId/export',
      {
        config: { action: 'campaigns.admin-read' },
        schema: {
          tags,
          summary: 'Any campaign as a one-page summary (counts and cost), PDF or Excel',
          params: ZCampaignParams,
          querystring: ZCampaignDetailsExportQuery,
        },
      },
      async (request, reply) =>
        summary(userOf(request), request.params.campaignId, request.query.format, true, reply),
    );

    app.get(
      '/admin/campaigns',
      {
        config: { action: 'campaigns.admin-read' },
        schema: {
          tags,
          summary: "Every partner's campaigns, searched, filtered, sorted",
          querystring: ZAdminCampaignListQuery,
          response: { 200: ZEnvelope(ZCampaignList) },
        },
      },
      async (request) => ok(await service.list(userOf(request), request.query, true)),
    );

    app.get(
      '/admin/campaigns/export',
      {
        config: { action: 'campaigns.admin-read' },
        schema: {
          tags,
          summary: "Every partner's campaigns as Excel (xlsx) or PDF",
          querystring: ZAdminCampaignExportQuery,
        },
      },
      async (request, reply) => {
        const { format, ...filters } = request.query;
        const items = await service.exportRows(userOf(request), filters, true);
        return sendTable(
          reply,
          format,
          'campaigns',
          campaignsTable(items, {
            title: 'Campaigns',
            filters: describe(filters),
            generatedAt: new Date(),
            withPartner: true,
          }),
        );
      },
    );

    app.get(
      '/admin/campaigns/:campaignId',
      {
        config: { action: 'campaigns.admin-read' },
        schema: {
          tags,
          summary: "Any partner's campaign with its live counts",
          params: ZCampaignParams,
          response: { 200: ZEnvelope(ZCampaignDetails) },
        },
      },
      async (request) => ok(await service.details(userOf(request), request.params.campaignId, true)),
    );

    app.get(
      '/admin/campaigns/:campaignId/history',
      {
        config: { action: 'campaigns.admin-read' },
        schema: {
          tags,
          summary: 'Every status change of any campaign and who made it',
          params: ZCampaignParams,
          querystring: ZCampaignHistoryQuery,
          response: { 200: ZEnvelope(ZCampaignHistory) },
        },
      },
      async (request) =>
        ok(await service.history(userOf(request), request.params.campaignId, request.query, true)),
    );

    app.get(
      '/admin/campaigns/:campaignId/recipients/export',
      {
        config: { action: 'campaigns.admin-read' },
        schema: {
          tags,
          summary: "Any campaign's per-recipient report as CSV or Excel, streamed",
          params: ZCampaignParams,
          querystring: ZCampaignRecipientsExportQuery,
        },
      },
      async (request, reply) =>
        report(userOf(request), request.params.campaignId, request.query.format, true, reply),
    );

    app.post(
      '/admin/campaigns/:campaignId/stop',
      {
        config: { action: 'campaigns.stop' },
        schema: {
          tags,
          summary: 'Stops a scheduled or running campaign with a reason the partner sees',
          params: ZCampaignParams,
          body: ZCampaignStopRequest,
          response: { 200: ZEnvelope(ZCampaignDetails) },
        },
      },
      async (request) =>
        ok(
          await service.stop(userOf(request), request.params.campaignId, request.body.reason),
          'Campaign stopped',
        ),
    );

    // A campaign's own media: multipart, in a scope of its own with the form's limits. Stored before
    // the form that names it is saved (the sweep takes it back if no campaign ever does).
    await app.register(async (scope) => {
      const uploads = scope.withTypeProvider<ZodTypeProvider>();
      await scope.register(multipart, multipartLimits(TEMPLATE_MEDIA_FORM));
      uploads.post(
        '/campaigns/media',
        {
          config: { action: 'campaigns.write' },
          schema: {
            tags,
            summary:
              "A campaign's own media for a template that takes media (multipart: file, channel): checked by content and the network's size limit as template media is, then stored",
            consumes: ['multipart/form-data'],
            response: { 201: ZEnvelope(ZCampaignMediaUpload) },
          },
        },
        async (request, reply) => {
          const { bytes, media } = await receiveTemplateMedia(request);
          const stored = await service.storeMedia(bytes, media.contentType, media.extension);
          return reply.code(201).send(ok(mediaUploaded(stored, media, bytes), 'Media uploaded'));
        },
      );
    });
  };
}

function presentRecipient(r: RecipientReportRow) {
  const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
  return {
    msisdn: r.msisdn,
    status: r.status as CampaignRecipientStatus,
    reason: (r.reason as CampaignFailureReason | null) ?? null,
    channel: (r.channel as 'rcs' | 'whatsapp' | 'sms' | null) ?? null,
    carrier_name: r.carrierName,
    price: r.priceMicros === null ? null : formatMicros(r.priceMicros),
    sent_at: iso(r.sentAt),
    delivered_at: iso(r.deliveredAt),
    read_at: iso(r.readAt),
  };
}
