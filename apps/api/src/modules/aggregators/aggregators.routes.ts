import {
  formatDateTime,
  isBillingRole,
  ZAggregator,
  ZAggregatorBillingRequest,
  ZAggregatorCarrierReviewParams,
  ZAggregatorHistoryQuery,
  ZAggregatorList,
  ZAggregatorParams,
  ZAggregatorReviewParams,
  ZAggregatorsExportQuery,
  ZAggregatorsQuery,
  ZBulkDecisionRequest,
  ZBulkDecisionResult,
  ZEnvelope,
  ZMyAggregatorBilling,
  ZReviewDecisionRequest,
  ZReviewHistory,
} from '@portico/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendTable } from '../../platform/export/tables.ts';
import { ok } from '../../platform/http/envelope.ts';
import { userOf } from '../../platform/http/secure-scope.ts';
import { decideEach } from '../../platform/review/bulk.ts';
import type { AggregatorsService } from './aggregators.service.ts';

const tags = ['aggregators'];

/** Secure aggregator routes (mounted under /api/v1/secure). */
export function aggregatorsRoutes(
  aggregators: AggregatorsService,
  options: { brandName: string },
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/aggregators/mine/billing',
      {
        config: { action: 'aggregators.billing.read' },
        schema: {
          tags,
          summary:
            "The caller's aggregator billing info (null until set up; 404 for a developer that is no aggregator)",
          response: { 200: ZEnvelope(ZMyAggregatorBilling) },
        },
      },
      async (request) => ok(await aggregators.myBilling(userOf(request))),
    );

    app.get(
      '/aggregators/mine/history',
      {
        config: { action: 'aggregators.mine.history' },
        schema: {
          tags,
          summary:
            "The caller's aggregator approval history: the platform's and the carriers' decisions with their reasons",
          querystring: ZAggregatorHistoryQuery,
          response: { 200: ZEnvelope(ZReviewHistory) },
        },
      },
      async (request) => {
        const { start, end } = request.query;
        return ok(await aggregators.myHistory(userOf(request), { start, end }));
      },
    );

    app.put(
      '/aggregators/mine/billing',
      {
        config: { action: 'aggregators.billing.write' },
        schema: {
          tags,
          summary:
            'The aggregator sets up or changes its billing info: contact, tax id, billing address, billing category',
          body: ZAggregatorBillingRequest,
          response: { 200: ZEnvelope(ZMyAggregatorBilling) },
        },
      },
      async (request) => ok(await aggregators.saveMyBilling(userOf(request), request.body)),
    );

    app.get(
      '/aggregators',
      {
        config: { action: 'aggregators.read' },
        schema: {
          tags,
          summary:
            'Aggregators and their approval state (carriers: those forwarded or approved): search, status, sort; how many each tab holds (tabCounts)',
          querystring: ZAggregatorsQuery,
          response: { 200: ZEnvelope(ZAggregatorList) },
        },
      },
      async (request) => {
        const { start, end, ...filters } = request.query;
        return ok(await aggregators.list(userOf(request), filters, { start, end }));
      },
    );

    app.get(
      '/aggregators/export',
      {
        config: { action: 'aggregators.read' },
        schema: {
          tags,
          summary: 'The same list as Excel (xlsx) or PDF, filters applied',
          querystring: ZAggregatorsExportQuery,
        },
      },
      async (request, reply) => {
        const { format, ...filters } = request.query;
        const user = userOf(request);
        const items = await aggregators.exportRows(user, filters);
        // A carrier's export adds its own network's review of each aggregator.
        const ownReview = isBillingRole(user.role);
        return sendTable(reply, format, 'aggregators', {
          title: `${options.brandName} aggregators`,
          subtitle: [
            filters.status ? `Status ${filters.status.replaceAll('_', ' ')}` : 'All statuses',
            ...(ownReview && filters.review ? [`Your review ${filters.review.replaceAll('_', ' ')}`] : []),
            ...(filters.search ? [`Search "${filters.search}"`] : []),
            `${items.length} aggregator${items.length === 1 ? '' : 's'}`,
          ].join(' · '),
          columns: [
            { header: 'Aggregator', width: 160 },
            { header: 'Owner', width: 170 },
            { header: 'Status', width: 120 },
            ...(ownReview ? [{ header: 'Your review', width: 110 }] : []),
            { header: 'Child users', width: 70 },
            { header: 'Signed up', width: 110 },
          ],
          rows: items.map((item) => [
            item.name,
            item.owner_email ?? '',
            item.status.label,
            ...(ownReview ? [item.carrier_status?.label ?? ''] : []),
            String(item.child_users),
            String(formatDateTime(item.created_at, '+00:00')),
          ]),
          emptyText: 'No aggregators match the filters.',
        });
      },
    );

    app.get(
      '/aggregators/:partnerId',
      {
        config: { action: 'aggregators.read' },
        schema: {
          tags,
          summary: 'One aggregator with its users',
          params: ZAggregatorParams,
          response: { 200: ZEnvelope(ZAggregator) },
        },
      },
      async (request) => ok(await aggregators.get(userOf(request), request.params.partnerId)),
    );

    app.get(
      '/aggregators/:partnerId/history',
      {
        config: { action: 'aggregators.read' },
        schema: {
          tags,
          summary: "The aggregator's approval history",
          params: ZAggregatorParams,
          querystring: ZAggregatorHistoryQuery,
          response: { 200: ZEnvelope(ZReviewHistory) },
        },
      },
      async (request) => {
        const { start, end } = request.query;
        return ok(await aggregators.history(userOf(request), request.params.partnerId, { start, end }));
      },
    );

    app.post(
      '/aggregators/:partnerId/review/:action',
      {
        config: { action: 'aggregators.review' },
        schema: {
          tags,
          summary:
            'The platform forwards, approves or rejects (with a reason) an aggregator; approval sets launchApproved',
          params: ZAggregatorReviewParams,
          body: ZReviewDecisionRequest,
          response: { 200: ZEnvelope(ZAggregator) },
        },
      },
      async (request) =>
        ok(
          await aggregators.decide(
            userOf(request),
            request.params.partnerId,
            request.params.action,
            request.body.reason,
          ),
        ),
    );

    app.post(
      '/aggregators/:partnerId/carrier-review/:action',
      {
        config: { action: 'aggregators.carrier-review' },
        schema: {
          tags,
          summary: 'A carrier approves or rejects (with a reason) an aggregator for its own network',
          params: ZAggregatorCarrierReviewParams,
          body: ZReviewDecisionRequest,
          response: { 200: ZEnvelope(ZAggregator) },
        },
      },
      async (request) =>
        ok(
          await aggregators.carrierDecide(
            userOf(request),
            request.params.partnerId,
            request.params.action,
            request.body.reason,
          ),
        ),
    );

    app.post(
      '/aggregators/bulk-review',
      {
        config: { action: 'aggregators.review' },
        schema: {
          tags,
          summary:
            'The platform approves, or rejects with one reason, each chosen aggregator: each as one decision in its own unit of work, each outcome reported',
          body: ZBulkDecisionRequest,
          response: { 200: ZEnvelope(ZBulkDecisionResult) },
        },
      },
      async (request) => {
        const user = userOf(request);
        const { action, ids, reason } = request.body;
        const result = await decideEach(
          ids,
          (id) => aggregators.decide(user, id, action, reason),
          request.log,
        );
        return ok(result, `${result.done} decided, ${result.refused} refused`);
      },
    );

    app.post(
      '/aggregators/bulk-carrier-review',
      {
        config: { action: 'aggregators.carrier-review' },
        schema: {
          tags,
          summary:
            "A carrier approves, or rejects with one reason, each chosen aggregator for its own network (another network's: refused as not found), each in its own unit of work",
          body: ZBulkDecisionRequest,
          response: { 200: ZEnvelope(ZBulkDecisionResult) },
        },
      },
      async (request) => {
        const user = userOf(request);
        const { action, ids, reason } = request.body;
        const result = await decideEach(
          ids,
          (id) => aggregators.carrierDecide(user, id, action, reason),
          request.log,
        );
        return ok(result, `${result.done} decided, ${result.refused} refused`);
      },
    );
  };
}
