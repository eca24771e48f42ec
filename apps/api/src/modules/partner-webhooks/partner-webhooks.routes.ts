import {
  WEBHOOK_DELIVERY_LABELS,
  ZEnvelope,
  ZWebhookBotParams,
  ZWebhookDeliveriesExportQuery,
  ZWebhookDeliveriesQuery,
  ZWebhookDelivery,
  ZWebhookDeliveryList,
  ZWebhookDeliveryParams,
  ZWebhookSecret,
  ZWebhookSettings,
  ZWebhookUpdateRequest,
} from '@portico/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendTable } from '../../platform/export/tables.ts';
import { ok } from '../../platform/http/envelope.ts';
import { userOf } from '../../platform/http/secure-scope.ts';
import { deliveriesTable } from './partner-webhooks.export.ts';
import type { PartnerWebhooksService } from './partner-webhooks.service.ts';

const tags = ['partner-webhooks'];

/** Secure routes: a bot's webhook URL, signing secret, test ping, delivery log and replay. */
export function partnerWebhooksRoutes(service: PartnerWebhooksService): FastifyPluginAsyncZod {
  return async (app) => {
    const base = '/bots/:botId/webhook';

    app.get(
      base,
      {
        config: { action: 'partner-webhooks.read' },
        schema: {
          tags,
          summary:
            "The bot's webhook: URL, verification, networks, the secret's last characters, delivery counts",
          params: ZWebhookBotParams,
          response: { 200: ZEnvelope(ZWebhookSettings) },
        },
      },
      async (request) => ok(await service.settings(userOf(request), request.params.botId)),
    );

    app.put(
      base,
      {
        config: { action: 'partner-webhooks.write' },
        schema: {
          tags,
          summary:
            "Webhook update: sets the URL once it echoes our challenge in the networks' way (public addresses only, unless the sandbox is on)",
          params: ZWebhookBotParams,
          body: ZWebhookUpdateRequest,
          response: { 200: ZEnvelope(ZWebhookSettings.extend({ secret: z.string().nullable() })) },
        },
      },
      async (request) =>
        ok(
          await service.updateUrl(
            userOf(request),
            request.params.botId,
            request.body.url,
            request.body.verify_token || undefined,
          ),
        ),
    );

    app.post(
      `${base}/secret`,
      {
        config: { action: 'partner-webhooks.write' },
        schema: {
          tags,
          summary: 'Creates or rotates the signing secret; the new secret is answered this once',
          params: ZWebhookBotParams,
          response: { 200: ZEnvelope(ZWebhookSecret) },
        },
      },
      async (request) => ok(await service.rotateSecret(userOf(request), request.params.botId)),
    );

    app.post(
      `${base}/ping`,
      {
        config: { action: 'partner-webhooks.write' },
        schema: {
          tags,
          summary: "A test event to the webhook in each of the bot's networks' shapes, signed",
          params: ZWebhookBotParams,
          response: { 200: ZEnvelope(z.array(ZWebhookDelivery)) },
        },
      },
      async (request) => ok(await service.ping(userOf(request), request.params.botId)),
    );

    app.get(
      `${base}/deliveries`,
      {
        config: { action: 'partner-webhooks.read' },
        schema: {
          tags,
          summary: 'The delivery log, newest first (filter by status and event kind, window)',
          params: ZWebhookBotParams,
          querystring: ZWebhookDeliveriesQuery,
          response: { 200: ZEnvelope(ZWebhookDeliveryList) },
        },
      },
      async (request) => ok(await service.list(userOf(request), request.params.botId, request.query)),
    );

    app.get(
      `${base}/deliveries/export`,
      {
        config: { action: 'partner-webhooks.read' },
        schema: {
          tags,
          summary: 'The delivery log as Excel (xlsx) or PDF, filters applied',
          params: ZWebhookBotParams,
          querystring: ZWebhookDeliveriesExportQuery,
        },
      },
      async (request, reply) => {
        const { format, ...filters } = request.query;
        const { bot, items } = await service.exportRows(userOf(request), request.params.botId, filters);
        const described =
          [
            filters.status ? `status ${WEBHOOK_DELIVERY_LABELS[filters.status].toLowerCase()}` : null,
            filters.kind ? `event ${filters.kind}` : null,
          ]
            .filter(Boolean)
            .join(', ') || 'All deliveries';
        return sendTable(
          reply,
          format,
          'webhook-deliveries',
          deliveriesTable(items, { botName: bot.name, filters: described, generatedAt: new Date() }),
        );
      },
    );

    app.post(
      `${base}/deliveries/:deliveryId/replay`,
      {
        config: { action: 'partner-webhooks.write' },
        schema: {
          tags,
          summary: 'Replays a dead-lettered delivery (409 with its state otherwise)',
          params: ZWebhookDeliveryParams,
          response: { 200: ZEnvelope(ZWebhookDelivery) },
        },
      },
      async (request) =>
        ok(await service.replay(userOf(request), request.params.botId, request.params.deliveryId)),
    );
  };
}
