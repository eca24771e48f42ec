// Test support for the identity tests: a Fastify instance with only the identity plugin, and user
// factories. Not imported by production code.
import Fastify, { type FastifyInstance } from 'fastify';
import { type Config, loadConfig } from '../../config.ts';
import { createAuditRepository } from '../audit/audit.repository.ts';
import { createAuditService } from '../audit/audit.service.ts';
import { hashPassword } from '../auth/password.ts';
import { partners, users } from '../db/core.schema.ts';
import { type Database, openDatabase } from '../db/index.ts';
import { createIdentity, type Identity } from './index.ts';

export interface IdentityTestApp {
  app: FastifyInstance;
  config: Config;
  database: Database;
  identity: Identity;
  close(): Promise<void>;
}

/** A database (PGlite in memory unless given) and a Fastify app with the identity plugin at /oidc. */
export async function createIdentityTestApp(
  options: { env?: Record<string, string>; database?: Database } = {},
): Promise<IdentityTestApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    SANDBOX: '1',
    PUBLIC_URL: 'http://localhost:3000',
    LOG_LEVEL: 'silent',
    ...options.env,
  });
  const database = options.database ?? (await openDatabase({ dataDir: 'memory://' }));
  const app = Fastify({ logger: false });
  const audit = createAuditService(createAuditRepository(database.db), app.log);
  const identity = await createIdentity({ config, database, audit, log: app.log });
  await app.register(identity.oidcPlugin, { prefix: '/oidc' });
  await app.ready();
  return {
    app,
    config,
    database,
    identity,
    close: async () => {
      await app.close();
      await identity.close();
      if (!options.database) await database.close();
    },
  };
}

export interface TestUserInput {
  email?: string;
  password?: string | null;
  status?: string;
  role?: string | null;
}

/** Inserts a developer partner and one user; the password is hashed with argon2id as in production. */
export async function createTestUser(database: Database, input: TestUserInput = {}) {
  const [partner] = await database.db.insert(partners).values({ kind: 'developer' }).returning();
  if (!partner) throw new Error('partner insert returned nothing');
  const password = input.password === undefined ? 'Correct horse 42!' : input.password;
  const [user] = await database.db
    .insert(users)
    .values({
      partnerId: partner.partnerId,
      email: input.email ?? `user-${crypto.randomUUID()}@portico.test`,
      passwordHash: password === null ? null : await hashPassword(password),
      status: input.status ?? 'active',
      role: input.role ?? null,
    })
    .returning();
  if (!user) throw new Error('user insert returned nothing');
  return { ...user, password };
}

/**
 * A throwaway PostgreSQL database on the TEST_DATABASE_URL server (created here, dropped by `drop`),
 * or null when TEST_DATABASE_URL is unset. Never touches the database named in the URL itself.
 */
export async function createPostgresTestDatabase(): Promise<{ url: string; drop(): Promise<void> } | null> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return null;
  const { default: pg } = await import('pg');
  const name = `portico_oidc_test_${crypto.randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}
