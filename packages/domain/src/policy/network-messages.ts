import { definePolicy } from './role-groups.ts';

/** Messages through the connectors, their webhook events and connector health. */
export const NETWORK_MESSAGES_POLICY = definePolicy({
  /** A test message through a connector from the platform's own test sender (provider read-write admins). */
  'network-messages.test-send': ['providerReadWrite'],
  /**
   * Messages sent through the networks, their webhook events and connector health: the provider's
   * admins. Not the marketing admin (spec section 6: press releases, bare header only).
   */
  'network-messages.read': ['providerAdmin'],
});
