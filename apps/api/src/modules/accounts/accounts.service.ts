import { createHash, randomBytes } from 'node:crypto';
import {
  type TAccountSetup,
  type TAccountTypeRequest,
  type TChangePasswordRequest,
  type TMailSent,
  type TSetPasswordRequest,
  type TSetupUserDetailsRequest,
  type TSignUpRequest,
  ZAddressDetails,
  ZCompanyDetails,
  type ZCompanyDetailsRequest,
} from '@portico/domain';
import type { z } from 'zod';
import type { AuditService } from '../../platform/audit/audit.service.ts';
import { hashPassword, verifyPassword } from '../../platform/auth/password.ts';
import type { AuthenticatedUser } from '../../platform/auth/types.ts';
import type { Database } from '../../platform/db/index.ts';
import {
  AppError,
  BadRequestError,
  ConflictError,
  NotFoundError,
  TooManyRequestsError,
} from '../../platform/http/errors.ts';
import type { Mailer } from '../../platform/mail/index.ts';
import type { Counters } from '../../platform/security/counters.ts';
import type { AccountsRepository, AccountTokenRow, TokenPurpose } from './accounts.repository.ts';

export const VERIFY_LINK_TTL_HOURS = 24;
export const INVITE_LINK_TTL_HOURS = 72;
/** Sign-up and resend mail an address at most once a minute ... */
export const RESEND_INTERVAL_MS = 60_000;
/** ... and at most this many times an hour, whoever asks. */
export const SIGN_UP_MAILS_PER_HOUR = 5;
export const MAILED_RECENTLY =
  'An email was sent to this address less than a minute ago. Check your inbox, or try again shortly.';
export const MAILED_TOO_OFTEN = 'Too many emails were sent to this address. Try again in an hour.';
/** The verification link opens the sign-up page with ?token= (verify, then set the password). */
export const VERIFY_EMAIL_PATH = '/sign-up';
export const SET_PASSWORD_PATH = '/set-password';

export const EMAIL_REGISTERED = 'This email is already registered. Sign in instead, or use another email.';
export const LINK_INVALID =
  'This link is not valid. Open the whole link from the email, or ask for a new one.';
export const LINK_USED = 'This link has already been used. Sign in with your email and password.';
export const LINK_EXPIRED = 'This link has expired. Ask for a new one.';
export const CURRENT_PASSWORD_WRONG = 'The current password is not correct.';

/** Only the SHA-256 of a link's token is stored. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');

/** HTTP 410: the link existed but can no longer be used; data says why (and for whom, so the page can offer a new one). */
export class LinkGoneError extends AppError {
  constructor(message: string, data: { reason: 'used' | 'expired'; email: string }) {
    super(410, message, data);
  }
}

export interface AccountsDeps {
  /** Each use case is one unit of work: its rows, its audit record and its mail commit together. */
  database: Pick<Database, 'transaction'>;
  repository: AccountsRepository;
  /** The per-address mail cooldown of sign-up and resend, shared by every instance. */
  counters: Counters;
  mail: Mailer;
  audit: AuditService;
  publicUrl: string;
  /** Drops what this instance remembers about a user's tokens (decision 0006). */
  forgetUser: (userId: string) => void;
  now?: () => Date;
}

/**
 * Sign-up, email verification, set password, the first-time flow (user details, account type,
 * enterprise, review) and change password.
 */
