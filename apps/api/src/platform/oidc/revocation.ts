import type { JWTVerifyGetKey } from 'jose';
import type { KoaContextWithOIDC } from 'oidc-provider';
import type { AuditService } from '../audit/audit.service.ts';
import type { TokenVerifier } from '../auth/types.ts';
import { accessTokenClaims } from '../auth/verifier.ts';
import type { Config } from '../config.ts';
import type { Grants } from './adapter.ts';

export interface RevocationDeps {
  config: Pick<Config, 'OIDC_ISSUER' | 'OIDC_AUDIENCE'>;
  keys: JWTVerifyGetKey;
  grants: Grants;
  verifier: TokenVerifier;
  audit: AuditService;
}

/**
 * Completes /oidc/token/revocation for our access tokens. They are JWTs the provider never stores,
 * so its own endpoint finds nothing to revoke and answers 200 (RFC 7009). After it, a genuine
 * access token of the calling client ends its grant and the provider session holding it, so the
 * API refuses every token of that sign-in; anything else stays the provider's silent 200.
 */
export function accessTokenRevocation(deps: RevocationDeps) {
  // Any request's context passes through: only the provider's own routes carry `oidc`.
  return async (ctx: { oidc?: KoaContextWithOIDC['oidc']; status: number; ip: string }): Promise<void> => {
    const oidc = ctx.oidc;
    if (oidc?.route !== 'revocation' || ctx.status !== 200) return;
    const token = oidc.params?.token;
    const clientId = oidc.client?.clientId;
    if (typeof token !== 'string' || !clientId) return;
    const claims = await accessTokenClaims(token, deps.keys, deps.config).catch(() => null);
    if (!claims || claims.client_id !== clientId || typeof claims.gid !== 'string') return;
    await deps.grants.revoke(claims.gid);
    const userId = typeof claims.sub === 'string' ? claims.sub : null;
    if (userId) deps.verifier.forgetUser(userId);
    const email = typeof claims.email === 'string' ? claims.email : null;
    await deps.audit.recordBestEffort('sign-out', {
      actorUserId: userId,
      actorEmail: email,
      subjectUserId: userId,
      subjectEmail: email,
      ip: ctx.ip,
      detail: { via: 'token revocation' },
    });
  };
}
