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

export type TesterInviteStatus = 'PENDING' | 'ACCEPTED' | 'DECLINED';

export type FileUpload = { bytes: Uint8Array; contentType: string } | { fileUrl: string };

export interface AgentRegistration {
  brandDisplayName: string;
  agentDisplayName: string;
  /** The RBM agent definition (description, logo, hero, phone numbers, privacy and terms URLs...). */
  rcsBusinessMessagingAgent: Record<string, unknown>;
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
  inviteTester(sender: string, msisdn: string): Promise<TesterInviteStatus>;
  testerStatus(sender: string, msisdn: string): Promise<TesterInviteStatus>;
  /** Uploads a file for later messages; returns the network's file name (e.g. files/abc). */
  uploadFile(sender: string, file: FileUpload): Promise<string>;
  /** Creates the brand and the agent; returns the agent's resource name (brands/x/agents/y). */
  registerAgent(registration: AgentRegistration): Promise<{ brand: string; agent: string }>;
  requestVerification(agent: string, contact: VerificationContact): Promise<VerificationState>;
  verificationState(agent: string): Promise<VerificationState>;
  requestLaunch(agent: string, regions: string[]): Promise<LaunchState>;
  launchState(agent: string): Promise<LaunchState>;
  submitTemplate(template: TemplateSubmission): Promise<{ id: string; status: TemplateStatus }>;
  listTemplates(
    wabaId: string,
    page?: { limit?: number; after?: string },
  ): Promise<{ items: TemplateInfo[]; after: string | null }>;
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
