import type { Database } from '../../platform/db/index.ts';
import { networkEvents, networkMessages } from './network-messages.schema.ts';

/**
 * For the bot console's and the templates' demo conversations (seedBotTestingDemo, seedDemoTemplates):
 * a message as if sent to a test device some minutes ago, already delivered or read. No use case
 * stores a sent message backdated with its receipts, so the demo writes it here.
 */
export async function storeDemoMessage(
  database: Database,
  message: typeof networkMessages.$inferInsert,
): Promise<void> {
  await database.db.insert(networkMessages).values(message);
}

/**
 * For the bot console's and the templates' demo conversations (seedBotTestingDemo, seedDemoTemplates):
 * an event as if a test device's user typed or tapped a reply some minutes ago (no network posts it
 * in the demo). Its id, for the console line that shows it.
 */
export async function storeDemoEvent(
  database: Database,
  event: typeof networkEvents.$inferInsert,
): Promise<string | undefined> {
  const [row] = await database.db
    .insert(networkEvents)
    .values(event)
    .returning({ eventId: networkEvents.eventId });
  return row?.eventId;
}
