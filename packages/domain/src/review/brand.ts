import { defineReviewMachine } from './machine.ts';

/**
 * A brand's own review (subject 'brand'): the developer submits it (with or without a bot), a
 * platform admin forwards it to the carriers, approves it for the platform or rejects it with a
 * reason; once every carrier it is for has decided, it settles as approved (at least one carrier
 * approved) or rejected (every carrier rejected).
 */
export const BRAND_MACHINE = defineReviewMachine({
  subject: 'brand',
  noun: 'brand',
  states: {
    draft: { code: 1, label: 'Draft' },
    submitted: { code: 6, label: 'Submitted' },
    forwarded: { code: 30, label: 'Forwarded to the carriers' },
    approved: { code: 31, label: 'Approved' },
    rejected: { code: 32, label: 'Rejected' },
    approved_pending_carrier: { code: 42, label: 'Approved by the platform, pending from the carriers' },
  },
  transitions: {
    submit: {
      from: ['draft', 'rejected'],
      to: 'submitted',
      permission: 'brands.write',
      reasonRequired: false,
      label: 'Submitted for review',
    },
    forward: {
      from: ['submitted'],
      to: 'forwarded',
      permission: 'brands.review',
      reasonRequired: false,
      label: 'Forwarded to the carriers',
    },
    approve: {
      from: ['submitted', 'forwarded'],
      to: 'approved_pending_carrier',
      permission: 'brands.review',
      reasonRequired: false,
      label: 'Approved by the platform',
    },
    reject: {
      from: ['submitted', 'forwarded', 'approved_pending_carrier'],
      to: 'rejected',
      permission: 'brands.review',
      reasonRequired: true,
      label: 'Rejected by the platform',
    },
    'carriers-approved': {
      from: ['forwarded', 'approved_pending_carrier'],
      to: 'approved',
      permission: 'brands.carrier-review',
      reasonRequired: false,
      label: 'Every carrier has decided: approved',
    },
    'carriers-rejected': {
      from: ['forwarded', 'approved_pending_carrier'],
      to: 'rejected',
      permission: 'brands.carrier-review',
      reasonRequired: false,
      label: 'Every carrier has decided: rejected',
    },
  },
});
export type BrandState = keyof typeof BRAND_MACHINE.states;
export type BrandAction = keyof typeof BRAND_MACHINE.transitions;
/** The platform's own decisions (what the admin screens offer). */
export const BRAND_PLATFORM_ACTIONS = ['forward', 'approve', 'reject'] as const;
export type BrandPlatformAction = (typeof BRAND_PLATFORM_ACTIONS)[number];

/**
 * A brand's review by one carrier (subject 'brand-carrier', the history row names the carrier): it
 * waits for the platform, then is to be approved by the carrier once forwarded or approved by the
 * platform, and the carrier approves or rejects it (with a reason) for its own network only.
 */
export const BRAND_CARRIER_MACHINE = defineReviewMachine<
  'awaiting_platform' | 'to_be_approved_by_carrier' | 'approved' | 'rejected',
  'approve' | 'reject'
>({
  subject: 'brand-carrier',
  noun: 'brand',
  states: {
    awaiting_platform: { code: 6, label: 'Awaiting the platform' },
    to_be_approved_by_carrier: { code: 39, label: 'To be approved by the carrier' },
    approved: { code: 31, label: 'Approved by the carrier' },
    rejected: { code: 32, label: 'Rejected by the carrier' },
  },
  transitions: {
    approve: {
      from: ['to_be_approved_by_carrier'],
      to: 'approved',
      permission: 'brands.carrier-review',
      reasonRequired: false,
      label: 'Approved by the carrier',
    },
    reject: {
      from: ['to_be_approved_by_carrier'],
      to: 'rejected',
      permission: 'brands.carrier-review',
      reasonRequired: true,
      label: 'Rejected by the carrier',
    },
  },
});
export type BrandCarrierState = keyof typeof BRAND_CARRIER_MACHINE.states;
export type BrandCarrierAction = keyof typeof BRAND_CARRIER_MACHINE.transitions;
export const BRAND_CARRIER_ACTIONS = ['approve', 'reject'] as const;

/** The brand states in which the developer may change it (not while it is under review). */
export const BRAND_EDITABLE_STATES: readonly BrandState[] = ['draft', 'rejected', 'approved'];
/** The brand states a developer may delete it in (never once a bot has launched for it). */
export const BRAND_DELETABLE_STATES: readonly BrandState[] = ['draft', 'rejected'];
