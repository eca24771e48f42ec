import { defineReviewMachine } from './machine.ts';

/**
 * An aggregator's approval (subject 'aggregator'): an account that chose aggregator and finished
 * its review details awaits the platform, which forwards it to the carriers, approves or rejects it
 * (with a reason). The state is the partner's provider approval status; approval also sets
 * launchApproved, so the approved-partner rule of spec section 4 holds.
 */
export const AGGREGATOR_MACHINE = defineReviewMachine<
  'awaiting_approval' | 'forwarded' | 'approved' | 'rejected',
  'forward' | 'approve' | 'reject'
>({
  subject: 'aggregator',
  noun: 'aggregator',
  states: {
    awaiting_approval: { code: 6, label: 'Awaiting approval' },
    forwarded: { code: 30, label: 'Forwarded to the carriers' },
    approved: { code: 31, label: 'Approved' },
    rejected: { code: 32, label: 'Rejected' },
  },
  transitions: {
    forward: {
      from: ['awaiting_approval'],
      to: 'forwarded',
      permission: 'aggregators.review',
      reasonRequired: false,
      label: 'Forwarded to the carriers',
    },
    approve: {
      from: ['awaiting_approval', 'forwarded', 'rejected'],
      to: 'approved',
      permission: 'aggregators.review',
      reasonRequired: false,
      label: 'Approved by the platform',
    },
    reject: {
      from: ['awaiting_approval', 'forwarded'],
      to: 'rejected',
      permission: 'aggregators.review',
      reasonRequired: true,
      label: 'Rejected by the platform',
    },
  },
});
export type AggregatorState = keyof typeof AGGREGATOR_MACHINE.states;

/**
 * An aggregator's review by one carrier (subject 'aggregator-carrier', the history row names the
 * carrier): when the platform forwards an aggregator, each active carrier of the aggregator's
 * country has it to be approved, and approves or rejects it (with a reason) for its own network.
 * The carriers' decisions inform the platform; the platform's approval alone sets launchApproved.
 */
export const AGGREGATOR_CARRIER_MACHINE = defineReviewMachine<
  'to_be_approved_by_carrier' | 'approved' | 'rejected',
  'approve' | 'reject'
>({
  subject: 'aggregator-carrier',
  noun: 'aggregator',
  states: {
    to_be_approved_by_carrier: { code: 39, label: 'To be approved by the carrier' },
    approved: { code: 31, label: 'Approved by the carrier' },
    rejected: { code: 32, label: 'Rejected by the carrier' },
  },
  transitions: {
    approve: {
      from: ['to_be_approved_by_carrier'],
      to: 'approved',
      permission: 'aggregators.carrier-review',
      reasonRequired: false,
      label: 'Approved by the carrier',
    },
    reject: {
      from: ['to_be_approved_by_carrier'],
      to: 'rejected',
      permission: 'aggregators.carrier-review',
      reasonRequired: true,
      label: 'Rejected by the carrier',
    },
  },
});
export type AggregatorCarrierState = keyof typeof AGGREGATOR_CARRIER_MACHINE.states;
export const AGGREGATOR_CARRIER_ACTIONS = ['approve', 'reject'] as const;
export type AggregatorCarrierAction = (typeof AGGREGATOR_CARRIER_ACTIONS)[number];
