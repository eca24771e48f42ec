import {
  CHANNEL_TYPE,
  type RcsTemplateContent,
  rcsTemplateType,
  TEMPLATE_MACHINE,
  type TemplateAction,
  type TemplateState,
  type TMessageContent,
  toWhatsappComponents,
  type WhatsappTemplateContent,
  whatsappAuthenticationBody,
  whatsappAuthenticationFooter,
  whatsappTemplateType,
} from '@portico/domain';
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { NetworksConfig } from '../../networks/config.ts';
import { provisionSandboxObjects } from '../../networks/sandbox-state.ts';
import { users } from '../../platform/db/core.schema.ts';
import type { Database } from '../../platform/db/index.ts';
import { DEMO_PARTNERS } from '../../platform/db/seed/index.ts';
import { reviewHistory } from '../../platform/review/review.schema.ts';
import { botTestDevices } from '../bot-testing/bot-testing.schema.ts';
import { isDemoPreviewBot, storeDemoConsoleLine } from '../bot-testing/bot-testing.seed.ts';
import { bots } from '../bots/bots.schema.ts';
import { storeDemoEvent, storeDemoMessage } from '../network-messages/network-messages.seed.ts';
import { templates, templateTestResults, templateTestRuns, templateVersions } from './templates.schema.ts';

const IMAGE = (name: string) => `https://storage.googleapis.com/kitchen-sink-sample-images/${name}`;

const RCS_TEMPLATES: {
  name: string;
  states: TemplateState[];
  reason?: string;
  content: RcsTemplateContent;
  samples: Record<string, string>;
  tested?: boolean;
}[] = [
  {
    name: 'Welcome message',
    states: ['draft'],
    samples: { first_name: 'Asha' },
    content: {
      kind: 'text',
      text: 'Hi {{first_name}}, welcome aboard! Reply to tell us what you need.',
      suggestions: [
        { type: 'reply', text: 'Track an order', postbackData: 'track' },
        { type: 'dial', text: 'Call us', postbackData: 'call', phoneNumber: '+919800012345' },
      ],
    },
  },
  {
    name: 'Monsoon sale carousel',
    states: ['pending'],
    samples: { first_name: 'Asha' },
    content: {
      kind: 'carousel',
      cardWidth: 'MEDIUM',
      cards: [
        {
          title: 'Rain jackets, 30% off',
          description: '{{first_name}}, stay dry this monsoon.',
          media: { source: 'url', url: IMAGE('cute-dog.jpg'), kind: 'image', height: 'MEDIUM' },
          suggestions: [
            {
              type: 'open_url',
              text: 'Shop jackets',
              postbackData: 'jackets',
              url: 'https://example.com/jackets',
            },
          ],
        },
        {
          title: 'Umbrellas from ₹299',
          description: 'Compact, windproof, in six colours.',
          media: { source: 'url', url: IMAGE('elephant.jpg'), kind: 'image', height: 'MEDIUM' },
          suggestions: [{ type: 'reply', text: 'Show umbrellas', postbackData: 'umbrellas' }],
        },
        {
          title: 'Find a store',
          description: 'Pick up today at a store near you.',
          suggestions: [
            {
              type: 'view_location',
              text: 'Nearest store',
              postbackData: 'store',
              latitude: 19.076,
              longitude: 72.8777,
              label: 'Mumbai store',
            },
            { type: 'share_location', text: 'Share location', postbackData: 'share' },
          ],
        },
      ],
      suggestions: [{ type: 'reply', text: 'Not now', postbackData: 'later' }],
    },
  },
  {
    name: 'Order shipped card',
    states: ['pending', 'approved'],
    samples: { order_id: '4821' },
    tested: true,
    content: {
      kind: 'rich_card',
      orientation: 'VERTICAL',
      imageAlignment: 'LEFT',
      card: {
        title: 'Order #{{order_id}} has shipped',
        description: 'It arrives on Thursday. Track it or talk to us.',
        media: { source: 'url', url: IMAGE('cute-dog.jpg'), kind: 'image', height: 'SHORT' },
        suggestions: [
          { type: 'reply', text: 'Track order', postbackData: 'track' },
          { type: 'reply', text: 'Talk to us', postbackData: 'agent' },
        ],
      },
      suggestions: [],
    },
  },
  {
    name: 'Festival offer',
    states: ['pending', 'rejected'],
    reason: 'The offer’s terms are missing: add a link to them and submit again.',
    samples: {},
    content: {
      kind: 'rich_card',
      orientation: 'HORIZONTAL',
      imageAlignment: 'RIGHT',
      card: {
        title: 'Diwali offer',
        description: 'Flat 50% off everything, today only.',
        media: { source: 'url', url: IMAGE('elephant.jpg'), kind: 'image', height: 'MEDIUM' },
        suggestions: [
          {
            type: 'calendar',
            text: 'Remind me',
            postbackData: 'remind',
            title: 'Diwali offer',
            startTime: '2026-11-08T04:30:00Z',
            endTime: '2026-11-08T16:30:00Z',
          },
        ],
      },
      suggestions: [],
    },
  },
];

