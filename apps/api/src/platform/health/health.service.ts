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
  let draining = false;
  return {
    /** The process is stopping (SIGTERM): not ready from now on, so a balancer sends it nothing new. */
    drain(): void {
      draining = true;
    },
    get draining(): boolean {
      return draining;
    },
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
        ready: !draining && databaseUp && jobs !== false && demo !== false,
        role,
        checks: { database: databaseUp, jobs, demo },
      };
    },
  };
}
export type HealthService = ReturnType<typeof createHealthService>;
