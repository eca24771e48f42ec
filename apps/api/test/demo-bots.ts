import { seedDemoBots } from '../src/modules/bots/bots.seed.ts';
import { seedDemoBrands } from '../src/modules/brands/brands.seed.ts';
import { seedDemoData } from '../src/platform/db/seed/demo.ts';
import { createStorage } from '../src/platform/storage/index.ts';
import type { TestApp } from './helpers.ts';

/** The demo accounts, their brands and their bots, as `npm start` seeds them (for seed tests that build on bots). */
export async function seedDemoBotsIn(t: TestApp): Promise<void> {
  await seedDemoData(t.database);
  await seedDemoBrands(t.database, createStorage(t.config.storage));
  await seedDemoBots(t.database);
}
