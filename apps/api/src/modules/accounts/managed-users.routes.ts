import {
  LIST_WINDOW,
  ZChangeRoleRequest,
  ZEnvelope,
  ZInvitation,
  ZInviteUserRequest,
  ZListWindowQuery,
  ZManagedUsers,
  ZUserParams,
} from '@portico/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/http/envelope.ts';
import { userOf } from '../../platform/http/secure-scope.ts';
import type { ManagedUsersService } from './managed-users.service.ts';

const tags = ['users'];

/** User management under the secure prefix: list, invite, re-invite, change role, delete. */
export function managedUsersRoutes(users: ManagedUsersService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/users',
      {
        config: { action: 'users.list' },
        schema: {
          tags,
          summary:
            "Every user of the caller's organisation with role, status and last sign-in; assignableRoles is empty for those who may only look.",
          querystring: ZListWindowQuery(LIST_WINDOW, {}),
          response: { 200: ZEnvelope(ZManagedUsers) },
        },
      },
      async (request) => ok(await users.list(userOf(request), request.query)),
    );

    app.post(
      '/users/invite',
      {
        config: { action: 'users.manage' },
        schema: {
          tags,
          summary: 'Invites a user: an email with a 72-hour link to set a password.',
          body: ZInviteUserRequest,
          response: { 200: ZEnvelope(ZInvitation) },
        },
      },
      async (request) => ok(await users.invite(userOf(request), request.body, request.ip), 'Invitation sent'),
    );

    app.post(
      '/users/:userId/reinvite',
      {
        config: { action: 'users.manage' },
        schema: {
          tags,
          summary: 'Sends a new invitation link (the previous one stops working).',
          params: ZUserParams,
          response: { 200: ZEnvelope(ZInvitation) },
        },
      },
      async (request) =>
        ok(await users.reinvite(userOf(request), request.params.userId, request.ip), 'Invitation sent again'),
    );

    app.patch(
      '/users/:userId/role',
      {
        config: { action: 'users.manage' },
        schema: {
          tags,
          summary: "Changes a managed user's role.",
          params: ZUserParams,
          body: ZChangeRoleRequest,
          response: { 200: ZEnvelope(z.null()) },
        },
      },
      async (request) => {
        await users.changeRole(userOf(request), request.params.userId, request.body.role, request.ip);
        return ok(null, 'Role changed');
      },
    );

    app.delete(
      '/users/:userId',
      {
        config: { action: 'users.manage' },
        schema: {
          tags,
          summary: 'Deletes a managed user and ends their sessions.',
          params: ZUserParams,
          response: { 200: ZEnvelope(z.null()) },
        },
      },
      async (request) => {
        await users.remove(userOf(request), request.params.userId, request.ip);
        return ok(null, 'User deleted');
      },
    );
  };
}
