import { defineModule } from '../../platform/module.ts';
import { createAggregatorsRepository } from './aggregators.repository.ts';
import { aggregatorsRoutes } from './aggregators.routes.ts';
import { seedDemoAggregators } from './aggregators.seed.ts';
import { createAggregatorsService } from './aggregators.service.ts';

/**
 * Aggregators (issue 12 item 4): lists, details, history, the platform's decisions, each carrier's
 * decision for its own network, and the aggregator's billing info.
 */
export const aggregatorsModule = defineModule({
  name: 'aggregators',
  create({ config, database, review, audit }) {
    const service = createAggregatorsService({
      database,
      repository: createAggregatorsRepository(database.db),
      review,
      audit,
      publicUrl: config.PUBLIC_URL,
    });
    return { secureRoutes: [aggregatorsRoutes(service, { brandName: config.BRAND_NAME })] };
  },
  seed: {
    /** Billing info, carrier reviews and histories for the demo aggregators, two more of them. */
    demo: async ({ database }) => seedDemoAggregators(database),
  },
});
