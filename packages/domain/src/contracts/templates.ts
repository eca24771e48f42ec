import { z } from 'zod';
import { TEMPLATE_MACHINE, type TemplateState } from '../review/template.ts';
import { MESSAGE_STATUSES } from '../rules/message-status.ts';
import {
  RCS_TEMPLATE_LIMITS,
  TEMPLATE_NAME_MAX,
  WHATSAPP_TEMPLATE_LIMITS,
} from '../rules/templates/limits.ts';
import {
  RCS_MEDIA_HEIGHTS,
  type RcsTemplateContent,
  TEMPLATE_TYPES,
  type TemplateProblem,
  WHATSAPP_TEMPLATE_CATEGORIES,
  type WhatsappTemplateContent,
} from '../rules/templates/model.ts';
import { rcsTemplateProblems } from '../rules/templates/rcs-rules.ts';
import { whatsappNameProblem, whatsappTemplateProblems } from '../rules/templates/whatsapp-rules.ts';
import { ZListResult, ZListWindowQuery, ZTabbedListResult } from './envelope.ts';
import { searchText, text } from './fields.ts';
import { sortQuery, ZExportFormat } from './list-filters.ts';
import { ZReviewHistory } from './review.ts';

/**
 * Templates (issue 15): rich RCS templates and WhatsApp message templates of a bot, their versions,
 * tests on the bot's test devices, approval, and the network's JSON. Every limit is a rule of
 * rules/templates (checked here at its field, so the builder shows the reason while typing).
 */

/* ------------------------------------------------------------------ Shared */

export const TEMPLATE_CHANNELS = ['rcs', 'whatsapp'] as const;
export const ZTemplateChannel = z.enum(TEMPLATE_CHANNELS, 'channel must be rcs or whatsapp');
export const TEMPLATE_STATES = Object.keys(TEMPLATE_MACHINE.states) as [TemplateState, ...TemplateState[]];

/** Structural bound of any text of a template (the networks' limits are checked by the rules, with their reason). */
const TEXT_BOUND = 10_000;
const field = (bound = TEXT_BOUND) => text().max(bound, `is at most ${bound} characters`);

/** Adds the rules' problems as zod issues at their fields. */
const withProblems =
  <T>(rules: (value: T) => TemplateProblem[]) =>
  (value: T, ctx: z.RefinementCtx) => {
    for (const problem of rules(value))
      ctx.addIssue({ code: 'custom', path: problem.path, message: problem.message });
  };

export const ZTemplateMedia = z.discriminatedUnion('source', [
  z.object({
    source: z.literal('url'),
    url: field(RCS_TEMPLATE_LIMITS.url + 100),
    kind: z.enum(['image', 'video', 'document'], 'kind must be image, video or document'),
  }),
  z.object({
    source: z.literal('upload'),
    /** The storage key the media upload call answered (public/template-media/...). */
    key: text().regex(/^public\/template-media\/[A-Za-z0-9/_.-]{1,200}$/, 'is not an uploaded file'),
    kind: z.enum(['image', 'video', 'document'], 'kind must be image, video or document'),
  }),
]);

/* ------------------------------------------------------------------ RCS */

const suggestionBase = {
  text: field(200),
  postbackData: field(RCS_TEMPLATE_LIMITS.postbackData + 100).default(''),
};
export const ZRcsSuggestion = z.discriminatedUnion('type', [
  z.object({ type: z.literal('reply'), ...suggestionBase }),
  z.object({ type: z.literal('dial'), ...suggestionBase, phoneNumber: field(40) }),
  z.object({ type: z.literal('open_url'), ...suggestionBase, url: field(RCS_TEMPLATE_LIMITS.url + 100) }),
  z.object({
    type: z.literal('view_location'),
    ...suggestionBase,
    latitude: z.number('Enter the latitude.'),
    longitude: z.number('Enter the longitude.'),
    label: field(500).optional(),
  }),
  z.object({ type: z.literal('share_location'), ...suggestionBase }),
  z.object({
    type: z.literal('calendar'),
    ...suggestionBase,
    title: field(500),
    description: field(2000).optional(),
    startTime: field(40),
    endTime: field(40),
  }),
]);
const suggestionList = z.array(ZRcsSuggestion).max(50, 'has too many suggestions').default([]);

