import { definePolicy } from './role-groups.ts';

/** Bots (issue 13): developers and aggregators register, test and list them. */
export const BOTS_POLICY = definePolicy({
  /**
   * MY BOTS, details, history, dashboard, exports: every developer-side account, read-only child
   * users included; the service scopes it to the partner's bots (an aggregator also sees its child
   * users' bots).
   */
  'bots.read': ['developer'],
  /** Create, update and delete drafts, brand and carrier steps, images, listing, store, chatbot platform. */
  'bots.write': ['developerWriter'],
  /** Test devices, tester invites, capability checks, test messages and the bot console. */
  'bots.test': ['developerWriter'],
});
