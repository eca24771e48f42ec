import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../http/envelope.ts';
import type { DevMail, DevMailboxRepository } from './mail.repository.ts';

export const DEV_MAILBOX_PATH = '/dev/mailbox';
const PAGE_SIZE = 50;

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch,
  );

/** The text body with its http(s) links clickable (the text is escaped first). */
const linkify = (text: string) =>
  escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

function page(brandName: string, mails: DevMail[], total: number, to: string | undefined): string {
  const items = mails
    .map(
      (m) =>
        `<article><header><h2>${escapeHtml(m.subject)}</h2><p>To <b>${escapeHtml(m.to)}</b> · ${m.createdAt.toISOString().replace('T', ' ').slice(0, 19)} UTC · template ${escapeHtml(m.template)}</p></header><pre>${linkify(m.text)}</pre></article>`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Dev mailbox · ${escapeHtml(brandName)}</title><style>body{font-family:system-ui,sans-serif;color:#3F3F3F;max-width:880px;margin:0 auto;padding:24px}h1{color:#5956D6;font-size:24px}article{border:1px solid #ddd;border-radius:8px;padding:16px;margin:0 0 16px}h2{font-size:17px;margin:0 0 4px}header p{margin:0 0 8px;color:#666;font-size:13px}pre{white-space:pre-wrap;font-family:inherit;margin:0}a{color:#4845B1}</style></head><body><h1>Dev mailbox</h1><p>Mail is kept here because no <code>SMTP_URL</code> is configured (development and demo only). ${total} message${total === 1 ? '' : 's'}${to ? ` to ${escapeHtml(to)}` : ''}; newest first${total > PAGE_SIZE ? `, the latest ${PAGE_SIZE} shown` : ''}. Filter with <code>?to=email</code>.</p>${items || '<p><i>No mail yet.</i></p>'}</body></html>`;
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