export const ZRcsCard = z.object({
  title: field().optional(),
  description: field().optional(),
  media: z
    .intersection(ZTemplateMedia, z.object({ height: z.enum(RCS_MEDIA_HEIGHTS).default('MEDIUM') }))
    .optional(),
  suggestions: suggestionList,
});

const ZRcsContentShape = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('text'), text: field(), suggestions: suggestionList }),
  z.object({
    kind: z.literal('rich_card'),
    orientation: z
      .enum(['VERTICAL', 'HORIZONTAL'], 'orientation must be VERTICAL or HORIZONTAL')
      .default('VERTICAL'),
    imageAlignment: z.enum(['LEFT', 'RIGHT'], 'imageAlignment must be LEFT or RIGHT').default('LEFT'),
    card: ZRcsCard,
    suggestions: suggestionList,
  }),
  z.object({
    kind: z.literal('carousel'),
    cardWidth: z.enum(['SMALL', 'MEDIUM'], 'cardWidth must be SMALL or MEDIUM').default('MEDIUM'),
    cards: z.array(ZRcsCard).max(20, 'has too many cards'),
    suggestions: suggestionList,
  }),
]);
/** An RCS template's content: RBM's text, rich card or carousel, every limit checked at its field. */
export const ZRcsTemplateContent = ZRcsContentShape.superRefine(
  withProblems((content) => rcsTemplateProblems(content as RcsTemplateContent)),
);
export type TRcsTemplateContent = z.output<typeof ZRcsTemplateContent>;

/* ------------------------------------------------------------------ WhatsApp */

export const ZWhatsappButton = z.discriminatedUnion('type', [
  z.object({ type: z.literal('QUICK_REPLY'), text: field(200) }),
  z.object({
    type: z.literal('URL'),
    text: field(200),
    url: field(WHATSAPP_TEMPLATE_LIMITS.buttonUrl + 100),
    example: field(WHATSAPP_TEMPLATE_LIMITS.buttonUrl + 100).optional(),
  }),
  z.object({ type: z.literal('PHONE_NUMBER'), text: field(200), phoneNumber: field(100) }),
  z.object({
    type: z.literal('COPY_CODE'),
    text: field(200).default('Copy offer code'),
    example: field(200).optional(),
  }),
]);
const ZWhatsappContentShape = z.object({
  category: z.enum(WHATSAPP_TEMPLATE_CATEGORIES, 'Choose a category: marketing, utility or authentication.'),
  header: z
    .discriminatedUnion('format', [
      z.object({
        format: z.literal('TEXT'),
        text: field(500),
        example: field(WHATSAPP_TEMPLATE_LIMITS.variableExample + 100).optional(),
      }),
      z.object({ format: z.enum(['IMAGE', 'VIDEO', 'DOCUMENT']), media: ZTemplateMedia }),
    ])
    .nullable()
    .default(null),
  body: z.object({
    text: field(),
    examples: z
      .array(field(WHATSAPP_TEMPLATE_LIMITS.variableExample + 100))
      .max(100, 'has too many examples')
      .default([]),
  }),
  footer: field(500).nullable().default(null),
  buttons: z.array(ZWhatsappButton).max(30, 'has too many buttons').default([]),
  authentication: z
    .object({
      securityRecommendation: z.boolean().default(false),
      codeExpirationMinutes: z.number().int('is a whole number of minutes').nullable().default(null),
    })
    .optional(),
});
/** A WhatsApp template's content: Meta's category and components, every limit checked at its field. */
export const ZWhatsappTemplateContent = ZWhatsappContentShape.superRefine(
  withProblems((content) => whatsappTemplateProblems(content as WhatsappTemplateContent)),
);
export type TWhatsappTemplateContent = z.output<typeof ZWhatsappTemplateContent>;

/* ------------------------------------------------------------------ Requests */

/** Our name of an RCS template (WhatsApp names follow Meta's rule: whatsappNameProblem). */
const rcsName = text()
  .trim()
  .min(1, 'Enter the template name.')
  .max(TEMPLATE_NAME_MAX, `The name is at most ${TEMPLATE_NAME_MAX} characters.`)
  .regex(/^[\p{L}\p{N}][\p{L}\p{N} _.-]*$/u, 'Use letters, digits, spaces, dots, dashes and underscores.');
