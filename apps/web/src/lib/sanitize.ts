import { ALLOWED_ATTR, ALLOWED_TAGS, UNSAFE_STYLE } from '@portico/domain';
import DOMPurify, { type Config } from 'dompurify';

const CONFIG: Config = {
  ALLOWED_TAGS: [...ALLOWED_TAGS],
  ALLOWED_ATTR: [...ALLOWED_ATTR],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  RETURN_TRUSTED_TYPE: false,
};

let hooked = false;
function ensureLinkHook(): void {
  if (hooked) return;
  hooked = true;
  // A style that could load or run something goes whole (CSS url(), expression(), script URLs).
  DOMPurify.addHook('uponSanitizeAttribute', (_node, data) => {
    if (data.attrName === 'style' && UNSAFE_STYLE.test(data.attrValue)) data.keepAttr = false;
  });
  // Links that open a new tab never get a handle on this window.
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && node.getAttribute('target') === '_blank') {
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
}

/** HTML reduced to the spec's allow-list (spec section 5): tags b i em strong a p br ul ol li span div; attributes href target rel style class. */
export function sanitizeHtml(dirty: string | null | undefined): string {
  if (!dirty) return '';
  ensureLinkHook();
  return DOMPurify.sanitize(dirty, CONFIG);
}
