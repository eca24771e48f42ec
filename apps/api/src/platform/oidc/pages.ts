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
  /** "Forgot password?": the portal's page that mails a reset link. */
  forgotPasswordUrl: string;
}

export function renderSignInPage(input: SignInPageInput): string {
  return views.render('./sign-in', input);
}

interface SecondStepPage extends PageBase {
  /** Where the form posts (the interaction's second-step URL). */
  action: string;
  /** The password step's result (pending-sign-in.ts), carried by the form. */
  pending: string;
  /** The sign-in page again, to start over with another account. */
  restartUrl: string;
  error?: string | undefined;
}

/** The second step of a sign-in with two-factor sign-in on: a code from the app, or a recovery code. */
export function renderSecondFactorPage(input: SecondStepPage): string {
  return views.render('./second-factor', input);
}

export interface EnrolPageInput extends SecondStepPage {
  /** The new key: its QR code (a data: URI) and the same key to type. */
  qrCode: string;
  manualKey: string;
}

/** A sign-in whose role requires two-factor sign-in, set up before the sign-in completes (no skipping). */
export function renderEnrolPage(input: EnrolPageInput): string {
  return views.render('./enrol', input);
}

export interface RecoveryCodesPageInput extends PageBase {
  recoveryCodes: readonly string[];
  /** Where the sign-in goes on (the provider's resume URL). */
  continueUrl: string;
}

/** The recovery codes of a set-up just confirmed at sign-in, shown once, then on to the portal. */
export function renderRecoveryCodesPage(input: RecoveryCodesPageInput): string {
  return views.render('./recovery-codes', input);
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
