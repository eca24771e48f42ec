import type { JobSender } from '../jobs/index.ts';
import type { PlatformQueues } from '../jobs/queues.ts';
import type { MailData, MailTemplateId } from './templates.ts';

export type { MailData, MailTemplateId } from './templates.ts';
export { MAIL_TEMPLATE_IDS } from './templates.ts';

export interface MailRequest<T extends MailTemplateId> {
  to: string;
  template: T;
  data: MailData<T>;
}

/**
 * Queues a mail: the mail.send job renders the template (text + HTML, with the brand name) and
 * sends it with retries, outside the request. Inside a unit of work the job commits with it, so a
 * rolled-back change sends no mail. Other modules call this, never nodemailer.
 *
 *   await enqueueMail(jobs, { to: 'a@b.c', template: 'verify-email', data: { link, expiresInHours: '24' } });
 */
export async function enqueueMail<T extends MailTemplateId>(
  jobs: JobSender<PlatformQueues>,
  request: MailRequest<T>,
): Promise<string | null> {
  return jobs.send('mail.send', { to: request.to, template: request.template, data: request.data });
}

/** What a service needs to send mail: bound to the app's job queue by the composition root. */
export type Mailer = <T extends MailTemplateId>(request: MailRequest<T>) => Promise<unknown>;

/** A mail as its listeners see it: whom, which template, its data. */
export interface QueuedMail {
  to: string;
  template: MailTemplateId;
  data: Readonly<Record<string, string>>;
}

/**
 * Told of every queued mail in the same unit of work (the notifications module writes the in-app
 * notification of the same event: issue 26, point 10). Registered by modules at creation.
 */
export type MailListener = (mail: QueuedMail) => Promise<void>;

export function createMailer(
  jobs: JobSender<PlatformQueues>,
  listeners: readonly MailListener[] = [],
): Mailer {
  return async (request) => {
    const id = await enqueueMail(jobs, request);
    for (const listener of listeners) await listener(request);
    return id;
  };
}
