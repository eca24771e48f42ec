import {
  BOT_STATUS,
  botCarrierStatusOf,
  botStatusOf,
  type TLaunchDraft,
  type TLaunchPreflight,
  type TLaunchSummary,
} from '@portico/domain';

/** Launch fixtures as the launch calls answer them (issue 14), for the screens' tests. */
export const LAUNCH_BOT_ID = '0b6c1f4e-3f6a-4d7e-9a55-222222222222';

const STATUS = {
  in_progress: botStatusOf(BOT_STATUS.in_progress),
  submitted_for_launch: botStatusOf(BOT_STATUS.submitted_for_launch),
  launched: botStatusOf(BOT_STATUS.launched),
  launch_failed: botStatusOf(BOT_STATUS.launch_failed),
  rejected: botStatusOf(BOT_STATUS.bot_rejected_by_portico),
  to_be_approved_by_carrier: botStatusOf(BOT_STATUS.bot_to_be_approved_by_carrier),
  approved: botStatusOf(BOT_STATUS.bot_approved_by_portico),
};
export const LAUNCH_STATUS = STATUS;
/** One carrier's states (BOT_CARRIER_MACHINE), as the summary's carriers carry them. */
export const CARRIER_STATUS = {
  submitted: botCarrierStatusOf(BOT_STATUS.submitted_for_launch),
  to_be_approved_by_carrier: botCarrierStatusOf(BOT_STATUS.bot_to_be_approved_by_carrier),
  launched: botCarrierStatusOf(BOT_STATUS.launched),
  launch_failed: botCarrierStatusOf(BOT_STATUS.launch_failed),
  rejected: botCarrierStatusOf(BOT_STATUS.bot_rejected_by_portico),
};

const ANSWER = 'A detailed answer that is long enough for the reviewers to judge.';

export const PREFLIGHT_OK: TLaunchPreflight = { ok: true, items: [], checked_at: '2026-11-26T09:00:00.000Z' };
export const PREFLIGHT_PROBLEMS: TLaunchPreflight = {
  ok: false,
  checked_at: '2026-11-26T09:00:00.000Z',
  items: [
    {
      code: 'opt_out-missing',
      message: 'How users opt out: not described.',
      step: 'experience',
      field: 'opt_out',
    },
    {
      code: 'loa-missing',
      message: 'The letter of authorisation (PDF) is missing.',
      step: 'verification',
      field: 'loa',
    },
    {
      code: 'wallet-too-low',
      message: 'The wallet is too low for the verification hold: top it up.',
      step: 'payment',
      field: 'wallet',
    },
  ],
};

export function launchDraft(overrides: Partial<TLaunchDraft> = {}): TLaunchDraft {
  return {
    bot_id: LAUNCH_BOT_ID,
    bot_name: 'Chai Point Assistant',
    status: STATUS.in_progress,
    step_reached: 'carriers',
    carrier_ids: [7],
    carriers: [
      { carrier_id: 7, name: 'Jio', status: botCarrierStatusOf(0), reason: null, on_submit: 'submit' },
    ],
    verified_carrier_ids: [],
    questionnaire: {
      use_case: ANSWER,
      opt_in: ANSWER,
      trigger: ANSWER,
      interactions: ANSWER,
      opt_out: '',
      reviewer_instructions: ANSWER,
    },
    company: null,
    screenshots: [],
    video: null,
    loa: null,
    hold: null,
    submitted_at: null,
    editable: true,
    ...overrides,
  };
}

