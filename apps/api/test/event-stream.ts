/** One server-sent event as a test reads it: its name and its JSON data. */
export interface StreamEvent {
  event: string;
  data: unknown;
}

/**
 * A text/event-stream opened as the browser opens it (fetch with a bearer token) and read in the
 * background: the events so far, the next one that matches, and whether the server ended it. A
 * response other than 200 is read as a stream that has already ended.
 */
export async function openEventStream(url: string, token: string) {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: { authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  const events: StreamEvent[] = [];
  let ended = false;
  const waiting = new Set<() => void>();
  const reader = response.status === 200 ? response.body?.getReader() : undefined;
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        if (!reader) break;
        const { value, done } = await reader.read();
        if (done) break;
        const blocks = (buffer + decoder.decode(value, { stream: true })).split('\n\n');
        buffer = blocks.pop() ?? '';
        for (const block of blocks) {
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event && data) events.push({ event, data: JSON.parse(data) });
        }
        for (const wake of waiting) wake();
      }
    } catch {
      // aborted
    }
    ended = true;
    for (const wake of waiting) wake();
  })();
  return {
    response,
    events,
    /** Resolves with the first event that matches, or rejects once the stream ended without one (or the time is up). */
    async next(matches: (e: StreamEvent) => boolean, timeoutMs = 20_000) {
      const started = Date.now();
      for (;;) {
        const found = events.find(matches);
        if (found) return found;
        if (ended) throw new Error(`the stream ended; it sent ${JSON.stringify(events)}`);
        if (Date.now() - started > timeoutMs) throw new Error(`no such event: ${JSON.stringify(events)}`);
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiting.delete(wake);
            clearTimeout(timer);
            resolve();
          };
          const timer = setTimeout(wake, 200);
          waiting.add(wake);
        });
      }
    },
    /** Resolves once the server ended the stream. */
    async ended() {
      while (!ended) await new Promise((resolve) => setTimeout(resolve, 20));
    },
    close: () => controller.abort(),
  };
}
