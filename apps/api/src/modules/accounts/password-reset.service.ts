import { createHash, randomBytes } from 'node:crypto';
import { PASSWORD_RESET, type TMailSent, type TSetPasswordRequest } from '@portico/domain';
import type { AuditService } from '../../platform/audit/audit.service.ts';
import { hashPassword } from '../../platform/auth/password.ts';
import type { Database } from '../../platform/db/index.ts';
import { NotFoundError, TooManyRequestsError } from '../../platform/http/errors.ts';
import type { Mailer } from '../../platform/mail/index.ts';
import type { Counters } from '../../platform/security/counters.ts';
import type { AccountsRepository, AccountTokenRow } from './accounts.repository.ts';
import { hashToken, LINK_EXPIRED, LINK_INVALID, LinkGoneError } from './accounts.service.ts';

/** The reset link opens the portal's reset page with ?token=. */
export const RESET_PASSWORD_PATH = '/reset-password';
export const RESET_LINK_USED =
  'This reset link has already been used. Sign in with your new password, or ask for a new link.';
export const RESET_MAILED_RECENTLY =
  'A reset link was sent to this address less than a minute ago. Check your inbox, or try again shortly.';
export const RESET_MAILED_TOO_OFTEN =
  'Too many reset links were asked for this address. Try again in an hour.';
export const RESET_TOO_MANY_FROM_CLIENT =
  'Too many reset links were asked from your network. Try again later.';

/** Only accounts that can sign in get a reset link (an invited user sets a password from the invitation). */
const RESETTABLE_STATUSES = new Set(['active', 'pending_setup']);

export interface PasswordResetDeps {
  database: Pick<Database, 'transaction'>;
  repository: AccountsRepository;
  counters: Counters;
  mail: Mailer;
  audit: AuditService;
  /** Queues the mailing of a link (the accounts.send-password-reset job). */
  queueResetMail: (request: { email: string; ip: string }) => Promise<unknown>;
  publicUrl: string;
  forgetUser: (userId: string) => void;
  now?: () => Date;
}

const keyOf = (value: string) => createHash('sha256').update(value).digest('base64url');

/**
 * "Forgot password?" (issue 26 point 3). Asking for a link does the same work whether or not the
 * email has an account (two counters, one job), so neither the answer nor its timing tells who is
 * registered; the job looks the account up and mails a single-use link that works for 30 minutes.
 * Resetting with it changes the password the way a password change does (every session, grant and
 * refresh token of the account ended), and writes a security record.
 */
export function createPasswordResetService(deps: PasswordResetDeps) {
  const { database, repository, mail, audit } = deps;
  const now = deps.now ?? (() => new Date());
  const ttlMs = PASSWORD_RESET.linkTtlMinutes * 60_000;

  /** Per email (an account): one a minute, a few an hour; per client address: a few dozen an hour. */
  async function rateLimit(email: string, ip: string): Promise<void> {
    const at = now().getTime();
    const hourMs = 3_600_000;
    const client = await deps.counters.hit(`password-reset:client:${ip}`, hourMs, at);
    if (client.hits > PASSWORD_RESET.perClientPerHour) {
      throw new TooManyRequestsError(RESET_TOO_MANY_FROM_CLIENT, Math.ceil((client.resetAt - at) / 1000));
    }
    const minute = await deps.counters.hit(
      `password-reset:email:${keyOf(email)}`,
      PASSWORD_RESET.perEmailIntervalMs,
      at,
    );
    if (minute.hits > 1) {
      throw new TooManyRequestsError(RESET_MAILED_RECENTLY, Math.ceil((minute.resetAt - at) / 1000));
    }
    const hour = await deps.counters.hit(`password-reset:email-hour:${keyOf(email)}`, hourMs, at);
    if (hour.hits > PASSWORD_RESET.perEmailPerHour) {
      throw new TooManyRequestsError(RESET_MAILED_TOO_OFTEN, Math.ceil((hour.resetAt - at) / 1000));
    }
  }

  async function usableLink(token: string): Promise<AccountTokenRow> {
    const row = await repository.tokenByHash('reset-password', hashToken(token.trim()));
    if (!row) throw new NotFoundError(LINK_INVALID);
    if (row.consumedAt) throw new LinkGoneError(RESET_LINK_USED, { reason: 'used', email: row.email });
    if (row.expiresAt.getTime() <= now().getTime()) {
      throw new LinkGoneError(LINK_EXPIRED, { reason: 'expired', email: row.email });
    }
    return row;
  }

  return {
    /** Asks for a reset link: the same answer, and the same work, whether or not the email has an account. */
    async requestReset(email: string, ip: string): Promise<TMailSent> {
      // One unit: the counters count only a request whose job was queued (a failed one was not "sent").
      await database.transaction(async () => {
        await rateLimit(email, ip);
        await deps.queueResetMail({ email, ip });
      });
      return { email, expiresAt: new Date(now().getTime() + ttlMs).toISOString() };
    },

    /** The job: a link for an account that can sign in; nothing at all for any other email. */
    async mailResetLink(request: { email: string; ip: string }): Promise<void> {
      const user = await repository.userByEmail(request.email);
      if (!user || !RESETTABLE_STATUSES.has(user.status)) return;
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(now().getTime() + ttlMs);
      await database.transaction(async () => {
        await repository.replaceToken({
          purpose: 'reset-password',
          email: user.email,
          userId: user.userId,
          tokenHash: hashToken(token),
          expiresAt,
        });
        await audit.record('password.reset-requested', {
          subjectUserId: user.userId,
          subjectEmail: user.email,
          partnerId: user.partnerId,
          ip: request.ip,
        });
        await mail({
          to: user.email,
          template: 'reset-password',
          data: {
            link: `${deps.publicUrl}${RESET_PASSWORD_PATH}?token=${encodeURIComponent(token)}`,
            expiresInMinutes: String(PASSWORD_RESET.linkTtlMinutes),
          },
        });
      });
    },

    /** Opening the link: whose password it resets (or why it cannot be used). It is not used up here. */
    async checkLink(token: string): Promise<{ email: string }> {
      const row = await usableLink(token);
      return { email: row.email };
    },

    /** Sets the new password with the link, ending every session of the account. */
    async resetPassword(input: TSetPasswordRequest, ip: string): Promise<{ email: string }> {
      const row = await usableLink(input.token);
      const user = row.userId ? await repository.userById(row.userId) : undefined;
      if (!user || !RESETTABLE_STATUSES.has(user.status)) throw new NotFoundError(LINK_INVALID);
      const passwordHash = await hashPassword(input.password);
      const at = now();
      await database.transaction(async () => {
        const reset = await repository.resetPassword({
          tokenId: row.id,
          userId: user.userId,
          passwordHash,
          at,
        });
        if (!reset) throw new LinkGoneError(RESET_LINK_USED, { reason: 'used', email: row.email });
        await audit.record('password.reset', {
          actorUserId: user.userId,
          actorEmail: user.email,
          subjectUserId: user.userId,
          subjectEmail: user.email,
          partnerId: user.partnerId,
          ip,
        });
        await mail({
          to: user.email,
          template: 'password-changed',
          data: { when: at.toISOString().replace('T', ' ').slice(0, 16) },
        });
      });
      deps.forgetUser(user.userId);
      return { email: user.email };
    },
  };
}
export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
