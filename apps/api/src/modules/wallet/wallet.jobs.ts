import { formatCurrency, formatMicros } from '@portico/domain';
import type { JobQueue } from '../../platform/jobs/index.ts';
import { type AppQueues, defineJob } from '../../platform/jobs/queues.ts';
import type { Mailer } from '../../platform/mail/index.ts';
import type { WalletRepository } from './wallet.repository.ts';
import type { LowBalanceNotifier } from './wallet.service.ts';

/** The notifier the wallet calls after a crossing: one job per alert (singletonKey = alert id). */
export function jobLowBalanceNotifier(jobs: JobQueue<AppQueues>): LowBalanceNotifier {
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
export function lowBalanceAlertJob(deps: { wallets: WalletRepository; mailer: Mailer; walletUrl: string }) {
  return defineJob({
    queue: 'wallet.low-balance-alert',
    retryLimit: 5,
    handler: async (payload, { log }) => {
      const balance = formatCurrency(formatMicros(BigInt(payload.balance)));
      const threshold = formatCurrency(formatMicros(BigInt(payload.threshold)));
      const recipients = await deps.wallets.alertRecipients(payload.partnerId);
      // Each recipient's mail is its own mail.send job (rendered with the brand, retried there).
      for (const to of recipients) {
        await deps.mailer({
          to,
          template: 'low-balance',
          data: { balance, threshold, walletUrl: deps.walletUrl },
        });
      }
      log.info({ alertId: payload.alertId, recipients: recipients.length }, 'low-balance alert sent');
    },
  });
}
