/**
 * Every limit of a template, as the networks document them.
 *
 * RCS (Google RBM, AgentMessage / AgentContentMessage reference): a text message is at most 3072
 * characters; a message carries at most 11 suggestions (chips), a rich card at most 4; a
 * suggestion's text is at most 25 characters and its postback data at most 2048; a card's title at
 * most 200 and its description at most 2000 characters; a carousel holds 2 to 10 cards; SMALL
 * carousel cards cannot use TALL media; a horizontal standalone card sets its image alignment and
 * takes no media height; a calendar event's title is at most 100 and its description at most 500
 * characters; media files are at most 100 MB (images JPEG, PNG, GIF; video H.263, M4V, MP4, MPEG,
 * WebM), their thumbnails at most 100 KB; URLs at most 2048 characters.
 *
 * WhatsApp (Meta, message template components): the name is at most 512 characters of lower-case
 * letters, digits and underscores; a text header at most 60 characters with at most one variable;
 * the body at most 1024 characters, numbered variables {{1}}, {{2}} ... in order, each with an
 * example, none at the very start or end; the footer at most 60 characters without variables; at
 * most 10 buttons: up to 10 quick replies, 2 URL buttons, 1 phone number button and 1 copy code
 * button, quick replies grouped together; button text at most 25 characters, a URL at most 2000
 * characters with at most one variable at its end, a phone number at most 20 characters, a copy
 * code example at most 15 characters. Authentication templates carry Meta's preset text, one
 * copy-code (OTP) button and an expiry of 1 to 90 minutes; utility templates have no copy code
 * button. Header media: images (JPEG, PNG) at most 5 MB, video (MP4) at most 16 MB,
 * documents (PDF) at most 100 MB.
 */
export const RCS_TEMPLATE_LIMITS = {
  text: 3072,
  suggestionsPerMessage: 11,
  suggestionsPerCard: 4,
  suggestionText: 25,
  postbackData: 2048,
  cardTitle: 200,
  cardDescription: 2000,
  carouselMin: 2,
  carouselMax: 10,
  url: 2048,
  calendarTitle: 100,
  calendarDescription: 500,
  locationLabel: 100,
  mediaBytes: 100 * 1024 * 1024,
  thumbnailBytes: 100 * 1024,
} as const;

export const RCS_MEDIA_TYPES = {
  image: ['image/jpeg', 'image/png', 'image/gif'],
  video: ['video/h263', 'video/m4v', 'video/mp4', 'video/mpeg', 'video/webm'],
} as const;

export const WHATSAPP_TEMPLATE_LIMITS = {
  name: 512,
  headerText: 60,
  headerVariables: 1,
  body: 1024,
  footer: 60,
  buttons: 10,
  quickReplyButtons: 10,
  urlButtons: 2,
  phoneNumberButtons: 1,
  copyCodeButtons: 1,
  buttonText: 25,
  buttonUrl: 2000,
  phoneNumber: 20,
  copyCodeExample: 15,
  variableExample: 1024,
  codeExpirationMinMinutes: 1,
  codeExpirationMaxMinutes: 90,
} as const;

export const WHATSAPP_MEDIA = {
  IMAGE: { types: ['image/jpeg', 'image/png'], maxBytes: 5 * 1024 * 1024 },
  // Template header media goes through Meta's Resumable Upload API, which takes MP4 video.
  VIDEO: { types: ['video/mp4'], maxBytes: 16 * 1024 * 1024 },
  DOCUMENT: { types: ['application/pdf'], maxBytes: 100 * 1024 * 1024 },
} as const;

/** A personalised field's name: {{first_name}} (RCS) or a number {{1}} (WhatsApp). */
export const TEMPLATE_VARIABLE_NAME_MAX = 50;
/** How many different personalised fields one RCS template may use. */
export const RCS_TEMPLATE_VARIABLES_MAX = 20;
/** A template's name on our side (RCS) and Meta's (WhatsApp, stricter: see whatsappNameProblem). */
export const TEMPLATE_NAME_MAX = 100;
