import { definePolicy } from './role-groups.ts';

/** Templates (issue 15): developers and aggregators build and test them; the platform reviews RCS ones. */
export const TEMPLATES_POLICY = definePolicy({
  /**
   * Lists, details, versions, history, test summaries, JSON download and exports: every
   * developer-side account (read-only child users included), scoped by the service to the
   * partner's bots; the provider's admins (read-only ones included) see every submitted template.
   */
  'templates.read': ['developer', 'providerAdmin'],
  /** Create, update (new version), delete, import JSON, submit for approval (own partner's bots). */
  'templates.write': ['developerWriter'],
  /** Send a template to the bot's test devices, retest. */
  'templates.test': ['developerWriter'],
  /** Approve or reject an RCS template for the platform (read-only admins are refused). */
  'templates.review': ['providerReadWrite'],
  /** Meta's decisions on WhatsApp templates: applied from its webhooks only, never by a person. */
  'templates.network-decision': [],
});
