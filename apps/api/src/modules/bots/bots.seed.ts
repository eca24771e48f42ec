import {
  BOT_CARRIER_STATES,
  BOT_DELETABLE_STATUSES,
  BOT_STATUS,
  type BotStatusName,
  CHANNEL_TYPE,
  ROLES,
} from '@portico/domain';
import type { SandboxObject } from '@portico/sandbox';
import { and, asc, eq, inArray, isNotNull, or } from 'drizzle-orm';
import type { NetworksConfig } from '../../networks/config.ts';
import { provisionSandboxObjects } from '../../networks/sandbox-state.ts';
import { carriers, lookupValues, users } from '../../platform/db/core.schema.ts';
import type { Database } from '../../platform/db/index.ts';
import { DEMO_PARTNERS } from '../../platform/db/seed/index.ts';
import { reviewHistory } from '../../platform/review/review.schema.ts';
import { botCarriers, bots } from './bots.schema.ts';

const id = (n: number) => `00000000-0000-4000-8000-${n.toString().padStart(12, '0')}`;
const hex = (n: number) => n.toString(16).padStart(8, '0');

type CarrierKey = 'jio' | 'airtel' | 'vi';
const CARRIER_NAMES: Record<CarrierKey, string> = {
  jio: 'Reliance Jio',
  airtel: 'Bharti Airtel',
  vi: 'Vi (Vodafone Idea)',
};

const DEV = 'developer@portico.test';
const AGG = 'aggregator@portico.test';
const CHILD = 'child-readwrite@portico.test';
const ROLE_OF: Record<string, string> = {
  [DEV]: ROLES.DEVELOPER,
  [AGG]: ROLES.DEVELOPER,
  [CHILD]: ROLES.CHILD_AGGREGATOR_READWRITE,
};

/** The per-carrier states a bot in each status shows. */
const CARRIERS_BY_STATUS: Record<BotStatusName, Partial<Record<CarrierKey, number>>> = {
  in_progress: {},
  in_progress_carrier_submission: { jio: BOT_CARRIER_STATES.selected.code },
  submitted_for_launch: { jio: BOT_CARRIER_STATES.submitted.code, airtel: BOT_CARRIER_STATES.submitted.code },
  launch_failed: { jio: BOT_CARRIER_STATES.launch_failed.code },
  launched: { jio: BOT_CARRIER_STATES.launched.code, airtel: BOT_CARRIER_STATES.launched.code },
  bot_forwarded_by_portico: { jio: BOT_CARRIER_STATES.to_be_approved_by_carrier.code },
  bot_approved_by_portico: { jio: BOT_CARRIER_STATES.launched.code, vi: BOT_CARRIER_STATES.launched.code },
  bot_rejected_by_portico: { airtel: BOT_CARRIER_STATES.rejected.code },
  bot_to_be_approved_by_carrier: {
    jio: BOT_CARRIER_STATES.to_be_approved_by_carrier.code,
    vi: BOT_CARRIER_STATES.to_be_approved_by_carrier.code,
  },
  bot_approved_by_portico_pending_from_carrier: {
    jio: BOT_CARRIER_STATES.launched.code,
    airtel: BOT_CARRIER_STATES.to_be_approved_by_carrier.code,
  },
};

interface DemoBot {
  n: number;
  partner: 'developer' | 'aggregator';
  by: string;
  name: string;
  status: BotStatusName;
  channels: number[];
  /** A brand of the brands module's demo (brands.seed.ts ids 101-110), or none. */
  brand?: number;
}

const DEV_NAMES = [
  'Chai Point Orders',
  'Masala Metro Menu',
  'Monsoon Books Club',
  'Lotus Wellness Care',
  'Saffron Stays Concierge',
  'Quick Kirana Delivery',
  'Chai Point Rewards',
  'Masala Metro Offers',
  'Monsoon Reading Alerts',
  'Lotus Appointments',
];
const AGG_NAMES = [
  'Orbit Retail Assistant',
  'Coastal Bank Alerts',
  'Metro Movies Tickets',
  'Orbit Travel Helper',
  'Coastal Card Services',
  'Metro Movies Offers',
  'Orbit Flash Sales',
  'Coastal Loan Desk',
  'Orbit Trip Updates',
  'Metro Snack Orders',
];
const DEV_BRANDS = [101, 102, 103, 104, 105, 106];
const AGG_BRANDS = [107, 108, 109, 110];

