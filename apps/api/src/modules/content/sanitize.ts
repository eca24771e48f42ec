import { ALLOWED_ATTR, ALLOWED_TAGS, UNSAFE_STYLE } from '@portico/domain';
import createDOMPurify, { type Config } from 'dompurify';
import { JSDOM } from 'jsdom';

const CONFIG: Config = {
  ALLOWED_TAGS: [...ALLOWED_TAGS],
  ALLOWED_ATTR: [...ALLOWED_ATTR],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  RETURN_TRUSTED_TYPE: false,
};

let purifier: ReturnType<typeof createDOMPurify> | undefined;
function purify() {
  if (purifier) return purifier;
  // One window for the process: DOMPurify only builds detached trees in it.
  purifier = createDOMPurify(new JSDOM('').window as Parameters<typeof createDOMPurify>[0]);
  purifier.addHook('uponSanitizeAttribute', (_node, data) => {
    if (data.attrName === 'style' && UNSAFE_STYLE.test(data.attrValue)) data.keepAttr = false;
  });
  purifier.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && node.getAttribute('target') === '_blank') {
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
  return purifier;
}

/**
 * Stored HTML reduced to the spec's allow-list (section 5), with the web app's configuration
 * (apps/web/src/lib/sanitize.ts): tags b i em strong a p br ul ol li span div; attributes href
 * target rel style class; script URLs removed. FAQs and press releases are stored only through this.
 */
export function sanitizeStoredHtml(dirty: string): string {
  return purify().sanitize(dirty, CONFIG).trim();
}
