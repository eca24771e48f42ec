import { seedReferenceData } from '../../platform/db/seed/index.ts';
import { defineModule } from '../../platform/module.ts';
import { createReferenceDataRepository } from './reference-data.repository.ts';
import { referenceDataRoutes } from './reference-data.routes.ts';
import { createReferenceDataService } from './reference-data.service.ts';

/** The reference lists (countries, carriers, categories, industry types, ...) under /api/v1/reference. */
export const referenceDataModule = defineModule({
  name: 'reference-data',
  create({ database }) {
    const service = createReferenceDataService(createReferenceDataRepository(database.db));
    return {
      publicRoutes: [async (api) => api.register(referenceDataRoutes(service), { prefix: '/reference' })],
    };
  },
  seed: {
    reference: async ({ database }) => ({ ...(await seedReferenceData(database)) }),
  },
});