/** Every status for the developer and for the aggregator (some by its child user), plus WhatsApp and two-channel bots. */
function demoBots(): DemoBot[] {
  const statuses = Object.keys(BOT_STATUS) as BotStatusName[];
  const list: DemoBot[] = [];
  statuses.forEach((status, i) => {
    const draft = status === 'in_progress';
    list.push({
      n: 201 + i,
      partner: 'developer',
      by: DEV,
      name: DEV_NAMES[i] ?? `Developer bot ${i}`,
      status,
      channels: [CHANNEL_TYPE.rcs],
      ...(draft ? {} : { brand: DEV_BRANDS[i % DEV_BRANDS.length] }),
    });
    list.push({
      n: 231 + i,
      partner: 'aggregator',
      by: i % 3 === 2 ? CHILD : AGG,
      name: AGG_NAMES[i] ?? `Aggregator bot ${i}`,
      status,
      channels: [CHANNEL_TYPE.rcs],
      ...(draft ? {} : { brand: AGG_BRANDS[i % AGG_BRANDS.length] }),
    });
  });
  list.push(
    {
      n: 221,
      partner: 'developer',
      by: DEV,
      name: 'Quick Kirana',
      status: 'launched',
      channels: [CHANNEL_TYPE.whatsapp],
      brand: 106,
    },
    {
      n: 222,
      partner: 'developer',
      by: DEV,
      name: 'Saffron Stays',
      status: 'in_progress_carrier_submission',
      channels: [CHANNEL_TYPE.rcs, CHANNEL_TYPE.whatsapp],
      brand: 105,
    },
    {
      n: 223,
      partner: 'developer',
      by: DEV,
      name: 'Monsoon Books',
      status: 'in_progress',
      channels: [CHANNEL_TYPE.whatsapp],
    },
    // A launched GSMA MaaP bot (224 is a multiple of 7: demoShape makes it GSMA), so the MaaP shape
    // of the partner API and its test devices have a live chatbot in the demo.
    {
      n: 224,
      partner: 'developer',
      by: DEV,
      name: 'Chai Point Care',
      status: 'launched',
      channels: [CHANNEL_TYPE.rcs],
      brand: 101,
    },
    {
      n: 251,
      partner: 'aggregator',
      by: CHILD,
      name: 'Coastal Bank',
      status: 'launched',
      channels: [CHANNEL_TYPE.rcs, CHANNEL_TYPE.whatsapp],
      brand: 108,
    },
  );
  return list;
}

/** A launched (or approved) bot's agent is live on the network; one under review is pending. */
const LIVE_STATUSES: readonly BotStatusName[] = [
  'launched',
  'bot_approved_by_portico',
  'bot_approved_by_portico_pending_from_carrier',
];

/** The demo bot as the network holds it (seedDemoBots writes the same ids into `bots`). */
function networkObjectsOf(demo: DemoBot): SandboxObject[] {
  if (demo.status === 'in_progress') return [];
  const { name, slug, domain, gsma, hasRcs, hasWhatsapp } = demoShape(demo);
  const objects: SandboxObject[] = [];
  const status = BOT_STATUS[demo.status];
  if (hasRcs) {
    const agentInfo = {
      description: `${name}: order updates, offers and support in your messages.`,
      color: brandColorOf(demo),
      phoneNumbers: [{ phoneNumber: { number: '+919876543210' }, label: 'Support' }],
      emails: [{ address: `support@${domain}`, label: 'Email us' }],
      websites: [{ uri: `https://${domain}`, label: 'Website' }],
      privacy: { uri: `https://${domain}/privacy`, label: 'Privacy policy' },
      termsConditions: { uri: `https://${domain}/terms`, label: 'Terms and conditions' },
      billingConfig: { billingCategory: 'CONVERSATIONAL' },
      hostingRegion: 'ASIA_PACIFIC',
    };
    if (gsma) {
      const live = LIVE_STATUSES.includes(demo.status);
      objects.push({
        kind: 'maap.bot',
        body: {
          botId: `bot_demo_${hex(demo.n)}`,
          requestId: id(900_000 + demo.n),
          displayName: name,
          botInfo: { ...agentInfo, displayName: name },
          // A live bot is launched on the carrier's MaaP.
          ...(live ? { launch: { status: 'launched' as const, updateTime: new Date(0).toISOString() } } : {}),
        },
      });
    } else {
      const brand = `brands/demo_${hex(demo.n)}`;
      const live = LIVE_STATUSES.includes(demo.status);
      const deletable = BOT_DELETABLE_STATUSES.includes(status);
      const launchState = live
        ? 'LAUNCH_STATE_LAUNCHED'
        : deletable
          ? 'LAUNCH_STATE_UNLAUNCHED'
          : 'LAUNCH_STATE_PENDING';
      objects.push(
        { kind: 'rbm.brand', body: { name: brand, displayName: name } },
        {
          kind: 'rbm.agent',
          body: {
            name: `${brand}/agents/${slug}_agent`,
            displayName: name,
            brand,
            rcsBusinessMessagingAgent: agentInfo,
            verificationState: deletable ? 'VERIFICATION_STATE_UNVERIFIED' : 'VERIFICATION_STATE_VERIFIED',
            launchState: launchState,
            launchDetails: deletable
              ? {}
              : { '/v1/regions/india': { launchState, updateTime: new Date(0).toISOString() } },
          },
        },
      );
    }
  }
  if (hasWhatsapp) {
    const phone = waPhoneOf(demo);
    objects.push({
      kind: 'whatsapp.phone-number',
      body: {
        id: String(106_540_352_240_000 + demo.n),
        wabaId: DEMO_WABA_ID,
        displayPhoneNumber: phone,
        verifiedName: name,
        registered: true,
        profile: { about: `Message ${name} for orders and support.`, vertical: 'RETAIL' },
      },
    });
  }
  return objects;
}

