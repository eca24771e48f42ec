import { readFileSync } from 'node:fs';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { newId, nowIso, type SandboxContext } from './context.ts';
import { isOnWhatsApp, isRcsCapable } from './options.ts';
import { rbmEvent, rbmPush, rbmReadAll } from './rbm.ts';
import type { HandsetItem, HandsetSuggestion } from './store.ts';
import { whatsappWebhook } from './whatsapp.ts';

/**
 * The virtual handsets: a server-rendered page at /sandbox (pick a number, see what it received as
 * a phone shows it) with one static script (the CSP allows scripts from 'self' only), and the JSON
 * calls that script makes. A tap or a typed reply becomes the network's own user event, posted to
 * the bot's webhook exactly as the network would.
 */

const asset = (name: string) => readFileSync(new URL(`./assets/${name}`, import.meta.url));
const SCRIPT = asset('handset.js');
const STYLES = asset('handset.css');

const ZMsisdnParam = z.object({ msisdn: z.string().regex(/^\+[1-9]\d{7,14}$/) });
const ZTap = z.object({
  itemId: z.string().min(1),
  cardIndex: z.number().int().min(0).optional(),
  suggestionIndex: z.number().int().min(0),
});
const ZReply = z.object({ text: z.string().trim().min(1).max(1000), itemId: z.string().optional() });
const ZInviteAnswer = z.object({ agentId: z.string().min(1), accept: z.boolean() });

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

export class HandsetError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export function handsetPlugin(ctx: SandboxContext): FastifyPluginAsync {
  return async (app) => {
    app.setErrorHandler(async (error: unknown, _request, reply) => {
      const code =
        error instanceof HandsetError ? error.code : ((error as { statusCode?: number }).statusCode ?? 400);
      return reply.code(code).send({ error: { code, message: (error as Error).message } });
    });

    // The page's calls are JSON (a cross-site form cannot send that without CORS, which we never allow).
    app.addHook('preValidation', async (request) => {
      if (
        request.method === 'POST' &&
        !String(request.headers['content-type'] ?? '').startsWith('application/json')
      )
        throw new HandsetError(415, 'Send application/json.');
    });

    app.get('/assets/handset.js', async (_request, reply) =>
      reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(SCRIPT),
    );
    app.get('/assets/handset.css', async (_request, reply) =>
      reply.type('text/css; charset=utf-8').header('cache-control', 'no-cache').send(STYLES),
    );

    app.get<{ Querystring: { msisdn?: string } }>('/', async (request, reply) => {
      const wanted = (request.query.msisdn ?? '').trim().replace(/^(\d)/, '+$1');
      const msisdn = ZMsisdnParam.safeParse({ msisdn: wanted }).success ? wanted : '';
      const error =
        request.query.msisdn && !msisdn ? 'Enter a number in international format, e.g. +919876543210.' : '';
      return reply
        .type('text/html; charset=utf-8')
        .send(page(ctx, msisdn, request.query.msisdn ?? '', error));
    });

    app.get<{ Params: { msisdn: string } }>('/api/handsets/:msisdn', async (request) => {
      const { msisdn } = parseMsisdn(request.params);
      await rbmReadAllIfManual(ctx, msisdn);
      return {
        msisdn,
        rcsCapable: isRcsCapable(msisdn),
        onWhatsApp: isOnWhatsApp(msisdn),
        items: ctx.store.thread(msisdn),
        invites: ctx.store.invitesFor(msisdn),
      };
    });

    app.post<{ Params: { msisdn: string } }>('/api/handsets/:msisdn/taps', async (request) => {
      const { msisdn } = parseMsisdn(request.params);
      const tap = ZTap.parse(request.body);
      const item = ctx.store.findItem(msisdn, tap.itemId);
      if (!item) throw new HandsetError(404, 'That message is not on this handset.');
      const suggestions =
        tap.cardIndex === undefined ? item.suggestions : item.cards?.[tap.cardIndex]?.suggestions;
      const suggestion = suggestions?.[tap.suggestionIndex];
      if (!suggestion) throw new HandsetError(404, 'That suggestion is not on the message.');
      const reply = userItem(item, msisdn, suggestion.text);
      ctx.store.addItem(msisdn, reply);
      await deliverUserEvent(ctx, item, msisdn, reply.id, { text: suggestion.text, suggestion });
      return { delivered: true, item: reply };
    });

    app.post<{ Params: { msisdn: string } }>('/api/handsets/:msisdn/replies', async (request) => {
      const { msisdn } = parseMsisdn(request.params);
      const body = ZReply.parse(request.body);
      const thread = ctx.store.thread(msisdn);
      const target = body.itemId
        ? ctx.store.findItem(msisdn, body.itemId)
        : [...thread].reverse().find((i) => i.direction === 'received' && i.network !== 'sms');
      if (target?.network === 'sms')
        throw new HandsetError(409, 'Replies to a text message (SMS) are not forwarded in the sandbox.');
      if (!target)
        throw new HandsetError(409, 'No bot has written to this handset yet: there is nobody to reply to.');
      const reply = userItem(target, msisdn, body.text);
      ctx.store.addItem(msisdn, reply);
      await deliverUserEvent(ctx, target, msisdn, reply.id, { text: body.text });
      return { delivered: true, item: reply };
    });

    app.post<{ Params: { msisdn: string } }>('/api/handsets/:msisdn/invites', async (request) => {
      const { msisdn } = parseMsisdn(request.params);
      const answer = ZInviteAnswer.parse(request.body);
      const invite = ctx.store.testers.get(ctx.store.testerKey(answer.agentId, msisdn));
      if (!invite) throw new HandsetError(404, 'There is no tester invite from that agent.');
      if (invite.inviteStatus !== 'PENDING')
        throw new HandsetError(409, `The invite was already ${invite.inviteStatus.toLowerCase()}.`);
      invite.inviteStatus = answer.accept ? 'ACCEPTED' : 'DECLINED';
      return invite;
    });
  };
}