const whatsappName = text().superRefine((value, ctx) => {
  const message = whatsappNameProblem(value);
  if (message) ctx.addIssue({ code: 'custom', message });
});
/** A language code as the networks take it: en, en_US, pt_BR, zh_HK. */
export const ZTemplateLanguage = text()
  .trim()
  .regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, 'Choose a language, e.g. en or en_US.');
/** Sample values of the personalised fields, for the preview and tests: {first_name: 'Asha'}. */
export const ZVariableValues = z
  .record(text().regex(/^[A-Za-z0-9_]{1,50}$/, 'is not a variable name'), field(1024))
  .refine((v) => Object.keys(v).length <= 50, 'At most 50 values.')
  .default({});

const rcsBody = {
  name: rcsName,
  language: ZTemplateLanguage,
  content: ZRcsTemplateContent,
  sample_values: ZVariableValues,
};
const whatsappBody = {
  name: whatsappName,
  language: ZTemplateLanguage,
  content: ZWhatsappTemplateContent,
  sample_values: ZVariableValues,
};

/** POST /templates: a new template of a bot (a draft; `submit` also submits it for approval). */
export const ZTemplateCreateRequest = z.discriminatedUnion('channel', [
  z.object({
    bot_id: z.uuid('is not a bot id'),
    channel: z.literal('rcs'),
    ...rcsBody,
    submit: z.boolean().default(false),
  }),
  z.object({
    bot_id: z.uuid('is not a bot id'),
    channel: z.literal('whatsapp'),
    ...whatsappBody,
    submit: z.boolean().default(false),
  }),
]);
export type TTemplateCreateRequest = z.input<typeof ZTemplateCreateRequest>;
export type TTemplateCreate = z.output<typeof ZTemplateCreateRequest>;

/**
 * PUT /templates/:templateId: edit the template. A draft or rejected version is changed in place;
 * an approved or paused one gets a new draft version (the old stays usable); a pending one is 409.
 */
export const ZTemplateUpdateRequest = z.discriminatedUnion('channel', [
  z.object({ channel: z.literal('rcs'), ...rcsBody, submit: z.boolean().default(false) }),
  z.object({ channel: z.literal('whatsapp'), ...whatsappBody, submit: z.boolean().default(false) }),
]);
export type TTemplateUpdateRequest = z.input<typeof ZTemplateUpdateRequest>;
export type TTemplateUpdate = z.output<typeof ZTemplateUpdateRequest>;

export const ZTemplateParams = z.object({ templateId: z.uuid('is not a template id') });

/* ------------------------------------------------------------------ Lists */

const templateListFilters = {
  bot_id: z.uuid('is not a bot id').optional(),
  search: searchText(),
  channel: ZTemplateChannel.optional(),
  type: z.enum(TEMPLATE_TYPES, `type must be one of ${TEMPLATE_TYPES.join(', ')}`).optional(),
  language: ZTemplateLanguage.optional(),
  status: z.enum(TEMPLATE_STATES, `status must be one of ${TEMPLATE_STATES.join(', ')}`).optional(),
  ...sortQuery(['updated_at', 'created_at', 'name', 'status', 'language'], 'updated_at'),
};
/** GET /templates: a developer's templates (per bot with bot_id); an admin's: every submitted one. */
export const ZTemplatesQuery = ZListWindowQuery({ start: 0, end: 10 }, templateListFilters);
export type TTemplatesQuery = z.output<typeof ZTemplatesQuery>;
/** GET /templates/export: the same list as Excel or PDF, filters applied. */
export const ZTemplatesExportQuery = z.object({ format: ZExportFormat, ...templateListFilters });
export type TTemplatesExportQuery = z.output<typeof ZTemplatesExportQuery>;
export type TTemplateFilters = Omit<TTemplatesExportQuery, 'format'>;

export const ZTemplateStatus = z.object({
  key: z.enum(TEMPLATE_STATES),
  code: z.number().int(),
  label: z.string(),
});
export type TTemplateStatus = z.output<typeof ZTemplateStatus>;
export function templateStatusOf(state: TemplateState): TTemplateStatus {
  return { key: state, ...TEMPLATE_MACHINE.states[state] };
}

