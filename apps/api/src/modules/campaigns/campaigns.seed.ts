import type { CampaignStatus, TCampaignCreate } from '@portico/domain';
import type { AuthenticatedUser } from '../../platform/auth/types.ts';
import type { Database } from '../../platform/db/index.ts';
import { DEMO_ACCOUNTS, DEMO_PARTNERS } from '../../platform/db/seed/index.ts';
import type { TemplatesService } from '../templates/templates.service.ts';
import type { CampaignsService } from './campaigns.service.ts';

const DAY = 86_400_000;

/** What the demo's users write back to a campaign. */
const REPLIES = ['Yes please, send me the details', 'Is this on in Pune too?', 'Thanks! Ordering now.'];

/** A demo campaign: its name, who makes it, what it sends to whom, where it ends and when. */
interface DemoCampaign {
  name: string;
  /** The demo account that creates it (an aggregator's read-write child makes one of its own). */
  email: string;
  channel: 'rcs' | 'whatsapp';
  /** Which of the partner's checked audiences: the personalised file or the short plain list. */
  audience: 'personalised' | 'plain';
  fallback?: TCampaignCreate['fallback'];
  /** Where the seed leaves it. */
  status: CampaignStatus;
  /** Days before the seed that it started (its dates, not the ledger's, are moved back). */
  daysAgo: number;
}

const plan = (partner: 'developer' | 'aggregator'): DemoCampaign[] => {
  const owner = partner === 'developer' ? 'developer@portico.test' : 'aggregator@portico.test';
  const child = partner === 'developer' ? owner : 'child-readwrite@portico.test';
  return [
    {
      name: 'Diwali offers',
      email: owner,
      channel: 'rcs',
      audience: 'personalised',
      fallback: { kind: 'sms', text: 'Diwali offers: lamps are 20% off this week. Reply STOP to opt out.' },
      status: 'c',
      daysAgo: 24,
    },
    {
      name: 'VIP early access',
      email: owner,
      channel: 'whatsapp',
      audience: 'plain',
      status: 'c',
      daysAgo: 17,
    },
    { name: 'Order follow-up', email: child, channel: 'rcs', audience: 'plain', status: 'c', daysAgo: 9 },
    {
      name: 'Weekend flash sale',
      email: owner,
      channel: 'rcs',
      audience: 'personalised',
      status: 'd',
      daysAgo: 6,
    },
    { name: 'Festive greetings', email: owner, channel: 'rcs', audience: 'plain', status: 'i', daysAgo: 3 },
    {
      name: 'Winter catalogue',
      email: child,
      channel: 'rcs',
      audience: 'personalised',
      status: 'r',
      daysAgo: 1,
    },
    { name: 'New year countdown', email: owner, channel: 'rcs', audience: 'plain', status: 's', daysAgo: 0 },
    {
      name: 'Spring collection (draft)',
      email: owner,
      channel: 'rcs',
      audience: 'plain',
      status: 'p',
      daysAgo: 0,
    },
  ];
};

export interface CampaignsDemoDeps {
  database: Database;
  /** The campaigns service as the app runs it: a started campaign's dispatch is its job. */
  service: CampaignsService;
  /**
   * The same service without the dispatch job, for the campaigns the seed ends otherwise (paused,
   * cancelled, failed, scheduled): nothing of theirs is sent behind the seed's back.
   */
  withoutDispatch: CampaignsService;
  templates: Pick<TemplatesService, 'forCampaign'>;
  /**
   * The sandbox's handsets (null: a real RBM): a few users of the first completed RCS campaign
   * reply and tap there, and the network's events come back to our webhook as real ones do.
   */
  handsetsUrl?: string | null;
  /** How long a completed campaign's dispatch may take (the app's worker runs it). */
  timeoutMs?: number;
}

