import { ALLOWED_ATTR, ALLOWED_TAGS, UNSAFE_STYLE } from '@portico/domain';
import type createDOMPurify from 'dompurify';
import type { Config } from 'dompurify';

const CONFIG: Config = {
  ALLOWED_TAGS: [...ALLOWED_TAGS],
  ALLOWED_ATTR: [...ALLOWED_ATTR],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  RETURN_TRUSTED_TYPE: false,
};

type Purifier = ReturnType<typeof createDOMPurify>;
let purifier: Promise<Purifier> | undefined;
/**
 * The purifier, built on first use: jsdom is the heaviest module the server has (over a second to
 * load on a busy machine), and most starts never store HTML (issue 11's cold start).
 */
function purify(): Promise<Purifier> {
  purifier ??= build();
  return purifier;
}
async function build(): Promise<Purifier> {
  const [{ default: createPurifier }, { JSDOM }] = await Promise.all([import('dompurify'), import('jsdom')]);
  // One window for the process: DOMPurify only builds detached trees in it.
  const purifier = createPurifier(new JSDOM('').window as Parameters<typeof createDOMPurify>[0]);
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
export async function sanitizeStoredHtml(dirty: string): Promise<string> {
  return (await purify()).sanitize(dirty, CONFIG).trim();
}
