import multipart from '@fastify/multipart';
import {
  LAUNCH_LOA_MAX_BYTES,
  LAUNCH_SCREENSHOT_MAX_BYTES,
  LAUNCH_VIDEO_MAX_BYTES,
  ZEnvelope,
  ZHold,
  ZLaunchBotQuery,
  ZLaunchCarrierList,
  ZLaunchCarriersRequest,
  ZLaunchCompany,
  ZLaunchDraft,
  ZLaunchParams,
  ZLaunchPaymentRequest,
  ZLaunchPreflight,
  ZLaunchQuestionnaireRequest,
  ZLaunchScreenParams,
  ZLaunchSummary,
  ZLaunchSummaryExportQuery,
  ZLaunchUpdateCarriersRequest,
  ZLaunchVerifiedCarriersRequest,
  ZVerificationPricing,
} from '@portico/domain';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendTable } from '../../platform/export/tables.ts';
import { ok } from '../../platform/http/envelope.ts';
import { BadRequestError } from '../../platform/http/errors.ts';
import { userOf } from '../../platform/http/secure-scope.ts';
import { multipartLimits, receiveUpload, type UploadSpec } from '../../platform/uploads/receive.ts';
import { launchSummaryTable } from './launches.export.ts';
import type { LaunchesService } from './launches.service.ts';

const tags = ['launches'];

const LOA_FORM: UploadSpec = {
  files: { loa: { label: 'Letter of authorisation', maxBytes: LAUNCH_LOA_MAX_BYTES } },
};
const SCREENSHOT_FORM: UploadSpec = {
  files: { screenshot: { label: 'Screenshot', maxBytes: LAUNCH_SCREENSHOT_MAX_BYTES } },
};
const VIDEO_FORM: UploadSpec = { files: { video: { label: 'Video', maxBytes: LAUNCH_VIDEO_MAX_BYTES } } };

function fileOf(files: Record<string, { bytes: Buffer; filename: string }>, field: string, message: string) {
  const file = files[field];
  if (!file) throw new BadRequestError(message, [{ field, message }]);
  return file;
}

