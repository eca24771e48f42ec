import { getValidAccessToken } from '@/lib/auth/token';
import { API_BASE_URL } from './client';

/** Server-sent events in a buffer: each event's name and data (a JSON text), and the unfinished rest. */
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
 * Reads one server-sent event stream of the API (fetch with the session's bearer token, as
 * EventSource cannot send one) until it ends or `signal` aborts; `onOpen` runs once it answers.
 * Throws when it does not answer 200 with a body (the caller opens it again after a pause).
 */
export async function readEventStream(
  path: string,
  {
    signal,
    onOpen,
    onEvent,
  }: { signal: AbortSignal; onOpen: () => void; onEvent: (event: string, data: string) => void },
): Promise<void> {
  const token = getValidAccessToken();
  const response = await fetch(`${API_BASE_URL}${path}`, {
    headers: { accept: 'text/event-stream', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    signal,
    credentials: 'same-origin',
  });
  if (!response.ok || !response.body) throw new Error(`stream answered ${response.status}`);
  onOpen();
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    const parsed = parseEvents(buffer + value);
    buffer = parsed.rest;
    for (const e of parsed.events) onEvent(e.event, e.data);
  }
}