export function createAccountsService(deps: AccountsDeps) {
  const { database, repository, mail, audit, publicUrl } = deps;
  const now = deps.now ?? (() => new Date());

  async function sendVerification(email: string): Promise<TMailSent> {
    const token = newToken();
    const expiresAt = new Date(now().getTime() + VERIFY_LINK_TTL_HOURS * 3_600_000);
    await repository.replaceToken({ purpose: 'verify-email', email, tokenHash: hashToken(token), expiresAt });
    await mail({
      to: email,
      template: 'verify-email',
      data: {
        link: `${publicUrl}${VERIFY_EMAIL_PATH}?token=${encodeURIComponent(token)}`,
        expiresInHours: String(VERIFY_LINK_TTL_HOURS),
      },
    });
    return { email, expiresAt: expiresAt.toISOString() };
  }

  /**
   * The owner of a registered email is told, instead of being sent a link (or the asker being
   * told the email is taken): the answer is the same as a new sign-up's, so it reveals nothing.
   */
  async function sendAccountExists(email: string): Promise<TMailSent> {
    await mail({ to: email, template: 'account-exists', data: { signInUrl: publicUrl } });
    return { email, expiresAt: new Date(now().getTime() + VERIFY_LINK_TTL_HOURS * 3_600_000).toISOString() };
  }

  /**
   * Sign-up and resend mail one address at most once a minute and a few times an hour, whether or
   * not it is registered (the refusal is the same either way): nobody can bomb an inbox through us.
   * Counted in the caller's unit of work, with the mail it queues: if that unit fails, nothing was
   * sent and nothing is counted (a retry is not told a mail went out).
   */
  async function mailCooldown(email: string): Promise<void> {
    const key = createHash('sha256').update(email).digest('base64url');
    const at = now().getTime();
    const minute = await deps.counters.hit(`sign-up:mail:${key}`, RESEND_INTERVAL_MS, at);
    if (minute.hits > 1) {
      throw new TooManyRequestsError(MAILED_RECENTLY, Math.ceil((minute.resetAt - at) / 1000));
    }
    const hour = await deps.counters.hit(`sign-up:mail-hour:${key}`, 3_600_000, at);
    if (hour.hits > SIGN_UP_MAILS_PER_HOUR) {
      throw new TooManyRequestsError(MAILED_TOO_OFTEN, Math.ceil((hour.resetAt - at) / 1000));
    }
  }

  /** A link by its token, refused with a clear sentence when unknown, used or expired. */
  async function usableLink(purpose: TokenPurpose, token: string): Promise<AccountTokenRow> {
    const row = await repository.tokenByHash(purpose, hashToken(token.trim()));
    if (!row) throw new NotFoundError(LINK_INVALID);
    if (row.consumedAt) throw new LinkGoneError(LINK_USED, { reason: 'used', email: row.email });
    if (row.expiresAt.getTime() <= now().getTime()) {
      throw new LinkGoneError(LINK_EXPIRED, { reason: 'expired', email: row.email });
    }
    return row;
  }

  async function pendingSetupOf(user: AuthenticatedUser) {
    const setup = await repository.setupOf(user.userId);
    if (!setup) throw new NotFoundError('Your account was not found.');
    if (setup.user.status !== 'pending_setup') {
      throw new ConflictError('Your account is already set up.');
    }
    return setup;
  }

  return {
    /** Starts a sign-up: a verification link to a new email, an "already have an account" mail to a registered one. */
    async signUp(input: TSignUpRequest): Promise<TMailSent> {
      // The cooldown counts in the unit that queues the mail: a sign-up that fails is not "sent".
      return database.transaction(async () => {
        await mailCooldown(input.email);
        const registered = await repository.userByEmail(input.email);
        return registered ? sendAccountExists(input.email) : sendVerification(input.email);
      });
    },

    /**
     * A new verification link for a sign-up waiting on this email (the previous link stops
     * working). Registered: the owner is told they have an account. Neither: nothing is sent. The
     * answer is the same in all three cases.
     */
    async resendVerification(email: string): Promise<TMailSent> {
      return database.transaction(async () => {
        await mailCooldown(email);
        if (await repository.userByEmail(email)) return sendAccountExists(email);
        if (!(await repository.latestToken('verify-email', email))) {
          return {
            email,
            expiresAt: new Date(now().getTime() + VERIFY_LINK_TTL_HOURS * 3_600_000).toISOString(),
          };
        }
        return sendVerification(email);
      });
    },

    /** The verification link was opened: it proves the email, and stays usable until the password is set. */
    async verifyEmail(token: string): Promise<{ email: string }> {
      const row = await usableLink('verify-email', token);
      if (!row.verifiedAt) await repository.markVerified(row.id, now());
      return { email: row.email };
    },

    /** The set-password step of sign-up: creates the partner and its user (pending set-up). */
    async createUser(input: TSetPasswordRequest): Promise<{ email: string }> {
      const row = await usableLink('verify-email', input.token);
      if (!row.verifiedAt) throw new BadRequestError('Verify your email first by opening the link we sent.');
      if (await repository.userByEmail(row.email)) throw new ConflictError(EMAIL_REGISTERED);
      const passwordHash = await hashPassword(input.password);
      return database.transaction(async () => {
        const user = await repository.createSignedUpAccount({
          tokenId: row.id,
          email: row.email,
          passwordHash,
          at: now(),
        });
        if (!user) throw new LinkGoneError(LINK_USED, { reason: 'used', email: row.email });
        await audit.record('account.created', {
          subjectUserId: user.userId,
          subjectEmail: user.email,
          partnerId: user.partnerId,
        });
        return { email: user.email };
      });
    },

    /** The invitation's set-password step: the invited user chooses a password and becomes active. */
    async acceptInvite(input: TSetPasswordRequest): Promise<{ email: string }> {
      const row = await usableLink('invite', input.token);
      const invited = row.userId ? await repository.userById(row.userId) : undefined;
      if (invited?.status !== 'invited' || !invited) throw new NotFoundError(LINK_INVALID);
      const passwordHash = await hashPassword(input.password);
      return database.transaction(async () => {
        const user = await repository.activateInvitedUser({
          tokenId: row.id,
          userId: invited.userId,
          passwordHash,
          at: now(),
        });
        if (!user) throw new LinkGoneError(LINK_USED, { reason: 'used', email: row.email });
        await audit.record('user.activated', {
          subjectUserId: user.userId,
          subjectEmail: user.email,
          partnerId: user.partnerId,
        });
        return { email: user.email };
      });
    },

    async accountSetup(user: AuthenticatedUser): Promise<TAccountSetup> {
      const setup = await repository.setupOf(user.userId);
      if (!setup) throw new NotFoundError('Your account was not found.');
      const accountType =
        setup.accountType === 'developer' || setup.accountType === 'aggregator' ? setup.accountType : null;
      return {
        email: setup.user.email,
        firstName: setup.user.firstName,
        lastName: setup.user.lastName,
        accountType,
        company: ZCompanyDetails.partial().safeParse(setup.partner.company ?? null).data ?? null,
        address: ZAddressDetails.partial().safeParse(setup.partner.address ?? null).data ?? null,
        completed: setup.user.status !== 'pending_setup',
      };
    },

    async setupUserDetails(user: AuthenticatedUser, input: TSetupUserDetailsRequest): Promise<void> {
      await pendingSetupOf(user);
      await repository.updateNames(user.userId, input.firstName, input.lastName);
    },

    async chooseAccountType(user: AuthenticatedUser, input: TAccountTypeRequest): Promise<void> {
      const setup = await pendingSetupOf(user);
      await repository.setAccountType(user.userId, setup.partner.partnerId, input.accountType);
    },

    /** Company details and address of the caller's organisation: developer partner, carrier or platform. */
    async updateCompanyDetails(user: AuthenticatedUser, input: z.output<typeof ZCompanyDetailsRequest>) {
      const existing = await repository.setupOf(user.userId);
      const company = { ...(existing?.partner.company ?? {}), ...dropUndefined(input.company) };
      await repository.updateCompany(user.partnerId, company, dropUndefined(input.address));
    },

    /** The review is confirmed: every step must be done; the account becomes active. */
    async completeSetup(user: AuthenticatedUser): Promise<void> {
      const setup = await pendingSetupOf(user);
      const company = ZCompanyDetails.safeParse(setup.partner.company ?? null);
      const address = ZAddressDetails.safeParse(setup.partner.address ?? null);
      if (!setup.user.firstName || !setup.user.lastName) {
        throw new BadRequestError('Set up your user details first (first and last name).');
      }
      if (!setup.accountType) throw new BadRequestError('Choose developer or aggregator first.');
      if (!company.success || !address.success) {
        throw new BadRequestError('Set up your enterprise first (company details and address).');
      }
      await repository.completeSetup(user.userId, now());
      deps.forgetUser(user.userId);
    },

    /** Checks the current password, sets the new one and revokes every session and refresh token. */
    async changePassword(user: AuthenticatedUser, input: TChangePasswordRequest, ip: string): Promise<void> {
      const row = await repository.userById(user.userId);
      if (!row?.passwordHash || !(await verifyPassword(row.passwordHash, input.currentPassword))) {
        throw new BadRequestError(CURRENT_PASSWORD_WRONG, [
          { field: 'currentPassword', message: CURRENT_PASSWORD_WRONG },
        ]);
      }
      const at = now();
      const passwordHash = await hashPassword(input.newPassword);
      // The new password, its security record and the notice mail commit together.
      await database.transaction(async () => {
        await repository.changePassword(user.userId, passwordHash, at);
        await audit.record('password.changed', {
          actorUserId: user.userId,
          actorEmail: user.email,
          subjectUserId: user.userId,
          subjectEmail: user.email,
          partnerId: user.partnerId,
          ip,
        });
        await mail({
          to: row.email,
          template: 'password-changed',
          data: { when: at.toISOString().replace('T', ' ').slice(0, 16) },
        });
      });
      deps.forgetUser(user.userId);
    },
  };
}
export type AccountsService = ReturnType<typeof createAccountsService>;

function dropUndefined<T extends Record<string, unknown>>(value: T): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined));
}