const DEMO_WABA_ID = '104996122399160';
const brandColorOf = (demo: DemoBot) => ['#1A73E8', '#C2185B', '#2E7D32', '#6A1B9A', '#E91B0C'][demo.n % 5];
const waPhoneOf = (demo: DemoBot) => `+9198765${String(demo.n).padStart(5, '0')}`;
function demoShape(demo: DemoBot) {
  const slug = demo.name.toLowerCase().replace(/[^a-z0-9]+/g, '_');
  const hasRcs = demo.channels.includes(CHANNEL_TYPE.rcs);
  return {
    name: demo.name,
    slug,
    domain: `${slug.replaceAll('_', '')}.example`,
    hasRcs,
    hasWhatsapp: demo.channels.includes(CHANNEL_TYPE.whatsapp),
    gsma: hasRcs && demo.n % 7 === 0,
  };
}

/**
 * The demo bots' objects on the built-in sandbox's networks (decision 0020), at every start: what
 * the sandbox does not have (first start, or a database from before its objects were kept) is added
 * with the ids the demo's rows carry; what it has, with any later change, is left alone. Only for the
 * networks the sandbox stands in for.
 */
export async function provisionDemoBotsOnSandbox(
  database: Database,
  networks: NetworksConfig,
): Promise<number> {
  const onSandbox: Record<SandboxObject['kind'], boolean> = {
    'rbm.brand': networks.rbm.sandbox,
    'rbm.agent': networks.rbm.sandbox,
    'rbm.tester': networks.rbm.sandbox,
    'maap.bot': networks.maap.sandbox,
    'whatsapp.phone-number': networks.whatsapp.sandbox,
    'whatsapp.template': networks.whatsapp.sandbox,
  };
  const objects = demoBots()
    .flatMap(networkObjectsOf)
    .filter((object) => onSandbox[object.kind]);
  return provisionSandboxObjects(database, objects);
}

/**
 * The demo's bots (DEMO=1): every status of BOT_STATUS for the demo developer and the demo
 * aggregator (some created by its child user), WhatsApp-only and two-channel bots, with brands,
 * per-carrier states, network ids in the networks' shapes and their history up to registration (a bot in a
 * review state gets its launch, with the rest of its history, from seedDemoLaunches). Idempotent: fixed ids.
 */