const WA_TEMPLATES: {
  name: string;
  states: TemplateState[];
  reason?: string;
  quality?: string;
  content: WhatsappTemplateContent;
  tested?: boolean;
}[] = [
  {
    name: 'order_update',
    states: ['pending', 'approved'],
    quality: 'GREEN',
    tested: true,
    content: {
      category: 'UTILITY',
      header: { format: 'TEXT', text: 'Order {{1}}', example: '#4821' },
      body: {
        text: 'Hi {{1}}, your order has shipped and arrives on {{2}}.',
        examples: ['Asha', 'Thursday'],
      },
      footer: 'Reply STOP to opt out',
      buttons: [
        { type: 'QUICK_REPLY', text: 'Track order' },
        { type: 'QUICK_REPLY', text: 'Talk to us' },
      ],
    },
  },
  {
    name: 'summer_sale',
    states: ['pending', 'approved', 'paused'],
    quality: 'RED',
    content: {
      category: 'MARKETING',
      header: { format: 'TEXT', text: 'Our {{1}} is on!', example: 'Summer Sale' },
      body: {
        text: 'Shop now through {{1}} and use code {{2}} to get {{3}} off of all merchandise.',
        examples: ['the end of August', '25OFF', '25%'],
      },
      footer: null,
      buttons: [
        {
          type: 'URL',
          text: 'Shop now',
          url: 'https://example.com/sale/{{1}}',
          example: 'https://example.com/sale/summer',
        },
        { type: 'COPY_CODE', text: 'Copy offer code', example: '25OFF' },
      ],
    },
  },
  {
    name: 'login_code',
    states: ['pending'],
    content: {
      category: 'AUTHENTICATION',
      header: null,
      body: { text: whatsappAuthenticationBody(true), examples: ['482913'] },
      footer: whatsappAuthenticationFooter(10),
      buttons: [{ type: 'COPY_CODE', text: 'Copy code' }],
      authentication: { securityRecommendation: true, codeExpirationMinutes: 10 },
    },
  },
  {
    name: 'flash_deal',
    states: ['pending', 'rejected'],
    reason: 'INVALID_FORMAT',
    content: {
      category: 'MARKETING',
      header: null,
      body: { text: 'Flash deal: {{1}} off for the next hour only.', examples: ['40%'] },
      footer: null,
      buttons: [{ type: 'PHONE_NUMBER', text: 'Call to order', phoneNumber: '+919800012345' }],
    },
  },
  {
    name: 'welcome_offer',
    states: ['draft'],
    content: {
      category: 'MARKETING',
      header: null,
      body: { text: 'Welcome {{1}}! Here is 10% off your first order.', examples: ['Asha'] },
      footer: null,
      buttons: [],
    },
  },
];

