import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../platform/db/index.ts';
import { partnerFiles } from './partner-api.schema.ts';

/** What a send needs to know about its bot. */
export interface SendingBot {
  botId: string;
  partnerId: string;
  status: number;
  channels: number[];
  whatsappPhoneNumberId: string | null;
  /** The RBM agent's resource name (brands/x/agents/y), once registered. */
  rbmAgent: string | null;
  /** The MaaP chatbot id, for a bot registered with GSMA's API type. */
  maapBotId: string | null;
}

/**
 * SQL of the partner API's sends: the bot and its test devices (read-only; the bots' tables), and
 * the files each bot uploaded (its own table).
 */
export function createPartnerApiRepository(database: Database) {
  const { db, sql } = database;
  return {
    async bot(botId: string): Promise<SendingBot | null> {
      const { rows } = await sql.query<{
        bot_id: string;
        partner_id: string;
        status: number;
        channels: number[];
        whatsapp_phone_number_id: string | null;
        rbm_agent: string | null;
        maap_bot_id: string | null;
      }>(
        'SELECT bot_id, partner_id, status, channels, whatsapp_phone_number_id, rbm_agent, maap_bot_id FROM bots WHERE bot_id = $1',
        [botId],
      );
      const row = rows[0];
      return row
        ? {
            botId: row.bot_id,
            partnerId: row.partner_id,
            status: row.status,
            channels: row.channels,
            whatsappPhoneNumberId: row.whatsapp_phone_number_id,
            rbmAgent: row.rbm_agent,
            maapBotId: row.maap_bot_id,
          }
        : null;
    },

    /**
     * The bot's test devices on a channel that may receive its messages (WhatsApp has no invite). On
     * RCS the tester's latest answer since the invite (the network's tester event, for the agent
     * `sender`) wins over the stored state, as the bot console's sync reads it: the stored state is
     * brought up to date only when the console looks at the device.
     */
    async testNumbers(botId: string, channel: 'rcs' | 'whatsapp', sender: string): Promise<string[]> {
      const { rows } = await sql.query<{ msisdn: string }>(
        `SELECT d.msisdn FROM bot_test_devices d
          WHERE d.bot_id = $1 AND d.channel = $2 AND (d.channel = 'whatsapp' OR COALESCE(
            (SELECT e.payload->'tester'->>'inviteStatus' FROM network_events e
              WHERE e.network = 'rbm' AND e.sender = d.msisdn AND e.kind = 'other'
                AND e.payload ? 'tester' AND e.payload->>'agentId' = $3
                AND d.invited_at IS NOT NULL AND e.received_at > d.invited_at
              ORDER BY e.received_at DESC LIMIT 1),
            d.invite_status) = 'ACCEPTED')`,
        [botId, channel, sender],
      );
      return rows.map((r) => r.msisdn);
    },

    /**
     * Records a file the network named for the bot (files/{id}). A name already recorded stays with
     * the bot that has it: network names are unique, so a second record is never another bot's.
     */
    async recordFile(file: { fileName: string; botId: string; partnerId: string }): Promise<void> {
      await db.insert(partnerFiles).values(file).onConflictDoNothing({ target: partnerFiles.fileName });
    },

    /** Which of these file names the bot uploaded. */
    async filesOfBot(botId: string, fileNames: string[]): Promise<Set<string>> {
      if (fileNames.length === 0) return new Set();
      const rows = await db
        .select({ fileName: partnerFiles.fileName })
        .from(partnerFiles)
        .where(and(eq(partnerFiles.botId, botId), inArray(partnerFiles.fileName, fileNames)));
      return new Set(rows.map((r) => r.fileName));
    },
  };
}
export type PartnerApiRepository = ReturnType<typeof createPartnerApiRepository>;
