import { BOT_STATUS, CHANNEL_TYPE, type TMessageContent } from '@portico/domain';
import type { SandboxObject } from '@portico/sandbox';
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { NetworksConfig } from '../../networks/config.ts';
import { provisionSandboxObjects } from '../../networks/sandbox-state.ts';
import { users } from '../../platform/db/core.schema.ts';
import type { Database } from '../../platform/db/index.ts';
import { DEMO_PARTNERS } from '../../platform/db/seed/index.ts';
import { demoRbmAgents, demoRegisteredBots, storeDemoLaunchedBot } from '../bots/bots.seed.ts';
import { storeDemoEvent, storeDemoMessage } from '../network-messages/network-messages.seed.ts';
import { botConsoleLines, botTestDevices } from './bot-testing.schema.ts';

const id = (n: number) => `00000000-0000-4000-8e00-${n.toString().padStart(12, '0')}`;

/** Console bots for a demo partner that has no registered bot yet (the bots seed adds the full set). */
const FALLBACK_BOTS = {
  developer: [
    {
      n: 1,
      name: 'Acme Care',
      channels: [CHANNEL_TYPE.rcs],
      rbmAgent: 'brands/demo-acme/agents/acme-care-demo',
    },
    { n: 2, name: 'Acme Orders', channels: [CHANNEL_TYPE.whatsapp], whatsapp: 'demo-wa-acme-orders' },
  ],
  aggregator: [
    {
      n: 3,
      name: 'Nimbus Assist',
      channels: [CHANNEL_TYPE.rcs],
      rbmAgent: 'brands/demo-nimbus/agents/nimbus-assist-demo',
    },
    { n: 4, name: 'Nimbus Alerts', channels: [CHANNEL_TYPE.whatsapp], whatsapp: 'demo-wa-nimbus-alerts' },
  ],
} as const;

/**
 * Two numbers of the demo developer's checked audience that are also accepted RBM testers of its
 * first bot approved by the platform and not launched yet: the test-device campaign (campaigns seed) sends to them only.
 */
export const DEMO_AUDIENCE_TESTERS = ['+919810020001', '+919810020002'] as const;

/** The demo developer's bot of the test-device campaign: RCS (RBM), approved by the platform, not launched. */
export function isDemoPreviewBot(bot: {
  status: number;
  rbmAgent: string | null;
  channels: readonly number[];
}): boolean {
  return (
    bot.status === BOT_STATUS.bot_approved_by_portico &&
    bot.rbmAgent !== null &&
    bot.channels.includes(CHANNEL_TYPE.rcs)
  );
}

const RICH_CARD: TMessageContent = {
  kind: 'rich_card',
  card: {
    title: 'Your order has shipped',
    description: 'Order #4821 arrives on Thursday.',
    suggestions: [
      { type: 'reply', text: 'Track order', postbackData: 'track' },
      { type: 'reply', text: 'Talk to us', postbackData: 'agent' },
    ],
  },
  suggestions: [],
};
const text = (body: string): TMessageContent => ({
  kind: 'text',
  text: body,
  suggestions: [{ type: 'reply', text: 'Hi there', postbackData: 'hi' }],
});
const TEXT = text('Hello! This is a test message from the console.');

/**
 * Demo data (DEMO=1): each of the demo developer's and aggregator's registered bots gets test
 * devices in every invite state (RBM: PENDING, ACCEPTED, DECLINED; MaaP and WhatsApp: numbers
 * without invites) and a
 * short conversation (a delivered and a read message, a tapped suggestion and a typed reply).
 * Idempotent: a bot that has devices already is left alone.
 */
