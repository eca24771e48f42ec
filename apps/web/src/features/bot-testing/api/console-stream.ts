import { type TConversation, ZConsoleMessage, ZTestDevice } from '@portico/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { readEventStream } from '@/lib/http/event-stream';
import { mergeLine } from './bot-testing';
import { botTestingKeys } from './keys';

export type StreamState = 'connecting' | 'live' | 'reconnecting';

/**
 * Listens to the console's server-sent events for one device (fetch with the session's bearer token,
 * as EventSource cannot send one) and folds them into the cached conversation: new lines, receipts
 * and the device's invite state arrive as the server sees them, never by polling. A dropped stream
 * is opened again after a pause.
 */
export function useConsoleStream(botId: string, deviceId: string | null): StreamState {
  const queryClient = useQueryClient();
  const [state, setState] = useState<StreamState>('connecting');

  useEffect(() => {
    if (!deviceId) return;
    const key = botTestingKeys.conversation(botId, deviceId);
    const controller = new AbortController();
    let retry: ReturnType<typeof setTimeout> | undefined;

    const apply = (event: string, data: string) => {
      if (event === 'message') {
        const line = ZConsoleMessage.parse(JSON.parse(data));
        queryClient.setQueryData(key, (current: TConversation | undefined) => mergeLine(current, line));
      } else if (event === 'device') {
        const device = ZTestDevice.parse(JSON.parse(data));
        queryClient.setQueryData(key, (current: TConversation | undefined) =>
          current ? { ...current, device } : current,
        );
        void queryClient.invalidateQueries({ queryKey: botTestingKeys.devices(botId) });
      }
    };

    const open = async () => {
      setState((s) => (s === 'live' ? 'reconnecting' : s));
      try {
        await readEventStream(`/secure/bots/${botId}/test-devices/${deviceId}/stream`, {
          signal: controller.signal,
          onOpen: () => {
            setState('live');
            // Catch up with what happened while the stream was closed.
            void queryClient.invalidateQueries({ queryKey: key });
          },
          onEvent: apply,
        });
      } catch {
        if (controller.signal.aborted) return;
      }
      if (controller.signal.aborted) return;
      setState('reconnecting');
      retry = setTimeout(() => void open(), 3000);
    };
    void open();
    return () => {
      controller.abort();
      if (retry) clearTimeout(retry);
    };
  }, [botId, deviceId, queryClient]);

  return state;
}
