import {
  ZBotCarrierDecisionParams,
  ZBotLaunchRetryParams,
  ZBotPlatformDecisionParams,
  ZBotReviewExportQuery,
  ZBotReviewList,
  ZBotReviewParams,
  ZBotReviewQuery,
  ZBulkDecisionRequest,
  ZBulkDecisionResult,
  ZCarrierBotReviewList,
  ZEnvelope,
  ZLaunchSummary,
  ZReviewDashboard,
  ZReviewDashboardExportQuery,
  ZReviewDecisionRequest,
} from '@portico/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { can, type PolicyAction } from '../../platform/auth/policy.ts';
import type { AuthenticatedUser } from '../../platform/auth/types.ts';
import { sendTable } from '../../platform/export/tables.ts';
import { ok } from '../../platform/http/envelope.ts';
import { userOf } from '../../platform/http/secure-scope.ts';
import type { ModuleServices } from '../../platform/module.ts';
import { decideEach } from '../../platform/review/bulk.ts';
import type { LaunchesService } from '../launches/launches.service.ts';
import { botReviewsTable, describeReviewFilters, reviewDashboardTable } from './bot-review.export.ts';
import type { BotReviewRepository } from './bot-review.repository.ts';
import type { BotReviewService } from './bot-review.service.ts';

const tags = ['bot-review'];

const DECIDED: Record<string, string> = {
  forward: 'Launch forwarded to the carriers',
  approve: 'Launch approved',
  reject: 'Launch rejected',
};

/**
 * The review of launches (mounted under /api/v1/secure): the platform's at /bot-reviews (admins;
 * read-only admins read), each carrier's at /carrier/bot-reviews (its own network only, others
 * 404), and the reviewers' dashboards. The service scopes every call by the caller's audience.
 */
