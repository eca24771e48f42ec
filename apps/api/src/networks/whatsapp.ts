import {
  mediaTypeOfMime,
  type TMessageContent,
  WHATSAPP_MEDIA_MIME_TYPES,
  type WhatsAppMediaType,
} from '@portico/domain';
import { NetworkError, unsupported } from './errors.ts';
import { createNetworkHttp } from './http.ts';
import type {
  BotRegistration,
  ConnectorOptions,
  LaunchDetail,
  NetworkConnector,
  TemplateInfo,
  TemplateStatus,
} from './types.ts';

/** A template send's components as Meta takes them: header and body variables, URL button suffixes. */
function templateComponents(content: Extract<TMessageContent, { kind: 'template' }>) {
  const text = (values: readonly string[]) => values.map((value) => ({ type: 'text', text: value }));
  const header = content.headerParameters ?? [];
  const media = content.headerMedia;
  return [
    ...(media
      ? [{ type: 'header', parameters: [{ type: media.type, [media.type]: { link: media.link } }] }]
      : header.length
        ? [{ type: 'header', parameters: text(header) }]
        : []),
    ...(content.parameters.length ? [{ type: 'body', parameters: text(content.parameters) }] : []),
    ...(content.urlButtonParameters ?? []).map((button) => ({
      type: 'button',
      sub_type: 'url',
      index: String(button.index),
      parameters: text([button.text]),
    })),
  ];
}

const refuse = (message: string) => new NetworkError('whatsapp', 'invalid_content', message);

/**
 * A file as Meta's media message: by link, its type the content's media type (else its MIME
 * type's: a URL's extension does not tell it reliably), checked against Meta's rules before any
 * call (supported MIME types, a caption only on images, videos and documents, a filename only on
 * documents; no buttons on media).
 */
function whatsappMedia(content: Extract<TMessageContent, { kind: 'file' }>): Record<string, unknown> {
  // Media uploaded to WhatsApp before (POST /{phone-number-id}/media) is named by its id.
  const source = content.fileUrl
    ? { link: content.fileUrl }
    : content.uploadedFile && /^\d+$/.test(content.uploadedFile)
      ? { id: content.uploadedFile }
      : null;
  if (!source)
    throw refuse('WhatsApp takes media by link or by the id of media uploaded to WhatsApp, not an RBM file.');
  if (content.suggestions.length)
    throw refuse('WhatsApp media messages carry no buttons: send the buttons in a message of their own.');
  const mime = content.mimeType?.split(';')[0]?.trim().toLowerCase();
  const type: WhatsAppMediaType | undefined = content.mediaType ?? (mime ? mediaTypeOfMime(mime) : undefined);
  if (!type)
    throw refuse(
      "WhatsApp needs the file's media type (image, video, audio, document or sticker): give mediaType or mimeType.",
    );
  const supported = WHATSAPP_MEDIA_MIME_TYPES[type];
  if (mime && !supported.includes(mime))
    throw refuse(`WhatsApp does not send ${mime} as ${type}; it takes ${supported.join(', ')}.`);
  if (content.caption && (type === 'audio' || type === 'sticker'))
    throw refuse(`WhatsApp ${type} messages have no caption: send the text in a message of its own.`);
  return {
    type,
    [type]: {
      ...source,
      ...(content.caption ? { caption: content.caption } : {}),
      // Only a document shows a file name; an image's or a video's name is not shown.
      ...(type === 'document' && content.fileName ? { filename: content.fileName } : {}),
    },
  };
}

/** The WhatsApp Cloud API (graph.facebook.com/{version}): messages and message templates. */

const MAX_BUTTONS = 3;
const MAX_BUTTON_TITLE = 20;

