import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { E164_NUMBER } from '@portico/domain';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { newId, nowIso, type SandboxContext } from './context.ts';
import { renderHandsetPage } from './handset-page.ts';
import { isOnWhatsApp, isRcsCapable } from './options.ts';
import { rbmEvent, rbmPush, rbmReadAll, rbmTesterEvent } from './rbm.ts';
import type { HandsetItem, HandsetSuggestion } from './store.ts';
import { whatsappWebhook } from './whatsapp.ts';

/**
 * The virtual handsets: a server-rendered page at /sandbox (pick a number, see what it received as
 * a phone shows it) with one static script (the CSP allows scripts from 'self' only), and the JSON
 * calls that script makes. A tap or a typed reply becomes the network's own user event, posted to
 * the bot's webhook exactly as the network would.
 */

// Found through module resolution, so the assets load whether the sandbox runs from its sources or
// bundled into the API's dist/main.js.
const assetsDir = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@portico/sandbox/package.json')),
  'src/assets',
);
const asset = (name: string) => readFileSync(path.join(assetsDir, name));
const SCRIPT = asset('handset.js');
const STYLES = asset('handset.css');

const ZMsisdnParam = z.object({ msisdn: z.string().regex(E164_NUMBER) });
const ZTap = z.object({
  itemId: z.string().min(1),
  cardIndex: z.number().int().min(0).optional(),
  suggestionIndex: z.number().int().min(0),
});
const ZReply = z.object({ text: z.string().trim().min(1).max(1000), itemId: z.string().optional() });
const ZInviteAnswer = z.object({ agentId: z.string().min(1), accept: z.boolean() });

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
        .send(renderHandsetPage({ ctx, msisdn, typed: request.query.msisdn ?? '', error }));
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
      // Google's console learns the answer by asking (testers GET); the sandbox also pushes it to the
      // webhook in Google's envelope, with the Tester resource, so the portal shows it at once.
      await ctx.deliver('rbm', rbmPush(rbmTesterEvent(answer.agentId, msisdn, invite.inviteStatus)));
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
    whatsappWebhook(ctx, to.sender, {
      contacts: [{ profile: { name: 'Sandbox user' }, wa_id: msisdn.slice(1) }],
      messages: [message],
    }),
  );
}
