import { type TConversation, ZConsoleMessage, ZTestDevice } from '@portico/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { getValidAccessToken } from '@/lib/auth/token';
import { API_BASE_URL } from '@/lib/http/client';
import { mergeLine } from './bot-testing';
import { botTestingKeys } from './keys';

export type StreamState = 'connecting' | 'live' | 'reconnecting';

/** One server-sent event: its name and its data (a JSON text). */
export function parseEvents(buffer: string): { events: { event: string; data: string }[]; rest: string } {
  const blocks = buffer.split('\n\n');
  const rest = blocks.pop() ?? '';
  const events = blocks.flatMap((block) => {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith('event: ')) event = line.slice(7);
      else if (line.startsWith('data: ')) data.push(line.slice(6));
    }
    return data.length ? [{ event, data: data.join('\n') }] : [];
  });
  return { events, rest };
}

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
        const token = getValidAccessToken();
        const response = await fetch(`${API_BASE_URL}/secure/bots/${botId}/test-devices/${deviceId}/stream`, {
          headers: { accept: 'text/event-stream', ...(token ? { authorization: `Bearer ${token}` } : {}) },
          signal: controller.signal,
          credentials: 'same-origin',
        });
        if (!response.ok || !response.body) throw new Error(`stream answered ${response.status}`);
        setState('live');
        // Catch up with what happened while the stream was closed.
        void queryClient.invalidateQueries({ queryKey: key });
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          const parsed = parseEvents(buffer + value);
          buffer = parsed.rest;
          for (const e of parsed.events) apply(e.event, e.data);
        }
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
