import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/index.ts';
import { partnerCredentials } from './partner-credentials.schema.ts';

export type CredentialRow = typeof partnerCredentials.$inferSelect;
export type NewCredential = typeof partnerCredentials.$inferInsert;

/** SQL of bots' API credentials (the rules are the service's). */
export function createPartnerCredentialsRepository(database: Database) {
  const { db } = database;
  return {
    async list(botId: string): Promise<CredentialRow[]> {
      return db
        .select()
        .from(partnerCredentials)
        .where(eq(partnerCredentials.botId, botId))
        .orderBy(desc(partnerCredentials.createdAt), desc(partnerCredentials.credentialId));
    },

    async activeCount(botId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(partnerCredentials)
        .where(and(eq(partnerCredentials.botId, botId), eq(partnerCredentials.state, 'active')));
      return row?.n ?? 0;
    },

    async insert(values: NewCredential): Promise<CredentialRow> {
      const [row] = await db.insert(partnerCredentials).values(values).returning();
      if (!row) throw new Error('credential insert returned nothing');
      return row;
    },

    /** The bot's credential, locked for a change. */
    async forUpdate(botId: string, credentialId: string): Promise<CredentialRow | undefined> {
      const [row] = await db
        .select()
        .from(partnerCredentials)
        .where(and(eq(partnerCredentials.botId, botId), eq(partnerCredentials.credentialId, credentialId)))
        .for('update');
      return row;
    },

    async replaceSecret(
      credentialId: string,
      secretHash: string,
      secretHint: string,
      key?: { keyId: string; publicKey: string },
    ): Promise<CredentialRow> {
      const [row] = await db
        .update(partnerCredentials)
        .set({
          secretHash,
          secretHint,
          ...(key ? { keyId: key.keyId, publicKey: key.publicKey } : {}),
          secretVersion: sql`${partnerCredentials.secretVersion} + 1`,
          rotatedAt: sql`now()`,
        })
        .where(eq(partnerCredentials.credentialId, credentialId))
        .returning();
      if (!row) throw new Error('credential vanished');
      return row;
    },

    async revoke(credentialId: string): Promise<CredentialRow> {
      const [row] = await db
        .update(partnerCredentials)
        .set({ state: 'revoked', revokedAt: sql`now()` })
        .where(eq(partnerCredentials.credentialId, credentialId))
        .returning();
      if (!row) throw new Error('credential vanished');
      return row;
    },

    async byClientId(clientId: string): Promise<CredentialRow | undefined> {
      const [row] = await db
        .select()
        .from(partnerCredentials)
        .where(eq(partnerCredentials.clientId, clientId));
      return row;
    },

    /** A service-account credential by its key's id (a JWT's kid). */
    async byKeyId(keyId: string): Promise<CredentialRow | undefined> {
      const [row] = await db.select().from(partnerCredentials).where(eq(partnerCredentials.keyId, keyId));
      return row;
    },

    async byId(credentialId: string): Promise<CredentialRow | undefined> {
      const [row] = await db
        .select()
        .from(partnerCredentials)
        .where(eq(partnerCredentials.credentialId, credentialId));
      return row;
    },

    async markUsed(credentialId: string): Promise<void> {
      await db
        .update(partnerCredentials)
        .set({ lastUsedAt: sql`now()` })
        .where(eq(partnerCredentials.credentialId, credentialId));
    },
  };
}
export type PartnerCredentialsRepository = ReturnType<typeof createPartnerCredentialsRepository>;
