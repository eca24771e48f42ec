/**
 * Every in-app link's screen (its code and first data) is fetched when the pointer or the focus
 * reaches it: the bar's and its menu's, and the pages' own (cards, rows, breadcrumbs), so a page
 * and its data are on their way before the click. Started by the bar (a signed-in audience's: a
 * page's data is asked for only with a session) and loaded after it, outside the shell's first
 * bytes (it imports nothing: `preload` is the shell's preloadHref); a disabled link
 * (aria-disabled) is left alone. Returns the stop.
 */
export function preloadLinks(preload: (href: string) => void): () => void {
  let last: Element | null = null;
  const reach = (event: Event) => {
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    // Moving over a link's own parts reaches it once.
    if (!link || link === last) return;
    last = link;
    const href = link.getAttribute('href') ?? '';
    if (link.getAttribute('aria-disabled') === 'true' || !href.startsWith('/') || href.startsWith('//'))
      return;
    preload(href);
  };
  document.addEventListener('pointerover', reach);
  document.addEventListener('focusin', reach);
  return () => {
    document.removeEventListener('pointerover', reach);
    document.removeEventListener('focusin', reach);
  };
}
