import { index, integer, pgTable, serial, text, uuid } from 'drizzle-orm/pg-core';
import { carriers, createdAt } from '../db/core.schema.ts';

/**
 * One history for every reviewable subject (brands, aggregators, bots, templates, campaigns, and their
 * per-carrier reviews): who, when, from, to, why. Written in the decision's own transaction.
 */
export const reviewHistory = pgTable(
  'review_history',
  {
    id: serial('id').primaryKey(),
    /** The machine's subject, e.g. 'brand' or 'brand-carrier'. */
    subject: text('subject').notNull(),
    subjectId: text('subject_id').notNull(),
    /** The carrier of a carrier-level decision. */
    carrierId: integer('carrier_id').references(() => carriers.carrierId),
    action: text('action').notNull(),
    /** State codes; from is null for the first entry (created). */
    fromCode: integer('from_code'),
    toCode: integer('to_code').notNull(),
    reason: text('reason'),
    actorUserId: uuid('actor_user_id'),
    actorEmail: text('actor_email'),
    actorRole: text('actor_role'),
    createdAt: createdAt(),
  },
  (t) => [index('review_history_subject_idx').on(t.subject, t.subjectId, t.createdAt)],
);
