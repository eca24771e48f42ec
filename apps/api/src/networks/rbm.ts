import type { TMessageContent, TRichCard, TSuggestion } from '@portico/domain';
import { NetworkError, unsupported } from './errors.ts';
import {
  BUSINESS_COMMUNICATIONS_SCOPE,
  type GoogleCredentials,
  googleAuthorization,
  RBM_SCOPE,
} from './google-auth.ts';
import { createNetworkHttp, type NetworkHttp } from './http.ts';
import type {
  ConnectorOptions,
  LaunchState,
  NetworkConnector,
  ReachableUsers,
  TesterInviteStatus,
  VerificationState,
} from './types.ts';

/**
 * Google RCS Business Messaging (rcsbusinessmessaging.googleapis.com: messages, capabilities,
 * testers, files) and the Business Communications API (businesscommunications.googleapis.com:
 * brands, agents, verification, launch), spoken over HTTP with OAuth access tokens of each API's
 * scope (decision 0017).
 */

export function rbmSuggestion(s: TSuggestion): Record<string, unknown> {
  const base = { text: s.text, postbackData: s.postbackData };
  switch (s.type) {
    case 'reply':
      return { reply: base };
    case 'dial':
      return { action: { ...base, dialAction: { phoneNumber: s.phoneNumber } } };
    case 'open_url':
      return { action: { ...base, openUrlAction: { url: s.url } } };
    case 'view_location':
      return {
        action: {
          ...base,
          viewLocationAction: {
            latLong: { latitude: s.latitude, longitude: s.longitude },
            ...(s.label ? { label: s.label } : {}),
          },
        },
      };
    case 'share_location':
      return { action: { ...base, shareLocationAction: {} } };
    case 'calendar':
      return {
        action: {
          ...base,
          createCalendarEventAction: {
            startTime: s.startTime,
            endTime: s.endTime,
            title: s.title,
            ...(s.description ? { description: s.description } : {}),
          },
        },
      };
  }
}

function cardContent(card: TRichCard) {
  return {
    ...(card.title ? { title: card.title } : {}),
    ...(card.description ? { description: card.description } : {}),
    ...(card.media
      ? { media: { height: card.media.height, contentInfo: { fileUrl: card.media.fileUrl } } }
      : {}),
    ...(card.suggestions.length ? { suggestions: card.suggestions.map(rbmSuggestion) } : {}),
  };
}

/** Our content as RBM's contentMessage. */
export function rbmContentMessage(content: TMessageContent): Record<string, unknown> {
  const suggestions =
    'suggestions' in content && content.suggestions.length
      ? { suggestions: content.suggestions.map(rbmSuggestion) }
      : {};
  switch (content.kind) {
    case 'text':
      return { text: content.text, ...suggestions };
    case 'rich_card':
      return {
        richCard: {
          standaloneCard: {
            cardOrientation: content.orientation ?? 'VERTICAL',
            ...(content.orientation === 'HORIZONTAL'
              ? { thumbnailImageAlignment: content.imageAlignment ?? 'LEFT' }
              : {}),
            cardContent: cardContent(content.card),
          },
        },
        ...suggestions,
      };
    case 'carousel':
      return {
        richCard: {
          carouselCard: { cardWidth: content.cardWidth, cardContents: content.cards.map(cardContent) },
        },
        ...suggestions,
      };
    case 'file':
      return {
        ...(content.uploadedFile
          ? {
              uploadedRbmFile: {
                fileName: content.uploadedFile,
                ...(content.uploadedThumbnail ? { thumbnailName: content.uploadedThumbnail } : {}),
              },
            }
          : {
              contentInfo: {
                fileUrl: content.fileUrl,
                ...(content.thumbnailUrl ? { thumbnailUrl: content.thumbnailUrl } : {}),
              },
            }),
        ...suggestions,
      };
    case 'template':
      throw new NetworkError('rbm', 'invalid_content', 'RBM has no templates; send text or a rich card.');
    case 'location':
      throw new NetworkError(
        'rbm',
        'invalid_content',
        'RBM has no location message; send a view-location suggestion instead.',
      );
    case 'contacts':
    case 'reaction':
      throw new NetworkError('rbm', 'invalid_content', `RBM has no ${content.kind} message.`);
  }
}

