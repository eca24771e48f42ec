import { ALLOWED_ATTR, ALLOWED_TAGS, XSS_CORPUS } from '@portico/domain';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { sanitizeStoredHtml } from './sanitize.ts';

interface ParsedWindow {
  document: {
    body: {
      querySelectorAll(
        selector: string,
      ): Iterable<{ tagName: string; attributes: Iterable<{ name: string; value: string }> }>;
    };
  };
}

/** Every element and attribute left, read back through a real HTML parser. */
function leftovers(html: string) {
  const { document } = new JSDOM(`<body>${html}</body>`).window as unknown as ParsedWindow;
  const elements = [...document.body.querySelectorAll('*')];
  return {
    tags: elements.map((e) => e.tagName.toLowerCase()),
    attributes: elements.flatMap((e) => [...e.attributes].map((a) => [a.name, a.value] as const)),
  };
}

describe('the stored-HTML sanitiser (spec section 5 allow-list)', () => {
  it.each(XSS_CORPUS.map((payload) => [payload]))(
    'when given %s then only allowed, inert markup is left',
    async (payload) => {
      const clean = await sanitizeStoredHtml(payload);
      const { tags, attributes } = leftovers(clean);
      for (const tag of tags) expect(ALLOWED_TAGS as readonly string[]).toContain(tag);
      for (const [name, value] of attributes) {
        expect(ALLOWED_ATTR as readonly string[]).toContain(name);
        expect(value.toLowerCase()).not.toMatch(/javascript:|vbscript:|data:/);
      }
      expect(clean).not.toMatch(/<script|onerror|onload|onclick|onfocus|ontoggle|__xss=1<\/script/i);
    },
  );

  it('when the HTML uses the allowed formatting then it is kept', async () => {
    const html =
      '<p>Hello <b>bold</b> <i>it</i> <em>em</em> <strong>st</strong><br></p><ul><li>one</li></ul><ol><li>two</li></ol><div class="note"><span style="color: red">red</span></div>';
    expect(await sanitizeStoredHtml(html)).toBe(html);
  });

  it('when a link opens a new tab then it gets rel="noopener noreferrer"', async () => {
    expect(await sanitizeStoredHtml('<a href="https://example.com" target="_blank">x</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });
});
