import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../http/envelope.ts';
import { htmlTemplates } from '../templates.ts';
import type { DevMail, DevMailboxRepository } from './mail.repository.ts';
import { MAIL_TEMPLATES_DIR } from './templates.ts';

export const DEV_MAILBOX_PATH = '/dev/mailbox';
const PAGE_SIZE = 50;

const views = htmlTemplates(MAIL_TEMPLATES_DIR);

/** The text body cut into plain text and http(s) links, so the page can make the links clickable. */
function withLinks(text: string): { text?: string; url?: string }[] {
  return text.split(/(https?:\/\/\S+)/).map((part, i) => (i % 2 === 1 ? { url: part } : { text: part }));
}

function page(brandName: string, mails: DevMail[], total: number, to: string | undefined): string {
  return views.render('./dev-mailbox', {
    brandName,
    total,
    to,
    pageSize: PAGE_SIZE,
    mails: mails.map((m) => ({
      subject: m.subject,
      to: m.to,
      template: m.template,
      sentAt: m.createdAt.toISOString().replace('T', ' ').slice(0, 19),
      parts: withLinks(m.text),
    })),
  });
}

const ZMailboxQuery = z.object({ to: z.string().trim().max(254).optional() });

/**
 * The dev mailbox, registered only when DEMO=1 or NODE_ENV is not production: an HTML page at
 * /dev/mailbox and the same messages as JSON at /dev/mailbox/messages (tests and scripts).
 */
export function devMailboxRoutes(mailbox: DevMailboxRepository, brandName: string): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      DEV_MAILBOX_PATH,
      { schema: { hide: true, querystring: ZMailboxQuery } },
      async (request, reply) => {
        const { items, total } = await mailbox.list({ to: request.query.to, start: 0, end: PAGE_SIZE });
        reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
        return page(brandName, items, total, request.query.to);
      },
    );
    app.get(
      `${DEV_MAILBOX_PATH}/messages`,
      { schema: { hide: true, querystring: ZMailboxQuery } },
      async (request, reply) => {
        const { items, total } = await mailbox.list({ to: request.query.to, start: 0, end: PAGE_SIZE });
        reply.header('cache-control', 'no-store');
        return ok({
          items: items.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })),
          total,
        });
      },
    );
  };
}
