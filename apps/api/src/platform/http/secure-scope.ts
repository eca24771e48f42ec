import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { authorize, isPolicyAction, type PolicyAction } from '../auth/policy.ts';
import type { AuthenticatedUser, TokenVerifier } from '../auth/types.ts';
import { UnauthorizedError } from './errors.ts';

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
}

const BEARER = /^Bearer\s+([A-Za-z0-9\-_.~+/]+=*)\s*$/i;

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  return (header && BEARER.exec(header)?.[1]) || null;
}

/**
 * The spec's secure prefix: every route in this scope requires `Authorization: Bearer <jwt>`
 * (verified, then the user loaded) and declares the policy action it performs, which is checked
 * before anything else happens. A route without an action cannot be registered.
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
  });

  for (const routes of options.routes) await scope.register(routes);
};

/** The signed-in caller of a secure route (set by the scope's hook; throws 401 if somehow absent). */
export function userOf(request: FastifyRequest): AuthenticatedUser {
  if (!request.user) throw new UnauthorizedError();
  return request.user;
}
