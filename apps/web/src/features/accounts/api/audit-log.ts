import { type AuditAction, type TAuditLog, ZAuditLog } from '@portico/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { http } from '@/lib/http/client';

/** Every user-management call writes a security record: its mutations invalidate this key too. */
export const AUDIT_LOG_QUERY_KEY = ['audit-log'] as const;

export interface AuditLogFilters {
  action?: AuditAction | undefined;
  /** Part of the email of who acted or whom it concerned. */
  email?: string | undefined;
  /** Inclusive UTC calendar dates, YYYY-MM-DD. */
  from?: string | undefined;
  to?: string | undefined;
}

/** Only the filters that are set, as query parameters. */
function filterParams(filters: AuditLogFilters): Record<string, string> {
  return Object.fromEntries(
    Object.entries(filters).filter(([, v]) => typeof v === 'string' && v !== ''),
  ) as Record<string, string>;
}

/** GET the security records (provider admins), newest first: one window (start, end) of those that match. */
export async function getAuditLog(
  window: { start: number; end: number },
  filters: AuditLogFilters,
): Promise<TAuditLog> {
  const params = { ...window, ...filterParams(filters) };
  return ZAuditLog.parse(await http.get<unknown>('/secure/audit-log', { params }));
}

export const auditLogQueryOptions = (window: { start: number; end: number }, filters: AuditLogFilters) =>
  queryOptions({
    queryKey: [...AUDIT_LOG_QUERY_KEY, window.start, window.end, filterParams(filters)],
    queryFn: () => getAuditLog(window, filters),
    placeholderData: keepPreviousData,
  });