export async function seedDemoBots(database: Database): Promise<{ bots: number; created: number }> {
  const { db } = database;
  const carrierRows = await db
    .select({ id: carriers.carrierId, name: carriers.name })
    .from(carriers)
    .where(and(eq(carriers.countryId, 'IN'), inArray(carriers.name, Object.values(CARRIER_NAMES))));
  const carrierId = (key: CarrierKey) => {
    const row = carrierRows.find((c) => c.name === CARRIER_NAMES[key]);
    if (!row) throw new Error(`demo carrier ${CARRIER_NAMES[key]} is not seeded; seed reference data first`);
    return row.id;
  };
  const [platform] = await db
    .select({ id: lookupValues.id })
    .from(lookupValues)
    .where(and(eq(lookupValues.kind, 'chatbot-platforms'), eq(lookupValues.code, 'DIALOGFLOW_CX')));
  const people = await db
    .select({ userId: users.userId, email: users.email })
    .from(users)
    .where(inArray(users.email, Object.keys(ROLE_OF)));
  const userId = (email: string) => people.find((p) => p.email === email)?.userId ?? null;

  const all = demoBots();
  let created = 0;
  const base = Date.parse('2026-10-01T09:00:00Z');
  for (const demo of all) {
    const botId = id(demo.n);
    const status = BOT_STATUS[demo.status];
    const registered = demo.status !== 'in_progress';
    const { slug, domain, gsma, hasRcs, hasWhatsapp } = demoShape(demo);
    const updatedAt = new Date(base + demo.n * 3_600_000 + 1_800_000);
    const inserted = await db
      .insert(bots)
      .values({
        botId,
        partnerId: DEMO_PARTNERS[demo.partner].partnerId,
        createdBy: userId(demo.by),
        channels: demo.channels,
        status,
        name: demo.name,
        ...(hasRcs
          ? {
              description: `${demo.name}: order updates, offers and support in your messages.`,
              brandColor: brandColorOf(demo),
              phones: [{ number: '+919876543210', label: 'Support' }],
              emails: [{ address: `support@${domain}`, label: 'Email us' }],
              websites: [{ url: `https://${domain}`, label: 'Website' }],
              privacyPolicyUrl: `https://${domain}/privacy`,
              termsUrl: `https://${domain}/terms`,
              messageCategory: ['Transactional', 'Promotional', 'OTP', 'Multi-Use'][demo.n % 4],
              region: demo.n % 5 === 0 ? 'Rest of World' : 'India',
              billingCategory: 'CONVERSATIONAL',
              apiType: gsma ? 'GSMA' : 'GOOGLE',
              hostingRegion: 'ASIA_PACIFIC',
              chatbotPlatformId: demo.n % 2 === 0 ? (platform?.id ?? null) : null,
              rbmBrand: registered && !gsma ? `brands/demo_${hex(demo.n)}` : null,
              rbmAgent: registered && !gsma ? `brands/demo_${hex(demo.n)}/agents/${slug}_agent` : null,
              maapBotId: registered && gsma ? `bot_demo_${hex(demo.n)}` : null,
            }
          : {}),
        ...(hasWhatsapp
          ? {
              waDisplayName: demo.name,
              waPhone: waPhoneOf(demo),
              waAbout: `Message ${demo.name} for orders and support.`,
              waCategory: 'RETAIL',
              wabaId: DEMO_WABA_ID,
              whatsappPhoneNumberId: registered ? String(106_540_352_240_000 + demo.n) : null,
            }
          : {}),
        brandId: demo.brand ? id(demo.brand) : null,
        networkRequestId: registered ? id(900_000 + demo.n) : null,
        listing:
          demo.status === 'launched'
            ? {
                tagline: `${demo.name} in your messages`,
                description: `Ask ${demo.name} about orders, offers and support, any time.`,
                keywords: ['orders', 'support'],
              }
            : null,
        // Launched and listed, except the aggregator's launched RCS bot: its store listing waits in
        // the platform's listing queue.
        listedInStore: demo.status === 'launched' && !(demo.partner === 'aggregator' && demo.n < 251),
        createdAt: new Date(base + demo.n * 3_600_000),
        updatedAt,
      })
      .onConflictDoNothing({ target: bots.botId })
      .returning({ botId: bots.botId });
    if (inserted.length === 0) continue;
    created += 1;
    const states = Object.entries(CARRIERS_BY_STATUS[demo.status]) as [CarrierKey, number][];
    if (states.length > 0) {
      await db.insert(botCarriers).values(
        states.map(([key, carrierStatus]) => ({
          botId,
          carrierId: carrierId(key),
          status: carrierStatus,
          reason:
            carrierStatus === BOT_CARRIER_STATES.rejected.code
              ? 'The privacy policy page does not load.'
              : carrierStatus === BOT_CARRIER_STATES.launch_failed.code
                ? 'The carrier could not reach the agent webhook.'
                : null,
          updatedAt,
        })),
      );
    }
    const history = [
      { action: 'created', fromCode: null, toCode: BOT_STATUS.in_progress },
      ...(registered
        ? [
            {
              action: 'register',
              fromCode: BOT_STATUS.in_progress,
              toCode: BOT_STATUS.in_progress_carrier_submission,
            },
          ]
        : []),
      // How a bot in a review state got there (submitted, forwarded, decided, launched) is its launch's
      // history, written with its launch by the bot-review module's demo (seedDemoLaunches).
    ];
    await db.insert(reviewHistory).values(
      history.map((step, i) => ({
        subject: 'bot',
        subjectId: botId,
        carrierId: null,
        action: step.action,
        fromCode: step.fromCode,
        toCode: step.toCode,
        reason: null,
        actorUserId: userId(demo.by),
        actorEmail: demo.by,
        actorRole: ROLE_OF[demo.by] ?? null,
        createdAt: new Date(base + demo.n * 3_600_000 + i * 600_000),
      })),
    );
  }
  return { bots: all.length, created };
}

