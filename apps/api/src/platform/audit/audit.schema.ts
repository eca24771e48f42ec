import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, serial, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../db/core.schema.ts';

/** Security records (sign-in, sign-out, failed sign-in, password change, invite, role change), read by platform admins. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    action: text('action').notNull(),
    actorUserId: uuid('actor_user_id'),
    actorEmail: text('actor_email'),
    subjectUserId: uuid('subject_user_id'),
    subjectEmail: text('subject_email'),
    partnerId: uuid('partner_id'),
    ip: text('ip'),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    // The Security Records email filter is a case-insensitive contains-search on either email:
    // trigram indexes serve ILIKE '%...%' (the pg_trgm extension, created by the migration).
    index('audit_log_actor_email_trgm').using('gin', sql`${t.actorEmail} gin_trgm_ops`),
    index('audit_log_subject_email_trgm').using('gin', sql`${t.subjectEmail} gin_trgm_ops`),
  ],
);
