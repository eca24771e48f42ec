import { definePolicy } from './role-groups.ts';

/** Partner details and the external tools' reference token. */
export const PARTNERS_POLICY = definePolicy({
  /** GET partner details: everyone signed in reads their own. */
  'partner-details.read': ['anyone'],
  /**
   * The encoded reference token for the external analytics (admins, carriers) and firewall (admins)
   * links. The marketing admin has a bare header (spec section 6), so no such links.
   */
  'reference-token.issue': ['providerAdmin', 'carrier'],
});
