import { defineReviewMachine } from './machine.ts';

/**
 * A template version's states (subject 'template'; the history is kept per template). A developer
 * builds a draft and submits it; an RCS template is then reviewed by the platform (approve, or
 * reject with a reason), a WhatsApp template by Meta, whose decisions arrive as webhooks (the
 * meta-* transitions, which no person may take: their permission is granted to no role). Meta may
 * pause an approved template (low quality) and reinstate it.
 *
 * Versions: editing an approved (or paused) template creates a new draft version; the approved
 * one stays usable until the new one is approved. Codes: the spec names none for templates; the
 * bots' are reused where the meaning is the same (-1 draft, 6 submitted, 31 approved, 32 rejected).
 */
export const TEMPLATE_MACHINE = defineReviewMachine({
  subject: 'template',
  noun: 'template',
  states: {
    draft: { code: -1, label: 'Draft' },
    pending: { code: 6, label: 'Pending approval' },
    approved: { code: 31, label: 'Approved' },
    rejected: { code: 32, label: 'Rejected' },
    paused: { code: 35, label: 'Paused by Meta' },
  },
  transitions: {
    submit: {
      from: ['draft', 'rejected'],
      to: 'pending',
      permission: 'templates.write',
      reasonRequired: false,
      label: 'Submitted for approval',
    },
    approve: {
      from: ['pending'],
      to: 'approved',
      permission: 'templates.review',
      reasonRequired: false,
      label: 'Approved by the platform',
    },
    reject: {
      from: ['pending'],
      to: 'rejected',
      permission: 'templates.review',
      reasonRequired: true,
      label: 'Rejected by the platform',
    },
    'meta-approve': {
      from: ['pending', 'rejected'],
      to: 'approved',
      permission: 'templates.network-decision',
      reasonRequired: false,
      label: 'Approved by Meta',
    },
    'meta-reject': {
      from: ['pending', 'approved', 'paused'],
      to: 'rejected',
      permission: 'templates.network-decision',
      reasonRequired: false,
      label: 'Rejected by Meta',
    },
    'meta-pause': {
      // From pending too: Meta's events can arrive out of order, and the latest one decides.
      from: ['approved', 'pending'],
      to: 'paused',
      permission: 'templates.network-decision',
      reasonRequired: false,
      label: 'Paused by Meta',
    },
    'meta-pending': {
      from: ['draft', 'rejected', 'approved', 'paused'],
      to: 'pending',
      permission: 'templates.network-decision',
      reasonRequired: false,
      label: 'Under review by Meta',
    },
    'meta-reinstate': {
      from: ['paused'],
      to: 'approved',
      permission: 'templates.network-decision',
      reasonRequired: false,
      label: 'Reinstated by Meta',
    },
  },
});
export type TemplateState = keyof typeof TEMPLATE_MACHINE.states;
export type TemplateAction = keyof typeof TEMPLATE_MACHINE.transitions;

/** The states whose content is sendable (campaigns, the active template list): approved only. */
export const TEMPLATE_USABLE_STATES: readonly TemplateState[] = ['approved'];
/** A version a developer may still edit in place (else editing makes a new version, or is refused while pending). */
export const TEMPLATE_EDITABLE_STATES: readonly TemplateState[] = ['draft', 'rejected'];
/** A version whose edit starts a new version (the old stays usable). */
export const TEMPLATE_NEW_VERSION_STATES: readonly TemplateState[] = ['approved', 'paused'];
