import { bigint, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from '../db/core.schema.ts';

/** Generated secrets shared by every instance (OIDC signing keys, cookie keys). Never in git. */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: jsonb('value').notNull(),
  createdAt: createdAt(),
});

/** Fixed-window counters for rate limiting and sign-in throttling, shared by every instance. */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  resetAt: bigint('reset_at', { mode: 'number' }).notNull(), // epoch ms
});
