import { BOT_STATUS, channelRoute, ROLES } from '@portico/domain';
import type { SeedContext } from '../../platform/module.ts';
import { createNotificationsRepository } from './notifications.repository.ts';
import { createNotificationsService, type NotificationContent } from './notifications.service.ts';

/** What the platform's decision on a launch reads as, by the bot's state after it. */
const DECIDED: Partial<Record<number, { decision: string; state: string }>> = {
  [BOT_STATUS.launched]: { decision: 'Launched', state: 'launched on its carriers' },
  [BOT_STATUS.bot_rejected_by_portico]: { decision: 'Rejected by the platform', state: 'rejected' },
  [BOT_STATUS.bot_approved_by_portico_pending_from_carrier]: {
    decision: 'Approved by the platform',
    state: 'waiting for the carriers',
  },
  [BOT_STATUS.launch_failed]: { decision: 'Launch failed', state: 'not launched' },
};

const PROVIDER_ADMINS = [
  ROLES.SUPER_ADMIN_PORTICO,
  ROLES.ADMIN_PORTICO_READONLY,
  ROLES.ADMIN_PORTICO_READWRITE,
];

/**
 * Demo notifications (DEMO=1), through the service, from the demo data's own launches: each
 * developer-side user hears of its bots' decisions, the platform's admins of the launches waiting
 * for them, each carrier's users of those waiting for their network. Once: a database that has
 * notifications is left alone.
 */
export async function seedNotificationsDemo({ database }: SeedContext<unknown>): Promise<number> {
  const { rows: existing } = await database.sql.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM notifications',
  );
  if ((existing[0]?.n ?? 0) > 0) return 0;
  const service = createNotificationsService({
    database,
    repository: createNotificationsRepository(database),
  });
  const notes: { userId: string; content: NotificationContent; read: boolean }[] = [];

  const { rows: decided } = await database.sql.query<{
    user_id: string;
    bot_id: string;
    name: string;
    status: number;
    channels: number[];
  }>(
    `SELECT u.user_id, b.bot_id, b.name, b.status, b.channels
       FROM bots b JOIN users u ON u.partner_id = b.partner_id
      WHERE b.status = ANY($1::int[]) ORDER BY b.updated_at, b.bot_id`,
    [Object.keys(DECIDED).map(Number)],
  );
  for (const row of decided) {
    const said = DECIDED[row.status];
    if (!said) continue;
    const route = channelRoute(row.channels.map((channel_type) => ({ channel_type }))) ?? '/rcs';
    notes.push({
      userId: row.user_id,
      content: {
        kind: 'review_decision',
        title: `Launch of ${row.name}: ${said.decision}`,
        body: `It is now ${said.state}.`,
        link: `/u/view-bot-details${route}?botId=${row.bot_id}`,
      },
      // Launched bots are old news; the others wait to be read.
      read: row.status === BOT_STATUS.launched,
    });
  }

  const { rows: waiting } = await database.sql.query<{ user_id: string; bot_id: string; name: string }>(
    `SELECT u.user_id, b.bot_id, b.name FROM bots b CROSS JOIN users u
      WHERE b.status = $1 AND u.role = ANY($2::text[]) ORDER BY b.updated_at, b.bot_id`,
    [BOT_STATUS.submitted_for_launch, PROVIDER_ADMINS],
  );
  for (const row of waiting) {
    notes.push({
      userId: row.user_id,
      content: {
        kind: 'review_waiting',
        title: `Launch of ${row.name} waits for your review`,
        body: 'Submitted by its developer.',
        link: `/admin/verification-details?bot_id=${row.bot_id}`,
      },
      read: false,
    });
  }

  const { rows: carrierWaiting } = await database.sql.query<{
    user_id: string;
    bot_id: string;
    name: string;
  }>(
    `SELECT u.user_id, b.bot_id, b.name FROM bot_carriers bc
       JOIN bots b ON b.bot_id = bc.bot_id
       JOIN partners p ON p.carrier_id = bc.carrier_id
       JOIN users u ON u.partner_id = p.partner_id
      WHERE b.status = ANY($1::int[]) ORDER BY b.updated_at, b.bot_id`,
    [[BOT_STATUS.bot_forwarded_by_portico, BOT_STATUS.bot_approved_by_portico_pending_from_carrier]],
  );
  for (const row of carrierWaiting) {
    notes.push({
      userId: row.user_id,
      content: {
        kind: 'review_waiting',
        title: `Launch of ${row.name} waits for your review`,
        body: 'The platform forwarded it to your network.',
        link: `/billing/bot-details?bot_id=${row.bot_id}`,
      },
      read: false,
    });
  }

  await database.transaction(async () => {
    for (const note of notes) await service.notify(note.userId, note.content, { read: note.read });
  });
  return notes.length;
}
