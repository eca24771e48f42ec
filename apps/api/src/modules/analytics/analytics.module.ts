import { defineModule } from '../../platform/module.ts';
import { ANALYTICS_QUEUES, ledgerJob } from './analytics.jobs.ts';
import { createAnalyticsRepository } from './analytics.repository.ts';
import { type AnalyticsRollups, createAnalyticsRollups } from './analytics.rollups.ts';
import { analyticsRoutes } from './analytics.routes.ts';
import { seedDemoAnalytics } from './analytics.seed.ts';
import { type AnalyticsService, createAnalyticsService } from './analytics.service.ts';

declare module '../../platform/module.ts' {
  interface ModuleServices {
    /**
     * The rollups metering keeps in its units of work (decision 0047), and the report every audience
     * reads (the reviewers' dashboard export carries its revenue).
     */
    analytics: { rollups: AnalyticsRollups; report: AnalyticsService['report'] };
  }
}

/**
 * Billing analytics (issue 29): rollups of traffic (kept by metering's units of work) and of the
 * ledger's money (an idempotent catch-up job), and the reports every audience reads from them.
 * Comes after wallet and bots, before metering (which calls its rollups).
 */
export const analyticsModule = defineModule({
  name: 'analytics',
  queues: ANALYTICS_QUEUES,
  create({ config, database, use }) {
    const rollups = createAnalyticsRollups(database.sql);
    const service = createAnalyticsService({
      database,
      repository: createAnalyticsRepository(database.sql),
      wallet: use('wallet'),
    });
    return {
      service: { rollups, report: service.report },
      secureRoutes: [analyticsRoutes(service, { brandName: config.BRAND_NAME })],
      jobs: { 'analytics.ledger': ledgerJob(rollups) },
    };
  },
  seed: { demo: ({ database }) => seedDemoAnalytics(database) },
});
