import type { FastifyBaseLogger } from 'fastify';
import { API_MODULES } from './modules.ts';
import type { Config } from './platform/config.ts';
import type { Database } from './platform/db/index.ts';
import type { AnyApiModule, SeedResult } from './platform/module.ts';

/**
 * Every module's seeds, in module order: reference data always (idempotent), demo data with
 * DEMO=1. Returns what each step did, by module.
 */
export async function seedModules(
  database: Database,
  config: Config,
  options: { demo: boolean; log?: FastifyBaseLogger; modules?: readonly AnyApiModule[] },
): Promise<Record<string, { reference?: SeedResult; demo?: SeedResult }>> {
  const results: Record<string, { reference?: SeedResult; demo?: SeedResult }> = {};
  const modules = options.modules ?? API_MODULES;
  const steps = [
    ['reference', true],
    ['demo', options.demo],
  ] as const;
  for (const [kind, runs] of steps) {
    if (!runs) continue;
    for (const module of modules) {
      const step = module.seed?.[kind];
      if (!step) continue;
      const result = await step({ config, settings: config.modules[module.name], database });
      results[module.name] = { ...results[module.name], [kind]: result };
      options.log?.info({ module: module.name, [kind]: result }, `${kind} data seeded`);
    }
  }
  return results;
}
