import Box from '@mui/material/Box';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { visuallyHidden } from '@/lib/ui/visually-hidden';

/** How long a page may take to show its heading (a lazy screen, its first data) before we stop waiting. */
const HEADING_WAIT_MS = 10_000;

/**
 * After an in-app navigation (issue 26, point 6) the keyboard focus moves to the new page's heading
 * (the main region's h1), so Tab goes on from the page and not from the link left behind, and the
 * heading is announced in a polite live region. Not on the first load (the browser reads the page),
 * not for a change of the query alone (tabs, filters) and not for an anchor (#section), which the
 * browser scrolls to itself.
 */
export function RouteFocus() {
  const { pathname, hash } = useLocation();
  const [announced, setAnnounced] = useState('');
  const first = useRef(true);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the effect runs for each new path, which it does not read.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (hash) return;
    let timer = 0;
    const started = Date.now();
    // Where the focus was when the page changed (the link followed, or nothing once it is gone).
    const left = document.activeElement;
    const look = () => {
      const heading = document.querySelector<HTMLElement>('main h1');
      if (heading) {
        // Someone who moved on while the page loaded (Tab to the profile menu, a field's autofocus)
        // keeps their place; the heading is announced either way.
        const now = document.activeElement;
        const movedOn = now !== null && now !== left && now !== document.body;
        if (!movedOn) {
          if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
          heading.focus();
        }
        setAnnounced(heading.textContent?.trim() || document.title);
        return;
      }
      if (Date.now() - started < HEADING_WAIT_MS) timer = window.setTimeout(look, 50);
    };
    look();
    return () => window.clearTimeout(timer);
  }, [pathname, hash]);

  return (
    <Box
      role="status"
      aria-live="polite"
      aria-atomic="true"
      sx={visuallyHidden}
      data-testid="route-announcer"
    >
      {announced}
    </Box>
  );
}