export async function seedBotTestingDemo({ database }: { database: Database }) {
  const { db } = database;
  return database.transaction(async () => {
    let devices = 0;
    for (const key of ['developer', 'aggregator'] as const) {
      const partnerId = DEMO_PARTNERS[key].partnerId;
      const [owner] = await db
        .select({ userId: users.userId })
        .from(users)
        .where(eq(users.partnerId, partnerId))
        .orderBy(asc(users.createdAt))
        .limit(1);
      const registered = () => demoRegisteredBots(database, partnerId);
      let list = await registered();
      if (list.length === 0) {
        for (const bot of FALLBACK_BOTS[key]) {
          await storeDemoLaunchedBot(database, {
            botId: id(bot.n),
            partnerId,
            createdBy: owner?.userId ?? null,
            channels: [...bot.channels],
            status: BOT_STATUS.launched,
            name: bot.name,
            ...('rbmAgent' in bot
              ? { rbmAgent: bot.rbmAgent, rbmBrand: bot.rbmAgent.split('/agents/')[0], apiType: 'GOOGLE' }
              : { waDisplayName: bot.name, whatsappPhoneNumberId: bot.whatsapp }),
          });
        }
        list = await registered();
      }
      const ids = list.map((b) => b.botId);
      const seeded = ids.length
        ? await db
            .select({ botId: botTestDevices.botId })
            .from(botTestDevices)
            .where(inArray(botTestDevices.botId, ids))
        : [];
      const done = new Set(seeded.map((d) => d.botId));
      let number = key === 'developer' ? 100 : 500;
      // The developer's RCS bot approved by the platform, waiting for its carriers' launch: its
      // testers include audience numbers.
      const previewBot = list.find((b) => key === 'developer' && isDemoPreviewBot(b));
      for (const bot of list) {
        if (done.has(bot.botId)) continue;
        number += 10;
        if (bot === previewBot)
          for (const msisdn of DEMO_AUDIENCE_TESTERS) {
            const [device] = await db
              .insert(botTestDevices)
              .values({
                botId: bot.botId,
                partnerId,
                createdBy: owner?.userId ?? null,
                channel: 'rcs',
                msisdn,
                inviteStatus: 'ACCEPTED',
                invitedAt: new Date(Date.now() - 90 * 60_000),
                capable: true,
                features: ['RICHCARD_STANDALONE', 'RICHCARD_CAROUSEL', 'ACTION_DIAL'],
                checkedAt: new Date(Date.now() - 80 * 60_000),
                createdAt: new Date(Date.now() - 95 * 60_000),
              })
              .onConflictDoNothing()
              .returning();
            if (device) devices += 1;
          }
        const plan: { channel: 'rcs' | 'whatsapp'; status: 'PENDING' | 'ACCEPTED' | 'DECLINED' | null }[] =
          [];
        if (bot.rbmAgent && bot.channels.includes(CHANNEL_TYPE.rcs))
          plan.push(
            { channel: 'rcs', status: 'ACCEPTED' },
            { channel: 'rcs', status: 'PENDING' },
            { channel: 'rcs', status: 'DECLINED' },
          );
        // A GSMA MaaP chatbot's test numbers have no invite (decision 0035).
        if (!bot.rbmAgent && bot.maapBotId && bot.channels.includes(CHANNEL_TYPE.rcs))
          plan.push({ channel: 'rcs', status: null }, { channel: 'rcs', status: null });
        if (bot.whatsappPhoneNumberId && bot.channels.includes(CHANNEL_TYPE.whatsapp))
          plan.push({ channel: 'whatsapp', status: null }, { channel: 'whatsapp', status: null });
        let digit = 1;
        let talked = new Set<string>();
        for (const item of plan) {
          // Demo numbers end in 1-8: RCS-capable and on WhatsApp in the sandbox.
          const msisdn = `+9198000${String(number).padStart(3, '0')}${digit}${digit}`;
          digit += 1;
          const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);
          const [device] = await db
            .insert(botTestDevices)
            .values({
              botId: bot.botId,
              partnerId,
              createdBy: owner?.userId ?? null,
              channel: item.channel,
              msisdn,
              inviteStatus: item.status,
              invitedAt: item.status ? minutesAgo(90) : null,
              capable: item.status === 'DECLINED' ? null : true,
              features:
                item.channel === 'rcs' ? ['RICHCARD_STANDALONE', 'RICHCARD_CAROUSEL', 'ACTION_DIAL'] : [],
              checkedAt: item.status === 'DECLINED' ? null : minutesAgo(80),
              createdAt: minutesAgo(95),
            })
            .onConflictDoNothing()
            .returning();
          if (!device) continue;
          devices += 1;
          // A short conversation with the first device that may talk (accepted tester or WhatsApp).
          if (talked.has(item.channel) || item.status === 'PENDING' || item.status === 'DECLINED') continue;
          talked = new Set([...talked, item.channel]);
          const network = item.channel === 'whatsapp' ? 'whatsapp' : bot.rbmAgent ? 'rbm' : 'maap';
          const sender =
            network === 'rbm'
              ? (bot.rbmAgent?.split('/').pop() ?? '')
              : network === 'maap'
                ? (bot.maapBotId ?? '')
                : (bot.whatsappPhoneNumberId ?? '');
          const out = async (content: TMessageContent, status: 'delivered' | 'read', m: number) => {
            const messageId = crypto.randomUUID();
            await storeDemoMessage(database, {
              messageId,
              partnerId,
              createdBy: owner?.userId ?? null,
              purpose: 'test',
              network,
              sender,
              recipient: msisdn,
              content: content as unknown as Record<string, unknown>,
              status,
              networkMessageId: network === 'whatsapp' ? `wamid.demo-${messageId}` : messageId,
              createdAt: minutesAgo(m),
              updatedAt: minutesAgo(m - 1),
            });
            await db.insert(botConsoleLines).values({
              deviceId: device.deviceId,
              botId: bot.botId,
              direction: 'out',
              messageId,
              createdBy: owner?.userId ?? null,
              at: minutesAgo(m),
            });
          };
          const inbound = async (text: string, postbackData: string | null, m: number) => {
            const dedupeKey = `demo-console-${device.deviceId}-${m}`;
            const payload =
              network === 'rbm'
                ? { agentId: sender, senderPhoneNumber: msisdn, text }
                : network === 'maap'
                  ? {
                      botId: sender,
                      messageContact: { userContact: msisdn },
                      RCSMessage: { textMessage: text },
                    }
                  : { from: msisdn.slice(1), type: 'text', text: { body: text }, context: { from: sender } };
            const eventId = await storeDemoEvent(database, {
              network,
              dedupeKey,
              kind: postbackData === null ? 'user_message' : 'suggestion_response',
              sender: msisdn,
              text,
              postbackData,
              occurredAt: minutesAgo(m),
              receivedAt: minutesAgo(m),
              payload,
            });
            if (!eventId) return;
            await db.insert(botConsoleLines).values({
              deviceId: device.deviceId,
              botId: bot.botId,
              direction: 'in',
              eventId,
              text,
              postbackData,
              at: minutesAgo(m),
            });
          };
          await out(TEXT, 'read', 60);
          await inbound('Hi there', 'hi', 58);
          await out(
            item.channel === 'rcs' ? RICH_CARD : text('Your order #4821 has shipped.'),
            'delivered',
            50,
          );
          await inbound('When will it arrive?', null, 45);
        }
      }
    }
    return { devices };
  });
}