/** The machine's action that moved a version from one state to the next, for the history. */
function actionOf(
  channel: 'rcs' | 'whatsapp',
  from: TemplateState | null,
  to: TemplateState,
): TemplateAction | 'created' {
  if (from === null) return 'created';
  if (to === 'pending') return 'submit';
  if (channel === 'rcs') return to === 'approved' ? 'approve' : 'reject';
  if (to === 'paused') return 'meta-pause';
  return to === 'approved' ? 'meta-approve' : 'meta-reject';
}

/** Meta's status of a version as the sandbox keeps it (a draft never reached Meta). */
const META_STATUS: Partial<Record<number, 'PENDING' | 'APPROVED' | 'REJECTED' | 'PAUSED'>> = {
  [TEMPLATE_MACHINE.states.pending.code]: 'PENDING',
  [TEMPLATE_MACHINE.states.approved.code]: 'APPROVED',
  [TEMPLATE_MACHINE.states.rejected.code]: 'REJECTED',
  [TEMPLATE_MACHINE.states.paused.code]: 'PAUSED',
};

/**
 * The demo WhatsApp templates on the built-in sandbox's WhatsApp (decision 0020), at every start: each
 * version the demo seed marks as submitted to Meta is added with its Meta id, name (`<name>_v<n>` after
 * the first version), language, components and status when the sandbox does not have it, so a seeded
 * approved template can be test-sent like one made in the app. What the sandbox has is left alone.
 */
export async function provisionDemoTemplatesOnSandbox(
  database: Database,
  networks: NetworksConfig,
): Promise<number> {
  if (!networks.whatsapp.sandbox) return 0;
  const rows = await database.db
    .select({
      name: templates.name,
      language: templates.language,
      version: templateVersions.version,
      networkTemplateId: templateVersions.networkTemplateId,
      statusCode: templateVersions.statusCode,
      content: templateVersions.content,
      reason: templateVersions.reason,
      wabaId: bots.wabaId,
    })
    .from(templateVersions)
    .innerJoin(templates, eq(templates.templateId, templateVersions.templateId))
    .innerJoin(bots, eq(bots.botId, templates.botId))
    .where(
      and(
        eq(templates.channel, 'whatsapp'),
        isNotNull(templateVersions.networkTemplateId),
        inArray(templates.partnerId, [DEMO_PARTNERS.developer.partnerId, DEMO_PARTNERS.aggregator.partnerId]),
      ),
    );
  return provisionSandboxObjects(
    database,
    rows.flatMap((row) => {
      const status = META_STATUS[row.statusCode];
      if (!row.wabaId || !row.networkTemplateId || !status) return [];
      const content = row.content as unknown as WhatsappTemplateContent;
      return [
        {
          kind: 'whatsapp.template' as const,
          body: {
            id: row.networkTemplateId,
            wabaId: row.wabaId,
            name: row.version === 1 ? row.name : `${row.name}_v${row.version}`,
            language: row.language,
            category: content.category,
            components: toWhatsappComponents(content),
            status,
            rejected_reason: status === 'REJECTED' ? (row.reason ?? 'NONE') : 'NONE',
          },
        },
      ];
    }),
  );
}

/**
 * Demo data (DEMO=1): templates of the demo developer's and aggregator's registered bots in every
 * state: RCS drafts, pending, approved (tested on the bot's devices: delivered, read, a tap),
 * rejected with the reason, a new version pending over an approved one; WhatsApp approved (quality
 * green), paused by Meta, authentication pending, rejected by Meta, a draft. Each with its history.
 * Idempotent: a partner that has templates already is left alone.
 */