export function botReviewRoutes(
  service: BotReviewService,
  repository: Pick<BotReviewRepository, 'carrier' | 'carrierOfPartner'>,
  launches: Pick<LaunchesService, 'summary'>,
  options: { brandName: string; analytics: Pick<ModuleServices['analytics'], 'report'> },
): FastifyPluginAsyncZod {
  /** The launch summary as the caller may read it: a carrier its own network's part only; else a 404. */
  async function details(user: AuthenticatedUser, botId: string) {
    const audience = await service.requireVisible(user, botId);
    return launches.summary(botId, audience.kind === 'carrier' ? { carrierId: audience.carrierId } : {});
  }

  return async (app) => {
    const lists = [
      { prefix: '/bot-reviews', read: 'bot-review.read', audience: 'the platform', result: ZBotReviewList },
      {
        prefix: '/carrier/bot-reviews',
        read: 'bot-review.carrier.read',
        audience: "the carrier's own network",
        result: ZCarrierBotReviewList,
      },
    ] as const satisfies readonly { prefix: string; read: PolicyAction; audience: string; result: ZodType }[];

    for (const { prefix, read, audience, result } of lists) {
      app.get(
        prefix,
        {
          config: { action: read },
          schema: {
            tags,
            summary: `Launches for ${audience}: tab, search, channel, carrier, sort, window; how many each tab holds under the same filters`,
            querystring: ZBotReviewQuery,
            response: { 200: ZEnvelope(result) },
          },
        },
        async (request) => {
          const { start, end, ...filters } = request.query;
          return ok(await service.list(userOf(request), filters, { start, end }));
        },
      );

      app.get(
        `${prefix}/export`,
        {
          config: { action: read },
          schema: {
            tags,
            summary: 'The same list as Excel (xlsx) or PDF, filters applied',
            querystring: ZBotReviewExportQuery,
          },
        },
        async (request, reply) => {
          const { format, ...filters } = request.query;
          const items = await service.exportRows(userOf(request), filters);
          const carrier =
            filters.carrier_id === undefined ? undefined : await repository.carrier(filters.carrier_id);
          const table = botReviewsTable(items, {
            brandName: options.brandName,
            filters: describeReviewFilters(filters, carrier?.name ?? null),
            generatedAt: new Date(),
          });
          return sendTable(reply, format, 'bot-launches', table);
        },
      );

      app.get(
        `${prefix}/:botId`,
        {
          config: { action: read },
          schema: {
            tags,
            summary: `One launch for ${audience}: everything submitted, the pre-flight result, documents (signed links), hold and history`,
            params: ZBotReviewParams,
            response: { 200: ZEnvelope(ZLaunchSummary) },
          },
        },
        async (request) => ok(await details(userOf(request), request.params.botId)),
      );
    }

    app.post(
      '/bot-reviews/:botId/:action',
      {
        config: { action: 'bot-review.decide' },
        schema: {
          tags,
          summary:
            'The platform forwards the launch to the carriers, approves it (the verification hold is captured) or rejects it with a reason (the hold is released)',
          params: ZBotPlatformDecisionParams,
          body: ZReviewDecisionRequest,
          response: { 200: ZEnvelope(ZLaunchSummary) },
        },
      },
      async (request) => {
        const user = userOf(request);
        const { botId, action } = request.params;
        await service.decide(user, botId, action, request.body.reason);
        return ok(await details(user, botId), DECIDED[action]);
      },
    );

    app.post(
      '/bot-reviews/:botId/carriers/:carrierId/retry',
      {
        config: { action: 'bot-review.decide' },
        schema: {
          tags,
          summary: "Retries a failed launch on one carrier's network (the launch job runs again, idempotent)",
          params: ZBotLaunchRetryParams,
          response: { 200: ZEnvelope(ZLaunchSummary) },
        },
      },
      async (request) => {
        const user = userOf(request);
        const { botId, carrierId } = request.params;
        await service.retryLaunch(user, botId, carrierId);
        return ok(await details(user, botId), 'Launch retried');
      },
    );

    app.post(
      '/carrier/bot-reviews/:botId/:action',
      {
        config: { action: 'bot-review.carrier.decide' },
        schema: {
          tags,
          summary:
            'A carrier approves (the launch on its network starts) or rejects with a reason the launch on its own network',
          params: ZBotCarrierDecisionParams,
          body: ZReviewDecisionRequest,
          response: { 200: ZEnvelope(ZLaunchSummary) },
        },
      },
      async (request) => {
        const user = userOf(request);
        const { botId, action } = request.params;
        await service.carrierDecide(user, botId, action, request.body.reason);
        return ok(await details(user, botId), action === 'approve' ? 'Launch approved' : 'Launch rejected');
      },
    );

    app.post(
      '/bot-reviews/bulk-decision',
      {
        config: { action: 'bot-review.decide' },
        schema: {
          tags,
          summary:
            'The platform approves, or rejects with one reason, each chosen launch: each as one decision in its own unit of work, each outcome reported (done, or refused with the reason)',
          body: ZBulkDecisionRequest,
          response: { 200: ZEnvelope(ZBulkDecisionResult) },
        },
      },
      async (request) => {
        const user = userOf(request);
        const { action, ids, reason } = request.body;
        const result = await decideEach(
          ids,
          (botId) => service.decide(user, botId, action, reason),
          request.log,
        );
        return ok(result, `${result.done} decided, ${result.refused} refused`);
      },
    );

    app.post(
      '/carrier/bot-reviews/bulk-decision',
      {
        config: { action: 'bot-review.carrier.decide' },
        schema: {
          tags,
          summary:
            "A carrier approves, or rejects with one reason, each chosen launch on its own network (another network's launch: refused as not found), each in its own unit of work",
          body: ZBulkDecisionRequest,
          response: { 200: ZEnvelope(ZBulkDecisionResult) },
        },
      },
      async (request) => {
        const user = userOf(request);
        const { action, ids, reason } = request.body;
        const result = await decideEach(
          ids,
          async (botId) => {
            // A launch the carrier may not see is not found, as on its own.
            await service.requireVisible(user, botId);
            await service.carrierDecide(user, botId, action, reason);
          },
          request.log,
        );
        return ok(result, `${result.done} decided, ${result.refused} refused`);
      },
    );

    const dashboards = [
      { url: '/review-dashboard', read: 'bot-review.read', who: "the platform's admins" },
      { url: '/carrier/review-dashboard', read: 'bot-review.carrier.read', who: "a carrier's users" },
    ] as const satisfies readonly { url: string; read: PolicyAction; who: string }[];
    for (const { url, read, who } of dashboards) {
      app.get(
        url,
        {
          config: { action: read },
          schema: {
            tags,
            summary: `The reviewers' dashboard of ${who}: bots, brands and aggregators waiting, approved, rejected, the oldest waiting; requests per day (30 days)`,
            response: { 200: ZEnvelope(ZReviewDashboard) },
          },
        },
        async (request) => ok(await service.dashboard(userOf(request))),
      );
      app.get(
        `${url}/export`,
        {
          config: { action: read },
          schema: {
            tags,
            summary: `The reviewers' dashboard of ${who} as Excel (xlsx) or PDF: the summary cards and the requests per day`,
            querystring: ZReviewDashboardExportQuery,
          },
        },
        async (request, reply) => {
          const user = userOf(request);
          const dashboard = await service.dashboard(user);
          // The carrier's dashboard names its network; the platform's is the platform.
          const carrierId =
            url === '/carrier/review-dashboard' ? await repository.carrierOfPartner(user.partnerId) : null;
          const network = carrierId === null ? null : await repository.carrier(carrierId);
          // The Revenue card's figures, for those who may read billing (not the marketing admin):
          // the same 30 days, in days of UTC like the requests per day.
          const revenue = can(user.role, 'analytics.read')
            ? await options.analytics.report(user, { preset: '30d', zone: '+00:00' })
            : null;
          const table = reviewDashboardTable(dashboard, {
            brandName: options.brandName,
            scope: network ? `Network ${network.name}` : 'The platform',
            generatedAt: new Date(),
            revenue,
          });
          return sendTable(reply, request.query.format, 'dashboard', table);
        },
      );
    }
  };
}
