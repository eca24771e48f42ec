import type { MessageStatus, Network } from '@portico/domain';
import { z } from 'zod';
import { BadRequestError } from '../../platform/http/errors.ts';
import type { NewNetworkEvent } from './network-messages.repository.ts';

/**
 * Each network's webhook body, read into our event rows. Only the fields we use are checked; the
 * whole body is kept in `payload`. Dedupe keys are what the network repeats on a redelivery.
 */

const event = (
  network: Network,
  dedupeKey: string,
  fields: Partial<NewNetworkEvent>,
  payload: unknown,
): NewNetworkEvent => ({
  network,
  dedupeKey,
  kind: 'other',
  payload: payload as Record<string, unknown>,
  ...fields,
});
const when = (value: string | undefined) => {
  if (!value) return null;
  const date = /^\d+$/.test(value) ? new Date(Number(value) * 1000) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

// ---- Google RBM: a Pub/Sub push {message: {data: base64(event JSON)}} ----
const ZRbmPush = z.object({ message: z.object({ data: z.string(), messageId: z.string().optional() }) });
const ZRbmEvent = z.object({
  agentId: z.string().optional(),
  senderPhoneNumber: z.string().optional(),
  eventType: z.string().optional(),
  eventId: z.string().optional(),
  messageId: z.string().optional(),
  sendTime: z.string().optional(),
  text: z.string().optional(),
  suggestionResponse: z
    .object({ postbackData: z.string().optional(), text: z.string().optional(), type: z.string().optional() })
    .optional(),
});
const RBM_STATUS: Record<string, MessageStatus> = { DELIVERED: 'delivered', READ: 'read' };

/** The RBM webhook's first call: {clientToken, secret}; we echo the secret when the token is ours. */
export const ZRbmVerification = z.object({ clientToken: z.string(), secret: z.string() });

export function rbmEvents(body: unknown): NewNetworkEvent[] {
  const push = ZRbmPush.safeParse(body);
  if (!push.success) throw new BadRequestError('Not an RBM event: message.data is missing.');
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(push.data.message.data, 'base64').toString('utf8'));
  } catch {
    throw new BadRequestError('Not an RBM event: message.data is not base64 JSON.');
  }
  const parsed = ZRbmEvent.safeParse(decoded);
  if (!parsed.success) throw new BadRequestError('Not an RBM event.');
  const e = parsed.data;
  const base = { sender: e.senderPhoneNumber ?? null, occurredAt: when(e.sendTime) };
  const key =
    e.eventId ?? `${e.messageId ?? push.data.message.messageId ?? 'unknown'}:${e.eventType ?? 'message'}`;
  if (e.eventType && RBM_STATUS[e.eventType])
    return [
      event(
        'rbm',
        key,
        { ...base, kind: 'status', status: RBM_STATUS[e.eventType], networkMessageId: e.messageId ?? null },
        decoded,
      ),
    ];
  if (e.eventType === 'UNSUBSCRIBE') return [event('rbm', key, { ...base, kind: 'unsubscribe' }, decoded)];
  if (e.suggestionResponse)
    return [
      event(
        'rbm',
        key,
        {
          ...base,
          kind: 'suggestion_response',
          text: e.suggestionResponse.text ?? null,
          postbackData: e.suggestionResponse.postbackData ?? null,
        },
        decoded,
      ),
    ];
  if (e.text !== undefined)
    return [event('rbm', key, { ...base, kind: 'user_message', text: e.text }, decoded)];
  return [event('rbm', key, base, decoded)];
}

// ---- GSMA MaaP ----
const ZMaapEvent = z.object({
  event: z.string().optional(),
  RCSMessage: z.object({
    msgId: z.string(),
    status: z.string().optional(),
    timestamp: z.string().optional(),
    textMessage: z.string().optional(),
    suggestedResponse: z
      .object({
        response: z.object({
          reply: z.object({ displayText: z.string(), postback: z.object({ data: z.string() }) }).optional(),
          action: z.object({ displayText: z.string(), postback: z.object({ data: z.string() }) }).optional(),
        }),
      })
      .optional(),
  }),
  messageContact: z.object({ userContact: z.string() }).optional(),
});
const MAAP_STATUS: Record<string, MessageStatus> = {
  sent: 'sent',
  delivered: 'delivered',
  displayed: 'read',
  failed: 'failed',
};

export function maapEvents(body: unknown): NewNetworkEvent[] {
  const parsed = ZMaapEvent.safeParse(body);
  if (!parsed.success) throw new BadRequestError('Not a MaaP event: RCSMessage.msgId is missing.');
  const { RCSMessage: m, messageContact } = parsed.data;
  const base = { sender: messageContact?.userContact ?? null, occurredAt: when(m.timestamp) };
  if (m.status) {
    const status = MAAP_STATUS[m.status];
    if (!status) return [event('maap', `${m.msgId}:${m.status}`, base, body)];
    return [
      event(
        'maap',
        `${m.msgId}:${m.status}`,
        { ...base, kind: 'status', status, networkMessageId: m.msgId },
        body,
      ),
    ];
  }
  const response = m.suggestedResponse?.response.reply ?? m.suggestedResponse?.response.action;
  if (response)
    return [
      event(
        'maap',
        m.msgId,
        {
          ...base,
          kind: 'suggestion_response',
          text: response.displayText,
          postbackData: response.postback.data,
        },
        body,
      ),
    ];
  if (m.textMessage !== undefined)
    return [event('maap', m.msgId, { ...base, kind: 'user_message', text: m.textMessage }, body)];
  return [event('maap', m.msgId, base, body)];
}

