import { defineModule } from '../../platform/module.ts';
import { createAggregatorsRepository } from './aggregators.repository.ts';
import { aggregatorsRoutes } from './aggregators.routes.ts';
import { createAggregatorsService } from './aggregators.service.ts';

/** Aggregator approval by the platform (issue 12 item 4): lists, details, history, decisions. */
export const aggregatorsModule = defineModule({
  name: 'aggregators',
  create({ config, database, review }) {
    const service = createAggregatorsService({
      repository: createAggregatorsRepository(database.db),
      review,
      publicUrl: config.PUBLIC_URL,
    });
    return { secureRoutes: [aggregatorsRoutes(service, { brandName: config.BRAND_NAME })] };
  },
});