/** Our content as a Cloud API message body (without `to`). */
export function whatsappMessage(content: TMessageContent): Record<string, unknown> {
  switch (content.kind) {
    case 'text': {
      if (content.suggestions.length === 0)
        return { type: 'text', text: { body: content.text, preview_url: false } };
      const replies = content.suggestions.filter((s) => s.type === 'reply');
      if (
        replies.length !== content.suggestions.length ||
        replies.length > MAX_BUTTONS ||
        replies.some((r) => r.text.length > MAX_BUTTON_TITLE)
      )
        throw new NetworkError(
          'whatsapp',
          'invalid_content',
          `WhatsApp buttons are up to ${MAX_BUTTONS} replies of up to ${MAX_BUTTON_TITLE} characters; actions are not supported.`,
        );
      return {
        type: 'interactive',
        interactive: {
          type: 'button',
          body: { text: content.text },
          action: {
            buttons: replies.map((r, i) => ({
              type: 'reply',
              reply: { id: r.postbackData || `reply-${i + 1}`, title: r.text },
            })),
          },
        },
      };
    }
    case 'template':
      return {
        type: 'template',
        template: {
          name: content.templateName,
          language: { code: content.language },
          ...(templateComponents(content).length ? { components: templateComponents(content) } : {}),
        },
      };
    case 'rich_card':
    case 'carousel':
      throw new NetworkError(
        'whatsapp',
        'invalid_content',
        'WhatsApp has no rich cards; send text, buttons or a template.',
      );
    case 'file':
      return whatsappMedia(content);
    case 'location':
      return {
        type: 'location',
        location: {
          latitude: content.latitude,
          longitude: content.longitude,
          ...(content.name ? { name: content.name } : {}),
          ...(content.address ? { address: content.address } : {}),
        },
      };
    case 'contacts':
      return { type: 'contacts', contacts: content.contacts };
    case 'reaction':
      return { type: 'reaction', reaction: { message_id: content.messageId, emoji: content.emoji } };
  }
}

