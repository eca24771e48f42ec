import { randomBytes } from 'node:crypto';
import {
  assignableRoles as rolesAssignableBy,
  type TInviteUserRequest,
  type TManagedUser,
  type TManagedUserFilters,
  type TManagedUsers,
} from '@portico/domain';
import type { AuditService } from '../../platform/audit/audit.service.ts';
import type { AuthenticatedUser } from '../../platform/auth/types.ts';
import type { Database } from '../../platform/db/index.ts';
import { ConflictError, ForbiddenError, NotFoundError } from '../../platform/http/errors.ts';
import type { Mailer } from '../../platform/mail/index.ts';
import type { AccountsRepository } from './accounts.repository.ts';
import { hashToken, INVITE_LINK_TTL_HOURS, SET_PASSWORD_PATH } from './accounts.service.ts';
import type { ManagedUsersRepository } from './managed-users.repository.ts';

/** An organisation's users in one export; more than this is far beyond any organisation we serve. */
const USERS_EXPORT_LIMIT = 5_000;

export const FINISH_SETUP_FIRST = 'Finish setting up your account before inviting users.';

export interface ManagedUsersDeps {
  /** Each use case is one unit of work: the user, the link, the mail and the record commit together. */
  database: Pick<Database, 'transaction'>;
  repository: ManagedUsersRepository;
  accounts: AccountsRepository;
  mail: Mailer;
  audit: AuditService;
  publicUrl: string;
  brandName: string;
  forgetUser: (userId: string) => void;
  now?: () => Date;
}

/**
 * User management (spec section 6): developers with no sub-role (non-aggregators or approved
 * aggregators) manage their child users, ADMIN_BILLING its carrier's billing users, the super admin
 * the admin users. Everything is scoped to the caller's own partner.
 */