export async function seedDemoTemplates(database: Database) {
  const { db } = database;
  return database.transaction(async () => {
    let made = 0;
    for (const key of ['developer', 'aggregator'] as const) {
      const partnerId = DEMO_PARTNERS[key].partnerId;
      const [existing] = await db
        .select({ id: templates.templateId })
        .from(templates)
        .where(eq(templates.partnerId, partnerId))
        .limit(1);
      if (existing) continue;
      const [owner] = await db
        .select({ userId: users.userId, email: users.email, role: users.role })
        .from(users)
        .where(eq(users.partnerId, partnerId))
        .orderBy(asc(users.createdAt))
        .limit(1);
      if (!owner) continue;
      const registered = await db
        .select()
        .from(bots)
        .where(eq(bots.partnerId, partnerId))
        .orderBy(asc(bots.createdAt));
      // Launched bots first: their approved templates make the active template list.
      const pick = (has: (b: (typeof registered)[number]) => boolean) =>
        registered.filter(has).sort((a, b) => Number(b.status === 10) - Number(a.status === 10))[0];
      const rcsBot = pick((b) => b.channels.includes(CHANNEL_TYPE.rcs) && b.rbmAgent !== null);
      const waBot = pick(
        (b) => b.channels.includes(CHANNEL_TYPE.whatsapp) && b.whatsappPhoneNumberId !== null,
      );
      const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

      const history = async (
        templateId: string,
        channel: 'rcs' | 'whatsapp',
        states: TemplateState[],
        start: number,
        reason?: string,
      ) => {
        let from: TemplateState | null = null;
        let at = start;
        for (const to of ['draft', ...states] as TemplateState[]) {
          if (from === to) continue;
          const action = actionOf(channel, from, to);
          const byNetwork = action.startsWith('meta-');
          const byAdmin = action === 'approve' || action === 'reject';
          await db.insert(reviewHistory).values({
            subject: TEMPLATE_MACHINE.subject,
            subjectId: templateId,
            action,
            fromCode: from === null ? null : TEMPLATE_MACHINE.states[from].code,
            toCode: TEMPLATE_MACHINE.states[to].code,
            reason: to === 'rejected' ? (reason ?? null) : null,
            actorUserId: byNetwork || byAdmin ? null : owner.userId,
            actorEmail: byNetwork ? null : byAdmin ? 'admin-readwrite@portico.test' : owner.email,
            actorRole: byNetwork ? null : byAdmin ? 'ADMIN_PORTICO_READWRITE' : owner.role,
            createdAt: minutesAgo(at),
          });
          at -= 20;
          from = to;
        }
      };

      const insert = async (input: {
        botId: string;
        channel: 'rcs' | 'whatsapp';
        name: string;
        language: string;
        versions: {
          states: TemplateState[];
          content: Record<string, unknown>;
          samples: Record<string, string>;
          reason?: string;
          quality?: string;
          networkId?: string;
        }[];
        type: string;
        age: number;
      }) => {
        const latest = input.versions.at(-1);
        if (!latest) return null;
        const finalOf = (v: { states: TemplateState[] }) => v.states.at(-1) ?? 'draft';
        const approved = input.versions
          .map((v, i) => (finalOf(v) === 'approved' ? i + 1 : 0))
          .filter(Boolean);
        const [template] = await db
          .insert(templates)
          .values({
            partnerId,
            botId: input.botId,
            createdBy: owner.userId,
            name: input.name,
            channel: input.channel,
            language: input.language,
            type: input.type,
            statusCode: TEMPLATE_MACHINE.states[finalOf(latest)].code,
            latestVersion: input.versions.length,
            activeVersion: approved.length ? Math.max(...approved) : null,
            createdAt: minutesAgo(input.age),
            updatedAt: minutesAgo(input.age - 60),
          })
          .returning();
        if (!template) return null;
        const rows = [];
        for (const [i, v] of input.versions.entries()) {
          const final = finalOf(v);
          const submitted = v.states.includes('pending');
          const [row] = await db
            .insert(templateVersions)
            .values({
              templateId: template.templateId,
              version: i + 1,
              statusCode: TEMPLATE_MACHINE.states[final].code,
              content: v.content,
              sampleValues: v.samples,
              reason: final === 'rejected' ? (v.reason ?? null) : null,
              networkTemplateId: input.channel === 'whatsapp' && submitted ? (v.networkId ?? null) : null,
              quality: v.quality ?? null,
              submittedAt: submitted ? minutesAgo(input.age - 30 - i * 100) : null,
              decidedAt: submitted && final !== 'pending' ? minutesAgo(input.age - 50 - i * 100) : null,
              createdBy: owner.userId,
              createdAt: minutesAgo(input.age - i * 100),
              updatedAt: minutesAgo(input.age - 50 - i * 100),
            })
            .returning();
          if (row) rows.push(row);
          await history(template.templateId, input.channel, v.states, input.age - i * 100, v.reason);
        }
        made += 1;
        return { template, rows };
      };

      /** A test of the version on the bot's first talking device: delivered and read, with a tap. */
      const tested = async (
        botId: string,
        templateId: string,
        versionId: string,
        channel: 'rcs' | 'whatsapp',
        content: TMessageContent,
        sender: string,
      ) => {
        const [device] = await db
          .select()
          .from(botTestDevices)
          .where(
            and(
              eq(botTestDevices.botId, botId),
              eq(botTestDevices.channel, channel),
              channel === 'rcs'
                ? eq(botTestDevices.inviteStatus, 'ACCEPTED')
                : isNotNull(botTestDevices.msisdn),
            ),
          )
          .limit(1);
        if (!device) return;
        const network = channel === 'rcs' ? 'rbm' : 'whatsapp';
        const messageId = crypto.randomUUID();
        const [run] = await db
          .insert(templateTestRuns)
          .values({ templateId, versionId, values: {}, createdBy: owner.userId, createdAt: minutesAgo(30) })
          .returning();
        if (!run) return;
        await storeDemoMessage(database, {
          messageId,
          partnerId,
          createdBy: owner.userId,
          purpose: 'test',
          network,
          sender,
          recipient: device.msisdn,
          content: content as unknown as Record<string, unknown>,
          status: 'read',
          networkMessageId: network === 'whatsapp' ? `wamid.demo-${messageId}` : messageId,
          createdAt: minutesAgo(30),
          updatedAt: minutesAgo(28),
        });
        await storeDemoConsoleLine(database, {
          deviceId: device.deviceId,
          botId,
          direction: 'out',
          messageId,
          createdBy: owner.userId,
          at: minutesAgo(30),
        });
        await db.insert(templateTestResults).values({
          runId: run.runId,
          deviceId: device.deviceId,
          msisdn: device.msisdn,
          channel,
          messageId,
          createdAt: minutesAgo(30),
        });
        const eventId = await storeDemoEvent(database, {
          network,
          dedupeKey: `demo-template-tap-${messageId}`,
          kind: 'suggestion_response',
          sender: device.msisdn,
          text: 'Track order',
          postbackData: 'track',
          occurredAt: minutesAgo(27),
          receivedAt: minutesAgo(27),
          payload: { demo: true, text: 'Track order', postbackData: 'track' },
        });
        if (eventId)
          await storeDemoConsoleLine(database, {
            deviceId: device.deviceId,
            botId,
            direction: 'in',
            eventId,
            text: 'Track order',
            postbackData: 'track',
            at: minutesAgo(27),
          });
      };

      if (rcsBot) {
        let age = 2000;
        const agent = rcsBot.rbmAgent?.split('/').pop() ?? '';
        for (const t of RCS_TEMPLATES) {
          age -= 200;
          const made = await insert({
            botId: rcsBot.botId,
            channel: 'rcs',
            name: t.name,
            language: 'en',
            type: rcsTemplateType(t.content),
            versions: [
              {
                states: t.states,
                content: t.content as unknown as Record<string, unknown>,
                samples: t.samples,
                ...(t.reason ? { reason: t.reason } : {}),
              },
            ],
            age,
          });
          const version = made?.rows[0];
          if (t.tested && made && version && t.content.kind === 'rich_card') {
            const card = t.content.card;
            await tested(
              rcsBot.botId,
              made.template.templateId,
              version.versionId,
              'rcs',
              {
                kind: 'rich_card',
                card: {
                  title: (card.title ?? '').replace('{{order_id}}', t.samples.order_id ?? ''),
                  ...(card.description ? { description: card.description } : {}),
                  ...(card.media?.source === 'url'
                    ? { media: { fileUrl: card.media.url, height: card.media.height } }
                    : {}),
                  suggestions: card.suggestions as never,
                },
                suggestions: [],
              },
              agent,
            );
          }
        }
        // A new version pending over the approved one (which stays in use).
        const v1 = RCS_TEMPLATES[2]?.content;
        if (v1 && v1.kind === 'rich_card')
          await insert({
            botId: rcsBot.botId,
            channel: 'rcs',
            name: 'Delivery reminder',
            language: 'en',
            type: 'rich_card',
            versions: [
              {
                states: ['pending', 'approved'],
                content: v1 as unknown as Record<string, unknown>,
                samples: { order_id: '4821' },
              },
              {
                states: ['pending'],
                content: {
                  ...v1,
                  card: { ...v1.card, description: 'It arrives tomorrow before noon.' },
                } as unknown as Record<string, unknown>,
                samples: { order_id: '4821' },
              },
            ],
            age: 1000,
          });
      }
      // An approved card of the developer's RCS bot approved by the platform, not launched (its accepted testers
      // include audience numbers): the campaign form's "bots with test devices" and the campaigns
      // seed's test-device campaign send it.
      const previewBot = registered.find((b) => key === 'developer' && isDemoPreviewBot(b));
      if (previewBot)
        await insert({
          botId: previewBot.botId,
          channel: 'rcs',
          name: 'Lamp preview',
          language: 'en',
          type: 'rich_card',
          versions: [
            {
              states: ['pending', 'approved'],
              content: {
                kind: 'rich_card',
                orientation: 'VERTICAL',
                imageAlignment: 'LEFT',
                card: {
                  title: 'Diwali lamps for {{first_name}}',
                  description: 'A first look before the launch: reply to tell us what you think.',
                  media: { source: 'url', url: IMAGE('elephant.jpg'), kind: 'image', height: 'MEDIUM' },
                  suggestions: [{ type: 'reply', text: 'Looks good', postbackData: 'good' }],
                },
                suggestions: [],
              },
              samples: { first_name: 'Asha' },
            },
          ],
          age: 900,
        });
      if (waBot) {
        let age = 1900;
        for (const [i, t] of WA_TEMPLATES.entries()) {
          age -= 200;
          const networkId = `demo-${key}-${i + 1}`;
          const made = await insert({
            botId: waBot.botId,
            channel: 'whatsapp',
            name: t.name,
            language: 'en_US',
            type: whatsappTemplateType(t.content),
            versions: [
              {
                states: t.states,
                content: t.content as unknown as Record<string, unknown>,
                samples: {},
                networkId,
                ...(t.reason ? { reason: t.reason } : {}),
                ...(t.quality ? { quality: t.quality } : {}),
              },
            ],
            age,
          });
          const version = made?.rows[0];
          if (t.tested && made && version && waBot.whatsappPhoneNumberId)
            await tested(
              waBot.botId,
              made.template.templateId,
              version.versionId,
              'whatsapp',
              {
                kind: 'template',
                templateName: t.name,
                language: 'en_US',
                parameters: t.content.body.examples,
              },
              waBot.whatsappPhoneNumberId,
            );
        }
      }
    }
    const ids = await db
      .select({ id: templates.templateId })
      .from(templates)
      .where(
        inArray(templates.partnerId, [DEMO_PARTNERS.developer.partnerId, DEMO_PARTNERS.aggregator.partnerId]),
      );
    return { templates: made, total: ids.length };
  });
}