/** A multipart/form-data body of text fields and one file (Meta's media upload). */
export function formData(
  fields: Record<string, string>,
  file: { name: string; bytes: Uint8Array; contentType: string; fileName: string },
): { bytes: Uint8Array; contentType: string } {
  const boundary = `portico-${crypto.randomUUID()}`;
  const quoted = (value: string) => value.replace(/["\r\n]/g, '_');
  const parts = Object.entries(fields).map(
    ([name, value]) =>
      `--${boundary}\r\ncontent-disposition: form-data; name="${quoted(name)}"\r\n\r\n${value}\r\n`,
  );
  const head = Buffer.from(
    `${parts.join('')}--${boundary}\r\ncontent-disposition: form-data; name="${quoted(file.name)}"; filename="${quoted(file.fileName)}"\r\ncontent-type: ${file.contentType}\r\n\r\n`,
  );
  return {
    bytes: Buffer.concat([head, file.bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** Graph error codes: https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes */
function graphError(status: number, body: unknown): NetworkError {
  const error = (
    body as { error?: { message?: string; code?: number; error_data?: { details?: string } } } | null
  )?.error;
  const code = error?.code;
  const message = error?.error_data?.details ?? error?.message ?? `HTTP ${status}`;
  const detail = { httpStatus: status, ...(code !== undefined ? { code } : {}) };
  if (status === 429 || code === 130429 || code === 131056 || code === 4 || code === 80007)
    return new NetworkError('whatsapp', 'rate_limited', message, detail);
  if (status >= 500 || code === 131000 || code === 131016)
    return new NetworkError('whatsapp', 'network_down', message, detail);
  if (status === 401 || code === 190) return new NetworkError('whatsapp', 'unauthorized', message, detail);
  if (code === 131026) return new NetworkError('whatsapp', 'not_capable', message, detail);
  if (code === 132015 || code === 132016)
    return new NetworkError('whatsapp', 'not_launched', message, detail);
  if (status === 404 && code !== 132001) return new NetworkError('whatsapp', 'not_found', message, detail);
  return new NetworkError('whatsapp', 'invalid_content', message, detail);
}

/** The country calling code of an E.164 number's digits (1 to 3 digits; the ITU plan is prefix-free). */
const ONE_DIGIT = new Set(['1', '7']);
const TWO_DIGITS = new Set([
  '20',
  '27',
  '30',
  '31',
  '32',
  '33',
  '34',
  '36',
  '39',
  '40',
  '41',
  '43',
  '44',
  '45',
  '46',
  '47',
  '48',
  '49',
  '51',
  '52',
  '53',
  '54',
  '55',
  '56',
  '57',
  '58',
  '60',
  '61',
  '62',
  '63',
  '64',
  '65',
  '66',
  '81',
  '82',
  '84',
  '86',
  '90',
  '91',
  '92',
  '93',
  '94',
  '95',
  '98',
]);
export function countryCodeOf(digits: string): string {
  if (ONE_DIGIT.has(digits.slice(0, 1))) return digits.slice(0, 1);
  if (TWO_DIGITS.has(digits.slice(0, 2))) return digits.slice(0, 2);
  return digits.slice(0, 3);
}
/** The two-step verification PIN the number is registered with (derived from our request id, 6 digits). */
const registrationPin = (requestId: string) =>
  String(Number.parseInt(requestId.replace(/[^0-9a-f]/gi, '').slice(0, 8), 16) % 1_000_000).padStart(6, '0');

function senderOf(registration: BotRegistration) {
  const { wabaId, phoneNumber } = registration;
  if (!wabaId || !phoneNumber)
    throw new NetworkError('whatsapp', 'invalid_content', 'a sender needs its WABA id and phone number.');
  return { ...registration, wabaId, phoneNumber };
}

export function createWhatsAppConnector(options: ConnectorOptions & { appId: string }): NetworkConnector {
  const http = createNetworkHttp({
    ...options,
    network: 'whatsapp',
    headers: () => ({ authorization: `Bearer ${options.token}` }),
    classify: graphError,
  });
  const notHere = (what: string) => async (): Promise<never> => {
    throw unsupported('whatsapp', what);
  };
  async function findNumber(wabaId: string, phoneNumber: string): Promise<string | null> {
    const { body } = await http.request({
      method: 'GET',
      path: `/${encodeURIComponent(wabaId)}/phone_numbers`,
      retry: 'always',
    });
    const digits = phoneNumber.replace(/\D/g, '');
    const numbers = (body as { data?: Array<{ id: string; display_phone_number: string }> }).data ?? [];
    return numbers.find((n) => n.display_phone_number.replace(/\D/g, '') === digits)?.id ?? null;
  }

  async function launchDetail(phoneNumberId: string): Promise<LaunchDetail> {
    const { body } = await http.request({
      method: 'GET',
      path: `/${encodeURIComponent(phoneNumberId)}`,
      query: { fields: 'id,display_phone_number,status' },
      retry: 'always',
    });
    const status = (body as { status?: string }).status ?? 'UNKNOWN';
    return status === 'CONNECTED'
      ? { state: 'LAUNCH_STATE_LAUNCHED', reason: null }
      : {
          state: 'LAUNCH_STATE_REJECTED',
          reason: `The number is not registered for the WhatsApp Cloud API (status ${status}).`,
        };
  }

  return {
    network: 'whatsapp',
    baseUrl: options.baseUrl,
    async send({ sender, recipient, content }) {
      const { body } = await http.request({
        method: 'POST',
        path: `/${encodeURIComponent(sender)}/messages`,
        json: {
          messaging_product: 'whatsapp',
          recipient_type: 'individual',
          to: recipient,
          ...whatsappMessage(content),
        },
        // The Cloud API has no idempotency key: never resend what it may have taken.
        retry: 'if-not-accepted',
      });
      const id = (body as { messages?: Array<{ id?: string }> }).messages?.[0]?.id;
      if (!id) throw new NetworkError('whatsapp', 'network_down', 'the answer named no message id.');
      return { networkMessageId: id };
    },
    // The Cloud API has no reachability check: a send to a number not on WhatsApp fails with 131026.
    capability: notHere('A capability check'),
    reachableUsers: notHere('Capability in bulk'),
    inviteTester: notHere('Tester invites'),
    testerStatus: notHere('Tester invites'),
    revoke: notHere('Revoking a message'),
    // Marks the user's message read (and earlier ones), with the typing indicator when asked. Meta
    // shows typing only with a read: IS_TYPING alone has no message to hang on.
    async sendEvent(sender, _recipient, event) {
      if (event.eventType !== 'READ')
        throw refuse("WhatsApp shows the typing indicator only with a read: mark the user's message read.");
      await http.request({
        method: 'POST',
        path: `/${encodeURIComponent(sender)}/messages`,
        json: {
          messaging_product: 'whatsapp',
          status: 'read',
          message_id: event.messageId,
          ...(event.typing ? { typing_indicator: { type: 'text' } } : {}),
        },
        // Reading twice leaves it read.
        retry: 'always',
      });
    },
    // POST /{phone-number-id}/media (multipart/form-data): the media id a message sends it by.
    async uploadFile(sender, file) {
      if (!('bytes' in file))
        throw refuse('WhatsApp uploads media as bytes: send a URL as the link instead.');
      const { body } = await http.request({
        method: 'POST',
        path: `/${encodeURIComponent(sender)}/media`,
        body: formData(
          { messaging_product: 'whatsapp', type: file.contentType },
          { name: 'file', ...file, fileName: file.fileName ?? 'file' },
        ),
        // Each upload makes new media: never twice.
        retry: 'if-not-accepted',
      });
      const id = (body as { id?: string }).id;
      if (!id) throw new NetworkError('whatsapp', 'network_down', 'the upload answered no media id.');
      return id;
    },
    async mediaInfo(sender, mediaId) {
      const { body } = await http.request({
        method: 'GET',
        path: `/${encodeURIComponent(mediaId)}`,
        query: { phone_number_id: sender },
        retry: 'always',
      });
      const media = body as { url: string; mime_type: string; sha256: string; file_size: number | string };
      return {
        url: media.url,
        mimeType: media.mime_type,
        sha256: media.sha256,
        fileSize: Number(media.file_size),
      };
    },
    async downloadMedia(url) {
      const response = await http.request({ method: 'GET', path: url, raw: true, retry: 'always' });
      return {
        bytes: response.body as Uint8Array,
        contentType: response.contentType ?? 'application/octet-stream',
      };
    },
    async deleteMedia(sender, mediaId) {
      await http.request({
        method: 'DELETE',
        path: `/${encodeURIComponent(mediaId)}`,
        query: { phone_number_id: sender },
        retry: 'always',
      });
    },
    registerAgent: notHere('Agent registration'),
    findAgent: notHere('Agent registration'),
    updateAgent: notHere('Agent update'),
    deleteAgent: notHere('Agent deletion'),
    async registerBot(registration) {
      const { wabaId, phoneNumber, displayName, profile } = senderOf(registration);
      // A number an earlier attempt added is reused: the WABA refuses the same number twice.
      let id = await findNumber(wabaId, phoneNumber);
      if (!id) {
        const digits = phoneNumber.slice(1);
        const cc = countryCodeOf(digits);
        const { body } = await http.request({
          method: 'POST',
          path: `/${encodeURIComponent(wabaId)}/phone_numbers`,
          json: { cc, phone_number: digits.slice(cc.length), verified_name: displayName },
          retry: 'if-not-accepted',
        });
        id = (body as { id: string }).id;
      }
      await http.request({
        method: 'POST',
        path: `/${encodeURIComponent(id)}/register`,
        json: { messaging_product: 'whatsapp', pin: registrationPin(registration.requestId) },
        retry: 'always',
      });
      await http.request({
        method: 'POST',
        path: `/${encodeURIComponent(id)}/whatsapp_business_profile`,
        json: { messaging_product: 'whatsapp', ...profile },
        retry: 'always',
      });
      return id;
    },
    async findBot(registration) {
      const { wabaId, phoneNumber } = senderOf(registration);
      return findNumber(wabaId, phoneNumber);
    },
    async updateProfile(phoneNumberId, profile) {
      await http.request({
        method: 'POST',
        path: `/${encodeURIComponent(phoneNumberId)}/whatsapp_business_profile`,
        json: { messaging_product: 'whatsapp', ...profile },
        retry: 'always',
      });
    },
    // Resumable Upload API: open an upload session on the app, send the bytes from offset 0, and
    // answer the file handle the business profile takes as profile_picture_handle.
    async uploadProfilePhoto({ bytes, contentType }) {
      const { body: session } = await http.request({
        method: 'POST',
        path: `/${encodeURIComponent(options.appId)}/uploads`,
        query: { file_length: String(bytes.length), file_type: contentType },
        retry: 'always',
      });
      const uploadId = (session as { id?: string }).id;
      if (!uploadId) throw new NetworkError('whatsapp', 'network_down', 'the upload session had no id.');
      const { body: uploaded } = await http.request({
        method: 'POST',
        path: `/${uploadId}`,
        // Meta's upload step takes the token as `OAuth <token>`.
        headers: { authorization: `OAuth ${options.token}`, file_offset: '0' },
        body: { bytes, contentType },
        retry: 'always',
      });
      const handle = (uploaded as { h?: string }).h;
      if (!handle) throw new NetworkError('whatsapp', 'network_down', 'the upload answered no file handle.');
      return handle;
    },
    async deleteBot(phoneNumberId) {
      try {
        await http.request({
          method: 'POST',
          path: `/${encodeURIComponent(phoneNumberId)}/deregister`,
          json: {},
          retry: 'always',
        });
        await http.request({
          method: 'DELETE',
          path: `/${encodeURIComponent(phoneNumberId)}`,
          retry: 'always',
        });
      } catch (error) {
        if (
          error instanceof NetworkError &&
          error.detail.code === 100 &&
          /does not exist/.test(error.message)
        )
          return;
        throw error;
      }
    },
    requestVerification: notHere('Agent verification'),
    verificationState: notHere('Agent verification'),
    // WhatsApp has no launch review: a sender is live once its number is registered for the Cloud
    // API (registerBot registers it). The launch checks the number's status: CONNECTED is live.
    async requestLaunch(phoneNumberId) {
      return (await launchDetail(phoneNumberId)).state;
    },
    launchDetail,
    async launchState(phoneNumberId) {
      return (await launchDetail(phoneNumberId)).state;
    },

    async submitTemplate({ wabaId, name, language, category, components }) {
      const { body } = await http.request({
        method: 'POST',
        path: `/${encodeURIComponent(wabaId)}/message_templates`,
        json: { name, language, category, components },
        retry: 'if-not-accepted',
      });
      const created = body as { id: string; status: TemplateStatus };
      return { id: created.id, status: created.status };
    },
    async deleteTemplate(wabaId, name) {
      try {
        await http.request({
          method: 'DELETE',
          path: `/${encodeURIComponent(wabaId)}/message_templates`,
          query: { name },
          retry: 'always',
        });
      } catch (error) {
        // Meta's 132001: no template of that name (deleted already, e.g. by a retry).
        if (error instanceof NetworkError && error.detail.code === 132001) return;
        throw error;
      }
    },
    async listTemplates(wabaId, page = {}) {
      const { body } = await http.request({
        method: 'GET',
        path: `/${encodeURIComponent(wabaId)}/message_templates`,
        query: { limit: String(page.limit ?? 25), after: page.after },
        retry: 'always',
      });
      const answer = body as {
        data: Array<{
          id: string;
          name: string;
          language: string;
          category: string;
          status: TemplateStatus;
          rejected_reason?: string;
        }>;
        paging?: { cursors?: { after?: string }; next?: string };
      };
      const items: TemplateInfo[] = answer.data.map((t) => ({
        id: t.id,
        name: t.name,
        language: t.language,
        category: t.category,
        status: t.status,
        rejectedReason: t.rejected_reason ?? null,
      }));
      return { items, after: answer.paging?.next ? (answer.paging.cursors?.after ?? null) : null };
    },
  };
}
