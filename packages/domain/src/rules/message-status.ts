/**
 * The delivery status of a message sent through a messaging network. Receipts arrive late, twice or
 * out of order (a READ before its DELIVERED); the status only ever moves forward along this order.
 */
export const MESSAGE_STATUSES = ['queued', 'sent', 'delivered', 'read', 'failed'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** Position on the way to the handset; `failed` is ranked separately (see nextMessageStatus). */
const PROGRESS: Record<Exclude<MessageStatus, 'failed'>, number> = {
  queued: 0,
  sent: 1,
  delivered: 2,
  read: 3,
};

export function isMessageStatus(value: unknown): value is MessageStatus {
  return typeof value === 'string' && (MESSAGE_STATUSES as readonly string[]).includes(value);
}

/**
 * The status after an event reporting `incoming` is applied to a message at `current`:
 * - forward moves are taken (queued -> sent -> delivered -> read, skipping steps is fine);
 * - backward moves and repeats are ignored (a late DELIVERED after READ changes nothing);
 * - `failed` is taken only before delivery (a network may report failure after "sent"); once the
 *   handset has the message, a failure report cannot undo that, and `failed` itself is final.
 */
export function nextMessageStatus(current: MessageStatus, incoming: MessageStatus): MessageStatus {
  if (current === 'failed') return current;
  if (incoming === 'failed') return PROGRESS[current] < PROGRESS.delivered ? 'failed' : current;
  return PROGRESS[incoming] > PROGRESS[current] ? incoming : current;
}

/** Whether applying `incoming` changes the message's status. */
export function advancesMessageStatus(current: MessageStatus, incoming: MessageStatus): boolean {
  return nextMessageStatus(current, incoming) !== current;
}

/** A status event waiting to be applied to its message. */
export interface StatusEvent {
  kind: string;
  status: string | null;
  errorCode: string | null;
}

/**
 * A message's status and error after applying its pending events in the order they arrived:
 * non-status events (user replies, taps) change nothing; the first failure that takes keeps its code.
 */
export function applyStatusEvents(
  current: { status: MessageStatus; errorCode: string | null },
  events: readonly StatusEvent[],
): { status: MessageStatus; errorCode: string | null } {
  let { status, errorCode } = current;
  for (const event of events) {
    if (event.kind !== 'status' || !isMessageStatus(event.status)) continue;
    const next = nextMessageStatus(status, event.status);
    if (next !== status && next === 'failed') errorCode = event.errorCode;
    status = next;
  }
  return { status, errorCode };
}
