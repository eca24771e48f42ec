import { and, eq, isNotNull, or } from 'drizzle-orm';
import type { Database } from '../../platform/db/index.ts';
import { DEMO_PARTNERS } from '../../platform/db/seed/index.ts';
import { bots } from '../bots/bots.schema.ts';
import { partnerCredentials } from './partner-credentials.schema.ts';
import { newClientId, secretPair } from './partner-credentials.service.ts';

const DAY = 24 * 60 * 60_000;

/**
 * Demo credentials of every demo bot that can use the API (registered on a network): one active,
 * rotated once and last used an hour ago, and one revoked. Their secrets are random and kept
 * nowhere (only their hashes are stored), so no demo credential can be used: a demo user creates
 * one on /u/api to call the API. Idempotent: a bot with credentials is left alone.
 */
export async function seedPartnerCredentialsDemo({ database }: { database: Database }) {
  const { db } = database;
  return database.transaction(async () => {
    let credentials = 0;
    for (const key of ['developer', 'aggregator'] as const) {
      const partnerId = DEMO_PARTNERS[key].partnerId;
      const rows = await db
        .select({ botId: bots.botId })
        .from(bots)
        .where(
          and(
            eq(bots.partnerId, partnerId),
            or(isNotNull(bots.rbmAgent), isNotNull(bots.maapBotId), isNotNull(bots.whatsappPhoneNumberId)),
          ),
        );
      for (const { botId } of rows) {
        const [exists] = await db
          .select({ id: partnerCredentials.credentialId })
          .from(partnerCredentials)
          .where(eq(partnerCredentials.botId, botId))
          .limit(1);
        if (exists) continue;
        const now = Date.now();
        const active = secretPair();
        const revoked = secretPair();
        await db.insert(partnerCredentials).values([
          {
            clientId: newClientId(),
            botId,
            partnerId,
            secretHash: active.hash,
            secretHint: active.hint,
            secretVersion: 2,
            createdAt: new Date(now - 30 * DAY),
            rotatedAt: new Date(now - 5 * DAY),
            lastUsedAt: new Date(now - 60 * 60_000),
          },
          {
            clientId: newClientId(),
            botId,
            partnerId,
            secretHash: revoked.hash,
            secretHint: revoked.hint,
            state: 'revoked',
            createdAt: new Date(now - 60 * DAY),
            lastUsedAt: new Date(now - 32 * DAY),
            revokedAt: new Date(now - 31 * DAY),
          },
        ]);
        credentials += 2;
      }
    }
    return { credentials };
  });
}
