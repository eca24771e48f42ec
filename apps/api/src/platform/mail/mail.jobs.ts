import type { Transporter } from 'nodemailer';
import type { Config } from '../config.ts';
import type { Database } from '../db/index.ts';
import { defineJob, PLATFORM_QUEUES } from '../jobs/queues.ts';
import { createDevMailboxRepository } from './mail.repository.ts';
import { renderMail } from './templates.ts';

export const MAIL_QUEUE = 'mail.send';

/**
 * mail.send: renders the template and sends it over SMTP_URL, or files it in the dev mailbox when
 * no SMTP server is configured. Failures are retried by pg-boss with back-off.
 */
export function mailSendJob(
  database: Database,
  config: Pick<Config, 'SMTP_URL' | 'BRAND_NAME' | 'PUBLIC_URL' | 'MAIL_FROM'>,
) {
  // The SMTP transport is made on the first mail, not at start (nodemailer is loaded only then).
  const smtpUrl = config.SMTP_URL;
  let transport: Promise<Transporter> | null = null;
  const smtp = () => {
    if (!smtpUrl) return null;
    transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(smtpUrl));
    // A failed load is not kept: the job's retry tries again.
    transport.catch(() => {
      transport = null;
    });
    return transport;
  };
  const mailbox = createDevMailboxRepository(database.db);
  const context = { brandName: config.BRAND_NAME, publicUrl: config.PUBLIC_URL };
  return defineJob(PLATFORM_QUEUES, {
    queue: MAIL_QUEUE,
    retryLimit: 5,
    handler: async (payload, { jobId, log }) => {
      const mail = renderMail(payload.template, payload.data, context);
      const sender = smtp();
      if (sender) {
        await (await sender).sendMail({
          from: { name: config.BRAND_NAME, address: config.MAIL_FROM },
          to: payload.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          // Lets a receiving server drop a duplicate if a retry follows a send whose answer was lost.
          messageId: `<${jobId}@${new URL(config.PUBLIC_URL).hostname}>`,
        });
        log.info({ template: payload.template }, 'mail sent');
      } else {
        await mailbox.file({ jobId, to: payload.to, template: payload.template, ...mail });
        log.info({ template: payload.template }, 'mail filed in the dev mailbox');
      }
    },
  });
}
