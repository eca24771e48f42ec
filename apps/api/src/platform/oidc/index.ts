import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import { createUsersService } from '../../modules/users/users.service.ts';
import { createAuditRepository } from '../audit/audit.repository.ts';
import { createAuditService } from '../audit/audit.service.ts';
import type { TokenVerifier } from '../auth/types.ts';
import { createTokenVerifier, discoveredKeySet, localKeySet } from '../auth/verifier.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/index.ts';
import { createCounters } from '../security/counters.ts';
import { loadIdentitySecrets, publicJwks } from './keys.ts';
import { createIdentityPlugin } from './plugin.ts';
import { createProvider } from './provider.ts';
import { createSignInService } from './sign-in.service.ts';

export interface Identity {
  /** Register with `{ prefix: '/oidc' }`. A no-op when an external provider is configured. */
  oidcPlugin: FastifyPluginAsync;
  verifier: TokenVerifier;
  close(): Promise<void>;
}

/**
 * The identity side of the API: the built-in OpenID provider (when OIDC_ISSUER is unset) with our
 * sign-in pages, and the access-token verifier for the secure prefix.
 */
export async function createIdentity(deps: {
  config: Config;
  database: Database;
  log: FastifyBaseLogger;
}): Promise<Identity> {
  const { config, database, log } = deps;
  const users = createUsersService({ db: database.db });

  if (!config.builtInOidc) {
    return {
      oidcPlugin: async () => {},
      verifier: createTokenVerifier({ config, users, keys: discoveredKeySet(config.OIDC_ISSUER) }),
      close: async () => {},
    };
  }

  const secrets = await loadIdentitySecrets(database);
  const provider = createProvider({ config, db: database.db, users, secrets, log });
  // Sign-in, failed sign-in and sign-out are security records (issue 3).
  const audit = createAuditService(createAuditRepository(database.db), log.child({ component: 'audit' }));
  // The provider's events are not awaited: the record is kept per request and the middleware below
  // waits for it before the response leaves, so the sign-out is on record when the browser lands.
  const signOutRecords = new WeakMap<object, Promise<unknown>>();
  provider.on('end_session.success', (ctx) => {
    const accountId = ctx.oidc.session?.accountId;
    const record = async () => {
      // Named by email too, so the records can be searched by it like every other.
      // A failed lookup must not fail the sign-out: the record then names the user by id only.
      const account = accountId ? await users.findAccount(accountId).catch(() => null) : null;
      const email = account?.email ?? null;
      await audit.record('sign-out', {
        actorUserId: accountId ?? null,
        actorEmail: email,
        subjectUserId: accountId ?? null,
        subjectEmail: email,
        ip: ctx.ip,
      });
    };
    signOutRecords.set(ctx, record());
  });
  provider.use(async (ctx, next) => {
    await next();
    await signOutRecords.get(ctx);
  });
  const signIn = createSignInService({ users, counters: createCounters(database.sql), audit });
  return {
    oidcPlugin: createIdentityPlugin({ provider, config, signIn }),
    verifier: createTokenVerifier({ config, users, keys: localKeySet(publicJwks(secrets.signingKeys)) }),
    close: async () => {},
  };
}
