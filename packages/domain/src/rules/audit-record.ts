import type { AuditAction } from '../contracts/audit.ts';

/**
 * How a security record reads, on screen and in its exports (issue 26, point 7): its action's
 * label and one sentence saying who did what to whom, in words. Never an id or a `key: value` dump:
 * a record names what it touched when it carries the name, and says "a bot" when it does not.
 */

/** How each role reads on the accounts screens and exports (users, security records). */
const ROLE_LABELS: Readonly<Record<string, string>> = {
  CHILD_AGGREGATOR_READONLY: 'Read-only',
  CHILD_AGGREGATOR_READWRITE: 'Read and write',
  USER_BILLING: 'Billing user',
  MANAGER_BILLING: 'Billing manager',
  ADMIN_BILLING: 'Billing admin',
  ADMIN_PORTICO_READONLY: 'Admin (read-only)',
  ADMIN_PORTICO_READWRITE: 'Admin (read and write)',
  MARKETING_ADMIN: 'Marketing admin',
  SUPER_ADMIN_PORTICO: 'Super admin',
  DEVELOPER: 'Developer',
};

/** A role's label; no role is the developer partner's own account. Unknown roles read in words. */
export const roleLabel = (role: string | null | undefined) =>
  role ? (ROLE_LABELS[role] ?? words(role)) : 'Account owner';

export const AUDIT_ACTION_LABELS: Readonly<Record<AuditAction, string>> = {
  'sign-in': 'Signed in',
  'sign-in.failed': 'Sign-in failed',
  'sign-out': 'Signed out',
  'account.created': 'Account created',
  'password.changed': 'Password changed',
  'password.reset-requested': 'Password reset link sent',
  'password.reset': 'Password reset',
  'two-factor.enabled': 'Two-factor sign-in turned on',
  'two-factor.disabled': 'Two-factor sign-in turned off',
  'two-factor.recovery-codes-renewed': 'New recovery codes made',
  'two-factor.recovery-code-used': 'Recovery code used to sign in',
  'two-factor.policy-changed': 'Two-factor requirement changed',
  'user.invited': 'User invited',
  'user.reinvited': 'Invitation sent again',
  'user.deleted': 'User deleted',
  'user.activated': 'Invitation accepted',
  'role.changed': 'Role changed',
  'brand.created': 'Brand created',
  'brand.updated': 'Brand updated',
  'brand.deleted': 'Brand deleted',
  'brand.decided': 'Brand review decision',
  'bot.created': 'Bot created',
  'bot.updated': 'Bot updated',
  'bot.registered': 'Bot created on the network',
  'bot.deleted': 'Bot deleted',
  'launch.updated': 'Launch step saved',
  'launch.paid': 'Launch verification held',
  'launch.submitted': 'Launch submitted',
  'launch.carriers-changed': 'Launch carriers changed',
  'launch.decided': 'Launch review decision',
  'launch.retried': 'Launch retried',
  'aggregator.billing.updated': 'Aggregator billing info saved',
  'content.changed': 'Content changed',
  'webhook.updated': 'Bot webhook set',
  'webhook.secret-rotated': 'Webhook signing secret rotated',
  'credential.created': 'Bot API credential created',
  'credential.rotated': 'Bot API credential secret rotated',
  'credential.revoked': 'Bot API credential revoked',
};

/** An action's label; one this version does not know reads in words. */
export const auditActionLabel = (action: string) =>
  AUDIT_ACTION_LABELS[action as AuditAction] ?? capitalise(words(action));

/** The part of a record a sentence is made of. */
export interface AuditRecordFacts {
  action: string;
  actorEmail: string | null;
  subjectEmail: string | null;
  detail: Record<string, unknown> | null;
}

const FAILED_SIGN_IN: Readonly<Record<string, string>> = {
  invalid: 'wrong email or password',
  not_activated: 'the account is not activated yet',
  inactive: 'the account is not active',
  second_factor: 'wrong two-factor code',
};
const SECOND_FACTORS: Readonly<Record<string, string>> = {
  authenticator: ' with a code from the authenticator app',
  'recovery-code': ' with a recovery code',
};
/** A review decision's action as a past verb. */
const DECIDED: Readonly<Record<string, string>> = {
  approve: 'approved',
  reject: 'rejected',
  forward: 'forwarded',
  'launch-failed': 'marked as failed',
  launched: 'marked as launched',
  retry: 'retried',
};
const CONTENT_KINDS: Readonly<Record<string, string>> = {
  downloads: 'download',
  faqs: 'FAQ',
  videos: 'video',
  'press-releases': 'press release',
};
const CHANNELS: Readonly<Record<string, string>> = { rcs: 'RCS', whatsapp: 'WhatsApp' };

