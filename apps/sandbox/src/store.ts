import type { ConnectorLink } from '@portico/domain';

/** One line of a virtual handset's thread, in a form the page renders without knowing the network. */
export interface HandsetSuggestion {
  type: 'reply' | 'dial' | 'open_url' | 'view_location' | 'share_location' | 'calendar';
  text: string;
  postbackData: string;
  /** What the action would do on a phone (the number, the URL, the place, the event). */
  detail?: string;
}
export interface HandsetCard {
  title?: string;
  description?: string;
  mediaUrl?: string;
  mediaHeight?: string;
  suggestions: HandsetSuggestion[];
}
/** A file sent as the whole message: the page shows an image as an image, any other file as a chip with its name. */
export interface HandsetFile {
  url: string;
  name: string;
  mediaType: 'image' | 'video' | 'audio' | 'document' | 'sticker';
  mimeType?: string;
}
/** The file a message carries, named by its own name or else its URL's last segment. */
export function handsetFile(
  url: string,
  file: Omit<HandsetFile, 'url' | 'name'> & { name?: string },
): HandsetFile {
  const { name, ...rest } = file;
  const last = url.split(/[?#]/)[0]?.split('/').pop() ?? '';
  let fromUrl = last;
  try {
    fromUrl = decodeURIComponent(last);
  } catch {
    // A malformed escape: the segment as it stands.
  }
  return { url, name: name || fromUrl || 'file', ...rest };
}
export interface HandsetItem {
  id: string;
  network: ConnectorLink;
  /** The agent id (RBM), bot id (MaaP), phone number id (WhatsApp) or SMS sender the message came from or goes to. */
  sender: string;
  direction: 'received' | 'sent';
  at: string;
  text?: string;
  cards?: HandsetCard[];
  carousel?: boolean;
  file?: HandsetFile;
  suggestions: HandsetSuggestion[];
  status: 'delivered' | 'read' | 'failed' | 'pending';
}

export interface TesterInvite {
  agentId: string;
  msisdn: string;
  inviteStatus: 'PENDING' | 'ACCEPTED' | 'DECLINED';
  createdAt: string;
}

export interface RbmBrand {
  name: string;
  displayName: string;
}
/** A chatbot registered with the carrier's MaaP (bot management), keyed by its bot id. */
export interface MaapBot {
  botId: string;
  requestId: string;
  displayName: string;
  botInfo: Record<string, unknown>;
  /** Live on the carrier's network (the sandbox's launch: POST /management/v1/bots/{botId}/launch). */
  launch?: MaapLaunch;
}
export interface MaapLaunch {
  status: 'pending' | 'launched' | 'rejected';
  reason?: string;
  updateTime: string;
}
/** One region's (carrier's) launch of an RBM agent, as RcsBusinessMessagingRegionLaunch. */
export interface RbmRegionLaunch {
  launchState: string;
  comment?: string;
  updateTime: string;
}
/** A business phone number on a WABA (WhatsApp Cloud API), keyed by its phone number id. */
export interface WaPhoneNumber {
  id: string;
  wabaId: string;
  displayPhoneNumber: string;
  verifiedName: string;
  /** Registered for the Cloud API (POST /{id}/register), until deregistered. */
  registered: boolean;
  profile: Record<string, unknown>;
}
export interface RbmAgent {
  name: string;
  displayName: string;
  brand: string;
  rcsBusinessMessagingAgent: Record<string, unknown>;
  verificationState: string;
  verificationContact?: Record<string, unknown>;
  /** LAUNCH_STATE_LAUNCHED once any region launched, else the latest region's state. */
  launchState: string;
  /** Each region the agent was submitted to, keyed by region name (/v1/regions/x). */
  launchDetails: Record<string, RbmRegionLaunch>;
}

export interface WaTemplate {
  id: string;
  wabaId: string;
  name: string;
  language: string;
  category: string;
  components: Array<Record<string, unknown>>;
  status: 'PENDING' | 'APPROVED' | 'REJECTED' | 'PAUSED';
  rejected_reason: string;
}

/**
 * One network object the sandbox keeps across restarts when it is given a persistence (see
 * SandboxPersistence): brands, agents and their testers (RBM), MaaP bots, WhatsApp numbers and templates.
 * Handset threads, message ids, uploaded files and access tokens stay in memory only.
 */
export type SandboxObject =
  | { kind: 'rbm.brand'; body: RbmBrand }
  | { kind: 'rbm.agent'; body: RbmAgent }
  | { kind: 'rbm.tester'; body: TesterInvite }
  | { kind: 'maap.bot'; body: MaapBot }
  | { kind: 'whatsapp.phone-number'; body: WaPhoneNumber }
  | { kind: 'whatsapp.template'; body: WaTemplate };
export type SandboxObjectKind = SandboxObject['kind'];

/** The object's key within its kind, as the network names it (unique per kind). */
export function sandboxObjectKey(object: SandboxObject): string {
  switch (object.kind) {
    case 'rbm.brand':
    case 'rbm.agent':
      return object.body.name;
    case 'rbm.tester':
      return `${object.body.agentId}|${object.body.msisdn}`;
    case 'maap.bot':
      return object.body.botId;
    case 'whatsapp.phone-number':
      return object.body.id;
    case 'whatsapp.template':
      return `${object.body.wabaId}|${object.body.name}|${object.body.language}`;
  }
}

const MAX_ITEMS_PER_HANDSET = 200;
const MAX_HANDSETS = 20_000;
const MAX_REMEMBERED_IDS = 1_000_000;
const MAX_ACCESS_TOKENS = 10_000;

/** An access token the sandbox's Google token endpoint issued. */
interface IssuedAccessToken {
  clientEmail: string;
  scopes: string[];
  /** Epoch milliseconds. */
  expiresAt: number;
}

/**
 * The sandbox's state, in memory per instance: it imitates an external network, which keeps its own
 * state too. Its network objects (`objects()`) outlive a restart when the sandbox has a persistence. Bounded so a benchmark cannot exhaust memory: oldest handsets and message ids go first.
 */
export function createStore() {
  const handsets = new Map<string, HandsetItem[]>();
  const messageIds = new Map<string, string>();
  const testers = new Map<string, TesterInvite>();
  const brands = new Map<string, RbmBrand>();
  const agents = new Map<string, RbmAgent>();
  const maapBots = new Map<string, MaapBot>();
  const waPhoneNumbers = new Map<string, WaPhoneNumber>();
  /** Uploaded files by id, each with the agent that uploaded it (only that agent may send it). */
  const files = new Map<string, { agentId: string; contentType: string; body: Buffer; fileUrl?: string }>();
  const templates = new Map<string, WaTemplate>();
  const windows = new Map<string, { start: number; count: number }>();
  const accessTokens = new Map<string, IssuedAccessToken>();

  return {
    addItem(msisdn: string, item: HandsetItem) {
      let thread = handsets.get(msisdn);
      if (!thread) {
        if (handsets.size >= MAX_HANDSETS) {
          const oldest = handsets.keys().next().value;
          if (oldest !== undefined) handsets.delete(oldest);
        }
        thread = [];
        handsets.set(msisdn, thread);
      }
      thread.push(item);
      if (thread.length > MAX_ITEMS_PER_HANDSET) thread.splice(0, thread.length - MAX_ITEMS_PER_HANDSET);
    },
    thread: (msisdn: string): HandsetItem[] => handsets.get(msisdn) ?? [],
    findItem(msisdn: string, id: string): HandsetItem | undefined {
      return handsets.get(msisdn)?.find((item) => item.id === id);
    },
    /** A message by its id on any handset (WhatsApp's read and reaction name only the message). */
    locateItem(id: string): HandsetItem | undefined {
      for (const thread of handsets.values()) {
        const item = thread.find((i) => i.id === id);
        if (item) return item;
      }
      return undefined;
    },
    handsetNumbers: (): string[] => [...handsets.keys()].reverse().slice(0, 50),

    /** Remembers a message id; false when it was seen before (RBM refuses a reused messageId with 409). */
    rememberMessageId(key: string, value: string): boolean {
      if (messageIds.has(key)) return false;
      if (messageIds.size >= MAX_REMEMBERED_IDS) {
        const oldest = messageIds.keys().next().value;
        if (oldest !== undefined) messageIds.delete(oldest);
      }
      messageIds.set(key, value);
      return true;
    },
    messageIdValue: (key: string) => messageIds.get(key),

    /** Fixed one-second window per key; false when the limit is exceeded. */
    takeToken(key: string, perSecond: number, now = Date.now()): boolean {
      const window = windows.get(key);
      if (!window || now - window.start >= 1000) {
        windows.set(key, { start: now, count: 1 });
        return true;
      }
      window.count += 1;
      return window.count <= perSecond;
    },

    /** Keeps an issued access token; expired ones are dropped first, then the oldest. */
    issueAccessToken(token: string, issued: IssuedAccessToken, now = Date.now()) {
      for (const [key, value] of accessTokens) if (value.expiresAt <= now) accessTokens.delete(key);
      if (accessTokens.size >= MAX_ACCESS_TOKENS) {
        const oldest = accessTokens.keys().next().value;
        if (oldest !== undefined) accessTokens.delete(oldest);
      }
      accessTokens.set(token, issued);
    },
    accessToken: (token: string): IssuedAccessToken | undefined => accessTokens.get(token),

    /** Every network object, for a persistence to save. */
    objects(): SandboxObject[] {
      return [
        ...[...brands.values()].map((body) => ({ kind: 'rbm.brand' as const, body })),
        ...[...agents.values()].map((body) => ({ kind: 'rbm.agent' as const, body })),
        ...[...testers.values()].map((body) => ({ kind: 'rbm.tester' as const, body })),
        ...[...maapBots.values()].map((body) => ({ kind: 'maap.bot' as const, body })),
        ...[...waPhoneNumbers.values()].map((body) => ({ kind: 'whatsapp.phone-number' as const, body })),
        ...[...templates.values()].map((body) => ({ kind: 'whatsapp.template' as const, body })),
      ];
    },
    /** Puts saved objects back (at start, before any call is answered). */
    restore(saved: readonly SandboxObject[]) {
      for (const object of saved) {
        const key = sandboxObjectKey(object);
        if (object.kind === 'rbm.brand') brands.set(key, object.body);
        else if (object.kind === 'rbm.agent') agents.set(key, object.body);
        else if (object.kind === 'rbm.tester') testers.set(key, object.body);
        else if (object.kind === 'maap.bot') maapBots.set(key, object.body);
        else if (object.kind === 'whatsapp.phone-number') waPhoneNumbers.set(key, object.body);
        else templates.set(key, object.body);
      }
    },

    testers,
    testerKey: (agentId: string, msisdn: string) => `${agentId}|${msisdn}`,
    invitesFor: (msisdn: string) => [...testers.values()].filter((t) => t.msisdn === msisdn),
    brands,
    agents,
    maapBots,
    waPhoneNumbers,
    files,
    templates,
    templateKey: (wabaId: string, name: string, language: string) => `${wabaId}|${name}|${language}`,
    findTemplate(name: string, language: string): WaTemplate | undefined {
      for (const template of templates.values()) {
        if (template.name === name && template.language === language) return template;
      }
      return undefined;
    },
  };
}
export type SandboxStore = ReturnType<typeof createStore>;
