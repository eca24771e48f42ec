import { z } from 'zod';
import { LIST_WINDOW } from '../constants/product.ts';
import { ZListResult, ZListWindowQuery } from './envelope.ts';
import { optionalText } from './fields.ts';
import { refineDateRange, sortQuery, ZExportFormat, ZIsoDate } from './list-filters.ts';

/** The security records (issue 3 item 8): what is written to the audit log. */
export const AUDIT_ACTIONS = [
  'sign-in',
  'sign-in.failed',
  'sign-out',
  'account.created',
  'password.changed',
  /** A password reset link was mailed (only for an existing account), and a password was reset with one. */
  'password.reset-requested',
  'password.reset',
  /** Two-factor sign-in was turned on or off, its recovery codes renewed, one of them used to sign in. */
  'two-factor.enabled',
  'two-factor.disabled',
  'two-factor.recovery-codes-renewed',
  'two-factor.recovery-code-used',
  /** The super admin changed which role groups must use two-factor sign-in. */
  'two-factor.policy-changed',
  'user.invited',
  'user.reinvited',
  'user.deleted',
  'user.activated',
  'role.changed',
  'brand.created',
  'brand.updated',
  'brand.deleted',
  'brand.decided',
  /** A bot draft was created, changed (details, brand, carriers, images, listing, store), registered on a network or deleted. */
  'bot.created',
  'bot.updated',
  'bot.registered',
  'bot.deleted',
  /** A launch step was saved, its verification hold taken, the launch submitted, or its carriers changed after submission. */
  'launch.updated',
  'launch.paid',
  'launch.submitted',
  'launch.carriers-changed',
  /** The platform or a carrier decided on a bot's launch, or a platform admin retried a failed launch. */
  'launch.decided',
  'launch.retried',
  /** An aggregator set up or changed its billing info. */
  'aggregator.billing.updated',
  /** A download, FAQ, video or press release was added, changed, reordered, published or removed. */
  'content.changed',
  /** A bot's webhook URL was set (after its verification) or its signing secret was created or rotated. */
  'webhook.updated',
  'webhook.secret-rotated',
  /** A bot's API credential was created, its secret rotated, or it was revoked. */
  'credential.created',
  'credential.rotated',
  'credential.revoked',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** GET /api/v1/secure/audit-log: one security record. */
export const ZAuditRecord = z.object({
  id: z.number().int(),
  action: z.string(),
  actorEmail: z.string().nullable(),
  subjectEmail: z.string().nullable(),
  partnerId: z.string().nullable(),
  ip: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
});
export type TAuditRecord = z.infer<typeof ZAuditRecord>;

export const auditLogFilters = {
  action: z.enum(AUDIT_ACTIONS).optional(),
  /** Part of the email of who acted or whom it concerned (case-insensitive). */
  email: optionalText(254),
  /** Inclusive calendar dates (UTC). */
  from: ZIsoDate.optional(),
  to: ZIsoDate.optional(),
  ...sortQuery(['created_at', 'action'], 'created_at'),
};

/** GET /api/v1/secure/audit-log query: a window (at most MAX_LIST_WINDOW records) and the filters. */
export const ZAuditLogQuery = refineDateRange(ZListWindowQuery(LIST_WINDOW, auditLogFilters));
export type TAuditLogQuery = z.output<typeof ZAuditLogQuery>;
/** GET /api/v1/secure/audit-log/export: the same records as Excel or PDF. */
export const ZAuditLogExportQuery = refineDateRange(z.object({ format: ZExportFormat, ...auditLogFilters }));
export type TAuditLogFilters = Omit<z.output<typeof ZAuditLogExportQuery>, 'format'>;

export const ZAuditLog = ZListResult(ZAuditRecord);
export type TAuditLog = z.infer<typeof ZAuditLog>;