// ---- WhatsApp Cloud API ----
const ZWhatsAppWebhook = z.object({
  object: z.literal('whatsapp_business_account'),
  entry: z.array(
    z.object({
      id: z.string().optional(),
      /** When Meta made the change (seconds since 1970): orders account-level events such as template reviews. */
      time: z.number().optional(),
      changes: z.array(z.object({ field: z.string(), value: z.record(z.string(), z.unknown()) })),
    }),
  ),
});
const ZWaStatus = z.object({
  id: z.string(),
  status: z.string(),
  timestamp: z.string().optional(),
  recipient_id: z.string().optional(),
  errors: z.array(z.object({ code: z.number() })).optional(),
});
const ZWaMessage = z.object({
  id: z.string(),
  from: z.string(),
  timestamp: z.string().optional(),
  type: z.string(),
  text: z.object({ body: z.string() }).optional(),
  button: z.object({ payload: z.string().optional(), text: z.string() }).optional(),
  interactive: z
    .object({
      button_reply: z.object({ id: z.string(), title: z.string() }).optional(),
      list_reply: z.object({ id: z.string(), title: z.string() }).optional(),
    })
    .optional(),
});
/** The business number a `messages` change is about (Meta's value.metadata). */
const ZWaMetadata = z.object({
  phone_number_id: z.string(),
  display_phone_number: z.string().optional(),
});
const WA_STATUS: Record<string, MessageStatus> = {
  sent: 'sent',
  delivered: 'delivered',
  read: 'read',
  failed: 'failed',
};

export function whatsappEvents(body: unknown): NewNetworkEvent[] {
  const parsed = ZWhatsAppWebhook.safeParse(body);
  if (!parsed.success) throw new BadRequestError('Not a WhatsApp Business Account webhook.');
  const events: NewNetworkEvent[] = [];
  for (const entry of parsed.data.entry) {
    for (const change of entry.changes) {
      if (change.field !== 'messages') {
        const v = change.value;
        // A template's review (status, quality) repeats with the same time on a redelivery only.
        const time = entry.time !== undefined ? String(entry.time) : '';
        events.push(
          event(
            'whatsapp',
            `${change.field}:${String(v.message_template_id ?? '')}:${String(v.event ?? v.new_quality_score ?? '')}:${entry.id ?? ''}:${time}`,
            { occurredAt: entry.time !== undefined ? new Date(entry.time * 1000) : null },
            change,
          ),
        );
        continue;
      }
      // Meta names the business number once per change, beside its statuses and messages; each event
      // keeps it as `metadata` (a key Meta's status and message objects do not have), so the event
      // alone says which number sent the message or was written to (the partner API's sends have no
      // network_messages row to say it).
      const metadata = ZWaMetadata.safeParse(change.value.metadata);
      const stored = (raw: unknown): unknown =>
        metadata.success && typeof raw === 'object' && raw !== null
          ? { ...raw, metadata: metadata.data }
          : raw;
      for (const raw of (change.value.statuses as unknown[] | undefined) ?? []) {
        const s = ZWaStatus.safeParse(raw);
        if (!s.success) continue;
        const status = WA_STATUS[s.data.status];
        events.push(
          event(
            'whatsapp',
            `${s.data.id}:${s.data.status}`,
            {
              kind: status ? 'status' : 'other',
              status: status ?? null,
              networkMessageId: s.data.id,
              sender: s.data.recipient_id ? `+${s.data.recipient_id}` : null,
              errorCode: s.data.errors?.[0] ? String(s.data.errors[0].code) : null,
              occurredAt: when(s.data.timestamp),
            },
            stored(raw),
          ),
        );
      }
      for (const raw of (change.value.messages as unknown[] | undefined) ?? []) {
        const m = ZWaMessage.safeParse(raw);
        if (!m.success) continue;
        const reply = m.data.interactive?.button_reply ?? m.data.interactive?.list_reply;
        const base = { sender: `+${m.data.from}`, occurredAt: when(m.data.timestamp) };
        if (reply)
          events.push(
            event(
              'whatsapp',
              m.data.id,
              { ...base, kind: 'suggestion_response', text: reply.title, postbackData: reply.id },
              stored(raw),
            ),
          );
        else if (m.data.button)
          events.push(
            event(
              'whatsapp',
              m.data.id,
              {
                ...base,
                kind: 'suggestion_response',
                text: m.data.button.text,
                postbackData: m.data.button.payload ?? null,
              },
              stored(raw),
            ),
          );
        else
          events.push(
            event(
              'whatsapp',
              m.data.id,
              { ...base, kind: m.data.text ? 'user_message' : 'other', text: m.data.text?.body ?? null },
              stored(raw),
            ),
          );
      }
    }
  }
  return events;
}
