/**
 * The allow-list for HTML shown to users (spec section 5). Everything else is stripped by the
 * sanitiser (DOMPurify on the web, and on the server where HTML is stored).
 */
export const ALLOWED_TAGS = [
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
] as const;
export const ALLOWED_ATTR = ['href', 'target', 'rel', 'style', 'class'] as const;

export type AllowedTag = (typeof ALLOWED_TAGS)[number];
export type AllowedAttribute = (typeof ALLOWED_ATTR)[number];

/** A style attribute that could fetch or run something (url(), expression(), script URLs) is dropped whole. */
export const UNSAFE_STYLE =
  /url\s*\(|expression\s*\(|javascript:|vbscript:|@import|behavior\s*:|-moz-binding/i;
