import { definePolicy } from './role-groups.ts';

/** A bot's webhook: URL, signing secret, test ping, delivery log and replay (issue 16). */
export const PARTNER_WEBHOOKS_POLICY = definePolicy({
  /** The webhook settings and the delivery log: every developer-side account (scoped to the partner's bots). */
  'partner-webhooks.read': ['developer'],
  /** Set the URL, rotate the secret, send a test ping, replay: developer-side writers only. */
  'partner-webhooks.write': ['developerWriter'],
});
