import {
  formatDateTime,
  roleLabel,
  userStatusPresentation,
  ZChangeRoleRequest,
  ZEnvelope,
  ZInvitation,
  ZInviteUserRequest,
  ZManagedUsers,
  ZManagedUsersExportQuery,
  ZManagedUsersQuery,
  ZUserParams,
} from '@portico/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendTable } from '../../platform/export/tables.ts';
import { ok } from '../../platform/http/envelope.ts';
import { userOf } from '../../platform/http/secure-scope.ts';
import type { ManagedUsersService } from './managed-users.service.ts';

const tags = ['users'];

/** User management under the secure prefix: list, invite, re-invite, change role, delete. */
export function managedUsersRoutes(users: ManagedUsersService, brandName: string): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/users',
      {
        config: { action: 'users.list' },
        schema: {
          tags,
          summary:
            "The users of the caller's organisation with role, status and last sign-in, searched by name or email and sorted; assignableRoles is empty for those who may only look.",
          querystring: ZManagedUsersQuery,
          response: { 200: ZEnvelope(ZManagedUsers) },
        },
      },
      async (request) => {
        const { start, end, ...filters } = request.query;
        return ok(await users.list(userOf(request), filters, { start, end }));
      },
    );

    app.get(
      '/users/export',
      {
        config: { action: 'users.list' },
        schema: {
          tags,
          summary: 'The same list as Excel (xlsx) or PDF, search and sort applied',
          querystring: ZManagedUsersExportQuery,
        },
      },
      async (request, reply) => {
        const { format, ...filters } = request.query;
        const items = await users.exportRows(userOf(request), filters);
        return sendTable(reply, format, 'users', {
          title: `${brandName} users`,
          subtitle: [
            ...(filters.search ? [`Search "${filters.search}"`] : []),
            `${items.length} user${items.length === 1 ? '' : 's'}`,
            'Times in UTC',
          ].join(' · '),
          columns: [
            { header: 'Name', width: 150 },
            { header: 'Email', width: 200 },
            { header: 'Role', width: 130 },
            { header: 'Status', width: 110 },
            { header: 'Last sign-in (UTC)', width: 120 },
          ],
          rows: items.map((item) => [
            `${item.firstName} ${item.lastName}`.trim(),
            item.email,
            roleLabel(item.role),
            userStatusPresentation(item.status).short,
            item.lastSignInAt ? String(formatDateTime(item.lastSignInAt, '+00:00')) : 'Never',
          ]),
          emptyText: 'No users match the search.',
        });
      },
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
