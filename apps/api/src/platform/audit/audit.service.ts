import type { AuditAction, TAuditLog, TAuditLogFilters, TAuditLogQuery, TAuditRecord } from '@portico/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { AuditEntry, AuditRepository, AuditRow } from './audit.repository.ts';

/** An export holds at most this many records: a longer period is narrowed with the date filters. */
export const AUDIT_EXPORT_LIMIT = 10_000;

/** The response shape of one record (the presenter: no user ids, ISO time). */
function presentRecord(row: AuditRow): TAuditRecord {
  return {
    id: row.id,
    action: row.action,
    actorEmail: row.actorEmail,
    subjectEmail: row.subjectEmail,
    partnerId: row.partnerId,
    ip: row.ip,
    detail: row.detail ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The security records of issue 3 item 8 (the actions are AUDIT_ACTIONS in packages/domain). */
export function createAuditService(repository: AuditRepository, log: FastifyBaseLogger) {
  return {
    /**
     * Writes a record in the caller's unit of work: the change and its record commit together, and
     * a failure to write fails the use case.
     */
    async record(action: AuditAction, entry: Omit<AuditEntry, 'action'>): Promise<void> {
      await repository.insert({ action, ...entry });
    },

    /**
     * For events that are not a use case of ours (the identity provider's sign-in and sign-out): a
     * failure to write is logged and never fails the sign-in it records.
     */
    async recordBestEffort(action: AuditAction, entry: Omit<AuditEntry, 'action'>): Promise<void> {
      try {
        await repository.insert({ action, ...entry });
      } catch (error) {
        log.error({ err: error, action }, 'audit record not written');
      }
    },

    /** The records that match the filters in the asked order (newest first by default), one window of them. */
    async list(query: TAuditLogQuery): Promise<TAuditLog> {
      const { start, end, sort, order, ...filters } = query;
      const { items, total } = await repository.list(filters, { sort, order }, { start, end });
      return { items: items.map(presentRecord), total };
    },

    /** Every record that matches, for an export (at most AUDIT_EXPORT_LIMIT, the first in the asked order when more match). */
    async exportRows(query: TAuditLogFilters): Promise<{ items: TAuditRecord[]; total: number }> {
      const { sort, order, ...filters } = query;
      const { items, total } = await repository.list(
        filters,
        { sort, order },
        { start: 0, end: AUDIT_EXPORT_LIMIT },
      );
      return { items: items.map(presentRecord), total };
    },
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
