/**
 * Mail templates: each renders a subject, a plain-text body and an HTML body with the brand name.
 * To add one: a new id in MAIL_TEMPLATES with the data keys it reads; enqueueMail type-checks them.
 */
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
} as const;

export type MailTemplateId = keyof typeof MAIL_TEMPLATES;
export const MAIL_TEMPLATE_IDS = Object.keys(MAIL_TEMPLATES) as [MailTemplateId, ...MailTemplateId[]];
/** The data a template reads, as strings. */
export type MailData<T extends MailTemplateId> = Record<(typeof MAIL_TEMPLATES)[T]['keys'][number], string>;

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch,
  );

export function renderMail(
  id: MailTemplateId,
  data: Record<string, string>,
  context: MailContext,
): RenderedMail {
  const t = MAIL_TEMPLATES[id] as Template<string>;
  const missing = t.keys.filter((key) => typeof data[key] !== 'string');
  if (missing.length > 0) throw new Error(`Mail template ${id} needs ${missing.join(', ')}`);
  const { subject, lines } = t.render(data, context);
  const footer = `${context.brandName} · ${context.publicUrl}`;
  const text = [
    ...lines.map((l) => (typeof l === 'string' ? l : `${l.action}: ${l.url}`)),
    '',
    '--',
    footer,
  ].join('\n\n');
  const body = lines
    .map((l) =>
      typeof l === 'string'
        ? `<p style="margin:0 0 16px">${escapeHtml(l)}</p>`
        : `<p style="margin:0 0 16px"><a href="${escapeHtml(l.url)}" style="display:inline-block;background:#5956D6;color:#fff;padding:10px 20px;border-radius:6px;text-decoration:none">${escapeHtml(l.action)}</a></p><p style="margin:0 0 16px;font-size:12px;color:#666">Or open ${escapeHtml(l.url)}</p>`,
    )
    .join('');
  const html = `<!doctype html><html><body style="font-family:Poppins,Arial,sans-serif;color:#3F3F3F;background:#f6f6fb;padding:24px"><div style="max-width:560px;margin:auto;background:#fff;border-radius:8px;padding:24px"><h1 style="font-size:20px;color:#5956D6;margin:0 0 16px">${escapeHtml(context.brandName)}</h1>${body}<p style="margin:24px 0 0;font-size:12px;color:#666">${escapeHtml(footer)}</p></div></body></html>`;
  return { subject, text, html };
}
