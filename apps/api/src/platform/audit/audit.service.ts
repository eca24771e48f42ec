import type { FastifyBaseLogger } from 'fastify';
import type { AuditEntry, AuditRepository } from './audit.repository.ts';

/** The security records of issue 3 item 8. */
export const AUDIT_ACTIONS = [
  'sign-in',
  'sign-in.failed',
  'sign-out',
  'account.created',
  'password.changed',
  'user.invited',
  'user.reinvited',
  'user.deleted',
  'user.activated',
  'role.changed',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export function createAuditService(repository: AuditRepository, log: FastifyBaseLogger) {
  return {
    /** Writes a record; a failure to write is logged, never fails the action it records. */
    async record(action: AuditAction, entry: Omit<AuditEntry, 'action'>): Promise<void> {
      try {
        await repository.insert({ action, ...entry });
      } catch (error) {
        log.error({ err: error, action }, 'audit record not written');
      }
    },
    list: repository.list,
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
