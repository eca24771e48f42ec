import { mediaTypeOfMime, type TMessageContent, type TRichCard, type TSuggestion } from '@portico/domain';
import { NetworkError, unsupported } from './errors.ts';
import { createNetworkHttp } from './http.ts';
import type { Capability, ConnectorOptions, LaunchDetail, LaunchState, NetworkConnector } from './types.ts';

/** Contact capability requests a MaaP connector has in flight at once for a bulk check. */
export const MAAP_CAPABILITY_CONCURRENCY = 8;

const MAAP_LAUNCH_STATES: Record<string, LaunchState> = {
  unlaunched: 'LAUNCH_STATE_UNLAUNCHED',
  pending: 'LAUNCH_STATE_PENDING',
  launched: 'LAUNCH_STATE_LAUNCHED',
  rejected: 'LAUNCH_STATE_REJECTED',
};
/** A MaaP launch answer ({botId, status, reason?}) as our launch detail. */
function maapLaunch(body: unknown): LaunchDetail {
  const { status, reason } = body as { status?: string; reason?: string };
  return { state: MAAP_LAUNCH_STATES[status ?? ''] ?? 'LAUNCH_STATE_UNSPECIFIED', reason: reason ?? null };
}

/** The GSMA MaaP Chatbot API (bot/v1/{botId}/messages, 202 Accepted; status events to our webhook). */

export function maapSuggestion(s: TSuggestion): Record<string, unknown> {
  const base = { displayText: s.text, postback: { data: s.postbackData } };
  switch (s.type) {
    case 'reply':
      return { reply: base };
    case 'dial':
      return { action: { ...base, dialerAction: { dialPhoneNumber: { phoneNumber: s.phoneNumber } } } };
    case 'open_url':
      return { action: { ...base, urlAction: { openUrl: { url: s.url } } } };
    case 'view_location':
      return {
        action: {
          ...base,
          mapAction: {
            showLocation: {
              location: {
                latitude: s.latitude,
                longitude: s.longitude,
                ...(s.label ? { label: s.label } : {}),
              },
            },
          },
        },
      };
    case 'share_location':
      return { action: { ...base, mapAction: { requestLocationPush: {} } } };
    case 'calendar':
      return {
        action: {
          ...base,
          calendarAction: {
            createCalendarEvent: {
              startTime: s.startTime,
              endTime: s.endTime,
              title: s.title,
              ...(s.description ? { description: s.description } : {}),
            },
          },
        },
      };
  }
}

const mediaType = (url: string) => {
  const ext = url.split('?')[0]?.split('.').pop()?.toLowerCase();
  if (ext === 'png') return 'image/png';
  if (ext === 'gif') return 'image/gif';
  if (ext === 'mp4') return 'video/mp4';
  return 'image/jpeg';
};

function card(c: TRichCard) {
  return {
    ...(c.title ? { title: c.title } : {}),
    ...(c.description ? { description: c.description } : {}),
    ...(c.media
      ? {
          media: {
            mediaUrl: c.media.fileUrl,
            mediaContentType: mediaType(c.media.fileUrl),
            height: `${c.media.height}_HEIGHT`,
          },
        }
      : {}),
    ...(c.suggestions.length ? { suggestions: c.suggestions.map(maapSuggestion) } : {}),
  };
}

/**
 * A file as MaaP's fileMessage, or its audioMessage for an audio file: by URL, with the MIME type
 * MaaP requires (a URL alone does not tell it), and the size, name and thumbnail when known.
 */
function maapFile(content: Extract<TMessageContent, { kind: 'file' }>): Record<string, unknown> {
  const refuse = (message: string) => new NetworkError('maap', 'invalid_content', message);
  if (!content.fileUrl)
    throw refuse('MaaP takes files by URL: a file uploaded to RBM cannot be sent on MaaP.');
  if (!content.mimeType) throw refuse("A MaaP fileMessage names the file's MIME type: give mimeType.");
  if (content.caption) throw refuse('MaaP files carry no caption: send the text in a message of its own.');
  const file = {
    fileUrl: content.fileUrl,
    fileMIMEType: content.mimeType,
    ...(content.fileSize !== undefined ? { fileSize: content.fileSize } : {}),
    ...(content.fileName ? { fileName: content.fileName } : {}),
  };
  if (mediaTypeOfMime(content.mimeType) === 'audio') return { audioMessage: file };
  return {
    fileMessage: { ...file, ...(content.thumbnailUrl ? { thumbnailUrl: content.thumbnailUrl } : {}) },
  };
}

