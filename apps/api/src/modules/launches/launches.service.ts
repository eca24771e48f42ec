import type { TLaunchSummary } from '@portico/domain';
import type { AuditService } from '../../platform/audit/audit.service.ts';
import type { Database } from '../../platform/db/index.ts';
import type { Mailer } from '../../platform/mail/index.ts';
import type { ReviewService } from '../../platform/review/review.service.ts';
import type { Storage } from '../../platform/storage/index.ts';
import type { SignedDownloads } from '../../platform/uploads/signed-downloads.ts';
import type { WalletService } from '../wallet/wallet.service.ts';
import { createLaunchSummary, type LaunchSummaryScope } from './launch-summary.ts';
import type { LaunchesRepository } from './launches.repository.ts';

export interface LaunchesServiceDeps {
  database: Database;
  repository: LaunchesRepository;
  review: ReviewService;
  audit: AuditService;
  mail: Mailer;
  storage: Storage;
  downloads: SignedDownloads;
  /** The wallet module (prices, the verification hold); a getter, read when first needed. */
  wallet: () => WalletService;
  /** The portal's address, for the links in mails. */
  publicUrl: string;
}

/**
 * Launches (issue 14), the developer's side: the five-step stepper, pre-flight, the verification
 * hold, submission, carriers after submission, and the launch summary the reviewers read too.
 */
export function createLaunchesService(deps: LaunchesServiceDeps) {
  const summaryOf = createLaunchSummary(deps);

  return {
    /**
     * The launch summary of a bot (review side: `use('launches').summary(botId, { carrierId })`).
     * It checks no role: pass `partnerId` for a developer, `carrierId` for a carrier's reviewers.
     */
    summary(botId: string, scope: LaunchSummaryScope = {}): Promise<TLaunchSummary> {
      return deps.database.transaction(() => summaryOf(botId, scope));
    },
  };
}
export type LaunchesService = ReturnType<typeof createLaunchesService>;
