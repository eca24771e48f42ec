import {
  ZEnvelope,
  ZForgotPasswordRequest,
  ZMailSent,
  ZSetPasswordRequest,
  ZVerifiedEmail,
  ZVerifyEmailBody,
} from '@portico/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/http/envelope.ts';
import type { PasswordResetService } from './password-reset.service.ts';

const tags = ['accounts'];

/** "Forgot password?" (mounted under /api/v1/accounts, no token): ask for a link, open it, reset. */
export function passwordResetRoutes(resets: PasswordResetService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/forgot-password',
      {
        schema: {
          tags,
          summary:
            'Mails a single-use password reset link (30 minutes) when the email has an account; the same answer (and the same work) when it has none. One a minute and five an hour per email, twenty an hour per client address (429).',
          body: ZForgotPasswordRequest,
          response: { 200: ZEnvelope(ZMailSent) },
        },
      },
      async (request) =>
        ok(
          await resets.requestReset(request.body.email, request.ip),
          'If this email has an account, a reset link is on its way',
        ),
    );

    app.post(
      '/check-reset-link',
      {
        schema: {
          tags,
          summary:
            "Whose password a reset link resets: the body is the link's token as text/plain. 404 unknown link, 410 used or expired (data.reason, data.email). The link stays usable.",
          consumes: ['text/plain'],
          body: ZVerifyEmailBody,
          response: { 200: ZEnvelope(ZVerifiedEmail) },
        },
      },
      async (request) => ok(await resets.checkLink(request.body), 'The link is valid'),
    );

    app.post(
      '/reset-password',
      {
        schema: {
          tags,
          summary:
            'Sets a new password with a reset link (used up); every session and refresh token of the account is ended. 404 unknown link, 410 used or expired.',
          body: ZSetPasswordRequest,
          response: { 200: ZEnvelope(ZVerifiedEmail) },
        },
      },
      async (request) =>
        ok(
          await resets.resetPassword(request.body, request.ip),
          'Password reset. Sign in with your new password.',
        ),
    );
  };
}
