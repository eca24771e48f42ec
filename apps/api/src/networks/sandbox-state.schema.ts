import { jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The mounted network sandbox's objects (agents, brands, testers, MaaP bots, WhatsApp numbers and
 * templates), kept so they outlive a restart as on a real network (decision 0020). Written only by
 * the sandbox's persistence (sandbox-state.ts) and the demo seed's provisioning; never read by modules.
 */
export const sandboxObjects = pgTable(
  'sandbox_objects',
  {
    /** SandboxObjectKind: rbm.brand, rbm.agent, rbm.tester, maap.bot, whatsapp.phone-number, whatsapp.template. */
    kind: text('kind').notNull(),
    /** The object's key within its kind (sandboxObjectKey). */
    key: text('key').notNull(),
    body: jsonb('body').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.key] })],
);
