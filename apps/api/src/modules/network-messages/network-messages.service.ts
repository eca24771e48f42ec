import { randomUUID } from 'node:crypto';
import type { Network, TNetworkHealth, TNetworkMessage, TSendTestMessageRequest } from '@portico/domain';
import { type Connectors, NetworkError } from '../../networks/index.ts';
import type { AuthenticatedUser } from '../../platform/auth/types.ts';
import { AppError } from '../../platform/http/errors.ts';
import { presentNetworkEvent, presentNetworkMessage } from './network-messages.presenter.ts';
import type { NetworkMessagesRepository } from './network-messages.repository.ts';

export interface NetworkMessagesDeps {
  repository: NetworkMessagesRepository;
  connectors: Connectors;
}

interface ListWindow {
  start: number;
  end: number;
  network?: Network | undefined;
}

export function createNetworkMessagesService({ repository, connectors }: NetworkMessagesDeps) {
  return {
    /**
     * Sends a test message through a connector from the platform's test sender: stored first (so
     * the id exists before the first attempt and early receipts find it), then sent, then marked
     * sent or failed. A network refusal answers with its typed error, naming the stored message.
     */
    async sendTest(user: AuthenticatedUser, request: TSendTestMessageRequest): Promise<TNetworkMessage> {
      const messageId = randomUUID();
      const connector = connectors.get(request.network);
      const sender = connectors.testSender(request.network);
      // RBM and MaaP report events under our id; WhatsApp under the wamid its answer carries.
      const knownId = request.network === 'whatsapp' ? null : messageId;
      await repository.insertMessage({
        messageId,
        partnerId: user.partnerId,
        createdBy: user.userId,
        purpose: 'test',
        network: request.network,
        sender,
        recipient: request.recipient,
        content: request.content as unknown as Record<string, unknown>,
        networkMessageId: knownId,
      });
      try {
        const { networkMessageId } = await connector.send({
          messageId,
          sender,
          recipient: request.recipient,
          content: request.content,
        });
        return presentNetworkMessage(
          await repository.markAccepted(messageId, request.network, networkMessageId),
        );
      } catch (error) {
        if (!(error instanceof NetworkError)) throw error;
        await repository.markFailed(messageId, String(error.detail.code ?? error.kind), error.message);
        throw new AppError(error.httpStatus, error.message, {
          network: error.network,
          kind: error.kind,
          message_id: messageId,
        });
      }
    },

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
