import multipart from '@fastify/multipart';
import {
  BOT_IMAGE_SPECS,
  BOT_STATUS,
  botStatusLabel,
  ZBot,
  ZBotBrandRequest,
  ZBotCarriersRequest,
  ZBotChatbotPlatformRequest,
  ZBotDashboard,
  ZBotHistory,
  ZBotHistoryQuery,
  ZBotImageParams,
  ZBotListItem,
  ZBotListingRequest,
  ZBotParams,
  ZBotStoreRequest,
  ZBotsExportQuery,
  ZBotsQuery,
  ZEnvelope,
  ZListResult,
  ZRcsBotDetailsRequest,
  ZWhatsappBotDetailsRequest,
} from '@portico/domain';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendTable } from '../../platform/export/tables.ts';
import { ok } from '../../platform/http/envelope.ts';
import { BadRequestError } from '../../platform/http/errors.ts';
import { userOf } from '../../platform/http/secure-scope.ts';
import { multipartLimits, receiveUpload, type UploadSpec } from '../../platform/uploads/receive.ts';
import { botsTable } from './bots.export.ts';
import { uploadLimitOf } from './bots.images.ts';
import type { BotsService } from './bots.service.ts';

const tags = ['bots'];

const IMAGE_FORM: UploadSpec = {
  files: {
    image: {
      label: 'Image',
      maxBytes: Math.max(...Object.values(BOT_IMAGE_SPECS).map(uploadLimitOf)),
    },
  },
};