function words(value: string): string {
  return value.replace(/[._-]+/g, ' ').trim();
}
function capitalise(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1);
}
const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);
const count = (value: unknown) => (Array.isArray(value) ? value.length : 0);
const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;
/** “Name” when the record carries it, else the article and noun ("a bot"). */
const named = (noun: string, name: unknown) => {
  const value = text(name);
  return value ? `the ${noun} “${value}”` : `a ${noun}`;
};
const decided = (action: unknown) => {
  const value = text(action);
  return value ? (DECIDED[value] ?? `decided (${words(value)}) on`) : 'decided on';
};
/** "A, B and C". */
function listed(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** Who acted: their email, or "Someone" for a record without one. */
function who(record: AuditRecordFacts): string {
  return record.actorEmail ?? record.subjectEmail ?? 'Someone';
}
/** Whom it concerned, when that is not the actor. */
const whom = (record: AuditRecordFacts) => record.subjectEmail ?? 'a user';

function policySentence(actor: string, detail: Record<string, unknown>): string {
  const required = Object.keys(detail).filter((group) => detail[group] === 'required');
  const optional = Object.keys(detail).filter((group) => detail[group] !== 'required');
  const parts = [
    ...(required.length > 0 ? [`required for ${listed(required)}`] : []),
    ...(optional.length > 0 ? [`optional for ${listed(optional)}`] : []),
  ];
  return parts.length > 0
    ? `${actor} made two-factor sign-in ${parts.join(' and ')}.`
    : `${actor} saved the two-factor requirement unchanged.`;
}

function botUpdateSentence(actor: string, detail: Record<string, unknown>): string {
  const change = text(detail.change);
  if (change === 'brand') return `${actor} chose the brand of a bot.`;
  if (change === 'carriers')
    return `${actor} changed the carriers of a bot (${plural(count(detail.carrierIds), 'carrier')}).`;
  if (change === 'image') return `${actor} changed the ${words(text(detail.kind) ?? 'image')} of a bot.`;
  const channel = CHANNELS[text(detail.channel) ?? ''];
  return channel ? `${actor} updated the ${channel} details of a bot.` : `${actor} updated a bot.`;
}

function launchSentence(actor: string, action: string, detail: Record<string, unknown>): string {
  switch (action) {
    case 'launch.updated': {
      const change = text(detail.change);
      return change ? `${actor} saved a bot's launch: ${words(change)}.` : `${actor} saved a bot's launch.`;
    }
    case 'launch.paid':
      return `${actor} paid the verification of a bot's launch (held until the review).`;
    case 'launch.submitted': {
      const carriers = plural(count(detail.carrierIds), 'carrier');
      return detail.resubmitted === true
        ? `${actor} submitted a bot's launch again to ${carriers}.`
        : `${actor} submitted a bot's launch to ${carriers}.`;
    }
    case 'launch.carriers-changed': {
      const added = count(detail.add);
      const removed = count(detail.remove);
      const parts = [
        ...(added > 0 ? [`added ${plural(added, 'carrier')}`] : []),
        ...(removed > 0 ? [`withdrew ${plural(removed, 'carrier')}`] : []),
      ];
      return `${actor} ${parts.length > 0 ? listed(parts) : 'changed the carriers'} on a bot's launch.`;
    }
    case 'launch.decided':
      if (detail.sweep === true)
        return "A bot's launch on a carrier was marked as failed after waiting too long.";
      return `${actor} ${decided(detail.action)} a bot's launch${detail.carrierId ? " on the carrier's network" : ''}.`;
    default:
      return `${actor} retried a bot's failed launch.`;
  }
}

/** One sentence for a security record: who did what to whom, with the detail in words. */
export function auditSentence(record: AuditRecordFacts): string {
  const detail = record.detail ?? {};
  const actor = who(record);
  const role = text(detail.role);
  switch (record.action) {
    case 'sign-in':
      return `${actor} signed in${SECOND_FACTORS[text(detail.secondFactor) ?? ''] ?? ''}.`;
    case 'sign-in.failed': {
      const outcome = text(detail.outcome);
      const reason = outcome ? `: ${FAILED_SIGN_IN[outcome] ?? words(outcome)}` : '';
      return `A sign-in as ${record.subjectEmail ?? record.actorEmail ?? 'an unknown address'} failed${reason}.`;
    }
    case 'sign-out':
      return `${actor} signed out.`;
    case 'account.created':
      return `${record.subjectEmail ?? actor} created an account.`;
    case 'password.changed':
      return record.subjectEmail && record.subjectEmail !== record.actorEmail
        ? `${actor} changed the password of ${record.subjectEmail}.`
        : `${actor} changed their password.`;
    case 'password.reset-requested':
      return `A password reset link was sent to ${record.subjectEmail ?? actor}.`;
    case 'password.reset':
      return `${record.subjectEmail ?? actor} reset their password with an emailed link; every session was ended.`;
    case 'two-factor.enabled':
      return `${actor} turned on two-factor sign-in${detail.via === 'sign-in' ? ' while signing in' : ''}.`;
    case 'two-factor.disabled':
      return record.subjectEmail && record.subjectEmail !== record.actorEmail
        ? `${actor} turned off two-factor sign-in for ${record.subjectEmail}.`
        : `${actor} turned off two-factor sign-in.`;
    case 'two-factor.recovery-codes-renewed':
      return `${actor} made new recovery codes; the old ones stopped working.`;
    case 'two-factor.recovery-code-used': {
      const left = typeof detail.left === 'number' ? `; ${plural(detail.left, 'recovery code')} left` : '';
      return `${actor} signed in with a recovery code${left}.`;
    }
    case 'two-factor.policy-changed':
      return policySentence(actor, detail);
    case 'user.invited':
      return `${actor} invited ${whom(record)}${role ? ` as ${roleLabel(role)}` : ''}.`;
    case 'user.reinvited':
      return `${actor} sent ${whom(record)} a new invitation.`;
    case 'user.deleted':
      return `${actor} deleted ${whom(record)}${role ? ` (was ${roleLabel(role)})` : ''}.`;
    case 'user.activated':
      return `${record.subjectEmail ?? actor} accepted the invitation and set a password.`;
    case 'role.changed':
      return `${actor} changed the role of ${whom(record)} from ${roleLabel(text(detail.from))} to ${roleLabel(text(detail.to))}.`;
    case 'brand.created':
      return `${actor} created ${named('brand', detail.name)}.`;
    case 'brand.updated':
      return `${actor} updated ${named('brand', detail.name)}.`;
    case 'brand.deleted':
      return `${actor} deleted ${named('brand', detail.name)}.`;
    case 'brand.decided':
      return `${actor} ${decided(detail.action)} ${named('brand', detail.name)}${detail.carrierId ? " on the carrier's network" : ''}.`;
    case 'bot.created':
      return `${actor} created ${named('bot', detail.name)}.`;
    case 'bot.updated':
      return botUpdateSentence(actor, detail);
    case 'bot.registered': {
      const channel = CHANNELS[text(detail.channel) ?? ''];
      return `${actor} created a bot on the ${channel ? `${channel} ` : ''}network.`;
    }
    case 'bot.deleted':
      return `${actor} deleted ${named('bot', detail.name)}.`;
    case 'launch.updated':
    case 'launch.paid':
    case 'launch.submitted':
    case 'launch.carriers-changed':
    case 'launch.decided':
    case 'launch.retried':
      return launchSentence(actor, record.action, detail);
    case 'aggregator.billing.updated': {
      if (detail.created === true) return `${actor} set up the aggregator's billing info.`;
      const changed = Array.isArray(detail.changed)
        ? detail.changed.filter((f) => typeof f === 'string')
        : [];
      return changed.length > 0
        ? `${actor} changed the aggregator's billing info: ${listed(changed.map(words))}.`
        : `${actor} saved the aggregator's billing info.`;
    }
    case 'content.changed': {
      const kind = CONTENT_KINDS[text(detail.kind) ?? ''] ?? 'content item';
      const change = text(detail.change);
      if (change === 'reordered') return `${actor} changed the order of the ${kind}s.`;
      if (change === 'image') return `${actor} changed the image of ${named(kind, detail.name)}.`;
      return `${actor} ${change ? words(change) : 'changed'} ${named(kind, detail.name)}.`;
    }
    case 'webhook.updated':
      return `${actor} set the webhook of a bot.`;
    case 'webhook.secret-rotated':
      return `${actor} made a new webhook signing secret for a bot.`;
    case 'credential.created':
      return `${actor} created an API credential for a bot.`;
    case 'credential.rotated':
      return `${actor} made a new secret for a bot's API credential.`;
    case 'credential.revoked':
      return `${actor} revoked a bot's API credential.`;
    default:
      return `${actor}: ${auditActionLabel(record.action).toLowerCase()}.`;
  }
}
