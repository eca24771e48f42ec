import { buildUrl } from '@portico/domain';
import { browser } from '@/lib/browser';

type Query = Readonly<Record<string, string | number | boolean | undefined | null>>;

/** Opens base + query (spec section 2's URL helper) in this window or a new one. */
export function openUrl(base: string, query?: Query, options: { newWindow?: boolean } = {}): string {
  const url = buildUrl(base, query);
  if (options.newWindow) {
    window.open(url, '_blank', 'noopener,noreferrer');
  } else if (/^[a-z][a-z0-9+.-]*:/i.test(url)) {
    browser.assign(url);
  } else {
    browser.navigate(url);
  }
  return url;
}
