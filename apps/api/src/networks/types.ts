import type { Network, TMessageContent } from '@portico/domain';
import type { NetworkMetrics } from './metrics.ts';

export interface SendMessageRequest {
  /** Our id for the message, chosen before the first attempt (RBM messageId, MaaP msgId). */
  messageId: string;
  /** The agent id (RBM), bot id (MaaP) or phone number id (WhatsApp) that sends. */
  sender: string;
  recipient: string;
  content: TMessageContent;
  trafficType?: 'TRANSACTION' | 'PROMOTION' | 'AUTHENTICATION' | 'SERVICEREQUEST' | 'ACKNOWLEDGEMENT';
}
export interface SendMessageResult {
  /** The id the network reports status events under (ours for RBM and MaaP, the wamid for WhatsApp). */
  networkMessageId: string;
}

export interface Capability {
  capable: boolean;
  features: string[];
}

/**
 * An event from the agent to the user: it read the user's message, or it is typing. WhatsApp shows
 * its typing indicator only with a read (`typing` on READ).
 */
export type AgentEvent =
  | { eventId: string; eventType: 'READ'; messageId: string; typing?: boolean }
  | { eventId: string; eventType: 'IS_TYPING' };

/** RBM users.batchGet: the numbers the agent can reach, and the random sample's counts. */
export interface ReachableUsers {
  reachableUsers: string[];
  totalRandomSampleUserCount: number;
  reachableRandomSampleUserCount: number;
}

/** Media uploaded to the network (WhatsApp GET /{media-id}): where to fetch it, its type, hash and size. */
export interface MediaInfo {
  url: string;
  mimeType: string;
  sha256: string;
  fileSize: number;
}

export type TesterInviteStatus = 'PENDING' | 'ACCEPTED' | 'DECLINED';

/** A file for RBM's files.create: its bytes or a URL the network fetches, and a thumbnail's URL. */
export type FileUpload = (
  | { bytes: Uint8Array; contentType: string; fileName?: string }
  | { fileUrl: string }
) & {
  thumbnailUrl?: string | undefined;
};

export interface AgentRegistration {
  brandDisplayName: string;
  agentDisplayName: string;
  /**
   * Our id of this registration, chosen before the first attempt: the network brand is named with
   * it, so `findAgent` finds what an earlier attempt created.
   */
  requestId?: string;
  /** A network brand an earlier attempt created (brands/x): the agent is created under it. */
  brand?: string;
  /** The RBM agent definition (description, logo, hero, phone numbers, privacy and terms URLs...). */
  rcsBusinessMessagingAgent: Record<string, unknown>;
}
/** A MaaP chatbot or a WhatsApp sender to create; `requestId` is ours, chosen before the first attempt. */
export interface BotRegistration {
  requestId: string;
  displayName: string;
  /** WhatsApp: the WhatsApp Business Account and the E.164 number the sender is. */
  wabaId?: string;
  phoneNumber?: string;
  /** The bot's profile as the network takes it (MaaP botInfo; WhatsApp business profile: about, vertical). */
  profile: Record<string, unknown>;
}

export interface VerificationContact {
  partnerName: string;
  partnerEmailAddress: string;
  brandContactName: string;
  brandContactEmailAddress: string;
  brandWebsiteUrl: string;
}
export type VerificationState =
  | 'VERIFICATION_STATE_UNSPECIFIED'
  | 'VERIFICATION_STATE_UNVERIFIED'
  | 'VERIFICATION_STATE_PENDING'
  | 'VERIFICATION_STATE_VERIFIED'
  | 'VERIFICATION_STATE_SUSPENDED_IN_GMB';
export type LaunchState =
  | 'LAUNCH_STATE_UNSPECIFIED'
  | 'LAUNCH_STATE_UNLAUNCHED'
  | 'LAUNCH_STATE_PENDING'
  | 'LAUNCH_STATE_LAUNCHED'
  | 'LAUNCH_STATE_REJECTED'
  | 'LAUNCH_STATE_SUSPENDED'
  | 'LAUNCH_STATE_PENDING_UNLAUNCH';

/** One carrier's launch of a bot: its state and, when the network turned it down, the network's reason. */
export interface LaunchDetail {
  state: LaunchState;
  reason: string | null;
}

export interface TemplateSubmission {
  wabaId: string;
  name: string;
  language: string;
  category: 'AUTHENTICATION' | 'MARKETING' | 'UTILITY';
  components: Array<Record<string, unknown>>;
}
export type TemplateStatus = 'PENDING' | 'APPROVED' | 'REJECTED' | 'PAUSED';
export interface TemplateInfo {
  id: string;
  name: string;
  language: string;
  category: string;
  status: TemplateStatus;
  rejectedReason: string | null;
}

/**
 * One interface over the three networks. A network that does not offer an operation answers it
 * with a NetworkError of kind `unsupported` (WhatsApp has no testers; MaaP bots register through
 * the carrier, not this API; templates are WhatsApp's).
 */
