import { definePolicy } from './role-groups.ts';

/** Campaigns (issue 28): the partner's own (an aggregator's with its child users'), and the platform's view. */
export const CAMPAIGNS_POLICY = definePolicy({
  /** Lists, details, estimates, live counts, history and reports: every developer-side account. */
  'campaigns.read': ['developer'],
  /**
   * Create, edit, start, schedule, pause, resume, cancel and the media upload: developer-side writers
   * (never the read-only child user; gated for an aggregator awaiting approval).
   */
  'campaigns.write': ['developerWriter'],
  /** The platform's CAMPAIGNS: every partner's campaigns, their details, history and reports. */
  'campaigns.admin-read': ['providerAdmin'],
  /** Stop a scheduled or running campaign with a reason (abuse): read-write and super admins. */
  'campaigns.stop': ['providerReadWrite'],
});