function parseMsisdn(params: unknown) {
  const parsed = ZMsisdnParam.safeParse(params);
  if (!parsed.success)
    throw new HandsetError(400, 'Enter a number in international format, e.g. +919876543210.');
  return parsed.data;
}

async function rbmReadAllIfManual(ctx: SandboxContext, msisdn: string) {
  if (ctx.behaviour.receipts && ctx.behaviour.readDelayMs === null) await rbmReadAll(ctx, msisdn);
}

function userItem(to: HandsetItem, _msisdn: string, text: string): HandsetItem {
  const id =
    to.network === 'whatsapp' ? `wamid.${Buffer.from(newId()).toString('base64url')}` : newId('usr_');
  return {
    id,
    network: to.network,
    sender: to.sender,
    direction: 'sent',
    at: nowIso(),
    text,
    suggestions: [],
    status: 'delivered',
  };
}

/** The user event the network itself would post for a typed reply or a tapped suggestion. */
async function deliverUserEvent(
  ctx: SandboxContext,
  to: HandsetItem,
  msisdn: string,
  id: string,
  what: { text: string; suggestion?: HandsetSuggestion },
) {
  const { suggestion } = what;
  if (to.network === 'rbm') {
    const base = { agentId: to.sender, senderPhoneNumber: msisdn, messageId: id, sendTime: nowIso() };
    if (!suggestion && /^(stop|unsubscribe)$/i.test(what.text)) {
      await ctx.deliver(
        'rbm',
        rbmPush({ ...rbmEvent(to.sender, msisdn, to.id, 'READ'), eventType: 'UNSUBSCRIBE', messageId: id }),
      );
      return;
    }
    const event = suggestion
      ? {
          ...base,
          suggestionResponse: {
            postbackData: suggestion.postbackData,
            text: suggestion.text,
            type: suggestion.type === 'reply' ? 'REPLY' : 'ACTION',
          },
        }
      : { ...base, text: what.text };
    await ctx.deliver('rbm', rbmPush(event));
    return;
  }
  if (to.network === 'maap') {
    const RCSMessage = suggestion
      ? {
          msgId: id,
          suggestedResponse: {
            response:
              suggestion.type === 'reply'
                ? { reply: { displayText: suggestion.text, postback: { data: suggestion.postbackData } } }
                : { action: { displayText: suggestion.text, postback: { data: suggestion.postbackData } } },
          },
          timestamp: nowIso(),
        }
      : { msgId: id, textMessage: what.text, timestamp: nowIso() };
    await ctx.deliver('maap', {
      RCSMessage,
      messageContact: { userContact: msisdn },
      event: suggestion ? 'response' : 'message',
      botId: to.sender,
    });
    return;
  }
  const message = suggestion
    ? {
        from: msisdn.slice(1),
        id,
        timestamp: String(Math.floor(Date.now() / 1000)),
        context: { from: to.sender, id: to.id },
        type: 'interactive',
        interactive: {
          type: 'button_reply',
          button_reply: { id: suggestion.postbackData, title: suggestion.text },
        },
      }
    : {
        from: msisdn.slice(1),
        id,
        timestamp: String(Math.floor(Date.now() / 1000)),
        type: 'text',
        text: { body: what.text },
      };
  await ctx.deliver(
    'whatsapp',
    whatsappWebhook(to.sender, {
      contacts: [{ profile: { name: 'Sandbox user' }, wa_id: msisdn.slice(1) }],
      messages: [message],
    }),
  );
}

