import {
  ZEnvelope,
  ZRecoveryCodes,
  ZTwoFactorConfirmRequest,
  ZTwoFactorEnableRequest,
  ZTwoFactorPolicy,
  ZTwoFactorPolicyUpdate,
  ZTwoFactorSetup,
  ZTwoFactorSetupRequest,
  ZTwoFactorStatus,
} from '@portico/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/http/envelope.ts';
import { userOf } from '../../platform/http/secure-scope.ts';
import type { AccountSecurityService } from './account-security.service.ts';

const tags = ['accounts'];

/** Two-factor sign-in under the secure prefix: one's own (every role) and the super admin's setting. */
export function accountSecurityRoutes(security: AccountSecurityService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/two-factor',
      {
        config: { action: 'two-factor.manage' },
        schema: {
          tags,
          summary:
            "The caller's two-factor sign-in: on or off, recovery codes left, whether the role requires it.",
          response: { 200: ZEnvelope(ZTwoFactorStatus) },
        },
      },
      async (request) => ok(await security.status(userOf(request))),
    );

    app.post(
      '/two-factor/setup',
      {
        config: { action: 'two-factor.manage' },
        schema: {
          tags,
          summary:
            'Starts setting up an authenticator app (the password again): a new key as a QR code and as text. Nothing changes until /enable confirms it.',
          body: ZTwoFactorSetupRequest,
          response: { 200: ZEnvelope(ZTwoFactorSetup) },
        },
      },
      async (request) =>
        ok(await security.setup(userOf(request), request.body.password, request.ip), 'Scan the code'),
    );

    app.post(
      '/two-factor/enable',
      {
        config: { action: 'two-factor.manage' },
        schema: {
          tags,
          summary:
            'Turns two-factor sign-in on with a code of the new key; answers the recovery codes, shown this once.',
          body: ZTwoFactorEnableRequest,
          response: { 200: ZEnvelope(ZRecoveryCodes) },
        },
      },
      async (request) =>
        ok(await security.enable(userOf(request), request.body, request.ip), 'Two-factor sign-in is on'),
    );

    app.post(
      '/two-factor/recovery-codes',
      {
        config: { action: 'two-factor.manage' },
        schema: {
          tags,
          summary:
            'New recovery codes (the password and a code or recovery code); the earlier ones stop working.',
          body: ZTwoFactorConfirmRequest,
          response: { 200: ZEnvelope(ZRecoveryCodes) },
        },
      },
      async (request) =>
        ok(
          await security.renewRecoveryCodes(userOf(request), request.body, request.ip),
          'New recovery codes made',
        ),
    );

    app.post(
      '/two-factor/disable',
      {
        config: { action: 'two-factor.manage' },
        schema: {
          tags,
          summary:
            "Turns two-factor sign-in off (the password and a code or recovery code); 403 while the caller's role requires it.",
          body: ZTwoFactorConfirmRequest,
          response: { 200: ZEnvelope(z.null()) },
        },
      },
      async (request) => {
        await security.disable(userOf(request), request.body, request.ip);
        return ok(null, 'Two-factor sign-in is off');
      },
    );

    app.get(
      '/two-factor/policy',
      {
        config: { action: 'two-factor.policy.read' },
        schema: {
          tags,
          summary: 'Which role groups must use two-factor sign-in, and how many of their users have it on.',
          response: { 200: ZEnvelope(ZTwoFactorPolicy) },
        },
      },
      async () => ok(await security.policy()),
    );

    app.put(
      '/two-factor/policy',
      {
        config: { action: 'two-factor.policy.update' },
        schema: {
          tags,
          summary:
            'Requires two-factor sign-in (or not) for the platform admin roles and the carrier roles; their users without it set it up at their next sign-in.',
          body: ZTwoFactorPolicyUpdate,
          response: { 200: ZEnvelope(ZTwoFactorPolicy) },
        },
      },
      async (request) =>
        ok(await security.setPolicy(userOf(request), request.body, request.ip), 'Setting saved'),
    );
  };
}
