import { ALLOWED_ATTR, ALLOWED_TAGS, XSS_CORPUS } from '@portico/domain';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitize';
import { SafeHtml } from './ui/SafeHtml';

describe('the HTML sanitiser', () => {
  it('uses exactly the allow-list of spec section 5', () => {
    expect([...ALLOWED_TAGS]).toEqual([
      'b',
      'i',
      'em',
      'strong',
      'a',
      'p',
      'br',
      'ul',
      'ol',
      'li',
      'span',
      'div',
    ]);
    expect([...ALLOWED_ATTR]).toEqual(['href', 'target', 'rel', 'style', 'class']);
  });

  it('drops a style that could load or run something, and keeps a plain one', () => {
    expect(sanitizeHtml('<div style="background:url(javascript:alert(1))">x</div>')).toBe('<div>x</div>');
    expect(sanitizeHtml('<span style="color: red">x</span>')).toBe('<span style="color: red">x</span>');
  });

  it.each(XSS_CORPUS.map((payload) => [payload]))('leaves nothing that runs of %s', (payload) => {
    const container = document.createElement('div');
    container.innerHTML = sanitizeHtml(payload);
    for (const element of container.querySelectorAll('*')) {
      expect(ALLOWED_TAGS as readonly string[]).toContain(element.tagName.toLowerCase());
      for (const attribute of element.attributes) {
        expect(ALLOWED_ATTR as readonly string[]).toContain(attribute.name);
        expect(attribute.value.toLowerCase()).not.toMatch(/javascript:|vbscript:|data:|url\(/);
      }
    }
  });

  it('keeps the allowed tags and attributes', () => {
    const html =
      '<div class="c"><p>Hi <b>b</b> <i>i</i> <em>em</em> <strong>s</strong><br><span style="color: red">x</span></p><ul><li>1</li></ul><ol><li>2</li></ol><a href="https://example.test/" rel="nofollow">l</a></div>';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('removes scripts, event handlers, iframes and javascript: links', () => {
    const out = sanitizeHtml(
      '<p onclick="steal()">x</p><script>alert(1)</script><img src=x onerror="alert(1)"><iframe src="https://evil.test"></iframe><a href="javascript:alert(1)">y</a>',
    );
    expect(out).toBe('<p>x</p><a>y</a>');
    expect(out).not.toMatch(/script|onerror|onclick|iframe|javascript:/i);
  });

  it('drops attributes outside the list and tags outside the list (keeping their text)', () => {
    expect(
      sanitizeHtml(
        '<span id="x" data-a="1" title="t" class="k">t</span><h1>Title</h1><table><tr><td>c</td></tr></table>',
      ),
    ).toBe('<span class="k">t</span>Titlec');
  });

  it('forces rel="noopener noreferrer" on links that open a new tab', () => {
    expect(sanitizeHtml('<a href="https://example.test" target="_blank">x</a>')).toBe(
      '<a href="https://example.test" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeHtml('<a href="https://example.test" target="_blank" rel="opener">x</a>')).toContain(
      'rel="noopener noreferrer"',
    );
  });

  it('answers an empty string for nothing', () => {
    expect(sanitizeHtml(null)).toBe('');
    expect(sanitizeHtml('')).toBe('');
  });

  it('SafeHtml renders only the sanitised HTML', () => {
    const { container } = render(<SafeHtml html={'<p>Hello <b>there</b></p><script>alert(1)</script>'} />);
    expect(container.innerHTML).toBe('<div class="MuiBox-root css-0"><p>Hello <b>there</b></p></div>');
  });
});
