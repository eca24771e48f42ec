import { sql } from 'drizzle-orm';
import { index, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../db/core.schema.ts';

/** The dev mailbox: mail kept here instead of sent when SMTP_URL is not set (shown at /dev/mailbox). */
export const devMailbox = pgTable(
  'dev_mailbox',
  {
    id: serial('id').primaryKey(),
    /** The mail.send job that wrote it, so a retried job does not file the mail twice. */
    jobId: text('job_id').notNull(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    template: text('template').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('dev_mailbox_job_uq').on(t.jobId), index('dev_mailbox_to_idx').on(sql`lower(${t.to})`)],
);