/**
 * Demo campaigns (DEMO=1, once the app listens: the sends go through the real connectors to the
 * mounted sandbox and its receipts come back to our webhooks) for the demo developer and the
 * approved aggregator (one made by its read-write child user): every run status, through the
 * campaigns service itself — created on the partner's checked audiences (the audiences seed
 * uploaded and checked them with the audiences service), priced by metering, started with the
 * wallet hold, dispatched batch by batch (each batch captured from the hold at its real price, the
 * rest released at the end), so the wallet's campaign rows are these campaigns'.
 *
 * The running one is paused by its partner right after its start: the scheduler resumes only a
 * campaign paused by a network outage, never one its partner paused, so it stays running (with its
 * hold, and Resume and Cancel to show) however long the demo runs; a paced or large one would end
 * by itself (or charge the wallet for minutes) and the seed would not keep its promise.
 *
 * A campaign's dates (created, started, sent, ended, its history) are moved back to when the demo
 * says it ran, once it has ended; the ledger's money moves today (the ledger dates its own movements, as in the analytics
 * seed). Idempotent: a partner that has a campaign is left alone.
 */
export async function seedCampaignsDemo({
  database,
  service,
  withoutDispatch,
  templates,
  handsetsUrl = null,
  timeoutMs = 120_000,
}: CampaignsDemoDeps): Promise<Record<string, number>> {
  const q = async <T>(text: string, values: unknown[]) => (await database.sql.query<T>(text, values)).rows;
  let seeded = 0;
  const byStatus: Record<string, number> = {};
  for (const key of ['developer', 'aggregator'] as const) {
    const partnerId = DEMO_PARTNERS[key].partnerId;
    const existing = await q<{ n: number }>(
      'SELECT count(*)::int AS n FROM campaigns WHERE partner_id = $1',
      [partnerId],
    );
    if ((existing[0]?.n ?? 0) > 0) continue;
    const users = new Map<string, AuthenticatedUser>();
    for (const account of DEMO_ACCOUNTS.filter((a) => a.partner === key)) {
      const [row] = await q<{ user_id: string; role: string }>(
        'SELECT user_id, role FROM users WHERE lower(email) = $1',
        [account.email],
      );
      if (row)
        users.set(account.email, {
          userId: row.user_id,
          partnerId,
          email: account.email,
          role: row.role as AuthenticatedUser['role'],
        });
    }
    const audiences = await q<{ audience_id: string; file_name: string; fields: string[] }>(
      `SELECT audience_id, file_name, fields FROM audiences WHERE partner_id = $1 AND status = 'ready' ORDER BY created_at`,
      [partnerId],
    );
    const personalised = audiences.find((a) => a.fields.length > 0);
    const plain = audiences.find((a) => a.fields.length === 0) ?? personalised;
    const templates = await approvedTemplates(partnerId);
    // Whether one of the partner's campaigns has had its users' replies and taps (the first RCS one).
    let answered = false;
    for (const demo of plan(key)) {
      const user = users.get(demo.email);
      const wanted = demo.audience === 'personalised' ? personalised : plain;
      // The template of the channel that the wanted audience can fill, else one the personalised file fills.
      const fits = (a: typeof wanted) => (t: (typeof templates)[number]) =>
        t.channel === demo.channel &&
        t.names.every((n) => a?.fields.includes(n) || (a?.fields.length ?? 0) >= t.names.length);
      const template = templates.find(fits(wanted)) ?? templates.find(fits(personalised));
      const audience = template && templates.find(fits(wanted)) ? wanted : personalised;
      if (!user || !audience || !template) continue;
      const variables = Object.fromEntries(
        template.names.map((name, i) => [
          name,
          audience.fields.includes(name) ? name : (audience.fields[i] ?? ''),
        ]),
      );
      const scheduledAt = new Date(Date.now() + 5 * DAY);
      // Sent through the app's own dispatch job (as a partner's start is); the others without it.
      const campaigns = demo.status === 'c' ? service : withoutDispatch;
      const created = await campaigns.create(user, {
        name: demo.name,
        bot_id: template.botId,
        template_id: template.templateId,
        audience_id: audience.audience_id,
        variables,
        fallback: demo.fallback ?? { kind: 'skip' },
        schedule:
          demo.status === 's'
            ? { kind: 'at', date: isoDate(scheduledAt, 330), time: '10:00', time_zone: '+05:30' }
            : { kind: 'now' },
      });
      const id = created.campaign_id;
      if (demo.status !== 'p') await campaigns.start(user, id);
      if (demo.status === 'r') await campaigns.pause(user, id);
      if (demo.status === 'd') await campaigns.cancel(user, id, 'Stock ran out before the sale started.');
      if (demo.status === 'i')
        await campaigns.fail(id, 'The bot could not send: its sender was unavailable (demo).');
      if (demo.status === 'c') await ended(id);
      if (demo.status === 'c' && demo.channel === 'rcs' && !answered) answered = await answer(id);
      if (demo.daysAgo > 0) await backdate(id, demo.daysAgo * DAY + 2 * 3_600_000);
      const [row] = await q<{ status: string }>('SELECT status FROM campaigns WHERE campaign_id = $1', [id]);
      if (row?.status !== demo.status)
        throw new Error(`demo campaign "${demo.name}" ended ${row?.status ?? 'missing'}, not ${demo.status}`);
      byStatus[demo.status] = (byStatus[demo.status] ?? 0) + 1;
      seeded += 1;
    }
    // The developer's campaign through its bot waiting for launch: sent (through the app's dispatch)
    // only to the audience's recipients that are the bot's accepted testers.
    const preview = key === 'developer' ? await testDeviceTemplate(partnerId) : undefined;
    const owner = users.get('developer@portico.test');
    if (preview && owner && personalised) {
      const created = await service.create(owner, {
        name: 'Lamp preview (test devices)',
        bot_id: preview.botId,
        template_id: preview.templateId,
        audience_id: personalised.audience_id,
        variables: Object.fromEntries(
          preview.names.map((name, i) => [
            name,
            personalised.fields.includes(name) ? name : (personalised.fields[i] ?? ''),
          ]),
        ),
        fallback: { kind: 'skip' },
        schedule: { kind: 'now' },
      });
      await service.start(owner, created.campaign_id);
      await ended(created.campaign_id);
      await backdate(created.campaign_id, 2 * DAY);
      const [row] = await q<{ status: string }>('SELECT status FROM campaigns WHERE campaign_id = $1', [
        created.campaign_id,
      ]);
      if (row?.status !== 'c')
        throw new Error(`the demo test-device campaign ended ${row?.status ?? 'missing'}, not c`);
      byStatus.c = (byStatus.c ?? 0) + 1;
      seeded += 1;
    }
  }
  return { campaigns: seeded, ...byStatus };

  /** The partner's approved RCS template of a bot that is not launched but has accepted testers. */
  async function testDeviceTemplate(partnerId: string) {
    const rows = await q<{ template_id: string; bot_id: string }>(
      `SELECT t.template_id, t.bot_id FROM templates t JOIN bots b ON b.bot_id = t.bot_id
        WHERE t.partner_id = $1 AND t.channel = 'rcs' AND t.active_version IS NOT NULL AND b.status <> 10
          AND b.rbm_agent IS NOT NULL
          AND EXISTS (SELECT 1 FROM bot_test_devices d WHERE d.bot_id = b.bot_id AND d.channel = 'rcs'
                        AND d.invite_status = 'ACCEPTED')
        ORDER BY t.created_at, t.template_id`,
      [partnerId],
    );
    for (const row of rows) {
      const template = await templates.forCampaign(partnerId, row.template_id);
      if (template?.approved && !template.botLaunched)
        return { templateId: row.template_id, botId: row.bot_id, names: template.variables };
    }
    return undefined;
  }

  /** The partner's approved templates of launched bots that can send them, with their variables. */
  async function approvedTemplates(partnerId: string) {
    const rows = await q<{ template_id: string; bot_id: string; channel: 'rcs' | 'whatsapp'; name: string }>(
      `SELECT t.template_id, t.bot_id, t.channel, t.name FROM templates t JOIN bots b ON b.bot_id = t.bot_id
        WHERE t.partner_id = $1 AND t.active_version IS NOT NULL AND b.status = 10
          AND ((t.channel = 'rcs' AND (b.rbm_agent IS NOT NULL OR b.maap_bot_id IS NOT NULL))
            OR (t.channel = 'whatsapp' AND b.whatsapp_phone_number_id IS NOT NULL))
        ORDER BY t.created_at, t.template_id`,
      [partnerId],
    );
    const found = [];
    for (const row of rows) {
      const template = await templates.forCampaign(partnerId, row.template_id);
      if (template?.approved && template.botLaunched)
        found.push({
          templateId: row.template_id,
          botId: row.bot_id,
          channel: row.channel,
          names: template.variables,
        });
    }
    return found;
  }

  /** Waits until the app's dispatch job has sent a started campaign to its end. */
  async function ended(campaignId: string) {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const [row] = await q<{ status: string }>('SELECT status FROM campaigns WHERE campaign_id = $1', [
        campaignId,
      ]);
      if (row?.status !== 'r') return;
      if (Date.now() > until)
        throw new Error(`demo campaign ${campaignId} was not sent within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  /**
   * Three of the campaign's users reply on their handsets and three tap its first suggestion (two
   * of them both), as people do: the events come back through our webhook and count as replied and
   * clicked. False when there is no sandbox to answer on.
   */
  async function answer(campaignId: string): Promise<boolean> {
    if (!handsetsUrl) return false;
    const sent = await q<{ msisdn: string }>(
      `SELECT msisdn FROM campaign_recipients
        WHERE campaign_id = $1 AND status = 'sent' AND channel = 'rcs' ORDER BY seq LIMIT 4`,
      [campaignId],
    );
    // A call to the sandbox's handset API: a POST with a body, else a GET of the handset.
    const handset = async (path: string, body?: unknown) => {
      const response = await fetch(
        `${handsetsUrl}${path}`,
        body === undefined
          ? {}
          : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
      );
      if (!response.ok) throw new Error(`the sandbox handset answered ${response.status} to ${path}`);
      return response.json() as Promise<unknown>;
    };
    for (const [i, { msisdn }] of sent.entries()) {
      const number = encodeURIComponent(msisdn);
      if (i < 3) await handset(`/${number}/replies`, { text: REPLIES[i % REPLIES.length] });
      if (i === 0) continue;
      const thread = (await handset(`/${number}`)) as {
        items: {
          id: string;
          direction: string;
          suggestions: unknown[];
          cards?: { suggestions: unknown[] }[];
        }[];
      };
      const item = [...thread.items]
        .reverse()
        .find(
          (x) =>
            x.direction === 'received' &&
            (x.suggestions.length > 0 || (x.cards?.[0]?.suggestions.length ?? 0) > 0),
        );
      if (!item) continue;
      await handset(`/${number}/taps`, {
        itemId: item.id,
        ...(item.suggestions.length > 0 ? {} : { cardIndex: 0 }),
        suggestionIndex: 0,
      });
    }
    return sent.length > 0;
  }

  /** Moves a campaign's own dates (its rows, recipients' sends and history) back by `ms`. */
  async function backdate(campaignId: string, ms: number) {
    const shift = `${ms} milliseconds`;
    await q(
      `UPDATE campaigns SET created_at = created_at - $2::interval, updated_at = updated_at - $2::interval,
              started_at = started_at - $2::interval, ended_at = ended_at - $2::interval,
              paused_at = paused_at - $2::interval
        WHERE campaign_id = $1`,
      [campaignId, shift],
    );
    await q(
      `UPDATE campaign_recipients SET sent_at = sent_at - $2::interval, replied_at = replied_at - $2::interval
        WHERE campaign_id = $1`,
      [campaignId, shift],
    );
    await q(
      `UPDATE review_history SET created_at = created_at - $2::interval WHERE subject = 'campaign' AND subject_id = $1`,
      [campaignId, shift],
    );
  }
}

/** The date (YYYY-MM-DD) at `at` in a zone `offsetMinutes` east of UTC. */
function isoDate(at: Date, offsetMinutes: number): string {
  return new Date(at.getTime() + offsetMinutes * 60_000).toISOString().slice(0, 10);
}
