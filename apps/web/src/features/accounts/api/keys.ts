import type { AuditAction, TManagedUserFilters } from '@portico/domain';
import { queryKeys, setFilters } from '@/lib/query-keys';

const accounts = queryKeys('accounts');

export interface AuditLogFilters {
  action?: AuditAction | undefined;
  /** Part of the email of who acted or whom it concerned. */
  email?: string | undefined;
  /** Inclusive UTC calendar dates, YYYY-MM-DD. */
  from?: string | undefined;
  to?: string | undefined;
  sort?: 'created_at' | 'action' | undefined;
  order?: 'asc' | 'desc' | undefined;
}

/** The users list's search and sort (each optional: the server's defaults apply). */
export type ManagedUserFilters = Partial<TManagedUserFilters>;

/** The accounts feature's query keys. */
export const accountsKeys = {
  all: accounts.all,
  setup: () => accounts.key('setup'),
  verifyEmail: (token: string) => accounts.key('verify-email', token),
  resetLink: (token: string) => accounts.key('reset-link', token),
  /** The caller's own two-factor sign-in, and the super admin's setting. */
  twoFactor: () => accounts.key('two-factor'),
  twoFactorPolicy: () => accounts.key('two-factor-policy'),
  managedUsers: {
    all: accounts.key('managed-users'),
    list: (window: { start: number; end: number }, filters: ManagedUserFilters) =>
      accounts.key('managed-users', window.start, window.end, setFilters({ ...filters })),
  },
  /** Every user-management call writes a security record: its mutations invalidate these too. */
  auditLog: {
    all: accounts.key('audit-log'),
    list: (window: { start: number; end: number }, filters: AuditLogFilters) =>
      accounts.key('audit-log', window.start, window.end, setFilters({ ...filters })),
  },
};
