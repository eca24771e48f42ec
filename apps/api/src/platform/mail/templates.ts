import { htmlTemplates, templatesFolder, textTemplates } from '../templates.ts';

/**
 * Mail templates: each renders a subject and its paragraphs, which the layouts in ./templates turn
 * into a plain-text body (mail.text.eta) and an HTML body (mail.html.eta, every value escaped).
 * To add one: a new id in MAIL_TEMPLATES with the data keys it reads; enqueueMail type-checks them.
 */
export const MAIL_TEMPLATES_DIR = templatesFolder('platform/mail/templates');
const html = htmlTemplates(MAIL_TEMPLATES_DIR);
const text = textTemplates(MAIL_TEMPLATES_DIR);
export interface MailContext {
  brandName: string;
  publicUrl: string;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

interface Template<K extends string> {
  keys: readonly K[];
  render: (data: Record<K, string>, context: MailContext) => { subject: string; lines: Line[] };
}

/** A paragraph of text, or a call to action (a button in HTML, the bare URL in text). */
type Line = string | { action: string; url: string };

const template = <K extends string>(t: Template<K>) => t;

export const MAIL_TEMPLATES = {
  'verify-email': template({
    keys: ['link', 'expiresInHours'],
    render: (d, c) => ({
      subject: `Verify your email for ${c.brandName}`,
      lines: [
        `Welcome to ${c.brandName}.`,
        'Confirm this is your email address to choose a password and set up your account.',
        { action: 'Verify email', url: d.link },
        `The link works once and expires in ${d.expiresInHours} hours. If you did not sign up, ignore this email.`,
      ],
    }),
  }),
  'account-exists': template({
    keys: ['signInUrl'],
    render: (d, c) => ({
      subject: `You already have a ${c.brandName} account`,
      lines: [
        `Someone asked to sign up to ${c.brandName} with this email address. You already have an account with it, so no new account was created.`,
        { action: 'Sign in', url: d.signInUrl },
        'If this was not you, you can ignore this email: nothing has changed on your account.',
      ],
    }),
  }),
  invite: template({
    keys: ['link', 'inviterName', 'organisation', 'role', 'expiresInHours'],
    render: (d, c) => ({
      subject: `You are invited to ${c.brandName}`,
      lines: [
        `${d.inviterName} invited you to join ${d.organisation} on ${c.brandName} as ${d.role}.`,
        'Choose a password to activate your account.',
        { action: 'Set your password', url: d.link },
        `The link works once and expires in ${d.expiresInHours} hours.`,
      ],
    }),
  }),
  'password-changed': template({
    keys: ['when'],
    render: (d, c) => ({
      subject: `Your ${c.brandName} password was changed`,
      lines: [
        `The password of your ${c.brandName} account was changed on ${d.when} (UTC), and every other session was signed out.`,
        'If this was not you, reset your password and contact support at once.',
      ],
    }),
  }),
  'reset-password': template({
    keys: ['link', 'expiresInMinutes'],
    render: (d, c) => ({
      subject: `Reset your ${c.brandName} password`,
      lines: [
        `Someone asked to reset the password of your ${c.brandName} account. If it was you, choose a new password:`,
        { action: 'Reset your password', url: d.link },
        `The link works once and expires in ${d.expiresInMinutes} minutes. Resetting the password signs you out everywhere.`,
        'If you did not ask for this, ignore this email: your password stays as it is.',
      ],
    }),
  }),
  'two-factor-changed': template({
    keys: ['change', 'when'],
    render: (d, c) => ({
      subject: `${c.brandName}: two-factor sign-in ${d.change}`,
      lines: [
        `Two-factor sign-in of your ${c.brandName} account was ${d.change} on ${d.when} (UTC).`,
        'If this was not you, reset your password at once and contact support.',
      ],
    }),
  }),
  'low-balance': template({
    keys: ['balance', 'threshold', 'walletUrl'],
    render: (d, c) => ({
      subject: `${c.brandName}: your wallet balance is low (${d.balance})`,
      lines: [
        `Your ${c.brandName} wallet balance is ${d.balance}, below your alert threshold of ${d.threshold}.`,
        'Top up your wallet so your campaigns keep sending.',
        { action: 'Top up your wallet', url: d.walletUrl },
      ],
    }),
  }),
  'campaign-finished': template({
    keys: ['name', 'outcome', 'summary', 'reason', 'link'],
    render: (d, c) => ({
      subject: `${c.brandName}: campaign "${d.name}" ${d.outcome}`,
      lines: [
        `Your campaign "${d.name}" ${d.outcome}. ${d.summary}`,
        ...(d.reason ? [`Reason: ${d.reason}`] : []),
        { action: 'See the campaign', url: d.link },
      ],
    }),
  }),
  'review-decision': template({
    keys: ['subject', 'decision', 'state', 'reason', 'link'],
    render: (d, c) => ({
      subject: `${c.brandName}: ${d.subject}: ${d.decision.toLowerCase()}`,
      lines: [
        `${d.subject}: ${d.decision}. It is now ${d.state.toLowerCase()}.`,
        ...(d.reason ? [`The reviewer's reason: ${d.reason}`] : []),
        { action: 'Open it in the portal', url: d.link },
      ],
    }),
  }),
  'review-waiting': template({
    keys: ['subject', 'submitter', 'link'],
    render: (d, c) => ({
      subject: `${c.brandName}: ${d.subject} waits for your review`,
      lines: [
        `${d.subject} was submitted by ${d.submitter} and waits for your review.`,
        { action: 'Review it in the portal', url: d.link },
      ],
    }),
  }),
  /** A carrier's reviewers: the platform forwarded or approved a launch on their network. */
  'carrier-review-waiting': template({
    keys: ['subject', 'state', 'link'],
    render: (d, c) => ({
      subject: `${c.brandName}: ${d.subject} waits for your review`,
      lines: [
        `${d.subject} is ${d.state.toLowerCase()} and waits for your decision for your network.`,
        { action: 'Review it in the portal', url: d.link },
      ],
    }),
  }),
} as const;

export type MailTemplateId = keyof typeof MAIL_TEMPLATES;
export const MAIL_TEMPLATE_IDS = Object.keys(MAIL_TEMPLATES) as [MailTemplateId, ...MailTemplateId[]];
/** The data a template reads, as strings. */
export type MailData<T extends MailTemplateId> = Record<(typeof MAIL_TEMPLATES)[T]['keys'][number], string>;

export function renderMail(
  id: MailTemplateId,
  data: Record<string, string>,
  context: MailContext,
): RenderedMail {
  const t = MAIL_TEMPLATES[id] as Template<string>;
  const missing = t.keys.filter((key) => typeof data[key] !== 'string');
  if (missing.length > 0) throw new Error(`Mail template ${id} needs ${missing.join(', ')}`);
  const { subject, lines } = t.render(data, context);
  const page = { brandName: context.brandName, lines, footer: `${context.brandName} · ${context.publicUrl}` };
  return {
    subject,
    text: text.render('./mail.text.eta', page).trimEnd(),
    html: html.render('./mail.html.eta', page).trim(),
  };
}
