import { and, eq, gt, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Adapter, AdapterFactory, AdapterPayload } from 'oidc-provider';
import type { Db } from '../db/index.ts';
import { oidcPayloads } from './oidc.schema.ts';

/**
 * oidc-provider's storage over one table (oidc_payloads), one row per (model, id). Plain drizzle
 * that runs unchanged on PGlite and PostgreSQL; expired rows are invisible here and deleted by a job.
 */
export function createOidcAdapter(db: Db): AdapterFactory {
  return (name) => new OidcPayloadAdapter(db, name);
}

export class OidcPayloadAdapter implements Adapter {
  constructor(
    private readonly db: Db,
    readonly name: string,
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
    const values = {
      payload: payload as Record<string, unknown>,
      grantId: payload.grantId ?? null,
      userCode: payload.userCode ?? null,
      uid: payload.uid ?? null,
      expiresAt: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
      consumedAt: null,
    };
    await this.db
      .insert(oidcPayloads)
      .values({ id, type: this.name, ...values })
      .onConflictDoUpdate({ target: [oidcPayloads.id, oidcPayloads.type], set: values });
  }

  find(id: string): Promise<AdapterPayload | undefined> {
    return this.findWhere(eq(oidcPayloads.id, id));
  }

  findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return this.findWhere(eq(oidcPayloads.uid, uid));
  }

  findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return this.findWhere(eq(oidcPayloads.userCode, userCode));
  }

  async consume(id: string): Promise<void> {
    const consumed = Math.floor(Date.now() / 1000);
    await this.db
      .update(oidcPayloads)
      .set({
        consumedAt: new Date(consumed * 1000),
        payload: sql`${oidcPayloads.payload} || ${JSON.stringify({ consumed })}::jsonb`,
      })
      .where(and(eq(oidcPayloads.id, id), eq(oidcPayloads.type, this.name)));
  }

  async destroy(id: string): Promise<void> {
    await this.db.delete(oidcPayloads).where(and(eq(oidcPayloads.id, id), eq(oidcPayloads.type, this.name)));
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.db
      .delete(oidcPayloads)
      .where(and(eq(oidcPayloads.grantId, grantId), eq(oidcPayloads.type, this.name)));
  }

  private async findWhere(match: SQL): Promise<AdapterPayload | undefined> {
    const [row] = await this.db
      .select({ payload: oidcPayloads.payload })
      .from(oidcPayloads)
      .where(
        and(
          match,
          eq(oidcPayloads.type, this.name),
          or(isNull(oidcPayloads.expiresAt), gt(oidcPayloads.expiresAt, sql`now()`)),
        ),
      )
      .limit(1);
    return row?.payload as AdapterPayload | undefined;
  }
}

/**
 * The grants of the built-in provider as the API sees them: an access token (a JWT, never stored)
 * is alive while the grant it was issued under is. Sign-out (end_session) revokes the grant; an
 * access token's revocation ends it here, with the session that holds it.
 */
export function createGrants(db: Db) {
  return {
    async isActive(grantId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: oidcPayloads.id })
        .from(oidcPayloads)
        .where(
          and(
            eq(oidcPayloads.type, 'Grant'),
            eq(oidcPayloads.id, grantId),
            or(isNull(oidcPayloads.expiresAt), gt(oidcPayloads.expiresAt, sql`now()`)),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /** Ends a grant: the grant, everything issued under it, and the provider session that holds it. */
    async revoke(grantId: string): Promise<void> {
      await db.delete(oidcPayloads).where(
        or(
          and(eq(oidcPayloads.type, 'Grant'), eq(oidcPayloads.id, grantId)),
          eq(oidcPayloads.grantId, grantId),
          and(
            eq(oidcPayloads.type, 'Session'),
            // A session names its grants per client: authorizations.<clientId>.grantId.
            sql`jsonb_path_exists(${oidcPayloads.payload}, '$.authorizations.*.grantId ? (@ == $g)', jsonb_build_object('g', ${grantId}::text))`,
          ),
        ),
      );
    },
  };
}
export type Grants = ReturnType<typeof createGrants>;