/**
 * For the bot console's and the webhooks' demos (seedBotTestingDemo, seedPartnerWebhooksDemo): the
 * partner's first 40 bots registered on a network (an RBM agent, a MaaP bot or a WhatsApp number),
 * oldest first (the demo partners have a dozen), to give test devices and webhooks.
 */
export function demoRegisteredBots(database: Database, partnerId: string) {
  return database.db
    .select()
    .from(bots)
    .where(
      and(
        eq(bots.partnerId, partnerId),
        or(isNotNull(bots.rbmAgent), isNotNull(bots.maapBotId), isNotNull(bots.whatsappPhoneNumberId)),
      ),
    )
    .orderBy(asc(bots.createdAt))
    .limit(40);
}

/**
 * For the bot console's demo (seedBotTestingDemo): a launched bot for a demo partner that has no
 * registered bot yet (seedDemoBots adds the full set). No use case makes a bot launched outright.
 * Idempotent: a bot with that id is left alone.
 */
export async function storeDemoLaunchedBot(database: Database, bot: typeof bots.$inferInsert): Promise<void> {
  await database.db.insert(bots).values(bot).onConflictDoNothing();
}

/**
 * For the bot console's demo testers on the sandbox (provisionDemoTestersOnSandbox): the RBM agent of
 * each of these bots that has one.
 */
export async function demoRbmAgents(database: Database, botIds: readonly string[]) {
  if (botIds.length === 0) return new Map<string, string>();
  const rows = await database.db
    .select({ botId: bots.botId, rbmAgent: bots.rbmAgent })
    .from(bots)
    .where(and(inArray(bots.botId, [...botIds]), isNotNull(bots.rbmAgent)));
  return new Map(rows.flatMap((row) => (row.rbmAgent ? [[row.botId, row.rbmAgent] as const] : [])));
}

/**
 * For bot review's demo launches (seedDemoLaunches): the demo bot, its row locked until the launch's
 * unit of work ends (as the review locks it).
 */
export async function lockDemoBot(database: Database, botId: string) {
  const [bot] = await database.db.select().from(bots).where(eq(bots.botId, botId)).for('update');
  return bot;
}

/** For bot review's demo launches (seedDemoLaunches): the carriers the demo bot was chosen for. */
export async function demoBotCarrierIds(database: Database, botId: string): Promise<number[]> {
  const chosen = await database.db
    .select({ carrierId: botCarriers.carrierId })
    .from(botCarriers)
    .where(eq(botCarriers.botId, botId));
  return chosen.map((c) => c.carrierId);
}

/**
 * For bot review's demo launches (seedDemoLaunches): a demo bot's carrier set to the state (and
 * reason) its launch reached. The demo writes a review's outcome with its backdated history at once,
 * which no use case does.
 */
export async function setDemoCarrierState(
  database: Database,
  botId: string,
  carrierId: number,
  state: { status: number; reason: string | null },
): Promise<void> {
  await database.db
    .update(botCarriers)
    .set({ status: state.status, reason: state.reason })
    .where(and(eq(botCarriers.botId, botId), eq(botCarriers.carrierId, carrierId)));
}

/**
 * For bot review's demo launches (seedDemoLaunches): the demo bot and each of its carriers changed
 * when the launch's backdated history last moved them.
 */
export async function setDemoUpdatedAt(
  database: Database,
  botId: string,
  botAt: Date,
  carrierAts: readonly (readonly [carrierId: number, at: Date])[],
): Promise<void> {
  await database.db.update(bots).set({ updatedAt: botAt }).where(eq(bots.botId, botId));
  for (const [carrierId, at] of carrierAts) {
    await database.db
      .update(botCarriers)
      .set({ updatedAt: at })
      .where(and(eq(botCarriers.botId, botId), eq(botCarriers.carrierId, carrierId)));
  }
}
