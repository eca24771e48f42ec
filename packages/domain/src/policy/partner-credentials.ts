import { definePolicy } from './role-groups.ts';

/** A bot's API credentials: list, create, rotate, revoke (issue 16, point 1); its API usage (point 5). */
export const PARTNER_CREDENTIALS_POLICY = definePolicy({
  /** The credentials list (never a secret): every developer-side account, scoped to the partner's bots. */
  'partner-credentials.read': ['developer'],
  /** Create, rotate and revoke: developer-side writers only (not the read-only child user). */
  'partner-credentials.write': ['developerWriter'],
  /** A bot's API usage (messages, events, money charged) and its export: the credentials' readers. */
  'partner-api.usage': ['developer'],
});
