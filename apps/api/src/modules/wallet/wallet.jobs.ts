import { formatCurrency, formatMicros } from '@portico/domain';
import { z } from 'zod';
import type { JobSender } from '../../platform/jobs/index.ts';
import { defineQueues } from '../../platform/jobs/queues.ts';
import type { Mailer } from '../../platform/mail/index.ts';
import type { JobHandler } from '../../platform/module.ts';
import type { LowBalanceNotifier, WalletService } from './wallet.service.ts';

export const WALLET_QUEUES = defineQueues({
  /** One email per low-balance crossing. */
  'wallet.low-balance-alert': z
    .object({ partnerId: z.uuid(), alertId: z.uuid(), balance: z.string(), threshold: z.string() })
    .strict(),
});

/**
 * The notifier the wallet calls when a movement crosses the threshold: one job per alert
 * (singletonKey = alert id), enqueued in the movement's own transaction.
 */
export function jobLowBalanceNotifier(jobs: JobSender<typeof WALLET_QUEUES>): LowBalanceNotifier {
  return {
    async notify(partnerId, balance, threshold, alertId) {
      await jobs.send(
        'wallet.low-balance-alert',
        { partnerId, alertId, balance: balance.toString(), threshold: threshold.toString() },
        { singletonKey: alertId },
      );
    },
  };
}

/** Mails the partner's main account(s) that the wallet is below its threshold (template low-balance). */
export function lowBalanceAlertJob(deps: {
  wallet: Pick<WalletService, 'alertRecipients'>;
  mail: Mailer;
  walletUrl: string;
}): JobHandler<z.output<(typeof WALLET_QUEUES)['wallet.low-balance-alert']>> {
  return {
    retryLimit: 5,
    handler: async (payload, { log }) => {
      const balance = formatCurrency(formatMicros(BigInt(payload.balance)));
      const threshold = formatCurrency(formatMicros(BigInt(payload.threshold)));
      const recipients = await deps.wallet.alertRecipients(payload.partnerId);
      // Each recipient's mail is its own mail.send job (rendered with the brand, retried there).
      for (const to of recipients) {
        await deps.mail({
          to,
          template: 'low-balance',
          data: { balance, threshold, walletUrl: deps.walletUrl },
        });
      }
      log.info({ alertId: payload.alertId, recipients: recipients.length }, 'low-balance alert sent');
    },
  };
}
