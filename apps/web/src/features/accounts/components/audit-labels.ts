import type { AuditAction, TAuditRecord } from '@portico/domain';
import { roleLabel } from './role-labels';

/** How the security records read: action labels and each record's detail in words. */

export const ACTION_LABELS: Record<AuditAction, string> = {
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
export const actionLabel = (action: string) => ACTION_LABELS[action as AuditAction] ?? action;
export const actionColor = (action: string): 'error' | 'primary' | 'default' =>
  action === 'sign-in.failed' ? 'error' : action.startsWith('sign-') ? 'default' : 'primary';

const FAILED_SIGN_IN: Readonly<Record<string, string>> = {
  invalid: 'Wrong email or password',
  not_activated: 'Account not activated yet',
  inactive: 'Account not active',
  second_factor: 'Wrong two-factor code',
};

const SECOND_FACTORS: Readonly<Record<string, string>> = {
  authenticator: 'With a code from the authenticator app',
  'recovery-code': 'With a recovery code',
};

const text = (value: unknown) => (typeof value === 'string' ? value : null);

/** A record's detail in words: the role change, the role given, why a sign-in failed. */
export function describeDetail(record: Pick<TAuditRecord, 'action' | 'detail'>): string {
  const detail = record.detail ?? {};
  const role = text(detail.role);
  switch (record.action) {
    case 'role.changed':
      return `${roleLabel(text(detail.from))} → ${roleLabel(text(detail.to))}`;
    case 'user.invited':
      return role ? `As ${roleLabel(role)}` : '—';
    case 'user.deleted':
      return role ? `Was ${roleLabel(role)}` : '—';
    case 'sign-in': {
      const factor = text(detail.secondFactor);
      return factor ? (SECOND_FACTORS[factor] ?? factor) : '—';
    }
    case 'two-factor.recovery-code-used': {
      const left = detail.left;
      return typeof left === 'number' ? `${left} recovery code${left === 1 ? '' : 's'} left` : '—';
    }
    case 'sign-in.failed': {
      const outcome = text(detail.outcome);
      return outcome ? (FAILED_SIGN_IN[outcome] ?? outcome) : '—';
    }
    default: {
      const pairs = Object.entries(detail).map(([key, value]) => `${key}: ${String(value)}`);
      return pairs.length > 0 ? pairs.join(', ') : '—';
    }
  }
}
