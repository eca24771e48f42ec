import { type Config, ConfigError, loadConfig } from './config.ts';
import { DatabaseOpenError } from './platform/db/index.ts';
import { seedModules } from './seed.ts';
import { buildServer, openConfiguredDatabase, partnerGoogleUrlOf } from './server.ts';

const SHUTDOWN_GRACE_MS = 10_000;

function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/**
 * Starts one Portico process: PORTICO_ROLE=all (API, identity provider, web app and job workers),
 * api (no job workers) or worker (job workers, answering only /healthz and /readyz).
 */
async function main(): Promise<void> {
  const config = configOrExit();
  const database = await openConfiguredDatabase(config);
  const server = await buildServer({ config, database });
  const { app } = server;

  if (config.DEMO && config.NODE_ENV === 'production' && config.DATABASE_URL) {
    app.log.warn('DEMO=1 with a PostgreSQL server: demo accounts with a published password are being seeded');
  }
  await seedModules(database, config, { demo: config.DEMO, log: app.log });
  if (config.DEMO) app.log.info('demo data seeded (accounts listed in the README)');

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    // An api process first drains: not ready, each answer closing its connection, still serving
    // until the balancer's health check has taken it out; only then does it stop listening, so no
    // new connection reaches a closed listener (reset before an answer) mid-restart. Ctrl-C skips it.
    server.drain();
    if (signal === 'SIGTERM' && config.PORTICO_ROLE !== 'worker' && config.SHUTDOWN_DRAIN_MS > 0)
      await new Promise((resolve) => setTimeout(resolve, config.SHUTDOWN_DRAIN_MS));
    const force = setTimeout(() => {
      app.log.error('graceful shutdown timed out');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    try {
      await server.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(
    { role: config.PORTICO_ROLE, url: config.PUBLIC_URL, database: database.kind },
    'Portico is running',
  );
  // Demo data that goes through the running app (its sends reach the mounted sandbox over HTTP). A
  // failure is logged and the portal keeps serving what was seeded.
  if (config.DEMO && config.PORTICO_ROLE !== 'worker') {
    await server.seedLiveDemo(app.log).catch((error: unknown) => {
      app.log.error({ err: error }, 'the live demo data could not be made');
    });
  }
  const googleUrl = config.PORTICO_ROLE === 'worker' ? null : partnerGoogleUrlOf(config);
  // Google's clients keep only the origin of their rootUrl: this is the one partners give them.
  if (googleUrl) app.log.info({ url: googleUrl }, `Google's RBM API for partners at ${googleUrl}`);
}

main().catch((error: unknown) => {
  // A database that cannot be opened is the operator's to fix: its message says how; no stack.
  console.error(error instanceof DatabaseOpenError ? error.message : error);
  process.exit(1);
});
