import { randomUUID } from 'node:crypto';
import {
  applyStatusEvents,
  type MessageStatus,
  type Network,
  nextMessageStatus,
  type TMessageContent,
  type TNetworkHealth,
  type TNetworkMessage,
  type TSendTestMessageRequest,
} from '@portico/domain';
import { type Connectors, NetworkError } from '../../networks/index.ts';
import type { AuthenticatedUser } from '../../platform/auth/types.ts';
import type { Database } from '../../platform/db/index.ts';
import { AppError } from '../../platform/http/errors.ts';
import { presentNetworkEvent, presentNetworkMessage } from './network-messages.presenter.ts';
import type {
  NetworkMessageRow,
  NetworkMessagesRepository,
  NewNetworkEvent,
} from './network-messages.repository.ts';

/** Why a stored WhatsApp message is failed without a resend (no idempotency key: decision 0056). */
const OUTCOME_UNKNOWN = 'outcome_unknown';
/** The network refused the message for now (429): it did not take it, so a resend is safe on any network. */
const RATE_LIMITED = 'rate_limited';

export interface NetworkMessagesDeps {
  /** Applying events to a message is one unit of work under the network id's lock. */
  database: Pick<Database, 'transaction'>;
  repository: NetworkMessagesRepository;
  connectors: Connectors;
}

/** A message to send from a given sender. */
export interface OutgoingMessage {
  /** Our id for it, when the caller chose one first (recorded before the call); else a new one. */
  messageId?: string;
  network: Network;
  sender: string;
  recipient: string;
  content: TMessageContent;
  /** Why it is sent: 'test' (test sends, bot test devices and the console) or 'campaign' (campaigns' recipients). */
  purpose: 'test' | 'campaign';
}

interface ListWindow {
  start: number;
  end: number;
  network?: Network | undefined;
}

/**
 * A network event as stored: what the network posted plus our id for it, and (`messageId`) the
 * message of network_messages it reports on when this module sent that message.
 */
export type StoredNetworkEvent = NewNetworkEvent & { eventId: string; messageId?: string | null };

/** A handler of one stored event (replayEvents hands an object's stored events to one again). */
export type NetworkEventHandler = (event: StoredNetworkEvent) => Promise<void>;

/**
 * A module's listener of newly stored network events (template reviews, the partner's webhook
 * outbox), called once per delivery with its new events in the order they came, inside the unit of
 * work that stores them: a redelivered event is stored once and never handed out again, and what a
 * listener writes exists only if the events do.
 */
export type EventsStoredListener = (events: StoredNetworkEvent[]) => Promise<void>;

