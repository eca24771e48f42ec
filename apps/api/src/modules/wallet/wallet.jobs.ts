import { formatCurrency, formatMicros } from '@portico/domain';
import type { JobQueue } from '../../platform/jobs/index.ts';
import { type AppQueues, defineJob } from '../../platform/jobs/queues.ts';
import type { WalletRepository } from './wallet.repository.ts';
import type { LowBalanceNotifier } from './wallet.service.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}
/** How the alert is sent; server.ts wires the platform mailer (log-only until it exists). */
export type SendMail = (mail: Mail) => Promise<void>;

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

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Emails the partner's main account(s) that the wallet is below its threshold. */
export function lowBalanceAlertJob(deps: {
  wallets: WalletRepository;
  sendMail: SendMail;
  brandName: string;
  walletUrl: string;
}) {
  return defineJob({
    queue: 'wallet.low-balance-alert',
    retryLimit: 5,
    handler: async (payload, { log }) => {
      const balance = formatCurrency(formatMicros(BigInt(payload.balance)));
      const threshold = formatCurrency(formatMicros(BigInt(payload.threshold)));
      const recipients = await deps.wallets.alertRecipients(payload.partnerId);
      const subject = `${deps.brandName}: your wallet balance is low (${balance})`;
      const text = `Your ${deps.brandName} wallet balance is ${balance}, below your alert threshold of ${threshold}. Top up at ${deps.walletUrl} so your campaigns keep sending.`;
      const html = `<p>Your ${escapeHtml(deps.brandName)} wallet balance is <strong>${escapeHtml(balance)}</strong>, below your alert threshold of ${escapeHtml(threshold)}.</p><p><a href="${escapeHtml(deps.walletUrl)}">Top up your wallet</a> so your campaigns keep sending.</p>`;
      for (const to of recipients) await deps.sendMail({ to, subject, text, html });
      log.info({ alertId: payload.alertId, recipients: recipients.length }, 'low-balance alert sent');
    },
  });
}
