import { approvalAreaOf, approvalRefusal } from '@portico/domain';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ApprovalLookup } from '../auth/approval.ts';
import { authorize, isPolicyAction, type PolicyAction } from '../auth/policy.ts';
import type { AuthenticatedUser, TokenVerifier } from '../auth/types.ts';
import { ForbiddenError, UnauthorizedError } from './errors.ts';

export interface SecureRoute {
  method: string;
  url: string;
  action: PolicyAction;
}

export interface SecureScopeOptions {
  verifier: TokenVerifier;
  /** Route plugins served under the secure prefix. */
  routes: FastifyPluginAsync[];
  /** Filled with every route registered in the scope (the authorisation matrix test reads it). */
  registry: SecureRoute[];
  /** The caller's partner approval, asked only for the actions the approved-partner rule gates. */
  approvalOf: ApprovalLookup;
}

const BEARER = /^Bearer\s+([A-Za-z0-9\-_.~+/]+=*)\s*$/i;

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  return (header && BEARER.exec(header)?.[1]) || null;
}

/**
 * The spec's secure prefix: every route in this scope requires `Authorization: Bearer <jwt>`
 * (verified, then the user loaded) and declares the policy action it performs, which is checked
 * before anything else happens (with the approved-partner rule for the actions it gates). A route
 * without an action cannot be registered.
 */
export const secureScope: FastifyPluginAsync<SecureScopeOptions> = async (scope, options) => {
  scope.addHook('onRoute', (route) => {
    const action = route.config?.action;
    if (!isPolicyAction(action)) {
      throw new Error(
        `Secure route ${String(route.method)} ${route.url} must declare a policy action (config.action)`,
      );
    }
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') options.registry.push({ method, url: route.url, action });
    }
  });

  // Authenticate, then authorise, before the body is even read: a caller who may not act learns
  // nothing from validation errors and costs no parsing.
  scope.addHook('onRequest', async (request) => {
    const token = bearerToken(request);
    if (!token) throw new UnauthorizedError();
    request.user = await options.verifier.verify(token);
    const action = request.routeOptions.config.action;
    if (!action) throw new Error('secure route without a policy action');
    authorize(request.user, action);
    // The approved-partner rule (packages/domain policy/approved-partner.ts): an aggregator
    // awaiting approval is refused billing, brand and campaign writes, with the reason.
    if (approvalAreaOf(action)) {
      const refusal = approvalRefusal(await options.approvalOf(request.user.partnerId), action);
      if (refusal) throw new ForbiddenError(refusal);
    }
  });

  for (const routes of options.routes) await scope.register(routes);
};

/** The signed-in caller of a secure route (set by the scope's hook; throws 401 if somehow absent). */
export function userOf(request: FastifyRequest): AuthenticatedUser {
  if (!request.user) throw new UnauthorizedError();
  return request.user;
}
