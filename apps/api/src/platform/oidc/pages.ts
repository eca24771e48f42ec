import { htmlTemplates, templatesFolder } from '../templates.ts';

/**
 * Server-rendered pages of the identity provider, from the Eta templates in ./templates (every value
 * HTML-escaped). No inline script or style (CSP script-src 'self', style-src 'self'): the look comes
 * from /oidc/assets/signin.css, behaviour from /oidc/assets/*.js.
 */
export const OIDC_TEMPLATES_DIR = templatesFolder('platform/oidc/templates');
const views = htmlTemplates(OIDC_TEMPLATES_DIR);

interface PageBase {
  brandName: string;
  /** Where /oidc/assets is served, e.g. `/oidc/assets`. */
  assetsPath: string;
}

export interface SignInPageInput extends PageBase {
  /** The interaction URL the form posts to. */
  action: string;
  /** What the person typed, kept after a failed attempt. */
  email?: string;
  error?: string;
  signUpUrl: string;
}

export function renderSignInPage(input: SignInPageInput): string {
  return views.render('./sign-in', input);
}

export interface MessagePageInput extends PageBase {
  title: string;
  message: string;
  link?: { href: string; label: string };
}

/** A titled message with an optional way on: expired sign-in sessions, provider errors, signed out. */
export function renderMessagePage(input: MessagePageInput): string {
  return views.render('./message', input);
}

export interface SignOutPageInput extends PageBase {
  /** The provider's confirmation form (id="op.logoutForm", with its xsrf field), trusted HTML. */
  formHtml: string;
}

/**
 * End-session confirmation. The form asks to end the whole provider session (logout=yes) and is
 * submitted by /oidc/assets/sign-out.js at once; the button is the fallback without JavaScript.
 */
export function renderSignOutPage(input: SignOutPageInput): string {
  const formHtml = input.formHtml.replace(
    '</form>',
    '<input type="hidden" name="logout" value="yes"/></form>',
  );
  return views.render('./sign-out', { ...input, formHtml });
}