export interface NetworkConnector {
  readonly network: Network;
  readonly baseUrl: string;
  send(request: SendMessageRequest): Promise<SendMessageResult>;
  capability(sender: string, msisdn: string): Promise<Capability>;
  /** RBM users.batchGet: which of the numbers the agent reaches over RCS (capability in bulk). */
  reachableUsers(sender: string, msisdns: string[]): Promise<ReachableUsers>;
  /**
   * Takes back a message the recipient has not received yet (RBM: DELETE agentMessages/{id}; MaaP:
   * the message's status set to `cancelled`). A message unknown to the network, or already
   * delivered, is a NetworkError of kind `not_found`. WhatsApp offers no revocation.
   */
  revoke(sender: string, recipient: string, messageId: string): Promise<void>;
  /**
   * Sends an agent event to the user (RBM agentEvents: READ of a user's message or IS_TYPING;
   * MaaP: the user message's `displayed` status or `isTyping`). WhatsApp: unsupported here.
   */
  sendEvent(sender: string, recipient: string, event: AgentEvent): Promise<void>;
  inviteTester(sender: string, msisdn: string): Promise<TesterInviteStatus>;
  testerStatus(sender: string, msisdn: string): Promise<TesterInviteStatus>;
  /**
   * Uploads a file for later messages; returns the network's file name (RBM files.create: files/abc;
   * WhatsApp POST /{phone-number-id}/media: the media id).
   */
  uploadFile(sender: string, file: FileUpload): Promise<string>;
  /** WhatsApp: what the network holds of uploaded media (NetworkError not_found when it has none). */
  mediaInfo(sender: string, mediaId: string): Promise<MediaInfo>;
  /** WhatsApp: the bytes of media at the URL `mediaInfo` answered, fetched with our credentials. */
  downloadMedia(url: string): Promise<{ bytes: Uint8Array; contentType: string }>;
  /** WhatsApp: deletes uploaded media (NetworkError not_found when it has none). */
  deleteMedia(sender: string, mediaId: string): Promise<void>;
  /** Creates the brand and the agent; returns the agent's resource name (brands/x/agents/y). */
  registerAgent(registration: AgentRegistration): Promise<{ brand: string; agent: string }>;
  /** RBM: what an earlier `registerAgent` with this request id created (the agent null if only the brand), or null. */
  findAgent(requestId: string): Promise<{ brand: string; agent: string | null } | null>;
  /** RBM: replaces the agent's display name and definition (brands.agents.patch); refused once it is pending or launched. */
  updateAgent(
    agent: string,
    update: { displayName: string; rcsBusinessMessagingAgent: Record<string, unknown> },
  ): Promise<void>;
  /** RBM: deletes the agent (brands/x/agents/y); a launched agent is refused by the network. */
  deleteAgent(agent: string): Promise<void>;
  /**
   * MaaP: creates the chatbot with the carrier's MaaP; WhatsApp: adds the phone number to the WABA,
   * registers it for the Cloud API and sets its business profile. Returns the network's id (MaaP
   * bot id, WhatsApp phone number id).
   */
  registerBot(registration: BotRegistration): Promise<string>;
  /** The id of what an earlier `registerBot` created (MaaP: by request id; WhatsApp: the number on the WABA), or null. */
  findBot(registration: BotRegistration): Promise<string | null>;
  /**
   * WhatsApp: replaces the sender's business profile (about, vertical); editable on a live sender.
   * MaaP: replaces the chatbot's display name (`displayName`) and information (botInfo), as registered.
   */
  updateProfile(id: string, profile: Record<string, unknown>): Promise<void>;
  /**
   * WhatsApp: uploads a profile photo through the Resumable Upload API and answers its handle
   * (for `profile_picture_handle` in `updateProfile`).
   */
  uploadProfilePhoto(image: { bytes: Uint8Array; contentType: string }): Promise<string>;
  /** MaaP: deletes the chatbot; WhatsApp: deregisters the number and removes it from the WABA. */
  deleteBot(id: string): Promise<void>;
  requestVerification(agent: string, contact: VerificationContact): Promise<VerificationState>;
  verificationState(agent: string): Promise<VerificationState>;
  /**
   * Puts the bot live on the given carriers' networks (RBM: regions /v1/regions/x, kept with those
   * launched before; MaaP: the carrier's launch of the bot; WhatsApp: the sender is live once its
   * number is registered). Safe to repeat: a pending or launched region is left as it is.
   */
  requestLaunch(agent: string, regions: string[]): Promise<LaunchState>;
  launchState(agent: string): Promise<LaunchState>;
  /** The launch on one carrier (RBM region; MaaP and WhatsApp have one launch per bot). */
  launchDetail(agent: string, region: string): Promise<LaunchDetail>;
  submitTemplate(template: TemplateSubmission): Promise<{ id: string; status: TemplateStatus }>;
  listTemplates(
    wabaId: string,
    page?: { limit?: number; after?: string },
  ): Promise<{ items: TemplateInfo[]; after: string | null }>;
  /** Deletes a template by name (every language); one already gone counts as deleted. */
  deleteTemplate(wabaId: string, name: string): Promise<void>;
}

/** What each connector is built with: the network's base URL and credential, time-out and retries. */
export interface ConnectorOptions {
  baseUrl: string;
  token: string;
  timeoutMs: number;
  maxAttempts: number;
  backoffBaseMs?: number;
  metrics: NetworkMetrics;
}
