import { defineModule } from '../../platform/module.ts';
import { BOT_REVIEW_QUEUES, jobLaunches, launchJob, sweepLaunchingJob } from './bot-review.jobs.ts';
import { createBotReviewRepository } from './bot-review.repository.ts';
import { botReviewRoutes } from './bot-review.routes.ts';
import { seedDemoLaunches } from './bot-review.seed.ts';
import { createBotReviewService } from './bot-review.service.ts';
import { createReviewDashboardRepository } from './review-dashboard.repository.ts';

/**
 * The review of launches (issue 14): the platform's and each carrier's lists and decisions, the
 * launch on each network as a job, the reviewers' dashboards, and the demo's launches.
 */
export const botReviewModule = defineModule({
  name: 'bot-review',
  queues: BOT_REVIEW_QUEUES,
  create({ config, database, review, audit, mail, jobs, connectors, log, use }) {
    const repository = createBotReviewRepository(database.db);
    const bots = use('bots');
    const service = createBotReviewService({
      database,
      repository,
      dashboards: createReviewDashboardRepository(database.db),
      review,
      audit,
      wallet: use('wallet'),
      bots,
      mail,
      launchJobs: jobLaunches(jobs, database, bots),
      connectors,
      log: log.child({ module: 'bot-review' }),
      publicUrl: config.PUBLIC_URL,
    });
    return {
      secureRoutes: [
        botReviewRoutes(service, repository, use('launches'), {
          brandName: config.BRAND_NAME,
          analytics: use('analytics'),
        }),
      ],
      jobs: {
        'bot-review.launch': launchJob(service),
        'bot-review.sweep-launching': sweepLaunchingJob({
          database,
          jobs,
          repository,
          bots,
          review,
          audit,
          mail,
          settleBot: service.settleBot,
          publicUrl: config.PUBLIC_URL,
        }),
      },
    };
  },
  seed: {
    demo: async ({ database }) => seedDemoLaunches(database),
  },
});
