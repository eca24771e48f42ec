import { definePolicy } from './role-groups.ts';

/**
 * Launches (issue 14): the developer's five-step launch, and the review of launched bots by the
 * platform and by each carrier for its own network (spec sections 4 and 6, as brands and aggregators
 * are reviewed).
 */
export const LAUNCHES_POLICY = definePolicy({
  /** The stepper's saved data, pre-flight, pricing, launch summary and its PDF (own partner's bots). */
  'launches.read': ['developer'],
  /** Save a step: questionnaire, company details, carriers, screenshots and video, LOA, verified carriers. */
  'launches.write': ['developerWriter'],
  /**
   * Pay the verification hold, submit, and change carriers after submission. Takes money from the
   * wallet, so an aggregator awaiting approval is refused (APPROVAL_GATED_ACTIONS: billing).
   */
  'launches.submit': ['developerWriter'],
  /** The platform's lists, details, documents, history and exports of launches (read-only admins too). */
  'bot-review.read': ['providerAdmin'],
  /** Forward, approve or reject for the platform, retry a failed launch (read-only admins are refused). */
  'bot-review.decide': ['providerReadWrite'],
  /** A carrier's lists and details of the launches on its own network (others: 404). */
  'bot-review.carrier.read': ['carrier'],
  /** Approve or reject for the carrier's own network (the carrier's read-only admin is refused). */
  'bot-review.carrier.decide': ['carrierReviewer'],
});
