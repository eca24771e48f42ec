import { can, type PolicyAction } from '@portico/domain';
import { ForbiddenError, UnauthorizedError } from '../http/errors.ts';
import type { AuthenticatedUser } from './types.ts';

export { can, isPolicyAction, POLICY, type PolicyAction } from '@portico/domain';

/**
 * Throws UnauthorizedError without a user and ForbiddenError when the policy (packages/domain's one
 * permission table) does not allow the action.
 */
export function authorize(user: AuthenticatedUser | undefined, action: PolicyAction): AuthenticatedUser {
  if (!user) throw new UnauthorizedError();
  if (!can(user.role, action)) throw new ForbiddenError();
  return user;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The policy action a secure route performs (checked before its handler). */
    action?: PolicyAction;
  }
}