/** Secure bot routes (mounted under /api/v1/secure): every call is scoped to the caller's partner. */
export function botsRoutes(bots: BotsService, options: { brandName: string }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/bots',
      {
        config: { action: 'bots.read' },
        schema: {
          tags,
          summary:
            "MY BOTS: the partner's bots (an aggregator's child users' too): search, status, channel, carrier, sort",
          querystring: ZBotsQuery,
          response: { 200: ZEnvelope(ZListResult(ZBotListItem)) },
        },
      },
      async (request) => {
        const { start, end, ...filters } = request.query;
        return ok(await bots.list(userOf(request), filters, { start, end }));
      },
    );

    app.get(
      '/bots/export',
      {
        config: { action: 'bots.read' },
        schema: {
          tags,
          summary: 'The same list as Excel (xlsx) or PDF, filters applied',
          querystring: ZBotsExportQuery,
        },
      },
      async (request, reply) => {
        const { format, ...filters } = request.query;
        const items = await bots.exportRows(userOf(request), filters);
        const described = [
          filters.status ? `Status ${botStatusLabel(BOT_STATUS[filters.status])}` : 'All statuses',
          filters.channel ? `channel ${filters.channel === 'rcs' ? 'RCS' : 'WhatsApp'}` : null,
          filters.carrier_id !== undefined ? `carrier #${filters.carrier_id}` : null,
          filters.search ? `search "${filters.search}"` : null,
        ]
          .filter(Boolean)
          .join(', ');
        const table = botsTable(items, {
          brandName: options.brandName,
          filters: described,
          generatedAt: new Date(),
        });
        return sendTable(reply, format, 'bots', table);
      },
    );

    app.get(
      '/bots/dashboard',
      {
        config: { action: 'bots.read' },
        schema: {
          tags,
          summary: "The bot dashboard: the partner's bots counted by status",
          response: { 200: ZEnvelope(ZBotDashboard) },
        },
      },
      async (request) => ok(await bots.dashboard(userOf(request))),
    );

    app.post(
      '/bots/rcs',
      {
        config: { action: 'bots.write' },
        schema: {
          tags,
          summary:
            'Creates an RCS bot draft; with submit: true the RBM agent (or MaaP bot) is created on the network',
          body: ZRcsBotDetailsRequest,
          response: { 201: ZEnvelope(ZBot) },
        },
      },
      async (request, reply) =>
        reply.code(201).send(ok(await bots.createRcs(userOf(request), request.body), 'Bot saved')),
    );

    app.post(
      '/bots/whatsapp',
      {
        config: { action: 'bots.write' },
        schema: {
          tags,
          summary: 'Creates a WhatsApp bot draft; with submit: true the sender is registered on the WABA',
          body: ZWhatsappBotDetailsRequest,
          response: { 201: ZEnvelope(ZBot) },
        },
      },
      async (request, reply) =>
        reply.code(201).send(ok(await bots.createWhatsapp(userOf(request), request.body), 'Bot saved')),
    );

    app.get(
      '/bots/:botId',
      {
        config: { action: 'bots.read' },
        schema: {
          tags,
          summary: 'One bot: details per channel, brand, carriers, network ids, listing, what may change',
          params: ZBotParams,
          response: { 200: ZEnvelope(ZBot) },
        },
      },
      async (request) => ok(await bots.get(userOf(request), request.params.botId)),
    );

    app.put(
      '/bots/:botId/rcs',
      {
        config: { action: 'bots.write' },
        schema: {
          tags,
          summary: "Updates the RCS details (a live bot's agent fields are locked: 409)",
          params: ZBotParams,
          body: ZRcsBotDetailsRequest,
          response: { 200: ZEnvelope(ZBot) },
        },
      },
      async (request) =>
        ok(await bots.updateRcs(userOf(request), request.params.botId, request.body), 'Bot saved'),
    );

    app.put(
      '/bots/:botId/whatsapp',
      {
        config: { action: 'bots.write' },
        schema: {
          tags,
          summary:
            "Updates the WhatsApp details (a live sender's number, WABA and display name are locked: 409)",
          params: ZBotParams,
          body: ZWhatsappBotDetailsRequest,
          response: { 200: ZEnvelope(ZBot) },
        },
      },
      async (request) =>
        ok(await bots.updateWhatsapp(userOf(request), request.params.botId, request.body), 'Bot saved'),
    );

    app.put(
      '/bots/:botId/brand',
      {
        config: { action: 'bots.write' },
        schema: {
          tags,
          summary: 'The brand-details step: one of the partner brands, or a new brand (brands module)',
          params: ZBotParams,
          body: ZBotBrandRequest,
          response: { 200: ZEnvelope(ZBot) },
        },
      },
      async (request) =>
        ok(await bots.setBrand(userOf(request), request.params.botId, request.body), 'Brand saved'),
    );

    app.put(
      '/bots/:botId/carriers',
      {
        config: { action: 'bots.write' },
        schema: {
          tags,
          summary: 'The carrier-selection step (the bot must be created on the network first)',
          params: ZBotParams,
          body: ZBotCarriersRequest,
          response: { 200: ZEnvelope(ZBot) },
        },
      },
      async (request) =>
        ok(
          await bots.setCarriers(userOf(request), request.params.botId, request.body.carrier_ids),
          'Carriers saved',
        ),
    );

    app.delete(
      '/bots/:botId',
      {
        config: { action: 'bots.write' },
        schema: {
          tags,
          summary: "Deletes a draft, failed or rejected bot and the network's agent, MaaP bot or sender",
          params: ZBotParams,
        },
      },
      async (request) => {
        await bots.remove(userOf(request), request.params.botId);
        return ok(null, 'Bot deleted');
      },
    );

    app.get(
      '/bots/:botId/history',
      {
        config: { action: 'bots.read' },
        schema: {
          tags,
          summary: 'The bot history: who, when, from, to, why',
          params: ZBotParams,
          querystring: ZBotHistoryQuery,
          response: { 200: ZEnvelope(ZBotHistory) },
        },
      },
      async (request) => {
        const { start, end } = request.query;
        return ok(await bots.history(userOf(request), request.params.botId, { start, end }));
      },
    );

    app.put(
      '/bots/:botId/listing',
      {
        config: { action: 'bots.write' },
        schema: {
          tags,
          summary: 'Updates the bot listing (tagline, description, keywords)',
          params: ZBotParams,
          body: ZBotListingRequest,
          response: { 200: ZEnvelope(ZBot) },
        },
      },
      async (request) =>
        ok(await bots.setListing(userOf(request), request.params.botId, request.body), 'Listing saved'),
    );

    app.put(
      '/bots/:botId/store',
      {
        config: { action: 'bots.write' },
        schema: {
          tags,
          summary: 'Lists the bot in the store or removes it (only a launched bot with a listing is listed)',
          params: ZBotParams,
          body: ZBotStoreRequest,
          response: { 200: ZEnvelope(ZBot) },
        },
      },
      async (request) =>
        ok(
          await bots.setStore(userOf(request), request.params.botId, request.body.listed),
          request.body.listed ? 'Listed in the store' : 'Removed from the store',
        ),
    );

    app.put(
      '/bots/:botId/chatbot-platform',
      {
        config: { action: 'bots.write' },
        schema: {
          tags,
          summary: 'Associates the bot with a chatbot platform (reference list chatbot-platforms) or none',
          params: ZBotParams,
          body: ZBotChatbotPlatformRequest,
          response: { 200: ZEnvelope(ZBot) },
        },
      },
      async (request) =>
        ok(
          await bots.setChatbotPlatform(
            userOf(request),
            request.params.botId,
            request.body.chatbot_platform_id,
          ),
          'Chatbot platform saved',
        ),
    );

    // The image uploads: multipart, in a scope of their own with the form's limits.
    await app.register(async (scope) => {
      const uploads = scope.withTypeProvider<ZodTypeProvider>();
      await scope.register(multipart, multipartLimits(IMAGE_FORM));
      uploads.post(
        '/bots/:botId/images/:kind',
        {
          config: { action: 'bots.write' },
          schema: {
            tags,
            summary:
              'A bot image (multipart: image): logo 224 x 224 px <= 50 KB, banner 1440 x 448 px <= 200 KB, WhatsApp photo square; checked by content, resized when only the size is off',
            consumes: ['multipart/form-data'],
            params: ZBotImageParams,
            response: { 200: ZEnvelope(ZBot) },
          },
        },
        async (request) => {
          const { files } = await receiveUpload(request, IMAGE_FORM);
          if (!files.image) {
            const message = 'Choose an image.';
            throw new BadRequestError(message, [{ field: 'image', message }]);
          }
          return ok(
            await bots.setImage(
              userOf(request),
              request.params.botId,
              request.params.kind,
              files.image.bytes,
            ),
            'Image saved',
          );
        },
      );
    });
  };
}
