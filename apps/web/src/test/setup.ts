import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { queryClient } from '@/lib/query-client';

// Screens are lazy chunks: on a busy 2-core machine their first import can take longer than the
// default 1 s of findBy/waitFor. This is how long a query waits for the screen, not an assertion on time.
configure({ asyncUtilTimeout: 5000 });

function clearCookies(): void {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: tests start from an empty cookie jar.
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
}

afterEach(() => {
  cleanup();
  clearCookies();
  localStorage.clear();
  sessionStorage.clear();
  // The app's own client outlives a file in a shared worker (vitest.config.ts: isolate false).
  queryClient.clear();
});
