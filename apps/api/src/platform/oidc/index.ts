import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { JWTVerifyGetKey } from 'jose';
import type Provider from 'oidc-provider';
import type { AuditService } from '../audit/audit.service.ts';
import { forgettingEverywhere } from '../auth/forget-everywhere.ts';
import { createSecretBox } from '../auth/secret-box.ts';
import { createTwoFactor } from '../auth/two-factor.service.ts';
import type { TokenVerifier } from '../auth/types.ts';
import { createUsersService } from '../auth/users.service.ts';
import { createTokenVerifier, discoveredKeySet, localKeySet } from '../auth/verifier.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/index.ts';
import { createCounters } from '../security/counters.ts';
import { createGrants } from './adapter.ts';
import { type IdentitySecrets, KEY_ROTATION, keysVersion, loadIdentitySecrets, publicJwks } from './keys.ts';
import { createPendingSignIns } from './pending-sign-in.ts';
import { createIdentityPlugin } from './plugin.ts';
import { createProvider } from './provider.ts';
import { accessTokenRevocation } from './revocation.ts';
import { createSignInService } from './sign-in.service.ts';

export interface Identity {
  /** Register with `{ prefix: '/oidc' }`. A no-op when an external provider is configured. */
  oidcPlugin: FastifyPluginAsync;
  verifier: TokenVerifier;
  /** Reads the signing and cookie keys again (every instance does so every minute); true when they changed. */
  reloadKeys(): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * The identity side of the API: the built-in OpenID provider (when OIDC_ISSUER is unset) with our
 * sign-in pages, and the access-token verifier for the secure prefix.
 */
export async function createIdentity(deps: {
  config: Config;
  database: Database;
  /** Sign-in, failed sign-in and sign-out are security records. */
  audit: AuditService;
  log: FastifyBaseLogger;
}): Promise<Identity> {
  const { config, database, audit, log } = deps;
  const users = createUsersService({ db: database.db });

  if (!config.builtInOidc) {
    return {
      oidcPlugin: async () => {},
      verifier: createTokenVerifier({ config, users, keys: discoveredKeySet(config.OIDC_ISSUER) }),
      reloadKeys: async () => false,
      close: async () => {},
    };
  }

  // The provider is rebuilt whenever the keys in use change (rotation, decision 0015); requests
  // always reach the current instance through this facade.
  let secrets = await loadIdentitySecrets(database);
  let version = keysVersion(secrets);
  let current = buildProvider(secrets);
  const provider = new Proxy({} as Provider, {
    get(_target, property) {
      const value = Reflect.get(current, property, current);
      return typeof value === 'function' ? value.bind(current) : value;
    },
  });

  function buildProvider(keys: IdentitySecrets): Provider {
    const built = createProvider({ config, db: database.db, users, secrets: keys, log });
    // The provider's events are not awaited: the record is kept per request and the middleware below
    // waits for it before the response leaves, so the sign-out is on record when the browser lands.
    const signOutRecords = new WeakMap<object, Promise<unknown>>();
    built.on('end_session.success', (ctx) => {
      const accountId = ctx.oidc.session?.accountId;
      // The provider revoked the session's grants: this instance forgets their tokens at once.
      if (accountId) verifier.forgetUser(accountId);
      const record = async () => {
        // Named by email too, so the records can be searched by it like every other.
        // A failed lookup must not fail the sign-out: the record then names the user by id only.
        const account = accountId ? await users.findAccount(accountId).catch(() => null) : null;
        const email = account?.email ?? null;
        await audit.recordBestEffort('sign-out', {
          actorUserId: accountId ?? null,
          actorEmail: email,
          subjectUserId: accountId ?? null,
          subjectEmail: email,
          ip: ctx.ip,
        });
      };
      signOutRecords.set(ctx, record());
    });
    built.use(async (ctx, next) => {
      await next();
      await signOutRecords.get(ctx);
      await revokeAccessToken(ctx);
    });
    return built;
  }

  let keySet = localKeySet(publicJwks(secrets.signingKeys));
  /** Reads the keys again; rebuilds the provider and the key set when the keys in use changed. */
  async function reload(): Promise<boolean> {
    const next = await loadIdentitySecrets(database);
    const nextVersion = keysVersion(next);
    if (nextVersion === version) return false;
    secrets = next;
    version = nextVersion;
    current = buildProvider(next);
    keySet = localKeySet(publicJwks(next.signingKeys));
    log.info({ signingKey: next.signingKeys.keys[0]?.kid }, 'identity keys reloaded');
    return true;
  }
  const reloading = setInterval(() => {
    reload().catch((error: unknown) => log.error({ err: error }, 'identity keys could not be reloaded'));
  }, KEY_ROTATION.reloadMs);
  reloading.unref();

  // A token signed by a key this instance has not loaded yet (another instance rotated a moment
  // ago): read the keys once more before refusing it, at most every few seconds.
  let lastMissReload = 0;
  const rotatingKeySet: JWTVerifyGetKey = async (header, token) => {
    try {
      return await keySet(header, token);
    } catch (error) {
      if (Date.now() - lastMissReload < 5_000) throw error;
      lastMissReload = Date.now();
      if (!(await reload())) throw error;
      return keySet(header, token);
    }
  };

  const grants = createGrants(database.db);
  const shared = await forgettingEverywhere(
    createTokenVerifier({ config, users, keys: rotatingKeySet, grants }),
    database,
    log,
  );
  const verifier = shared.verifier;
  const revokeAccessToken = accessTokenRevocation({ config, keys: rotatingKeySet, grants, verifier, audit });
  const twoFactor = createTwoFactor({
    db: database.db,
    box: createSecretBox(database, config.TWO_FACTOR_KEY),
    brandName: config.BRAND_NAME,
  });
  const signIn = createSignInService({ users, counters: createCounters(database.sql), audit, twoFactor });
  return {
    oidcPlugin: createIdentityPlugin({ provider, config, signIn, pending: createPendingSignIns(database) }),
    verifier,
    reloadKeys: reload,
    close: async () => {
      clearInterval(reloading);
      await shared.close();
    },
  };
}