function googleError(status: number, body: unknown): NetworkError {
  const error = (body as { error?: { message?: string; status?: string } } | null)?.error;
  const message = error?.message ?? `HTTP ${status}`;
  const detail = { httpStatus: status, ...(error?.status ? { code: error.status } : {}) };
  if (status === 429) return new NetworkError('rbm', 'rate_limited', message, detail);
  if (status >= 500) return new NetworkError('rbm', 'network_down', message, detail);
  if (status === 401) return new NetworkError('rbm', 'unauthorized', message, detail);
  if (status === 403) return new NetworkError('rbm', 'not_launched', message, detail);
  if (status === 404) return new NetworkError('rbm', 'not_found', message, detail);
  return new NetworkError('rbm', 'invalid_content', message, detail);
}

export interface RbmConnectorOptions extends Omit<ConnectorOptions, 'token'> {
  /** The Business Communications API's base (agents and brands). */
  managementUrl: string;
  credentials: GoogleCredentials;
}

/** HTTP to one of Google's APIs, authorised with an access token of its scope. */
function googleHttp(options: RbmConnectorOptions, baseUrl: string, scope: string): NetworkHttp {
  const authorization = googleAuthorization(options.credentials, scope, { timeoutMs: options.timeoutMs });
  return createNetworkHttp({
    ...options,
    baseUrl,
    network: 'rbm',
    headers: async () => ({ authorization: await authorization.header() }),
    // A refused token (revoked, or a token server that restarted) is minted again on the next call.
    onUnauthorized: () => authorization.reset(),
    classify: googleError,
  });
}

/**
 * Google's multipart upload (`uploadType=multipart`, as googleapis-common sends one): a
 * multipart/related body of the JSON metadata, then the file.
 */
export function multipartRelated(
  metadata: Record<string, unknown>,
  file: { bytes: Uint8Array; contentType: string },
): { bytes: Uint8Array; contentType: string } {
  const boundary = `portico-${crypto.randomUUID()}`;
  const head = Buffer.from(
    `--${boundary}\r\ncontent-type: application/json\r\n\r\n${JSON.stringify(metadata)}\r\n` +
      `--${boundary}\r\ncontent-type: ${file.contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--`);
  return {
    bytes: Buffer.concat([head, file.bytes, tail]),
    contentType: `multipart/related; boundary=${boundary}`,
  };
}

/** The suffix naming a network brand with our request id ("Acme [req:6f1c...]"). */
const requestTag = (requestId: string) => ` [req:${requestId}]`;
const brandNameWithRequest = (name: string, requestId: string) =>
  `${name.slice(0, 100 - requestTag(requestId).length)}${requestTag(requestId)}`;

