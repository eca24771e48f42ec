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
import { grouped } from '../../platform/grouped.ts';
import { AppError } from '../../platform/http/errors.ts';
import { presentNetworkEvent, presentNetworkMessage } from './network-messages.presenter.ts';
import type {
  MessageState,
  NetworkKey,
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

/**
 * A module's listener of messages whose status changed (sent, a receipt applied, a refusal, queued
 * again), called with the messages as they now are, inside the unit of work that changed them:
 * campaigns keep their recipients' copy of it (decision 0058).
 */
export type StatusesChangedListener = (messages: readonly NetworkMessageRow[]) => Promise<void>;

/** The key of a message's network id (the events' and the messages' maps). */
const keyOf = (k: NetworkKey) => `${k.network}|${k.networkMessageId}`;

export function createNetworkMessagesService({ database, repository, connectors }: NetworkMessagesDeps) {
  const listeners: EventsStoredListener[] = [];
  const statusListeners: StatusesChangedListener[] = [];

  /** Hands messages whose status changed to the status listeners, in the unit of work that changed them. */
  async function changed(rows: readonly NetworkMessageRow[]): Promise<void> {
    if (rows.length > 0) for (const listener of statusListeners) await listener(rows);
  }

  /** Sets one message's status (a refusal, an unknown outcome, back to the queue), with its listeners. */
  function mark(
    messageId: string,
    fields: Parameters<NetworkMessagesRepository['updateMessage']>[1],
  ): Promise<void> {
    return database.transaction(async () => {
      const row = await repository.updateMessage(messageId, fields);
      if (row) await changed([row]);
    });
  }

  /** Applies to each message every event that arrived for it before it could be (in arrival order). */
  async function applyPending(rows: readonly NetworkMessageRow[]): Promise<NetworkMessageRow[]> {
    const keyed = rows.flatMap((m) =>
      m.networkMessageId ? [{ network: m.network, networkMessageId: m.networkMessageId, message: m }] : [],
    );
    const pending = await repository.pendingEvents(keyed);
    if (pending.length === 0) return [...rows];
    const byKey = new Map<string, typeof pending>();
    for (const event of pending) {
      const events = byKey.get(keyOf(event));
      if (events) events.push(event);
      else byKey.set(keyOf(event), [event]);
    }
    const applied: (NetworkKey & { messageId: string })[] = [];
    const states: MessageState[] = [];
    for (const { network, networkMessageId, message } of keyed) {
      const events = byKey.get(keyOf({ network, networkMessageId }));
      if (!events) continue;
      applied.push({ network, networkMessageId, messageId: message.messageId });
      const next = applyStatusEvents(
        { status: message.status as MessageStatus, errorCode: message.errorCode },
        events,
      );
      if (next.status !== message.status)
        states.push({ ...next, messageId: message.messageId, networkMessageId });
    }
    await repository.markEventsApplied(applied);
    const changedRows = await repository.setStates(states);
    await changed(changedRows);
    const updated = new Map(changedRows.map((m) => [m.messageId, m]));
    return rows.map((m) => updated.get(m.messageId) ?? m);
  }

  /**
   * The network accepted these messages: each one's id there and "sent" are recorded, then the
   * events that came first are applied, in one unit of work for all of them.
   */
  function acceptAll(
    accepted: readonly { messageId: string; network: string; networkMessageId: string }[],
  ): Promise<NetworkMessageRow[]> {
    return database.transaction(async () => {
      await repository.lockNetworkIds(accepted);
      const current = new Map(
        (await repository.messagesForUpdate(accepted.map((a) => a.messageId))).map((m) => [m.messageId, m]),
      );
      const updated = await repository.setStates(
        accepted.map(({ messageId, networkMessageId }) => {
          const row = current.get(messageId);
          if (!row) throw new Error(`network message ${messageId} vanished`);
          return {
            messageId,
            networkMessageId,
            status: nextMessageStatus(row.status as MessageStatus, 'sent'),
            errorCode: row.errorCode,
          };
        }),
      );
      await changed(updated);
      const byId = new Map((await applyPending(updated)).map((m) => [m.messageId, m]));
      return accepted.map(({ messageId }) => byId.get(messageId) as NetworkMessageRow);
    });
  }

  /**
   * Sends messages through the connectors (a campaign's slice, or one): stored first in one
   * statement (so each id exists before the first attempt and early receipts find it), sent
   * together, then those the networks took marked sent in one unit of work and each refusal marked
   * failed. Answers each one's outcome in order: the message, or the network's typed error naming it.
   */
  async function sendAll(
    user: AuthenticatedUser,
    requests: readonly OutgoingMessage[],
  ): Promise<PromiseSettledResult<TNetworkMessage>[]> {
    const rows = requests.map((request) => {
      const messageId = request.messageId ?? randomUUID();
      return {
        messageId,
        partnerId: user.partnerId,
        createdBy: user.userId,
        purpose: request.purpose,
        network: request.network,
        sender: request.sender,
        recipient: request.recipient,
        content: request.content,
        // RBM and MaaP report events under our id; WhatsApp under the wamid its answer carries.
        networkMessageId: request.network === 'whatsapp' ? null : messageId,
      };
    });
    await repository.insertMessages(rows);
    return deliverAll(rows);
  }

  /** Hands stored messages to their networks, then records "sent" or each refusal. */
  async function deliverAll(
    stored: readonly ({ messageId: string } & Pick<
      OutgoingMessage,
      'network' | 'sender' | 'recipient' | 'content'
    >)[],
  ): Promise<PromiseSettledResult<TNetworkMessage>[]> {
    const answers = await Promise.allSettled(
      stored.map((message) =>
        connectors.get(message.network).send({
          messageId: message.messageId,
          sender: message.sender,
          recipient: message.recipient,
          content: message.content,
        }),
      ),
    );
    const accepted = stored.flatMap((message, i) => {
      const answer = answers[i];
      return answer?.status === 'fulfilled'
        ? [
            {
              messageId: message.messageId,
              network: message.network,
              networkMessageId: answer.value.networkMessageId,
            },
          ]
        : [];
    });
    const sent = new Map((await acceptAll(accepted)).map((m) => [m.messageId, m]));
    const outcomes: PromiseSettledResult<TNetworkMessage>[] = [];
    for (const [i, message] of stored.entries()) {
      const answer = answers[i];
      const row = sent.get(message.messageId);
      if (row) {
        outcomes.push({ status: 'fulfilled', value: presentNetworkMessage(row) });
        continue;
      }
      const error: unknown = answer?.status === 'rejected' ? answer.reason : new Error('no answer');
      if (!(error instanceof NetworkError)) {
        outcomes.push({ status: 'rejected', reason: error });
        continue;
      }
      await mark(message.messageId, {
        status: 'failed',
        errorCode: String(error.detail.code ?? error.kind),
        errorKind: error.kind,
        errorMessage: error.message,
      });
      outcomes.push({
        status: 'rejected',
        reason: new AppError(error.httpStatus, error.message, {
          network: error.network,
          kind: error.kind,
          message_id: message.messageId,
        }),
      });
    }
    return outcomes;
  }

  /** One message's outcome of sendAll or deliverAll: the message, or its error thrown. */
  async function one(outcomes: Promise<PromiseSettledResult<TNetworkMessage>[]>): Promise<TNetworkMessage> {
    const [outcome] = await outcomes;
    if (!outcome) throw new Error('no outcome for the message');
    if (outcome.status === 'rejected') throw outcome.reason;
    return outcome.value;
  }

  /** Sends one message through a connector (sendAll of one). */
  function send(user: AuthenticatedUser, request: OutgoingMessage): Promise<TNetworkMessage> {
    return one(sendAll(user, [request]));
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
      await mark(messageId, {
        status: 'failed',
        errorCode: OUTCOME_UNKNOWN,
        errorKind: OUTCOME_UNKNOWN,
        errorMessage: message,
      });
      throw new AppError(502, message, { network, kind: OUTCOME_UNKNOWN, message_id: messageId });
    }
    return one(
      deliverAll([
        {
          messageId,
          network,
          sender: row.sender,
          recipient: row.recipient,
          content: row.content as unknown as TMessageContent,
        },
      ]),
    );
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
    await mark(messageId, { status: 'queued', errorCode: kind, errorKind: kind });
  }

  /**
   * Stores and applies the events of several webhook deliveries in one unit of work: all locks
   * first, in one order, so two units naming the same messages cannot deadlock; then the events in
   * one statement, their messages in one, and what the listeners write, which exists only if the
   * events do. Answers each delivery's counts.
   */
  function ingestAll(
    deliveries: readonly NewNetworkEvent[][],
  ): Promise<{ stored: number; applied: number }[]> {
    return database.transaction(async () => {
      const events = deliveries.flat();
      const named = events.flatMap((e) =>
        e.networkMessageId ? [{ network: e.network, networkMessageId: e.networkMessageId }] : [],
      );
      await repository.lockNetworkIds(named);
      const ids = await repository.insertEventsOnce(events);
      const reported = events.flatMap((e, i) =>
        ids[i] && e.kind === 'status' && e.networkMessageId
          ? [{ network: e.network, networkMessageId: e.networkMessageId }]
          : [],
      );
      const found = await repository.messagesByNetworkIdsForUpdate(reported);
      await applyPending(found);
      const messageOf = new Map(
        found.map((m) => [keyOf({ network: m.network, networkMessageId: m.networkMessageId ?? '' }), m]),
      );
      const storedEvents: StoredNetworkEvent[] = [];
      let at = 0;
      const counts = deliveries.map((delivery) => {
        let stored = 0;
        let applied = 0;
        for (const event of delivery) {
          const eventId = ids[at++];
          if (!eventId) continue;
          stored += 1;
          const message =
            event.kind === 'status' && event.networkMessageId
              ? messageOf.get(keyOf({ network: event.network, networkMessageId: event.networkMessageId }))
              : undefined;
          storedEvents.push({ ...event, eventId, messageId: message?.messageId ?? null });
          if (message) applied += 1;
        }
        return { stored, applied };
      });
      if (storedEvents.length > 0) for (const listener of listeners) await listener(storedEvents);
      return counts;
    });
  }

  /**
   * The webhook deliveries that arrive while a unit of ingestAll runs are stored together in the
   * next (decision 0058). When a unit of several fails, each of its deliveries is stored alone, so
   * one bad delivery never fails the others.
   */
  const ingestTogether = grouped(
    async (
      deliveries: NewNetworkEvent[][],
    ): Promise<PromiseSettledResult<{ stored: number; applied: number }>[]> => {
      try {
        return (await ingestAll(deliveries)).map((value) => ({ status: 'fulfilled', value }));
      } catch (error) {
        if (deliveries.length === 1) return [{ status: 'rejected', reason: error }];
        return Promise.all(
          deliveries.map(async (delivery) => {
            try {
              const [value] = await ingestAll([delivery]);
              return { status: 'fulfilled', value: value ?? { stored: 0, applied: 0 } } as const;
            } catch (reason) {
              return { status: 'rejected', reason } as const;
            }
          }),
        );
      }
    },
  );

  return {
    /** The network accepted one message (acceptAll of one). */
    async accept(messageId: string, network: string, networkMessageId: string): Promise<NetworkMessageRow> {
      const [row] = await acceptAll([{ messageId, network, networkMessageId }]);
      if (!row) throw new Error(`network message ${messageId} vanished`);
      return row;
    },

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

    /** Registers a listener of message status changes (StatusesChangedListener). Register at module creation. */
    onStatusesChanged(listener: StatusesChangedListener): void {
      statusListeners.push(listener);
    },

    /**
     * Stores the events the networks posted (a redelivered one is stored once) and applies the
     * status events to their messages when those exist. Returns how many were new and applied.
     * Deliveries that arrive together are stored in one unit of work (see ingestTogether).
     */
    async ingest(events: NewNetworkEvent[]): Promise<{ stored: number; applied: number }> {
      const outcome = await ingestTogether(events);
      if (outcome.status === 'rejected') throw outcome.reason;
      return outcome.value;
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

    sendAll,

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