/** Our content as the MaaP RCSMessage (without msgId). */
export function maapRcsMessage(content: TMessageContent): Record<string, unknown> {
  const chips =
    'suggestions' in content && content.suggestions.length
      ? { suggestedChipList: { suggestions: content.suggestions.map(maapSuggestion) } }
      : {};
  switch (content.kind) {
    case 'text':
      return { textMessage: content.text, ...chips };
    case 'rich_card':
      return {
        richcardMessage: {
          message: {
            generalPurposeCard: {
              layout: {
                cardOrientation: content.orientation ?? 'VERTICAL',
                ...(content.orientation === 'HORIZONTAL'
                  ? { imageAlignment: content.imageAlignment ?? 'LEFT' }
                  : {}),
              },
              content: card(content.card),
            },
          },
        },
        ...chips,
      };
    case 'carousel':
      return {
        richcardMessage: {
          message: {
            generalPurposeCardCarousel: {
              layout: { cardWidth: `${content.cardWidth}_WIDTH` },
              content: content.cards.map(card),
            },
          },
        },
        ...chips,
      };
    case 'template':
      throw new NetworkError('maap', 'invalid_content', 'MaaP has no templates; send text or a rich card.');
    case 'file':
      return { ...maapFile(content), ...chips };
    case 'location':
    case 'contacts':
    case 'reaction':
      throw new NetworkError(
        'maap',
        'invalid_content',
        `MaaP has no ${content.kind} message; send text, a rich card or a file.`,
      );
  }
}

function maapError(status: number, body: unknown): NetworkError {
  const message = (body as { error?: { message?: string } } | null)?.error?.message ?? `HTTP ${status}`;
  const detail = { httpStatus: status };
  if (status === 429) return new NetworkError('maap', 'rate_limited', message, detail);
  if (status >= 500) return new NetworkError('maap', 'network_down', message, detail);
  if (status === 401) return new NetworkError('maap', 'unauthorized', message, detail);
  if (status === 403) return new NetworkError('maap', 'not_launched', message, detail);
  if (status === 404) return new NetworkError('maap', 'not_capable', message, detail);
  return new NetworkError('maap', 'invalid_content', message, detail);
}

/** MaaP's 404 on a message's status: the message is not there (the connector reads 404 elsewhere as not_capable). */
function notFoundOn404(error: unknown, message: string): unknown {
  if (error instanceof NetworkError && error.detail.httpStatus === 404)
    return new NetworkError('maap', 'not_found', message, error.detail);
  return error;
}

