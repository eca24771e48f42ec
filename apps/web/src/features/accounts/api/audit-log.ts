import { ZAuditLog } from '@portico/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { http } from '@/lib/http/client';
import { saveExport } from '@/lib/http/save-file';
import { setFilters } from '@/lib/query-keys';
import { type AuditLogFilters, accountsKeys } from './keys';

export type { AuditLogFilters } from './keys';

/** GET the security records (provider admins), newest first unless sorted otherwise: one window (start, end) of those that match. */
export const getAuditLog = (window: { start: number; end: number }, filters: AuditLogFilters) =>
  http.get('/secure/audit-log', ZAuditLog, { params: { ...window, ...setFilters({ ...filters }) } });

export const auditLogQueryOptions = (window: { start: number; end: number }, filters: AuditLogFilters) =>
  queryOptions({
    queryKey: accountsKeys.auditLog.list(window, filters),
    queryFn: () => getAuditLog(window, filters),
    placeholderData: keepPreviousData,
  });

/** GET the same records as Excel or PDF (each record a sentence), saved as a download. */
export const exportAuditLog = (format: 'xlsx' | 'pdf', filters: AuditLogFilters) =>
  saveExport('/secure/audit-log/export', format, setFilters({ ...filters }), 'security-records');