export function createRbmConnector(options: RbmConnectorOptions): NetworkConnector {
  const notHere = (what: string) => async (): Promise<never> => {
    throw unsupported('rbm', what);
  };
  const management = googleHttp(options, options.managementUrl, BUSINESS_COMMUNICATIONS_SCOPE);
  // Created last: the network's counters show the messaging base URL.
  const http = googleHttp(options, options.baseUrl, RBM_SCOPE);
  const phone = (msisdn: string) => `/v1/phones/${encodeURIComponent(msisdn)}`;
  const invite = (body: unknown) => (body as { inviteStatus: TesterInviteStatus }).inviteStatus;
  const agentPath = (agent: string) => `/v1/${agent.split('/').map(encodeURIComponent).join('/')}`;
  type RegionLaunches = Record<string, { launchState?: LaunchState; comment?: string }>;
  const regionsOf = (body: unknown): RegionLaunches =>
    (body as { rcsBusinessMessaging?: { launchDetails?: RegionLaunches } }).rcsBusinessMessaging
      ?.launchDetails ?? {};
  const launchStateOf = (body: unknown): LaunchState => {
    const states = Object.values(regionsOf(body)).map((d) => d.launchState);
    if (states.includes('LAUNCH_STATE_LAUNCHED')) return 'LAUNCH_STATE_LAUNCHED';
    return states[0] ?? 'LAUNCH_STATE_UNLAUNCHED';
  };
  const getLaunch = async (agent: string) =>
    (await management.request({ method: 'GET', path: `${agentPath(agent)}/launch`, retry: 'always' })).body;

  return {
    network: 'rbm',
    baseUrl: options.baseUrl,

    async send({ messageId, sender, recipient, content, trafficType }) {
      try {
        await http.request({
          method: 'POST',
          path: `${phone(recipient)}/agentMessages`,
          query: { messageId, agentId: sender },
          json: {
            contentMessage: rbmContentMessage(content),
            messageTrafficType: trafficType ?? 'TRANSACTION',
          },
          retry: 'always',
        });
      } catch (error) {
        // RBM answers 404 for a user it cannot reach over RCS.
        if (error instanceof NetworkError && error.kind === 'not_found')
          throw new NetworkError(
            'rbm',
            'not_capable',
            `${recipient} cannot receive RCS messages.`,
            error.detail,
          );
        // A 409 ALREADY_EXISTS means this messageId was sent before: the message is there.
        if (error instanceof NetworkError && error.detail.httpStatus === 409)
          return { networkMessageId: messageId };
        throw error;
      }
      return { networkMessageId: messageId };
    },

    async capability(sender, msisdn) {
      try {
        const { body } = await http.request({
          method: 'GET',
          path: `${phone(msisdn)}/capabilities`,
          query: { requestId: crypto.randomUUID(), agentId: sender },
          retry: 'always',
        });
        return { capable: true, features: (body as { features?: string[] }).features ?? [] };
      } catch (error) {
        if (error instanceof NetworkError && error.kind === 'not_found')
          return { capable: false, features: [] };
        throw error;
      }
    },

    async reachableUsers(sender, msisdns) {
      // A read: safe to repeat.
      const { body } = await http.request({
        method: 'POST',
        path: '/v1/users:batchGet',
        json: { users: msisdns, agentId: sender },
        retry: 'always',
      });
      const answer = body as Partial<ReachableUsers>;
      return {
        reachableUsers: answer.reachableUsers ?? [],
        totalRandomSampleUserCount: answer.totalRandomSampleUserCount ?? 0,
        reachableRandomSampleUserCount: answer.reachableRandomSampleUserCount ?? 0,
      };
    },

    async inviteTester(sender, msisdn) {
      const { body } = await http.request({
        method: 'POST',
        path: `${phone(msisdn)}/testers`,
        query: { agentId: sender },
        json: {},
        retry: 'always',
      });
      return invite(body);
    },
    async testerStatus(sender, msisdn) {
      const { body } = await http.request({
        method: 'GET',
        path: `${phone(msisdn)}/testers`,
        query: { agentId: sender },
        retry: 'always',
      });
      return invite(body);
    },

    async revoke(sender, recipient, messageId) {
      // 200 {} when taken back; 404 NOT_FOUND (kind not_found) when unknown or already delivered.
      // Revoking twice asks the same thing twice: safe to retry.
      await http.request({
        method: 'DELETE',
        path: `${phone(recipient)}/agentMessages/${encodeURIComponent(messageId)}`,
        query: { agentId: sender },
        retry: 'always',
      });
    },
    async sendEvent(sender, recipient, event) {
      // RBM ignores an event whose eventId it has seen: safe to retry.
      await http.request({
        method: 'POST',
        path: `${phone(recipient)}/agentEvents`,
        query: { eventId: event.eventId, agentId: sender },
        json: {
          eventType: event.eventType,
          ...(event.eventType === 'READ' ? { messageId: event.messageId } : {}),
        },
        retry: 'always',
      });
    },
    async uploadFile(sender, file) {
      const thumbnail = file.thumbnailUrl ? { thumbnailUrl: file.thumbnailUrl } : {};
      // Each upload creates a new file: a retry after a timeout could upload twice (harmless but wasteful).
      const retry = 'if-not-accepted';
      // By URL: files.create's metadata URI; bytes: its upload URI (multipart when a thumbnail goes along).
      const { body } =
        'fileUrl' in file
          ? await http.request({
              method: 'POST',
              path: '/v1/files',
              query: { agentId: sender },
              json: { fileUrl: file.fileUrl, ...thumbnail, agentId: sender },
              retry,
            })
          : await http.request({
              method: 'POST',
              path: '/upload/v1/files',
              query: { agentId: sender, uploadType: file.thumbnailUrl ? 'multipart' : 'media' },
              body: file.thumbnailUrl
                ? multipartRelated({ ...thumbnail, agentId: sender }, file)
                : { bytes: file.bytes, contentType: file.contentType },
              retry,
            });
      return (body as { name: string }).name;
    },

    async registerAgent({ brandDisplayName, agentDisplayName, rcsBusinessMessagingAgent, requestId, brand }) {
      let brandName = brand;
      if (!brandName) {
        const created = await management.request({
          method: 'POST',
          path: '/v1/brands',
          json: {
            displayName: requestId ? brandNameWithRequest(brandDisplayName, requestId) : brandDisplayName,
          },
          retry: 'if-not-accepted',
        });
        brandName = (created.body as { name: string }).name;
      }
      const agent = await management.request({
        method: 'POST',
        path: `${agentPath(brandName)}/agents`,
        json: { displayName: agentDisplayName, rcsBusinessMessagingAgent },
        retry: 'if-not-accepted',
      });
      return { brand: brandName, agent: (agent.body as { name: string }).name };
    },
    async findAgent(requestId) {
      const tag = requestTag(requestId);
      let pageToken: string | undefined;
      do {
        const { body } = await management.request({
          method: 'GET',
          path: '/v1/brands',
          query: { pageSize: '100', pageToken },
          retry: 'always',
        });
        const page = body as {
          brands?: Array<{ name: string; displayName: string }>;
          nextPageToken?: string;
        };
        const found = page.brands?.find((b) => b.displayName.endsWith(tag));
        if (found) {
          const agents = await management.request({
            method: 'GET',
            path: `${agentPath(found.name)}/agents`,
            query: { pageSize: '100' },
            retry: 'always',
          });
          const first = (agents.body as { agents?: Array<{ name: string }> }).agents?.[0];
          return { brand: found.name, agent: first?.name ?? null };
        }
        pageToken = page.nextPageToken;
      } while (pageToken);
      return null;
    },
    async updateAgent(agent, { displayName, rcsBusinessMessagingAgent }) {
      await management.request({
        method: 'PATCH',
        path: agentPath(agent),
        query: { updateMask: 'displayName,rcsBusinessMessagingAgent' },
        json: { displayName, rcsBusinessMessagingAgent },
        // The same definition sent twice leaves the same agent.
        retry: 'always',
      });
    },
    async deleteAgent(agent) {
      try {
        await management.request({ method: 'DELETE', path: agentPath(agent), retry: 'always' });
      } catch (error) {
        // Already gone (an earlier attempt deleted it): the outcome wanted.
        if (error instanceof NetworkError && error.kind === 'not_found') return;
        throw error;
      }
    },
    mediaInfo: notHere('Media by id (RBM files are named files/{id} and sent by that name)'),
    downloadMedia: notHere('Media by id (RBM files are named files/{id} and sent by that name)'),
    deleteMedia: notHere('Media deletion (RBM files expire on their own)'),
    registerBot: notHere('Bot registration (RBM agents register with registerAgent)'),
    findBot: notHere('Bot registration (RBM agents register with registerAgent)'),
    deleteBot: notHere('Bot deletion (RBM agents are deleted with deleteAgent)'),
    updateProfile: notHere('Profile update (RBM agents are updated with updateAgent)'),
    uploadProfilePhoto: notHere('Profile photos (RBM agents take a logo URL)'),
    async requestVerification(agent, contact) {
      const { body } = await management.request({
        method: 'POST',
        path: `${agentPath(agent)}:requestVerification`,
        json: { agentVerificationContact: contact },
        retry: 'always',
      });
      return (body as { verificationState: VerificationState }).verificationState;
    },
    async verificationState(agent) {
      const { body } = await management.request({
        method: 'GET',
        path: `${agentPath(agent)}/verification`,
        retry: 'always',
      });
      return (body as { verificationState: VerificationState }).verificationState;
    },
    async requestLaunch(agent, regions) {
      // Google takes every region in each request: those launched before, then the new ones.
      // Regions already pending or launched are not asked again (a retried job launches once).
      const current = regionsOf(await getLaunch(agent));
      const live = (region: string) =>
        ['LAUNCH_STATE_LAUNCHED', 'LAUNCH_STATE_PENDING'].includes(current[region]?.launchState ?? '');
      const stateOfRequested = (all: RegionLaunches): LaunchState => {
        const states = regions.map((r) => all[r]?.launchState ?? 'LAUNCH_STATE_UNLAUNCHED');
        return states.find((s) => s !== 'LAUNCH_STATE_LAUNCHED') ?? 'LAUNCH_STATE_LAUNCHED';
      };
      if (regions.every(live)) return stateOfRequested(current);
      const kept = Object.keys(current).filter((r) => current[r]?.launchState === 'LAUNCH_STATE_LAUNCHED');
      const launchDetails = Object.fromEntries([...new Set([...kept, ...regions])].map((r) => [r, {}]));
      const { body } = await management.request({
        method: 'POST',
        path: `${agentPath(agent)}:requestLaunch`,
        json: { agentLaunch: { rcsBusinessMessaging: { launchDetails } } },
        retry: 'always',
      });
      return stateOfRequested(regionsOf(body));
    },
    async launchState(agent) {
      return launchStateOf(await getLaunch(agent));
    },
    async launchDetail(agent, region) {
      const detail = regionsOf(await getLaunch(agent))[region];
      return { state: detail?.launchState ?? 'LAUNCH_STATE_UNLAUNCHED', reason: detail?.comment ?? null };
    },

    async submitTemplate() {
      throw unsupported('rbm', 'Template review');
    },
    async listTemplates() {
      throw unsupported('rbm', 'Template review');
    },
    async deleteTemplate() {
      throw unsupported('rbm', 'Template review');
    },
  };
}
