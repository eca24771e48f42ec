import {
  ZCredentialBotParams,
  ZCredentialParams,
  ZEnvelope,
  ZIssuedPartnerCredential,
  ZIssuedServiceAccountKey,
  ZOAuthError,
  ZPartnerCredential,
  ZPartnerCredentialList,
  ZPartnerTokenRequest,
  ZPartnerTokenResponse,
  ZRotatedPartnerCredential,
} from '@portico/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/http/envelope.ts';
import { userOf } from '../../platform/http/secure-scope.ts';
import { OAuthError, type PartnerCredentialsService } from './partner-credentials.service.ts';

const tags = ['partner-credentials'];

/** Where the token endpoint is, under /api/v1. */
export const TOKEN_PATH = '/oauth/token';

/** Secure routes: a bot's API credentials (list, create, rotate, revoke). */
export function partnerCredentialsRoutes(service: PartnerCredentialsService): FastifyPluginAsyncZod {
  return async (app) => {
    const base = '/bots/:botId/credentials';

    app.get(
      base,
      {
        config: { action: 'partner-credentials.read' },
        schema: {
          tags,
          summary: "The bot's API credentials (never a secret), the token endpoint and the bot's scope",
          params: ZCredentialBotParams,
          response: { 200: ZEnvelope(ZPartnerCredentialList) },
        },
      },
      async (request) => ok(await service.list(userOf(request), request.params.botId)),
    );

    app.post(
      base,
      {
        config: { action: 'partner-credentials.write' },
        schema: {
          tags,
          summary: 'Creates a credential (client id and secret); the secret is answered this once',
          params: ZCredentialBotParams,
          response: { 200: ZEnvelope(ZIssuedPartnerCredential) },
        },
      },
      async (request) => ok(await service.create(userOf(request), request.params.botId)),
    );

    app.post(
      `${base}/service-account-key`,
      {
        config: { action: 'partner-credentials.write' },
        schema: {
          tags,
          summary:
            "Creates a credential with a key file in the shape of a Google service-account key (Google's RBM bots); the file is answered this once",
          params: ZCredentialBotParams,
          response: { 200: ZEnvelope(ZIssuedServiceAccountKey) },
        },
      },
      async (request) => ok(await service.createServiceAccountKey(userOf(request), request.params.botId)),
    );

    app.post(
      `${base}/:credentialId/rotate`,
      {
        config: { action: 'partner-credentials.write' },
        schema: {
          tags,
          summary:
            'Replaces the secret (or the key of a service-account key); the old one and its access tokens stop working at once. The new secret (or key file) is answered this once',
          params: ZCredentialParams,
          response: { 200: ZEnvelope(ZRotatedPartnerCredential) },
        },
      },
      async (request) =>
        ok(await service.rotate(userOf(request), request.params.botId, request.params.credentialId)),
    );

    app.post(
      `${base}/:credentialId/revoke`,
      {
        config: { action: 'partner-credentials.write' },
        schema: {
          tags,
          summary: 'Revokes the credential: no new tokens, and its access tokens stop working at once',
          params: ZCredentialParams,
          response: { 200: ZEnvelope(ZPartnerCredential) },
        },
      },
      async (request) =>
        ok(await service.revoke(userOf(request), request.params.botId, request.params.credentialId)),
    );
  };
}

/**
 * The partner's token endpoint (public, under /api/v1): the client_credentials grant with HTTP
 * Basic or body credentials, answered and refused in the OAuth shape (RFC 6749 sections 5.1, 5.2),
 * never in the portal's envelope. Not a browser call, so no XSRF pair.
 */
export function partnerTokenRoutes(service: PartnerCredentialsService): FastifyPluginAsyncZod {
  return async (app) => {
    // What Fastify refuses before the handler (bad JSON, another content type, too large) in the
    // OAuth shape too, never the portal's envelope.
    app.setErrorHandler((error, _request, reply) => {
      const status = (error as { statusCode?: number }).statusCode ?? 500;
      if (status >= 500) throw error;
      void reply.header('Cache-Control', 'no-store');
      return reply.code(status === 429 ? 429 : 400).send({
        error: 'invalid_request',
        error_description: error instanceof Error ? error.message : 'The request is not valid.',
      });
    });

    app.post(
      TOKEN_PATH,
      {
        config: { xsrf: false },
        attachValidation: true,
        schema: {
          tags,
          summary: 'OAuth 2.0 token endpoint for bot credentials (grant_type=client_credentials)',
          body: ZPartnerTokenRequest.optional(),
          response: { 200: ZPartnerTokenResponse, '4xx': ZOAuthError },
        },
      },
      async (request, reply) => {
        void reply.header('Cache-Control', 'no-store').header('Pragma', 'no-cache');
        const authorization = request.headers.authorization;
        const basic = authorization?.match(/^Basic\s+(\S+)$/i)?.[1];
        try {
          if (request.validationError || (authorization !== undefined && basic === undefined))
            throw new OAuthError(400, {
              error: 'invalid_request',
              error_description:
                'Send grant_type (and client_id, client_secret unless HTTP Basic is used) form-encoded.',
            });
          const body = request.body ?? { grant_type: '' };
          return await service.issueToken(
            { basic, clientId: body.client_id, clientSecret: body.client_secret },
            { grantType: body.grant_type || undefined, scope: body.scope, assertion: body.assertion },
          );
        } catch (error) {
          if (!(error instanceof OAuthError)) throw error;
          if (error.httpStatus === 401 && basic !== undefined)
            void reply.header('WWW-Authenticate', 'Basic realm="partner-api"');
          return reply.code(error.httpStatus).send(error.body);
        }
      },
    );
  };
}