export const ZTemplateListItem = z.object({
  template_id: z.string(),
  bot_id: z.string(),
  bot_name: z.string(),
  partner_name: z.string(),
  name: z.string(),
  channel: ZTemplateChannel,
  type: z.enum(TEMPLATE_TYPES),
  language: z.string(),
  /** The latest version's state. */
  status: ZTemplateStatus,
  /** The latest version's number. */
  version: z.number().int(),
  /** The approved version campaigns use now (null: none yet). */
  active_version: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TTemplateListItem = z.output<typeof ZTemplateListItem>;
/** The admins' tabs of the templates submitted to the platform: a `status` each (`all`: none). */
export const TEMPLATE_REVIEW_TABS = ['pending', 'approved', 'rejected', 'all'] as const satisfies readonly (
  | TemplateState
  | 'all'
)[];
/**
 * A developer's templates page: its templates (under every filter of the list) and its active
 * templates, the approved ones of launched bots (under the filters the active list has: bot, channel, search).
 */
export const TEMPLATE_PAGE_TABS = ['templates', 'active'] as const;
/** GET /templates: the window, the total and how many templates each of the caller's tabs holds. */
export const ZTemplateList = z.union([
  ZTabbedListResult(ZTemplateListItem, TEMPLATE_REVIEW_TABS),
  ZTabbedListResult(ZTemplateListItem, TEMPLATE_PAGE_TABS),
]);
export type TTemplateList = z.output<typeof ZTemplateList>;

/* ------------------------------------------------------------------ Details */

export const WHATSAPP_QUALITY_RATINGS = ['GREEN', 'YELLOW', 'RED', 'UNKNOWN'] as const;

export const ZTemplateVersion = z.object({
  version_id: z.string(),
  version: z.number().int(),
  status: ZTemplateStatus,
  content: z.union([ZRcsContentShape, ZWhatsappContentShape]),
  sample_values: z.record(z.string(), z.string()),
  /** The personalised fields (RCS) or numbered variables (WhatsApp body) it uses. */
  variables: z.array(z.string()),
  /** Why it was rejected (the platform's reason, or Meta's). */
  reason: z.string().nullable(),
  /** WhatsApp: Meta's template id and quality rating. */
  network_template_id: z.string().nullable(),
  quality: z.enum(WHATSAPP_QUALITY_RATINGS).nullable(),
  /** The network's refusal of the last submission (the version stayed a draft), if any. */
  network_error: z.string().nullable(),
  submitted_at: z.string().nullable(),
  decided_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TTemplateVersion = z.output<typeof ZTemplateVersion>;

/** GET /templates/:templateId: the template with every version, newest first. */
export const ZTemplate = ZTemplateListItem.extend({
  partner_id: z.string(),
  versions: z.array(ZTemplateVersion),
  /** What the caller may do on the latest version now (review actions of TEMPLATE_MACHINE). */
  allowed_actions: z.array(z.string()),
  can_edit: z.boolean(),
  can_delete: z.boolean(),
  /** Why it cannot be deleted now (used by a campaign, under review ...), else null. */
  delete_refusal: z.string().nullable(),
});
export type TTemplate = z.output<typeof ZTemplate>;

export const ZTemplateHistoryQuery = ZListWindowQuery({ start: 0, end: 50 }, {});
export const ZTemplateHistory = ZReviewHistory;

/* ------------------------------------------------------------------ Active templates */

/** GET /templates/active: the approved templates of launched bots (what campaigns may send). */
export const ACTIVE_TEMPLATE_SORTS = ['name', 'channel', 'language', 'version'] as const;
export type ActiveTemplateSort = (typeof ACTIVE_TEMPLATE_SORTS)[number];
export const ZActiveTemplatesQuery = ZListWindowQuery(
  { start: 0, end: 100 },
  {
    bot_id: z.uuid('is not a bot id').optional(),
    channel: ZTemplateChannel.optional(),
    search: searchText(),
    /**
     * true: also the approved templates of bots not launched yet that have a test device on the
     * template's channel (a campaign from such a bot sends only to its test devices).
     */
    testing: z
      .enum(['true', 'false'], 'testing must be true or false')
      .optional()
      .transform((value) => value === 'true'),
    /** By name unless a header asks otherwise. */
    ...sortQuery(ACTIVE_TEMPLATE_SORTS, 'name', 'asc'),
  },
);
export const ZActiveTemplate = z.object({
  template_id: z.string(),
  bot_id: z.string(),
  bot_name: z.string(),
  /** false: the bot is not launched (listed with `testing`): it sends only to its test devices. */
  bot_launched: z.boolean(),
  name: z.string(),
  channel: ZTemplateChannel,
  type: z.enum(TEMPLATE_TYPES),
  language: z.string(),
  version: z.number().int(),
  version_id: z.string(),
  variables: z.array(z.string()),
});
export type TActiveTemplate = z.output<typeof ZActiveTemplate>;
export const ZActiveTemplateList = ZListResult(ZActiveTemplate);

/* ------------------------------------------------------------------ Tests */

/** POST /templates/:templateId/tests: send the latest version to chosen test devices, variables filled. */
export const ZTemplateTestRequest = z.object({
  device_ids: z
    .array(z.uuid('is not a test device id'))
    .min(1, 'Choose at least one test device.')
    .max(20, 'Choose at most 20 test devices.')
    .refine((ids) => new Set(ids).size === ids.length, 'A device is chosen twice.'),
  /** Values of the variables: RCS field names, or WhatsApp numbers ("1", "2"). Missing ones use the samples. */
  values: ZVariableValues,
});
export type TTemplateTestRequest = z.input<typeof ZTemplateTestRequest>;

export const ZTemplateTap = z.object({
  text: z.string().nullable(),
  postback_data: z.string().nullable(),
  at: z.string(),
});
export const ZTemplateTestResult = z.object({
  /** null once the device was removed from the bot (its number stays). */
  device_id: z.string().nullable(),
  msisdn: z.string(),
  channel: z.enum(['rcs', 'whatsapp']),
  message_id: z.string().nullable(),
  status: z.enum(MESSAGE_STATUSES).nullable(),
  sent: z.boolean(),
  delivered: z.boolean(),
  read: z.boolean(),
  failed: z.boolean(),
  error_message: z.string().nullable(),
  /** The suggestions or buttons tapped on the device in answer to this test. */
  taps: z.array(ZTemplateTap),
});
export type TTemplateTestResult = z.output<typeof ZTemplateTestResult>;
export const ZTemplateTestRun = z.object({
  run_id: z.string(),
  template_id: z.string(),
  version: z.number().int(),
  values: z.record(z.string(), z.string()),
  created_at: z.string(),
  created_by_email: z.string().nullable(),
  results: z.array(ZTemplateTestResult),
});
export type TTemplateTestRun = z.output<typeof ZTemplateTestRun>;
/** GET /templates/:templateId/test-summary: the latest runs, newest first, per device. */
export const ZTemplateTestSummary = z.object({
  runs: z.array(ZTemplateTestRun),
  /** Per device, its latest result. */
  totals: z.object({
    devices: z.number().int(),
    sent: z.number().int(),
    delivered: z.number().int(),
    read: z.number().int(),
    failed: z.number().int(),
    tapped: z.number().int(),
  }),
});
export type TTemplateTestSummary = z.output<typeof ZTemplateTestSummary>;

/* ------------------------------------------------------------------ JSON */

/** GET /templates/:templateId/json?version=n: the network's JSON of a version (the latest by default). */
export const ZTemplateJsonQuery = z.object({ version: z.coerce.number().int().min(1).optional() });
export const ZTemplateJson = z.object({
  channel: ZTemplateChannel,
  /** rbm: an AgentMessage; whatsapp: the body of POST /{waba-id}/message_templates. */
  format: z.enum(['rbm_agent_message', 'whatsapp_message_template']),
  file_name: z.string(),
  json: z.record(z.string(), z.unknown()),
});
export type TTemplateJson = z.output<typeof ZTemplateJson>;

const loose = <S extends z.ZodRawShape>(shape: S) => z.looseObject(shape);
const ZRbmSuggestionJson = loose({
  reply: loose({ text: z.string(), postbackData: z.string().optional() }).optional(),
  action: loose({
    text: z.string(),
    postbackData: z.string().optional(),
    dialAction: loose({ phoneNumber: z.string() }).optional(),
    openUrlAction: loose({ url: z.string() }).optional(),
    viewLocationAction: loose({
      latLong: loose({ latitude: z.number(), longitude: z.number() }).optional(),
      label: z.string().optional(),
      query: z.string().optional(),
    }).optional(),
    shareLocationAction: z.object({}).optional(),
    createCalendarEventAction: loose({
      startTime: z.string(),
      endTime: z.string(),
      title: z.string(),
      description: z.string().optional(),
    }).optional(),
  }).optional(),
});
const ZRbmCardContentJson = loose({
  title: z.string().optional(),
  description: z.string().optional(),
  media: loose({
    height: z.enum(RCS_MEDIA_HEIGHTS).optional(),
    contentInfo: loose({
      fileUrl: z.string(),
      thumbnailUrl: z.string().optional(),
      forceRefresh: z.boolean().optional(),
    }),
  }).optional(),
  suggestions: z.array(ZRbmSuggestionJson).max(50).optional(),
});
/** RBM's AgentMessage, as imported (unknown fields are ignored). */
export const ZRbmAgentMessageJson = loose({
  contentMessage: loose({
    text: z.string().optional(),
    richCard: loose({
      standaloneCard: loose({
        cardOrientation: z.enum(['VERTICAL', 'HORIZONTAL']),
        thumbnailImageAlignment: z.enum(['LEFT', 'RIGHT']).optional(),
        cardContent: ZRbmCardContentJson,
      }).optional(),
      carouselCard: loose({
        cardWidth: z.enum(['SMALL', 'MEDIUM']),
        cardContents: z.array(ZRbmCardContentJson).max(20),
      }).optional(),
    }).optional(),
    suggestions: z.array(ZRbmSuggestionJson).max(50).optional(),
  }),
});
const ZWhatsappButtonJson = z.discriminatedUnion('type', [
  loose({ type: z.literal('QUICK_REPLY'), text: z.string() }),
  loose({
    type: z.literal('URL'),
    text: z.string(),
    url: z.string(),
    example: z.array(z.string()).optional(),
  }),
  loose({ type: z.literal('PHONE_NUMBER'), text: z.string(), phone_number: z.string() }),
  loose({ type: z.literal('COPY_CODE'), example: z.string() }),
  loose({ type: z.literal('OTP'), otp_type: z.literal('COPY_CODE'), text: z.string().optional() }),
]);
/** Meta's message template create body, as imported (unknown fields are ignored). */
export const ZWhatsappTemplateJson = loose({
  name: z.string(),
  language: z.string(),
  category: z.enum(WHATSAPP_TEMPLATE_CATEGORIES),
  components: z
    .array(
      z.discriminatedUnion('type', [
        loose({
          type: z.literal('HEADER'),
          format: z.enum(['TEXT', 'IMAGE', 'VIDEO', 'DOCUMENT']),
          text: z.string().optional(),
          example: loose({
            header_text: z.array(z.string()).optional(),
            header_handle: z.array(z.string()).optional(),
          }).optional(),
        }),
        loose({
          type: z.literal('BODY'),
          text: z.string().optional(),
          add_security_recommendation: z.boolean().optional(),
          example: loose({ body_text: z.array(z.array(z.string())).optional() }).optional(),
        }),
        loose({
          type: z.literal('FOOTER'),
          text: z.string().optional(),
          code_expiration_minutes: z.number().optional(),
        }),
        loose({ type: z.literal('BUTTONS'), buttons: z.array(ZWhatsappButtonJson).max(30) }),
      ]),
    )
    .max(10),
});

/** POST /templates/import: the network's JSON read into a template to start from (nothing is saved). */
export const ZTemplateImportRequest = z.object({
  channel: ZTemplateChannel,
  /** The file's JSON, parsed by the browser. */
  json: z.unknown(),
});
export const ZTemplateImport = z.object({
  channel: ZTemplateChannel,
  name: z.string().nullable(),
  language: z.string().nullable(),
  content: z.union([ZRcsContentShape, ZWhatsappContentShape]),
  /** What the networks would refuse in it, at its fields (fix them in the builder). */
  problems: z.array(z.object({ path: z.array(z.union([z.string(), z.number()])), message: z.string() })),
});
export type TTemplateImport = z.output<typeof ZTemplateImport>;

/* ------------------------------------------------------------------ Media */

/** POST /templates/media (multipart, field `file`): a card's or header's media, checked by content and size. */
export const ZTemplateMediaUpload = z.object({
  key: z.string(),
  url: z.string(),
  kind: z.enum(['image', 'video', 'document']),
  content_type: z.string(),
  bytes: z.number().int(),
});
export type TTemplateMediaUpload = z.output<typeof ZTemplateMediaUpload>;