function page(ctx: SandboxContext, msisdn: string, typed: string, error: string): string {
  const base = ctx.mountPath;
  const recent = ctx.store
    .handsetNumbers()
    .map(
      (n) =>
        `<li><a href="${base}/?msisdn=${encodeURIComponent(n)}"${n === msisdn ? ' aria-current="page"' : ''}>${escapeHtml(n)}</a></li>`,
    )
    .join('');
  const phone = msisdn
    ? `<section class="phone" aria-label="Virtual handset ${escapeHtml(msisdn)}">
        <header class="phone-bar"><span class="phone-number">${escapeHtml(msisdn)}</span>
          <span class="phone-caps">${isRcsCapable(msisdn) ? 'RCS' : 'No RCS'} · ${isOnWhatsApp(msisdn) ? 'WhatsApp' : 'No WhatsApp'}</span></header>
        <div id="invites" class="invites" aria-live="polite"></div>
        <ol id="thread" class="thread" aria-live="polite" aria-label="Messages"><li class="empty">Loading messages…</li></ol>
        <form id="reply-form" class="reply" autocomplete="off">
          <label class="visually-hidden" for="reply-text">Reply</label>
          <input id="reply-text" name="text" maxlength="1000" placeholder="Type a reply" required>
          <button type="submit">Send</button>
        </form>
        <p id="handset-error" class="handset-error" role="alert"></p>
      </section>`
    : `<section class="phone phone-empty"><p>Pick a number to see its handset.</p></section>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${msisdn ? `${escapeHtml(msisdn)} · ` : ''}Virtual handsets · Network sandbox</title>
<link rel="stylesheet" href="${base}/assets/handset.css">
<script src="${base}/assets/handset.js" defer></script>
</head>
<body data-base="${escapeHtml(base)}" data-msisdn="${escapeHtml(msisdn)}">
<main class="layout">
  <aside class="picker">
    <h1>Virtual handsets</h1>
    <p class="lead">The network sandbox: what a test phone received through Google RBM, GSMA MaaP, WhatsApp or SMS.</p>
    <form method="get" action="${base}/" class="pick" novalidate>
      <label for="msisdn">Phone number</label>
      <input id="msisdn" name="msisdn" value="${escapeHtml(typed)}" placeholder="+919876543210" inputmode="tel"${error ? ' aria-invalid="true" aria-describedby="msisdn-error"' : ''}>
      ${error ? `<p id="msisdn-error" class="field-error">${escapeHtml(error)}</p>` : ''}
      <button type="submit">Open handset</button>
    </form>
    <h2>Recent handsets</h2>
    ${recent ? `<ul class="recent">${recent}</ul>` : '<p class="muted">No handset has received a message yet.</p>'}
    <p class="muted rules">Sandbox rules: numbers ending in 0 are not RCS-capable; numbers ending in 9 are not on WhatsApp.</p>
  </aside>
  ${phone}
</main>
</body>
</html>`;
}
