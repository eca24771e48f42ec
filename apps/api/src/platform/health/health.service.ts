import type { THealth, TReadiness } from '@portico/domain/contracts/health';
import type { Config } from '../config.ts';
import { type Database, pingDatabase } from '../db/index.ts';

export interface HealthDeps {
  database: Database;
  role: Config['PORTICO_ROLE'];
  /** Whether the job queue's workers are running; null when this instance does not run jobs. */
  jobsStarted: (() => boolean) | null;
}

export function createHealthService({ database, role, jobsStarted }: HealthDeps) {
  const startedAt = Date.now();
  let demo: boolean | null = null;
  return {
    /** The live demo is being made (not ready) until `seeding` settles, whether it succeeded or not. */
    demoSeeding(seeding: Promise<unknown>): void {
      demo = false;
      const settled = () => {
        demo = true;
      };
      seeding.then(settled, settled);
    },
    health(): THealth {
      return { status: 'ok', uptimeSeconds: Math.floor((Date.now() - startedAt) / 1000) };
    },
    async readiness(): Promise<TReadiness> {
      const databaseUp = await pingDatabase(database);
      const jobs = jobsStarted ? jobsStarted() : null;
      return {
        ready: databaseUp && jobs !== false && demo !== false,
        role,
        checks: { database: databaseUp, jobs, demo },
      };
    },
  };
}
export type HealthService = ReturnType<typeof createHealthService>;