export function launchSummary(overrides: Partial<TLaunchSummary> = {}): TLaunchSummary {
  return {
    bot: {
      bot_id: LAUNCH_BOT_ID,
      name: 'Chai Point Assistant',
      partner_id: 'P-1001',
      partner_name: 'Acme Travel',
      channels: [{ channel_type: 1 }],
      status: STATUS.submitted_for_launch,
      logo_url: null,
      banner_url: null,
      privacy_url: 'https://example.com/privacy',
      terms_url: 'https://example.com/terms',
      rcs_profile: {
        display_name: 'Chai Point Assistant',
        description: 'Order tea and track it.',
        brand_color: '#8A4B08',
        phones: [{ number: '+919876543210', label: 'Support' }],
        emails: [],
        websites: [{ url: 'https://chaipoint.example', label: 'Website' }],
      },
      whatsapp_profile: null,
    },
    brand: {
      brand_id: '0b6c1f4e-3f6a-4d7e-9a55-444444444444',
      name: 'Chai Point',
      status: STATUS.approved,
      documents: [
        {
          name: 'registration.pdf',
          content_type: 'application/pdf',
          size_bytes: 52_000,
          url: '/files/brand-reg',
        },
      ],
    },
    carriers: [
      {
        carrier_id: 7,
        name: 'Jio',
        country_id: 'IN',
        status: CARRIER_STATUS.launched,
        reason: null,
        price: '25.00',
        verified: true,
        updated_at: '2026-11-25T10:00:00.000Z',
      },
      {
        carrier_id: 8,
        name: 'Airtel',
        country_id: 'IN',
        status: CARRIER_STATUS.rejected,
        reason: 'The opt-out is not explained in the first message.',
        price: '30.00',
        verified: false,
        updated_at: '2026-11-25T11:00:00.000Z',
      },
    ],
    questionnaire: {
      use_case: 'Order tea and track deliveries from the chat.',
      opt_in: ANSWER,
      trigger: ANSWER,
      interactions: ANSWER,
      opt_out: 'Users send STOP at any time to stop all messages.',
      reviewer_instructions: ANSWER,
    },
    company: {
      company_name: 'Acme Travel Pvt Ltd',
      website: 'https://acme.example.com',
      contact_name: 'Asha Rao',
      contact_email: 'asha@acme.example.com',
      contact_phone: '+914155550100',
    },
    documents: {
      loa: { name: 'loa.pdf', content_type: 'application/pdf', size_bytes: 120_000, url: '/files/loa' },
      screenshots: [
        { name: 'chat.png', content_type: 'image/png', size_bytes: 80_000, url: '/files/shot-0' },
      ],
      video: null,
    },
    preflight: PREFLIGHT_OK,
    hold: {
      hold_id: '0b6c1f4e-3f6a-4d7e-9a55-555555555555',
      amount: '55.00',
      currency: 'USD',
      status: 'held',
      reference: LAUNCH_BOT_ID,
      created_at: '2026-11-24T10:00:00.000Z',
      settled_at: null,
    },
    pricing: {
      currency: 'USD',
      items: [
        { carrier_id: 7, carrier_name: 'Jio', plan_code: 'STD', price: '25.00' },
        { carrier_id: 8, carrier_name: 'Airtel', plan_code: 'STD', price: '30.00' },
      ],
      total: '55.00',
    },
    submitted_at: '2026-11-24T10:00:00.000Z',
    step_reached: 'payment',
    history: [
      {
        id: 2,
        at: '2026-11-25T11:00:00.000Z',
        action: 'reject',
        action_label: 'Rejected by the carrier',
        from: { code: 39, label: 'Bot to be approved by carrier' },
        to: { code: 32, label: 'Rejected' },
        reason: 'The opt-out is not explained in the first message.',
        actor_email: 'carrier@airtel.test',
        actor_role: 'ADMIN_BILLING',
        carrier_id: 8,
        carrier_name: 'Airtel',
      },
      {
        id: 1,
        at: '2026-11-24T10:00:00.000Z',
        action: 'submit',
        action_label: 'Submitted for launch',
        from: null,
        to: { code: 6, label: 'Submitted for Launch' },
        reason: null,
        actor_email: 'developer@portico.test',
        actor_role: 'DEVELOPER',
        carrier_id: null,
        carrier_name: null,
      },
    ],
    ...overrides,
  };
}
