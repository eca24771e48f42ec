import type { TCloudApiError, TCloudApiSendResponse } from './whatsapp-cloud-api.ts';

/**
 * Meta's documented Cloud API examples (reference "Messages": text, template, interactive reply
 * buttons, image and document messages by link; Meta's answer and Graph API errors), shown in the partner OpenAPI and sent to our
 * endpoint by its contract test, so they cannot rot. Meta's placeholder recipient is replaced by a
 * priced Indian test number; the rest is Meta's text.
 */

/** The recipient the examples name, digits with the country code (Meta's samples: PHONE_NUMBER). */
export const WHATSAPP_EXAMPLE_RECIPIENT = '919810012345';

export const WHATSAPP_TEXT_EXAMPLE = {
  messaging_product: 'whatsapp',
  recipient_type: 'individual',
  to: WHATSAPP_EXAMPLE_RECIPIENT,
  type: 'text',
  text: { preview_url: false, body: 'text-message-content' },
} as const;

export const WHATSAPP_INTERACTIVE_EXAMPLE = {
  messaging_product: 'whatsapp',
  recipient_type: 'individual',
  to: WHATSAPP_EXAMPLE_RECIPIENT,
  type: 'interactive',
  interactive: {
    type: 'button',
    body: { text: 'BUTTON_TEXT' },
    action: {
      buttons: [
        { type: 'reply', reply: { id: 'UNIQUE_BUTTON_ID_1', title: 'BUTTON_TITLE_1' } },
        { type: 'reply', reply: { id: 'UNIQUE_BUTTON_ID_2', title: 'BUTTON_TITLE_2' } },
      ],
    },
  },
} as const;

/** An image by link with its caption (Meta's "Image messages" sample). */
export const WHATSAPP_IMAGE_EXAMPLE = {
  messaging_product: 'whatsapp',
  recipient_type: 'individual',
  to: WHATSAPP_EXAMPLE_RECIPIENT,
  type: 'image',
  image: {
    link: 'https://www.luckyshrub.com/assets/succulents/aloe.png',
    caption: 'The best succulent ever?',
  },
} as const;

/** A document by link with its caption and the file name the phone shows (Meta's "Document messages" sample). */
export const WHATSAPP_DOCUMENT_EXAMPLE = {
  messaging_product: 'whatsapp',
  recipient_type: 'individual',
  to: WHATSAPP_EXAMPLE_RECIPIENT,
  type: 'document',
  document: {
    link: 'https://www.luckyshrub.com/invoices/FmOzfD9cKf/lucky-shrub-invoice.pdf',
    caption: 'Lucky Shrub Invoice',
    filename: 'lucky-shrub-invoice.pdf',
  },
} as const;

/** A template the number must have (an approved template of the bot); Meta's sample names hello_world. */
export const WHATSAPP_TEMPLATE_EXAMPLE = {
  messaging_product: 'whatsapp',
  to: WHATSAPP_EXAMPLE_RECIPIENT,
  type: 'template',
  template: { name: 'hello_world', language: { code: 'en_US' } },
} as const;

/** Meta's answer to an accepted send: the contact and the message's wamid. */
export const WHATSAPP_SENT_EXAMPLE = {
  messaging_product: 'whatsapp',
  contacts: [{ input: WHATSAPP_EXAMPLE_RECIPIENT, wa_id: WHATSAPP_EXAMPLE_RECIPIENT }],
  messages: [{ id: 'wamid.HBgLMTY0NjcwNDM1OTUVAgARGBI1RjQyNUE3NEYxMzAzMzQ5MkEA' }],
} satisfies TCloudApiSendResponse;

/** Meta's answer to an invalid, expired or revoked token. */
export const WHATSAPP_INVALID_TOKEN_EXAMPLE = {
  error: {
    message: 'Invalid OAuth access token - Cannot parse access token',
    type: 'OAuthException',
    code: 190,
    fbtrace_id: 'Az8or2yhqkZfEZ-_4Qn_Bam',
  },
} satisfies TCloudApiError;

/** Meta's answer to a template the number does not have. */
export const WHATSAPP_TEMPLATE_MISSING_EXAMPLE = {
  error: {
    message: '(#132001) Template name does not exist in the translation',
    type: 'OAuthException',
    code: 132001,
    error_data: {
      messaging_product: 'whatsapp',
      details: 'template name (hello_world) does not exist in en_US',
    },
    fbtrace_id: 'AjkQJzWbeBSAS6TkX3HHC9C',
  },
} satisfies TCloudApiError;

/**
 * The answer to media by an `id` the bot did not upload (POST /{phone-number-id}/media answers the
 * ids it may send): Meta's (#100) for an object it cannot load, HTTP 404.
 */
export const WHATSAPP_MEDIA_ID_EXAMPLE = {
  error: {
    message: '(#100) Unsupported post request',
    type: 'GraphMethodException',
    code: 100,
    error_subcode: 33,
    error_data: {
      messaging_product: 'whatsapp',
      details:
        "Object with ID '1013859600285441' does not exist, cannot be loaded due to missing permissions, or does not support this operation.",
    },
    fbtrace_id: 'A4bVx2tq9EeZqjJ3wUo1kPz',
  },
} satisfies TCloudApiError;

/** A location message (Meta's "Location messages" sample). */
export const WHATSAPP_LOCATION_EXAMPLE = {
  messaging_product: 'whatsapp',
  to: WHATSAPP_EXAMPLE_RECIPIENT,
  type: 'location',
  location: {
    latitude: '37.44216251868683',
    longitude: '-122.16153582049394',
    name: 'Philz Coffee',
    address: '101 Forest Ave, Palo Alto, CA 94301',
  },
} as const;

/** A contacts message with one card (Meta's "Contacts messages" sample, shortened). */
export const WHATSAPP_CONTACTS_EXAMPLE = {
  messaging_product: 'whatsapp',
  to: WHATSAPP_EXAMPLE_RECIPIENT,
  type: 'contacts',
  contacts: [
    {
      name: { formatted_name: 'Barbara J. Johnson', first_name: 'Barbara', last_name: 'Johnson' },
      phones: [{ phone: '+16505559999', type: 'HOME' }],
      emails: [{ email: 'bjohnson@example.com', type: 'WORK' }],
      org: { company: 'Lucky Shrub', title: 'Manager' },
    },
  ],
} as const;
