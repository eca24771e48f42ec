import { defineModule } from '../../platform/module.ts';
import { createStorage } from '../../platform/storage/index.ts';
import { createBrandsRepository } from './brands.repository.ts';
import { brandsRoutes } from './brands.routes.ts';
import { seedDemoBrands } from './brands.seed.ts';
import { type BrandsService, createBrandsService } from './brands.service.ts';

declare module '../../platform/module.ts' {
  interface ModuleServices {
    /** Brands, for the bots' brand-details step (pick or create a brand). */
    brands: BrandsService;
  }
}

/** Brands: registration, documents, network verification, review by the platform and carriers (issue 12). */
export const brandsModule = defineModule({
  name: 'brands',
  create({ config, database, review, audit, storage, downloads, connectors, log }) {
    const service = createBrandsService({
      database,
      repository: createBrandsRepository(database.db),
      review,
      audit,
      storage,
      downloads,
      connectors,
      log,
      publicUrl: config.PUBLIC_URL,
    });
    return {
      service,
      secureRoutes: [brandsRoutes(service, { brandName: config.BRAND_NAME })],
      storedFiles: service.storedFiles,
    };
  },
  seed: {
    demo: async ({ config, database }) => seedDemoBrands(database, createStorage(config.storage)),
  },
});