/**
 * The demo devices' tester invites on the built-in sandbox's RBM (decision 0020), at every start:
 * an invite the sandbox does not have is added in the state the device shows (so an unlaunched demo
 * agent may message its accepted testers); one it has, perhaps answered since, is left alone.
 */
export async function provisionDemoTestersOnSandbox(database: Database, networks: NetworksConfig) {
  if (!networks.rbm.sandbox) return 0;
  const devices = await database.db
    .select({
      botId: botTestDevices.botId,
      msisdn: botTestDevices.msisdn,
      inviteStatus: botTestDevices.inviteStatus,
      invitedAt: botTestDevices.invitedAt,
    })
    .from(botTestDevices)
    .where(
      and(
        inArray(botTestDevices.partnerId, [
          DEMO_PARTNERS.developer.partnerId,
          DEMO_PARTNERS.aggregator.partnerId,
        ]),
        eq(botTestDevices.channel, 'rcs'),
        isNotNull(botTestDevices.inviteStatus),
      ),
    );
  // Testers belong to an RBM agent: the devices of bots without one are left out.
  const agents = await demoRbmAgents(database, [...new Set(devices.map((device) => device.botId))]);
  const rows = devices.map((device) => ({ ...device, agent: agents.get(device.botId) }));
  const testers: SandboxObject[] = rows.flatMap((row) =>
    row.agent &&
    (row.inviteStatus === 'PENDING' || row.inviteStatus === 'ACCEPTED' || row.inviteStatus === 'DECLINED')
      ? [
          {
            kind: 'rbm.tester' as const,
            body: {
              agentId: row.agent.split('/').pop() ?? row.agent,
              msisdn: row.msisdn,
              inviteStatus: row.inviteStatus,
              createdAt: (row.invitedAt ?? new Date()).toISOString(),
            },
          },
        ]
      : [],
  );
  return provisionSandboxObjects(database, testers);
}

/**
 * For the templates' demo tests (seedDemoTemplates): a line of a test device's console, for a demo
 * message sent to it or an event from it, some minutes ago. The console writes its lines as messages
 * and events arrive; the demo's are backdated, so the demo writes them here.
 */
export async function storeDemoConsoleLine(
  database: Database,
  line: typeof botConsoleLines.$inferInsert,
): Promise<void> {
  await database.db.insert(botConsoleLines).values(line);
}