export function createNetworkMessagesService({ database, repository, connectors }: NetworkMessagesDeps) {
  const listeners: EventsStoredListener[] = [];

  /** Applies every event that arrived for the message before it could be (in arrival order). */
  async function applyPending(message: NetworkMessageRow): Promise<NetworkMessageRow> {
    if (!message.networkMessageId) return message;
    const pending = await repository.pendingEvents(message.network, message.networkMessageId);
    if (pending.length === 0) return message;
    const next = applyStatusEvents(
      { status: message.status as MessageStatus, errorCode: message.errorCode },
      pending,
    );
    await repository.markEventsApplied(message.network, message.networkMessageId, message.messageId);
    if (next.status === message.status) return message;
    return (await repository.updateMessage(message.messageId, next)) ?? message;
  }

  /** The network accepted the message: record its id and "sent", then apply events that came first. */
  function accept(messageId: string, network: string, networkMessageId: string): Promise<NetworkMessageRow> {
    return database.transaction(async () => {
      await repository.lockNetworkId(network, networkMessageId);
      const current = await repository.messageForUpdate(messageId);
      if (!current) throw new Error(`network message ${messageId} vanished`);
      const updated = await repository.updateMessage(messageId, {
        networkMessageId,
        status: nextMessageStatus(current.status as MessageStatus, 'sent'),
      });
      if (!updated) throw new Error(`network message ${messageId} vanished`);
      return applyPending(updated);
    });
  }

  /**
   * Sends a message through a connector: stored first (so the id exists before the first attempt
   * and early receipts find it), then sent, then marked sent or failed. A network refusal answers
   * with its typed error, naming the stored message.
   */
  async function send(user: AuthenticatedUser, request: OutgoingMessage): Promise<TNetworkMessage> {
    const messageId = request.messageId ?? randomUUID();
    // RBM and MaaP report events under our id; WhatsApp under the wamid its answer carries.
    const knownId = request.network === 'whatsapp' ? null : messageId;
    await repository.insertMessage({
      messageId,
      partnerId: user.partnerId,
      createdBy: user.userId,
      purpose: request.purpose,
      network: request.network,
      sender: request.sender,
      recipient: request.recipient,
      content: request.content as unknown as Record<string, unknown>,
      networkMessageId: knownId,
    });
    return deliver(messageId, request);
  }

  /** Hands a stored message to its network, then records "sent" or the refusal. */
  async function deliver(
    messageId: string,
    message: Pick<OutgoingMessage, 'network' | 'sender' | 'recipient' | 'content'>,
  ): Promise<TNetworkMessage> {
    const connector = connectors.get(message.network);
    try {
      const { networkMessageId } = await connector.send({
        messageId,
        sender: message.sender,
        recipient: message.recipient,
        content: message.content,
      });
      return presentNetworkMessage(await accept(messageId, message.network, networkMessageId));
    } catch (error) {
      if (!(error instanceof NetworkError)) throw error;
      await repository.updateMessage(messageId, {
        status: 'failed',
        errorCode: String(error.detail.code ?? error.kind),
        errorMessage: error.message,
      });
      throw new AppError(error.httpStatus, error.message, {
        network: error.network,
        kind: error.kind,
        message_id: messageId,
      });
    }
  }

  /**
   * A stored message the network never answered (the process stopped between storing it and the
   * answer) is sent again under its same id: RBM and MaaP deduplicate by our id, so one the network
   * already took is not sent twice (RBM answers 409 ALREADY_EXISTS, which its connector takes as
   * accepted). WhatsApp has no such key, so that message is not sent again: it is marked failed with
   * kind `outcome_unknown` (decision 0056). A message that is no longer queued is answered as it is.
   */
  async function resend(messageId: string): Promise<TNetworkMessage> {
    const row = await repository.message(messageId);
    if (!row) throw new Error(`network message ${messageId} is not stored`);
    if (row.status !== 'queued') return presentNetworkMessage(row);
    const network = row.network as Network;
    if (network === 'whatsapp' && row.errorCode !== RATE_LIMITED) {
      const message = 'WhatsApp: the send was interrupted before the network answered; not sent again.';
      await repository.updateMessage(messageId, {
        status: 'failed',
        errorCode: OUTCOME_UNKNOWN,
        errorMessage: message,
      });
      throw new AppError(502, message, { network, kind: OUTCOME_UNKNOWN, message_id: messageId });
    }
    return deliver(messageId, {
      network,
      sender: row.sender,
      recipient: row.recipient,
      content: row.content as unknown as TMessageContent,
    });
  }

  /**
   * A message the network did not answer because it was down or asked to slow down (kinds
   * `network_down`, `rate_limited`) goes back to the queue for a sender that tries again later under
   * its same id (a campaign paused for the outage, decision 0056): `resend` then sends it, on
   * WhatsApp only when the network refused it (a 429 it surely did not take).
   */
  async function requeue(messageId: string, kind: 'network_down' | 'rate_limited'): Promise<void> {
    const row = await repository.message(messageId);
    if (row?.status !== 'failed') return;
    await repository.updateMessage(messageId, { status: 'queued', errorCode: kind });
  }

  return {
    accept,

    /**
     * Hands the stored events of one object (their dedupe keys start with `prefix`, e.g. one WhatsApp
     * template's reviews) to a handler again, oldest first: for events that came before the object was
     * known (Meta's webhook can beat the answer that names the template). Handlers are idempotent.
     */
    async replayEvents(network: Network, prefix: string, handler: NetworkEventHandler): Promise<number> {
      const rows = await repository.eventsByKeyPrefix(network, prefix);
      // An event without the network's time is ordered by when it reached us.
      for (const row of rows)
        await handler({
          ...row,
          network: row.network as Network,
          occurredAt: row.occurredAt ?? row.receivedAt,
        });
      return rows.length;
    },

    /** Registers a listener of newly stored events (EventsStoredListener). Register at module creation. */
    onEventsStored(listener: EventsStoredListener): void {
      listeners.push(listener);
    },

    /**
     * Stores the events the networks posted (a redelivered one is stored once) and applies the
     * status events to their messages when those exist. Returns how many were new and applied.
     */
    ingest(events: NewNetworkEvent[]): Promise<{ stored: number; applied: number }> {
      return database.transaction(async () => {
        // All locks first, in one order, so two deliveries naming the same messages cannot deadlock.
        const ids = [
          ...new Set(events.flatMap((e) => (e.networkMessageId ? [e.networkMessageId] : []))),
        ].sort();
        for (const id of ids) await repository.lockNetworkId(events[0]?.network ?? '', id);
        let stored = 0;
        let applied = 0;
        const storedEvents: StoredNetworkEvent[] = [];
        for (const event of events) {
          const eventId = await repository.insertEventOnce(event);
          if (!eventId) continue;
          stored += 1;
          const message =
            event.kind === 'status' && event.networkMessageId
              ? await repository.messageByNetworkIdForUpdate(event.network, event.networkMessageId)
              : undefined;
          storedEvents.push({ ...event, eventId, messageId: message?.messageId ?? null });
          if (!message) continue;
          await applyPending(message);
          applied += 1;
        }
        // In this same unit of work: what the listeners write exists only if the events do.
        if (storedEvents.length > 0) for (const listener of listeners) await listener(storedEvents);
        return { stored, applied };
      });
    },

    /**
     * Sends a test message through a connector from the platform's test sender (RBM_AGENT_ID,
     * MAAP_BOT_ID, WHATSAPP_PHONE_NUMBER_ID).
     */
    sendTest(user: AuthenticatedUser, request: TSendTestMessageRequest): Promise<TNetworkMessage> {
      return send(user, { ...request, sender: connectors.testSender(request.network), purpose: 'test' });
    },

    /**
     * Sends a message through a connector from a given sender (a bot's agent, MaaP bot or phone
     * number id: the bot-testing module's test messages and console answers).
     */
    send,

    resend,

    requeue,

    async message(messageId: string): Promise<TNetworkMessage | null> {
      const row = await repository.message(messageId);
      return row ? presentNetworkMessage(row) : null;
    },

    async list(window: ListWindow) {
      const { items, total } = await repository.listMessages(window);
      return { items: items.map(presentNetworkMessage), total };
    },

    async events(window: ListWindow) {
      const { items, total } = await repository.listEvents(window);
      return { items: items.map(presentNetworkEvent), total };
    },

    health(): TNetworkHealth {
      return { connectors: connectors.metrics.snapshot() };
    },
  };
}
export type NetworkMessagesService = ReturnType<typeof createNetworkMessagesService>;