export function createMaapConnector(options: ConnectorOptions): NetworkConnector {
  const http = createNetworkHttp({
    ...options,
    network: 'maap',
    headers: () => ({ authorization: `Bearer ${options.token}` }),
    classify: maapError,
  });
  const bot = (botId: string) => `/bot/v1/${encodeURIComponent(botId)}`;

  async function capability(sender: string, msisdn: string): Promise<Capability> {
    try {
      const { body } = await http.request({
        method: 'GET',
        path: `${bot(sender)}/contactCapabilities`,
        query: { userContact: msisdn },
        retry: 'always',
      });
      return { capable: true, features: (body as { capabilities?: string[] }).capabilities ?? [] };
    } catch (error) {
      if (error instanceof NetworkError && error.kind === 'not_capable')
        return { capable: false, features: [] };
      throw error;
    }
  }
  const notHere = (what: string) => async (): Promise<never> => {
    throw unsupported('maap', what);
  };

  async function launchDetail(botId: string): Promise<LaunchDetail> {
    const { body } = await http.request({
      method: 'GET',
      path: `/management/v1/bots/${encodeURIComponent(botId)}/launch`,
      retry: 'always',
    });
    return maapLaunch(body);
  }

  return {
    network: 'maap',
    baseUrl: options.baseUrl,
    async send({ messageId, sender, recipient, content }) {
      await http.request({
        method: 'POST',
        path: `${bot(sender)}/messages`,
        json: {
          RCSMessage: { msgId: messageId, ...maapRcsMessage(content) },
          messageContact: { userContact: recipient },
        },
        // The msgId is the idempotency key: the network ignores a repeat.
        retry: 'always',
      });
      return { networkMessageId: messageId };
    },
    capability,
    inviteTester: notHere('Tester invites (MaaP bots are tested through the carrier)'),
    testerStatus: notHere('Tester invites (MaaP bots are tested through the carrier)'),
    uploadFile: notHere('File upload (MaaP messages carry media by URL)'),
    /**
     * MaaP has no capability in bulk: contactCapabilities per contact, MAAP_CAPABILITY_CONCURRENCY at
     * once. No random sample (its counts are 0).
     */
    async reachableUsers(sender, msisdns) {
      const reachable: string[] = [];
      let next = 0;
      const worker = async () => {
        while (next < msisdns.length) {
          const msisdn = msisdns[next++] as string;
          if ((await capability(sender, msisdn)).capable) reachable.push(msisdn);
        }
      };
      await Promise.all(Array.from({ length: MAAP_CAPABILITY_CONCURRENCY }, worker));
      const order = new Map(msisdns.map((m, i) => [m, i]));
      reachable.sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0));
      return { reachableUsers: reachable, totalRandomSampleUserCount: 0, reachableRandomSampleUserCount: 0 };
    },
    mediaInfo: notHere('Media by id (MaaP messages carry media by URL)'),
    downloadMedia: notHere('Media by id (MaaP messages carry media by URL)'),
    deleteMedia: notHere('Media by id (MaaP messages carry media by URL)'),
    async revoke(sender, recipient, messageId) {
      try {
        await http.request({
          method: 'PUT',
          path: `${bot(sender)}/messages/${encodeURIComponent(messageId)}/status`,
          json: {
            RCSMessage: { status: 'cancelled' },
            ...(recipient ? { messageContact: { userContact: recipient } } : {}),
          },
          // Cancelling twice is cancelling once.
          retry: 'always',
        });
      } catch (error) {
        throw notFoundOn404(error, 'The message is unknown or already delivered: it cannot be revoked.');
      }
    },
    async sendEvent(sender, recipient, event) {
      try {
        await http.request(
          event.eventType === 'READ'
            ? {
                method: 'PUT',
                path: `${bot(sender)}/messages/${encodeURIComponent(event.messageId)}/status`,
                json: { RCSMessage: { status: 'displayed' }, messageContact: { userContact: recipient } },
                retry: 'always',
              }
            : {
                method: 'POST',
                path: `${bot(sender)}/messages`,
                json: { RCSMessage: { isTyping: 'active' }, messageContact: { userContact: recipient } },
                retry: 'always',
              },
        );
      } catch (error) {
        // A read receipt for a message MaaP does not know is not_found; typing to a contact
        // without RCS stays not_capable.
        throw event.eventType === 'READ' ? notFoundOn404(error, 'The message is unknown.') : error;
      }
    },
    registerAgent: notHere('Agent registration (MaaP bots are registered with registerBot)'),
    findAgent: notHere('Agent registration (MaaP bots are registered with registerBot)'),
    updateAgent: notHere('Agent update'),
    deleteAgent: notHere('Agent deletion (MaaP bots are deleted with deleteBot)'),
    async registerBot({ requestId, displayName, profile }) {
      // The request id makes a retried create answer the bot the first attempt made.
      const { body } = await http.request({
        method: 'POST',
        path: '/management/v1/bots',
        json: { requestId, displayName, botInfo: profile },
        retry: 'always',
      });
      return (body as { botId: string }).botId;
    },
    async findBot({ requestId }) {
      const { body } = await http.request({
        method: 'GET',
        path: '/management/v1/bots',
        query: { requestId },
        retry: 'always',
      });
      return (body as { bots?: Array<{ botId: string }> }).bots?.[0]?.botId ?? null;
    },
    async updateProfile(botId, profile) {
      // The same shape as the create: the display name and the bot's information (botInfo), replaced.
      const { displayName } = profile;
      await http.request({
        method: 'PATCH',
        path: `/management/v1/bots/${encodeURIComponent(botId)}`,
        json: { ...(typeof displayName === 'string' ? { displayName } : {}), botInfo: profile },
        retry: 'always',
      });
    },
    uploadProfilePhoto: notHere('Profile photos'),
    async deleteBot(botId) {
      try {
        await http.request({
          method: 'DELETE',
          path: `/management/v1/bots/${encodeURIComponent(botId)}`,
          retry: 'always',
        });
      } catch (error) {
        if (error instanceof NetworkError && error.kind === 'not_found') return;
        throw error;
      }
    },
    requestVerification: notHere('Agent verification'),
    verificationState: notHere('Agent verification'),
    // The carrier's launch of the chatbot (the sandbox's /management/v1/bots/{botId}/launch: GSMA
    // MaaP leaves launch to each carrier's onboarding); one launch per bot, so the region is ignored.
    async requestLaunch(botId) {
      const { body } = await http.request({
        method: 'POST',
        path: `/management/v1/bots/${encodeURIComponent(botId)}/launch`,
        json: {},
        // Asking again for a pending or launched bot changes nothing.
        retry: 'always',
      });
      return maapLaunch(body).state;
    },
    launchDetail,
    async launchState(botId) {
      return (await launchDetail(botId)).state;
    },
    submitTemplate: notHere('Template review'),
    listTemplates: notHere('Template review'),
    deleteTemplate: notHere('Template review'),
  };
}
