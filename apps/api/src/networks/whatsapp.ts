import type { TMessageContent } from '@portico/domain';
import { NetworkError, unsupported } from './errors.ts';
import { createNetworkHttp } from './http.ts';
import type { ConnectorOptions, NetworkConnector, TemplateInfo, TemplateStatus } from './types.ts';

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
          ...(content.parameters.length
            ? {
                components: [
                  { type: 'body', parameters: content.parameters.map((text) => ({ type: 'text', text })) },
                ],
              }
            : {}),
        },
      };
    case 'rich_card':
    case 'carousel':
      throw new NetworkError(
        'whatsapp',
        'invalid_content',
        'WhatsApp has no rich cards; send text, buttons or a template.',
      );
  }
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

export function createWhatsAppConnector(options: ConnectorOptions): NetworkConnector {
  const http = createNetworkHttp({
    ...options,
    network: 'whatsapp',
    headers: () => ({ authorization: `Bearer ${options.token}` }),
    classify: graphError,
  });
  const notHere = (what: string) => async (): Promise<never> => {
    throw unsupported('whatsapp', what);
  };

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
    inviteTester: notHere('Tester invites'),
    testerStatus: notHere('Tester invites'),
    uploadFile: notHere('File upload'),
    registerAgent: notHere('Agent registration'),
    requestVerification: notHere('Agent verification'),
    verificationState: notHere('Agent verification'),
    requestLaunch: notHere('Agent launch'),
    launchState: notHere('Agent launch'),

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
