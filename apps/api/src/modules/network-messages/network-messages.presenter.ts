import type {
  MessageStatus,
  Network,
  TMessageContent,
  TNetworkEvent,
  TNetworkMessage,
} from '@portico/domain';
import type { NetworkEventRow, NetworkMessageRow } from './network-messages.repository.ts';

export function presentNetworkMessage(row: NetworkMessageRow): TNetworkMessage {
  return {
    message_id: row.messageId,
    network: row.network as Network,
    sender: row.sender,
    recipient: row.recipient,
    content: row.content as TMessageContent,
    status: row.status as MessageStatus,
    network_message_id: row.networkMessageId,
    error_code: row.errorCode,
    error_message: row.errorMessage,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function presentNetworkEvent(row: NetworkEventRow): TNetworkEvent {
  return {
    event_id: row.eventId,
    network: row.network as Network,
    kind: row.kind as TNetworkEvent['kind'],
    network_message_id: row.networkMessageId,
    message_id: row.messageId,
    status: row.status as MessageStatus | null,
    sender: row.sender,
    text: row.text,
    postback_data: row.postbackData,
    error_code: row.errorCode,
    occurred_at: row.occurredAt?.toISOString() ?? null,
    received_at: row.receivedAt.toISOString(),
    applied: row.appliedAt !== null,
  };
}
