import type { TestDeviceInvite } from '@portico/domain';
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
     * The bot's test devices on a channel, each with its tester invite's answer (null where the
     * network has no invites). On RBM the tester's latest answer since the invite (the network's
     * tester event, for the agent `sender`) wins over the stored state, as the bot console's sync
     * reads it: the stored state is brought up to date only when the console looks at the device.
     */
    async testDevices(
      botId: string,
      channel: 'rcs' | 'whatsapp',
      sender: string,
    ): Promise<{ msisdn: string; invite: TestDeviceInvite }[]> {
      const { rows } = await sql.query<{ msisdn: string; invite: string | null }>(
        `SELECT d.msisdn, COALESCE(
            (SELECT e.payload->'tester'->>'inviteStatus' FROM network_events e
              WHERE e.network = 'rbm' AND e.sender = d.msisdn AND e.kind = 'other'
                AND e.payload ? 'tester' AND e.payload->>'agentId' = $3
                AND d.invited_at IS NOT NULL AND e.received_at > d.invited_at
              ORDER BY e.received_at DESC LIMIT 1),
            d.invite_status) AS invite
          FROM bot_test_devices d WHERE d.bot_id = $1 AND d.channel = $2`,
        [botId, channel, sender],
      );
      const known = new Set<string>(['PENDING', 'ACCEPTED', 'DECLINED']);
      return rows.map((r) => ({
        msisdn: r.msisdn,
        invite: r.invite !== null && known.has(r.invite) ? (r.invite as TestDeviceInvite) : null,
      }));
    },

    /** Forgets a file the bot deleted on the network (WhatsApp DELETE /{media-id}). */
    async deleteFile(botId: string, fileName: string): Promise<void> {
      await db
        .delete(partnerFiles)
        .where(and(eq(partnerFiles.botId, botId), eq(partnerFiles.fileName, fileName)));
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

    /**
     * Takes an Idempotency-Key for a request (in flight: status null), in one statement: a new key,
     * one older than `ttlSeconds`, or one still in flight after `inFlightSeconds` (abandoned). False
     * when the key is held (answered or in flight).
     */
    async claimIdempotencyKey(
      key: { botId: string; key: string; requestHash: string },
      ttlSeconds: number,
      inFlightSeconds: number,
    ): Promise<boolean> {
      const { rows } = await sql.query(
        `INSERT INTO partner_idempotency_keys AS k (bot_id, key, request_hash) VALUES ($1, $2, $3)
         ON CONFLICT (bot_id, key) DO UPDATE
           SET request_hash = excluded.request_hash, status = NULL, response = NULL, created_at = now()
           WHERE k.created_at < now() - make_interval(secs => $4)
              OR (k.status IS NULL AND k.created_at < now() - make_interval(secs => $5))
         RETURNING 1`,
        [key.botId, key.key, key.requestHash, ttlSeconds, inFlightSeconds],
      );
      return rows.length === 1;
    },

    /** The key's request hash and answer (status null: in flight), or null when it is not held. */
    async idempotencyKey(
      botId: string,
      key: string,
    ): Promise<{ requestHash: string; status: number | null; response: unknown } | null> {
      const { rows } = await sql.query<{ request_hash: string; status: number | null; response: unknown }>(
        'SELECT request_hash, status, response FROM partner_idempotency_keys WHERE bot_id = $1 AND key = $2',
        [botId, key],
      );
      const row = rows[0];
      return row ? { requestHash: row.request_hash, status: row.status, response: row.response } : null;
    },

    /** Keeps the answer of the key's request (replayed to every retry until the key expires). */
    async answerIdempotencyKey(botId: string, key: string, status: number, response: unknown): Promise<void> {
      await sql.query(
        'UPDATE partner_idempotency_keys SET status = $3, response = $4::jsonb WHERE bot_id = $1 AND key = $2',
        [botId, key, status, JSON.stringify(response)],
      );
    },

    /** Lets the key go unanswered (the request was refused before anything was sent): a retry runs afresh. */
    async releaseIdempotencyKey(botId: string, key: string): Promise<void> {
      await sql.query(
        'DELETE FROM partner_idempotency_keys WHERE bot_id = $1 AND key = $2 AND status IS NULL',
        [botId, key],
      );
    },

    /** Deletes keys older than `ttlSeconds`; how many. */
    async deleteExpiredIdempotencyKeys(ttlSeconds: number): Promise<number> {
      const { rows } = await sql.query(
        `DELETE FROM partner_idempotency_keys WHERE created_at < now() - make_interval(secs => $1) RETURNING 1`,
        [ttlSeconds],
      );
      return rows.length;
    },
  };
}
export type PartnerApiRepository = ReturnType<typeof createPartnerApiRepository>;
