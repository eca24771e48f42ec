import {
  ZEnvelope,
  ZGenerateOtpRequest,
  ZOtpChannel,
  ZOtpChannelQuery,
  ZOtpSent,
  ZOtpValidated,
  ZValidateOtpRequest,
} from '@portico/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/http/envelope.ts';
import { userOf } from '../../platform/http/secure-scope.ts';
import type { OtpService } from './otp.service.ts';

const tags = ['otp'];

/** One-time passwords under the secure prefix. */
export function otpRoutes(otp: OtpService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/otp/channel',
      {
        config: { action: 'otp.use' },
        schema: {
          tags,
          summary: 'The OTP channel for an msisdn: RCS when the number is capable, otherwise SMS.',
          querystring: ZOtpChannelQuery,
          response: { 200: ZEnvelope(ZOtpChannel) },
        },
      },
      async (request) => ok(await otp.channel(request.query.msisdn)),
    );
    app.post(
      '/otp/generate',
      {
        config: { action: 'otp.use' },
        schema: {
          tags,
          summary:
            'Generates a 6-digit OTP for an msisdn (10 minutes, 5 attempts; limited per number and per account).',
          body: ZGenerateOtpRequest,
          response: { 200: ZEnvelope(ZOtpSent) },
        },
      },
      async (request) => ok(await otp.generate(userOf(request), request.body.msisdn), 'Code sent'),
    );
    app.post(
      '/otp/validate',
      {
        config: { action: 'otp.use' },
        schema: {
          tags,
          summary:
            'Validates an OTP. 400 wrong code (attempts left), 410 expired, used or too many attempts.',
          body: ZValidateOtpRequest,
          response: { 200: ZEnvelope(ZOtpValidated) },
        },
      },
      async (request) =>
        ok(await otp.validate(userOf(request), request.body.msisdn, request.body.code), 'Code accepted'),
    );
  };
}