/** Secure launch routes (mounted under /api/v1/secure): the developer's own partner's bots only. */
export function launchesRoutes(
  launches: LaunchesService,
  options: { brandName: string },
): FastifyPluginAsyncZod {
  return async (app) => {
    // The calls the spec names with a bot_id query (static paths: they win over /launches/:botId).
    app.get(
      '/launches/verification-pricing',
      {
        config: { action: 'launches.read' },
        schema: {
          tags,
          summary:
            'Verification pricing: the price of the carriers the launch will submit, from the rate plans',
          querystring: ZLaunchBotQuery,
          response: { 200: ZEnvelope(ZVerificationPricing) },
        },
      },
      async (request) => ok(await launches.verificationPricing(userOf(request), request.query.bot_id)),
    );

    app.post(
      '/launches/payment',
      {
        config: { action: 'launches.submit' },
        schema: {
          tags,
          summary:
            'Payment: holds the verification price from the wallet, once per submission (idempotent by key)',
          querystring: ZLaunchBotQuery,
          body: ZLaunchPaymentRequest,
          response: { 200: ZEnvelope(ZHold) },
        },
      },
      async (request) =>
        ok(
          await launches.pay(userOf(request), request.query.bot_id, request.body.idempotency_key),
          'Verification held',
        ),
    );

    app.post(
      '/launches/submit-verification',
      {
        config: { action: 'launches.submit' },
        schema: {
          tags,
          summary:
            'Submit for verification: pre-flight must pass (422) and the hold exist (409); the bot goes to 6',
          querystring: ZLaunchBotQuery,
          response: { 200: ZEnvelope(ZLaunchSummary) },
        },
      },
      async (request) => ok(await launches.submit(userOf(request), request.query.bot_id), 'Launch submitted'),
    );

    app.get(
      '/launches/confirm-verification',
      {
        config: { action: 'launches.read' },
        schema: {
          tags,
          summary: 'Confirm verification: the submitted launch as it stands (409 before submission)',
          querystring: ZLaunchBotQuery,
          response: { 200: ZEnvelope(ZLaunchSummary) },
        },
      },
      async (request) => ok(await launches.confirm(userOf(request), request.query.bot_id)),
    );

    app.get(
      '/launches/:botId',
      {
        config: { action: 'launches.read' },
        schema: {
          tags,
          summary: 'Initial details: what the launch stepper saved so far',
          params: ZLaunchParams,
          response: { 200: ZEnvelope(ZLaunchDraft) },
        },
      },
      async (request) => ok(await launches.draft(userOf(request), request.params.botId)),
    );

    app.get(
      '/launches/:botId/carriers',
      {
        config: { action: 'launches.read' },
        schema: {
          tags,
          summary: 'Carrier list: the active carriers with their verification price, the chosen ones marked',
          params: ZLaunchParams,
          response: { 200: ZEnvelope(ZLaunchCarrierList) },
        },
      },
      async (request) => ok(await launches.carrierList(userOf(request), request.params.botId)),
    );

    app.put(
      '/launches/:botId/carriers',
      {
        config: { action: 'launches.write' },
        schema: {
          tags,
          summary: 'Submit carrier verification: the carriers of the launch (Review Carriers)',
          params: ZLaunchParams,
          body: ZLaunchCarriersRequest,
          response: { 200: ZEnvelope(ZLaunchDraft) },
        },
      },
      async (request) =>
        ok(
          await launches.setCarriers(userOf(request), request.params.botId, request.body.carrier_ids),
          'Carriers saved',
        ),
    );

    app.put(
      '/launches/:botId/questionnaire',
      {
        config: { action: 'launches.write' },
        schema: {
          tags,
          summary: 'The launch questionnaire (Bot Details & Experience); answers may be saved unfinished',
          params: ZLaunchParams,
          body: ZLaunchQuestionnaireRequest,
          response: { 200: ZEnvelope(ZLaunchDraft) },
        },
      },
      async (request) =>
        ok(
          await launches.setQuestionnaire(userOf(request), request.params.botId, request.body),
          'Questionnaire saved',
        ),
    );

    app.put(
      '/launches/:botId/company',
      {
        config: { action: 'launches.write' },
        schema: {
          tags,
          summary: 'Update company details: who the reviewers contact about this launch',
          params: ZLaunchParams,
          body: ZLaunchCompany,
          response: { 200: ZEnvelope(ZLaunchDraft) },
        },
      },
      async (request) =>
        ok(
          await launches.setCompany(userOf(request), request.params.botId, request.body),
          'Company details saved',
        ),
    );

    app.put(
      '/launches/:botId/verified-carriers',
      {
        config: { action: 'launches.write' },
        schema: {
          tags,
          summary: 'Verified carriers: the chosen carriers that already verified the business',
          params: ZLaunchParams,
          body: ZLaunchVerifiedCarriersRequest,
          response: { 200: ZEnvelope(ZLaunchDraft) },
        },
      },
      async (request) =>
        ok(
          await launches.setVerifiedCarriers(userOf(request), request.params.botId, request.body.carrier_ids),
          'Verified carriers saved',
        ),
    );

    app.delete(
      '/launches/:botId/loa',
      {
        config: { action: 'launches.write' },
        schema: {
          tags,
          summary: 'Removes the letter of authorisation',
          params: ZLaunchParams,
          response: { 200: ZEnvelope(ZLaunchDraft) },
        },
      },
      async (request) => ok(await launches.removeLoa(userOf(request), request.params.botId), 'LOA removed'),
    );

    app.delete(
      '/launches/:botId/screenshots/:index',
      {
        config: { action: 'launches.write' },
        schema: {
          tags,
          summary: 'Removes a screenshot (by its position)',
          params: ZLaunchScreenParams,
          response: { 200: ZEnvelope(ZLaunchDraft) },
        },
      },
      async (request) =>
        ok(
          await launches.removeScreenshot(userOf(request), request.params.botId, request.params.index),
          'Screenshot removed',
        ),
    );

    app.delete(
      '/launches/:botId/video',
      {
        config: { action: 'launches.write' },
        schema: {
          tags,
          summary: 'Removes the video',
          params: ZLaunchParams,
          response: { 200: ZEnvelope(ZLaunchDraft) },
        },
      },
      async (request) =>
        ok(await launches.removeVideo(userOf(request), request.params.botId), 'Video removed'),
    );

    app.get(
      '/launches/:botId/preflight',
      {
        config: { action: 'launches.read' },
        schema: {
          tags,
          summary: 'Pre-flight check: everything a carrier would reject the launch for, each with its step',
          params: ZLaunchParams,
          response: { 200: ZEnvelope(ZLaunchPreflight) },
        },
      },
      async (request) => ok(await launches.preflight(userOf(request), request.params.botId)),
    );

    app.get(
      '/launches/:botId/summary',
      {
        config: { action: 'launches.read' },
        schema: {
          tags,
          summary: 'Launch summary: everything submitted, carriers with their state, hold and history',
          params: ZLaunchParams,
          response: { 200: ZEnvelope(ZLaunchSummary) },
        },
      },
      async (request) =>
        ok(await launches.summary(request.params.botId, { partnerId: userOf(request).partnerId })),
    );

    app.get(
      '/launches/:botId/summary/export',
      {
        config: { action: 'launches.read' },
        schema: {
          tags,
          summary: 'The launch summary as a PDF (format=pdf; xlsx too)',
          params: ZLaunchParams,
          querystring: ZLaunchSummaryExportQuery,
        },
      },
      async (request, reply) => {
        const summary = await launches.summary(request.params.botId, {
          partnerId: userOf(request).partnerId,
        });
        const table = launchSummaryTable(summary, { brandName: options.brandName, generatedAt: new Date() });
        return sendTable(reply, request.query.format, `launch-summary-${summary.bot.name}`, table);
      },
    );

    app.put(
      '/launches/:botId/carriers/update',
      {
        config: { action: 'launches.submit' },
        schema: {
          tags,
          summary: 'After submission: adds carriers or takes off those not decided yet (/u/update-carrier)',
          params: ZLaunchParams,
          body: ZLaunchUpdateCarriersRequest,
          response: { 200: ZEnvelope(ZLaunchSummary) },
        },
      },
      async (request) =>
        ok(
          await launches.updateCarriers(userOf(request), request.params.botId, request.body),
          'Carriers updated',
        ),
    );

    // The uploads: multipart, in a scope of their own with the forms' limits.
    await app.register(async (scope) => {
      const uploads = scope.withTypeProvider<ZodTypeProvider>();
      await scope.register(
        multipart,
        multipartLimits({ files: { ...LOA_FORM.files, ...SCREENSHOT_FORM.files, ...VIDEO_FORM.files } }),
      );

      uploads.post(
        '/launches/:botId/loa',
        {
          config: { action: 'launches.write' },
          schema: {
            tags,
            summary: 'The letter of authorisation (multipart: loa; a PDF checked by content, at most 5 MB)',
            consumes: ['multipart/form-data'],
            params: ZLaunchParams,
            response: { 200: ZEnvelope(ZLaunchDraft) },
          },
        },
        async (request) => {
          const { files } = await receiveUpload(request, LOA_FORM);
          const file = fileOf(files, 'loa', 'Choose the letter of authorisation (a PDF).');
          return ok(await launches.setLoa(userOf(request), request.params.botId, file), 'LOA saved');
        },
      );

      uploads.post(
        '/launches/:botId/screenshots',
        {
          config: { action: 'launches.write' },
          schema: {
            tags,
            summary: 'Adds a screenshot (multipart: screenshot; PNG, JPEG or WebP, at most 2 MB)',
            consumes: ['multipart/form-data'],
            params: ZLaunchParams,
            response: { 200: ZEnvelope(ZLaunchDraft) },
          },
        },
        async (request) => {
          const { files } = await receiveUpload(request, SCREENSHOT_FORM);
          const file = fileOf(files, 'screenshot', 'Choose a screenshot image.');
          return ok(
            await launches.addScreenshot(userOf(request), request.params.botId, file),
            'Screenshot added',
          );
        },
      );

      uploads.post(
        '/launches/:botId/video',
        {
          config: { action: 'launches.write' },
          schema: {
            tags,
            summary: 'The video of the conversation (multipart: video; MP4 or WebM, at most 25 MB)',
            consumes: ['multipart/form-data'],
            params: ZLaunchParams,
            response: { 200: ZEnvelope(ZLaunchDraft) },
          },
        },
        async (request) => {
          const { files } = await receiveUpload(request, VIDEO_FORM);
          const file = fileOf(files, 'video', 'Choose a video (MP4 or WebM).');
          return ok(await launches.setVideo(userOf(request), request.params.botId, file), 'Video saved');
        },
      );
    });
  };
}