export function createManagedUsersService(deps: ManagedUsersDeps) {
  const { database, repository, mail, audit } = deps;
  const now = deps.now ?? (() => new Date());

  /** The roles this caller may give (the rule is packages/domain's assignableRoles); empty when they may only look. */
  async function assignableRoles(user: AuthenticatedUser): Promise<readonly string[]> {
    return rolesAssignableBy(user.role, await repository.partner(user.partnerId));
  }

  /**
   * Invitations carry the inviter's company and names to any address: only an account that has
   * finished its set-up (reviewed and confirmed them) may send one.
   */
  async function requireFinishedSetup(user: AuthenticatedUser): Promise<void> {
    const row = await deps.accounts.userById(user.userId);
    if (row?.status !== 'active') throw new ForbiddenError(FINISH_SETUP_FIRST);
  }

  async function requireAssignable(user: AuthenticatedUser, role: string): Promise<void> {
    const roles = await assignableRoles(user);
    if (roles.length === 0) {
      throw new ForbiddenError('Your account cannot manage users until your aggregator launch is approved.');
    }
    if (!roles.includes(role)) throw new ForbiddenError(`You cannot give the role ${role}.`);
  }

  async function managedMember(user: AuthenticatedUser, userId: string) {
    const member = await repository.member(user.partnerId, userId);
    if (!member) throw new NotFoundError('This user was not found in your organisation.');
    if (member.userId === user.userId) throw new ConflictError('You cannot change your own account here.');
    // A manager manages the roles they may give, never a peer or a superior.
    await requireAssignable(user, member.role ?? '');
    return member;
  }

  async function sendInvite(
    user: AuthenticatedUser,
    invited: { userId: string; email: string; role: string | null },
  ) {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now().getTime() + INVITE_LINK_TTL_HOURS * 3_600_000);
    await deps.accounts.replaceToken({
      purpose: 'invite',
      email: invited.email,
      userId: invited.userId,
      tokenHash: hashToken(token),
      expiresAt,
    });
    const partner = await repository.partner(user.partnerId);
    const company = partner?.company as { name?: unknown } | null | undefined;
    await mail({
      to: invited.email,
      template: 'invite',
      data: {
        link: `${deps.publicUrl}${SET_PASSWORD_PATH}?token=${encodeURIComponent(token)}`,
        inviterName: user.email,
        organisation: typeof company?.name === 'string' ? company.name : deps.brandName,
        role: invited.role ?? 'user',
        expiresInHours: String(INVITE_LINK_TTL_HOURS),
      },
    });
    return expiresAt;
  }

  const presentUser = (
    user: AuthenticatedUser,
    row: Awaited<ReturnType<ManagedUsersRepository['list']>>['items'][number],
  ): TManagedUser => ({
    ...row,
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
    isSelf: row.userId === user.userId,
  });

  /** Who acted, from where: every user-management record carries it. */
  const actor = (user: AuthenticatedUser, ip: string) => ({
    actorUserId: user.userId,
    actorEmail: user.email,
    partnerId: user.partnerId,
    ip,
  });

  return {
    async list(
      user: AuthenticatedUser,
      filters: TManagedUserFilters,
      window: { start: number; end: number },
    ): Promise<TManagedUsers> {
      const { items, total } = await repository.list(user.partnerId, filters, window);
      return {
        items: items.map((row) => presentUser(user, row)),
        total,
        assignableRoles: [...(await assignableRoles(user))],
      };
    },

    /** Every user that matches, for an export (an organisation's users fit in one window). */
    async exportRows(user: AuthenticatedUser, filters: TManagedUserFilters): Promise<TManagedUser[]> {
      const { items } = await repository.list(user.partnerId, filters, { start: 0, end: USERS_EXPORT_LIMIT });
      return items.map((row) => presentUser(user, row));
    },

    async invite(user: AuthenticatedUser, input: TInviteUserRequest, ip: string) {
      await requireFinishedSetup(user);
      await requireAssignable(user, input.role);
      if (await repository.emailTaken(input.email)) {
        throw new ConflictError('A user with this email already exists.');
      }
      return database.transaction(async () => {
        const invited = await repository.insertInvited({ partnerId: user.partnerId, ...input });
        const expiresAt = await sendInvite(user, invited);
        await audit.record('user.invited', {
          ...actor(user, ip),
          subjectUserId: invited.userId,
          subjectEmail: invited.email,
          detail: { role: input.role },
        });
        return { userId: invited.userId, email: invited.email, expiresAt: expiresAt.toISOString() };
      });
    },

    async reinvite(user: AuthenticatedUser, userId: string, ip: string) {
      await requireFinishedSetup(user);
      const member = await managedMember(user, userId);
      if (member.status !== 'invited') throw new ConflictError('This user has already set a password.');
      return database.transaction(async () => {
        const expiresAt = await sendInvite(user, member);
        await audit.record('user.reinvited', {
          ...actor(user, ip),
          subjectUserId: member.userId,
          subjectEmail: member.email,
        });
        return { userId: member.userId, email: member.email, expiresAt: expiresAt.toISOString() };
      });
    },

    async changeRole(user: AuthenticatedUser, userId: string, role: string, ip: string) {
      const member = await managedMember(user, userId);
      await requireAssignable(user, role);
      await database.transaction(async () => {
        await repository.setRole(user.partnerId, member.userId, role);
        await audit.record('role.changed', {
          ...actor(user, ip),
          subjectUserId: member.userId,
          subjectEmail: member.email,
          detail: { from: member.role, to: role },
        });
      });
      deps.forgetUser(member.userId);
    },

    async remove(user: AuthenticatedUser, userId: string, ip: string) {
      const member = await managedMember(user, userId);
      await database.transaction(async () => {
        await repository.remove(user.partnerId, member.userId);
        await audit.record('user.deleted', {
          ...actor(user, ip),
          subjectUserId: member.userId,
          subjectEmail: member.email,
          detail: { role: member.role },
        });
      });
      deps.forgetUser(member.userId);
    },
  };
}
export type ManagedUsersService = ReturnType<typeof createManagedUsersService>;
