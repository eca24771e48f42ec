import { createHmac } from 'node:crypto';
import {
  CHANNEL_TYPE,
  ROLES,
  type TTemplate,
  type TTemplateTestSummary,
  ZActiveTemplateList,
  ZReviewHistory,
  ZTemplate,
  ZTemplateImport,
  ZTemplateJson,
  ZTemplateList,
  ZTemplateMediaUpload,
  ZTemplateTestRun,
  ZTemplateTestSummary,
  ZTestDevice,
} from '@portico/domain';
import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Subject } from '../../../test/factories.ts';
import { createTestApp, expectEnvelope, type TestApp, xsrfHeaders } from '../../../test/helpers.ts';
import { bots } from '../bots/bots.schema.ts';
import { templates, templateVersions } from './templates.schema.ts';

/**
 * Templates on a listening app with the sandbox: RCS templates built, reviewed by the platform,
 * versioned and tested on a sandbox handset (delivered, read, a tap); WhatsApp templates submitted
 * to Meta's sandbox, approved by its webhook, and Meta's events applied once, the latest deciding.
 */

const S = '/api/v1/secure';
let t: TestApp;

interface Caller {
  token: string;
  partnerId: string;
  userId: string;
}
let developer: Caller;
let readOnlyChild: Caller;
let stranger: Caller;
let admin: Caller;
let readOnlyAdmin: Caller;
let rcsBot: string;
let whatsappBot: string;

beforeAll(async () => {
  t = await createTestApp({
    listen: true,
    env: {
      SANDBOX_BEHAVIOUR: JSON.stringify({
        deliveryDelayMs: 20,
        readDelayMs: 40,
        templateReviewDelayMs: 50,
        rateLimits: { enabled: false },
      }),
    },
  });
  const caller = async (subject: Subject, partnerId?: string): Promise<Caller> => {
    if (partnerId) {
      const user = await t.factories.user(partnerId, { role: subject });
      return { token: await t.tokenFor(user.userId), partnerId, userId: user.userId };
    }
    const account = await t.factories.account(subject);
    return {
      token: await t.tokenFor(account.user.userId),
      partnerId: account.partner.partnerId,
      userId: account.user.userId,
    };
  };
  developer = await caller(ROLES.DEVELOPER);
  readOnlyChild = await caller(ROLES.CHILD_AGGREGATOR_READONLY, developer.partnerId);
  stranger = await caller(ROLES.DEVELOPER);
  admin = await caller(ROLES.ADMIN_PORTICO_READWRITE);
  readOnlyAdmin = await caller(ROLES.ADMIN_PORTICO_READONLY);
  const insert = async (values: Partial<typeof bots.$inferInsert>) => {
    const [row] = await t.database.db
      .insert(bots)
      .values({
        partnerId: developer.partnerId,
        channels: [CHANNEL_TYPE.rcs],
        status: 10,
        name: 'Bot',
        ...values,
      })
      .returning();
    if (!row) throw new Error('insert returned nothing');
    return row.botId;
  };
  rcsBot = await insert({
    name: 'Chai Agent',
    rbmBrand: 'brands/chai',
    rbmAgent: 'brands/chai/agents/chai_tpl_test',
  });
  whatsappBot = await insert({
    name: 'Chai Orders',
    channels: [CHANNEL_TYPE.whatsapp],
    whatsappPhoneNumberId: 'pn-chai-tpl',
    wabaId: '104996122399160',
  });
});
afterAll(() => t.close());

function call(who: Caller, options: InjectOptions) {
  return t.app.inject({
    ...options,
    headers: { authorization: `Bearer ${who.token}`, ...xsrfHeaders(), ...options.headers },
  });
}
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() - started > timeoutMs) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
const get = async (who: Caller, id: string): Promise<TTemplate> =>
  ZTemplate.parse(expectEnvelope(await call(who, { method: 'GET', url: `${S}/templates/${id}` }), 200).data);

const CAROUSEL = {
  kind: 'carousel',
  cardWidth: 'MEDIUM',
  cards: [
    {
      title: 'Hi {{first_name}}',
      description: 'Rain jackets, 30% off',
      suggestions: [{ type: 'reply', text: 'Buy jacket', postbackData: 'jacket' }],
    },
    {
      title: 'Umbrellas',
      description: 'From 299',
      suggestions: [{ type: 'share_location', text: 'Nearest store', postbackData: 'store' }],
    },
  ],
  suggestions: [{ type: 'reply', text: 'Not now', postbackData: 'later' }],
};

async function createRcs(name: string, extra: Record<string, unknown> = {}): Promise<TTemplate> {
  const response = await call(developer, {
    method: 'POST',
    url: `${S}/templates`,
    payload: {
      bot_id: rcsBot,
      channel: 'rcs',
      name,
      language: 'en',
      content: CAROUSEL,
      sample_values: { first_name: 'Asha' },
      ...extra,
    },
  });
  return ZTemplate.parse(expectEnvelope(response, 201).data);
}

describe('RCS templates', () => {
  it('when a carousel with suggestions is created then it is a draft of version 1 with its variables', async () => {
    const template = await createRcs('Monsoon carousel');
    expect(template).toMatchObject({
      channel: 'rcs',
      type: 'carousel',
      status: { key: 'draft' },
      version: 1,
      active_version: null,
      can_edit: true,
    });
    expect(template.versions[0]?.variables).toEqual(['first_name']);
    expect(template.allowed_actions).toEqual(['submit']);
  });

  it('when a limit is passed then the answer is 400 naming the field and the reason', async () => {
    const response = await call(developer, {
      method: 'POST',
      url: `${S}/templates`,
      payload: {
        bot_id: rcsBot,
        channel: 'rcs',
        name: 'Too long',
        language: 'en',
        content: { kind: 'text', text: 'x'.repeat(3073) },
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('at most 3072 characters');
    const oneCard = await call(developer, {
      method: 'POST',
      url: `${S}/templates`,
      payload: {
        bot_id: rcsBot,
        channel: 'rcs',
        name: 'One card',
        language: 'en',
        content: { ...CAROUSEL, cards: [CAROUSEL.cards[0]] },
      },
    });
    expect(oneCard.statusCode).toBe(400);
    expect(oneCard.body).toContain('A carousel has 2 to 10 cards (now 1).');
  });

  it('when the bot has no WhatsApp channel then a WhatsApp template is refused (400)', async () => {
    const response = await call(developer, {
      method: 'POST',
      url: `${S}/templates`,
      payload: {
        bot_id: rcsBot,
        channel: 'whatsapp',
        name: 'wrong_bot',
        language: 'en_US',
        content: { category: 'UTILITY', body: { text: 'Hello {{1}}.', examples: ['Asha'] } },
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('no WhatsApp channel');
  });

  it('when another partner asks for a template then it is 404, in the list too; the read-only child reads it', async () => {
    const template = await createRcs('Private one');
    const response = await call(stranger, { method: 'GET', url: `${S}/templates/${template.template_id}` });
    expect(response.statusCode).toBe(404);
    const theirs = ZTemplateList.parse(
      expectEnvelope(await call(stranger, { method: 'GET', url: `${S}/templates` }), 200).data,
    );
    expect(theirs.total).toBe(0);
    const forChild = await get(readOnlyChild, template.template_id);
    expect(forChild.can_edit).toBe(false);
    expect(forChild.allowed_actions).toEqual([]);
    const changed = await call(stranger, { method: 'DELETE', url: `${S}/templates/${template.template_id}` });
    expect(changed.statusCode).toBe(404);
  });

  it('when submitted, approved and edited then a new version is pending while the approved one stays in use', async () => {
    const template = await createRcs('Order shipped');
    const id = template.template_id;
    // A draft is not shown to the admins.
    expect((await call(admin, { method: 'GET', url: `${S}/templates/${id}` })).statusCode).toBe(404);
    const submitted = ZTemplate.parse(
      expectEnvelope(await call(developer, { method: 'POST', url: `${S}/templates/${id}/submit` }), 200).data,
    );
    expect(submitted.status.key).toBe('pending');
    // Pending: editing is refused with the current state.
    const edit = await call(developer, {
      method: 'PUT',
      url: `${S}/templates/${id}`,
      payload: { channel: 'rcs', name: 'Order shipped', language: 'en', content: CAROUSEL },
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().data.current).toMatchObject({ label: 'Pending approval' });
    // The read-only admin reads it but may not decide (403 from the policy).
    expect((await get(readOnlyAdmin, id)).status.key).toBe('pending');
    expect(
      (await call(readOnlyAdmin, { method: 'POST', url: `${S}/templates/${id}/approve`, payload: {} }))
        .statusCode,
    ).toBe(403);
    // A rejection needs a reason.
    const noReason = await call(admin, { method: 'POST', url: `${S}/templates/${id}/reject`, payload: {} });
    expect(noReason.statusCode).toBe(400);
    const approved = ZTemplate.parse(
      expectEnvelope(
        await call(admin, { method: 'POST', url: `${S}/templates/${id}/approve`, payload: {} }),
        200,
      ).data,
    );
    expect(approved).toMatchObject({ status: { key: 'approved' }, active_version: 1 });
    // Twice: the state moved on, 409 with the current state.
    const again = await call(admin, { method: 'POST', url: `${S}/templates/${id}/approve`, payload: {} });
    expect(again.statusCode).toBe(409);
    expect(again.json().data.current).toMatchObject({ label: 'Approved' });

    const changed = { ...CAROUSEL, suggestions: [{ type: 'reply', text: 'Later', postbackData: 'later' }] };
    const v2 = ZTemplate.parse(
      expectEnvelope(
        await call(developer, {
          method: 'PUT',
          url: `${S}/templates/${id}`,
          payload: { channel: 'rcs', name: 'Order shipped', language: 'en', content: changed, submit: true },
        }),
        200,
      ).data,
    );
    expect(v2).toMatchObject({ version: 2, status: { key: 'pending' }, active_version: 1 });
    expect(v2.versions.map((v) => [v.version, v.status.key])).toEqual([
      [2, 'pending'],
      [1, 'approved'],
    ]);
    const active = ZActiveTemplateList.parse(
      expectEnvelope(
        await call(developer, { method: 'GET', url: `${S}/templates/active?bot_id=${rcsBot}` }),
        200,
      ).data,
    );
    expect(active.items.find((a) => a.template_id === id)).toMatchObject({
      version: 1,
      variables: ['first_name'],
    });
    // The name is fixed once submitted.
    const renamed = await call(developer, {
      method: 'PUT',
      url: `${S}/templates/${id}`,
      payload: { channel: 'rcs', name: 'Renamed', language: 'en', content: changed },
    });
    expect(renamed.statusCode).toBe(409);

    const rejected = ZTemplate.parse(
      expectEnvelope(
        await call(admin, {
          method: 'POST',
          url: `${S}/templates/${id}/reject`,
          payload: { reason: 'Add the terms link.' },
        }),
        200,
      ).data,
    );
    expect(rejected).toMatchObject({ status: { key: 'rejected' }, active_version: 1 });
    expect(rejected.versions[0]?.reason).toBe('Add the terms link.');

    const history = ZReviewHistory.parse(
      expectEnvelope(await call(developer, { method: 'GET', url: `${S}/templates/${id}/history` }), 200).data,
    );
    expect(history.items.map((h) => h.action).reverse()).toEqual([
      'created',
      'submit',
      'approve',
      'new-version',
      'submit',
      'reject',
    ]);
    expect(history.items[0]?.reason).toBe('Add the terms link.');
  });

  it('when the JSON is downloaded then it is the RBM AgentMessage; imported back it is the same template', async () => {
    const template = await createRcs('Json round trip');
    const json = ZTemplateJson.parse(
      expectEnvelope(
        await call(developer, { method: 'GET', url: `${S}/templates/${template.template_id}/json` }),
        200,
      ).data,
    );
    expect(json.format).toBe('rbm_agent_message');
    expect(json.json).toMatchObject({
      contentMessage: { richCard: { carouselCard: { cardWidth: 'MEDIUM' } } },
    });
    const imported = ZTemplateImport.parse(
      expectEnvelope(
        await call(developer, {
          method: 'POST',
          url: `${S}/templates/import`,
          payload: { channel: 'rcs', json: json.json },
        }),
        200,
      ).data,
    );
    expect(imported.problems).toEqual([]);
    expect(imported.content).toEqual(template.versions[0]?.content);
    const bad = await call(developer, {
      method: 'POST',
      url: `${S}/templates/import`,
      payload: { channel: 'rcs', json: { contentMessage: { richCard: {}, text: 'x' } } },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('when tested on a sandbox handset then the summary shows delivered, read and the tap; a retest sends again', async () => {
    const template = await createRcs('Handset test');
    const id = template.template_id;
    const added = await call(developer, {
      method: 'POST',
      url: `${S}/bots/${rcsBot}/test-devices`,
      payload: { msisdn: '+919822000031', channel: 'rcs' },
    });
    const device = ZTestDevice.parse(expectEnvelope(added, 201).data);
    await t.app.inject({
      method: 'POST',
      url: `/sandbox/api/handsets/${encodeURIComponent(device.msisdn)}/invites`,
      payload: { agentId: 'chai_tpl_test', accept: true },
    });
    const missing = await call(developer, {
      method: 'POST',
      url: `${S}/templates/${id}/tests`,
      payload: { device_ids: [device.device_id], values: { first_name: '' } },
    });
    // The sample value fills {{first_name}} when the test gives none.
    expect(missing.statusCode).toBe(200);
    const run = ZTemplateTestRun.parse(
      expectEnvelope(
        await call(developer, {
          method: 'POST',
          url: `${S}/templates/${id}/tests`,
          payload: { device_ids: [device.device_id], values: { first_name: 'Ravi' } },
        }),
        200,
      ).data,
    );
    expect(run.results[0]).toMatchObject({ msisdn: device.msisdn, sent: true, failed: false });
    const thread = await t.app.inject({
      method: 'GET',
      url: `/sandbox/api/handsets/${encodeURIComponent(device.msisdn)}`,
    });
    const items = (thread.json() as { items: { id: string; cards?: { title?: string }[] }[] }).items;
    const card = items.filter((i) => i.cards?.[0]?.title === 'Hi Ravi').at(-1);
    if (!card) throw new Error('the carousel is not on the handset');
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/sandbox/api/handsets/${encodeURIComponent(device.msisdn)}/taps`,
          payload: { itemId: card.id, cardIndex: 0, suggestionIndex: 0 },
        })
      ).statusCode,
    ).toBe(200);
    const summary = await until(
      async () =>
        ZTemplateTestSummary.parse(
          expectEnvelope(
            await call(developer, { method: 'GET', url: `${S}/templates/${id}/test-summary` }),
            200,
          ).data,
        ) as TTemplateTestSummary,
      (s) => Boolean(s.runs[0]?.results[0]?.read && s.runs[0].results[0].taps.length > 0),
    );
    expect(summary.runs[0]?.results[0]).toMatchObject({ delivered: true, read: true, failed: false });
    expect(summary.runs[0]?.results[0]?.taps).toEqual([
      expect.objectContaining({ text: 'Buy jacket', postback_data: 'jacket' }),
    ]);
    expect(summary.totals).toMatchObject({ devices: 1, delivered: 1, read: 1, tapped: 1 });
    // The read-only admin cannot test; the child reads the summary but may not retest.
    expect(
      (await call(readOnlyChild, { method: 'POST', url: `${S}/templates/${id}/retest` })).statusCode,
    ).toBe(403);
    const retest = ZTemplateTestRun.parse(
      expectEnvelope(await call(developer, { method: 'POST', url: `${S}/templates/${id}/retest` }), 200).data,
    );
    expect(retest.values).toMatchObject({ first_name: 'Ravi' });
    // A WhatsApp device is refused for an RCS template; another partner's device is 404.
    const other = await call(stranger, {
      method: 'POST',
      url: `${S}/templates/${id}/tests`,
      payload: { device_ids: [device.device_id] },
    });
    expect(other.statusCode).toBe(404);
  });

  it('when the list is exported then the PDF and the Excel file carry the filtered templates', async () => {
    await createRcs('Export me');
    for (const format of ['pdf', 'xlsx'] as const) {
      const response = await call(developer, {
        method: 'GET',
        url: `${S}/templates/export?format=${format}&channel=rcs&search=Export`,
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain(
        format === 'pdf' ? 'application/pdf' : 'spreadsheetml',
      );
      expect(response.rawPayload.length).toBeGreaterThan(500);
    }
    const filtered = ZTemplateList.parse(
      expectEnvelope(
        await call(developer, {
          method: 'GET',
          url: `${S}/templates?search=Export&type=carousel&sort=name&order=asc`,
        }),
        200,
      ).data,
    );
    expect(filtered.items.map((i) => i.name)).toEqual(['Export me']);
    const none = ZTemplateList.parse(
      expectEnvelope(
        await call(developer, { method: 'GET', url: `${S}/templates?search=Export&channel=whatsapp` }),
        200,
      ).data,
    );
    expect(none.total).toBe(0);
  });

  it('when deleted then it is gone', async () => {
    const template = await createRcs('To delete');
    expect(
      (await call(readOnlyChild, { method: 'DELETE', url: `${S}/templates/${template.template_id}` }))
        .statusCode,
    ).toBe(403);
    expectEnvelope(
      await call(developer, { method: 'DELETE', url: `${S}/templates/${template.template_id}` }),
      200,
    );
    expect(
      (await call(developer, { method: 'GET', url: `${S}/templates/${template.template_id}` })).statusCode,
    ).toBe(404);
  });
});

// ---- WhatsApp: Meta's review through the sandbox and its webhooks ----
const WA_SECRET = 'sandbox-whatsapp-app-secret';
const waSign = (body: string) => `sha256=${createHmac('sha256', WA_SECRET).update(body).digest('hex')}`;
const metaEvent = (
  templateId: string,
  event: string,
  time: number,
  field = 'message_template_status_update',
) =>
  JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '104996122399160',
        time,
        changes: [
          {
            field,
            value:
              field === 'message_template_status_update'
                ? {
                    event,
                    message_template_id: Number(templateId),
                    message_template_name: 'x',
                    message_template_language: 'en_US',
                    reason: event === 'REJECTED' ? 'INVALID_FORMAT' : 'NONE',
                  }
                : {
                    message_template_id: Number(templateId),
                    new_quality_score: event,
                    previous_quality_score: 'GREEN',
                  },
          },
        ],
      },
    ],
  });
const postMeta = (body: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/network-events/whatsapp',
    payload: body,
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': waSign(body) },
  });

async function createWhatsapp(name: string): Promise<TTemplate> {
  const response = await call(developer, {
    method: 'POST',
    url: `${S}/templates`,
    payload: {
      bot_id: whatsappBot,
      channel: 'whatsapp',
      name,
      language: 'en_US',
      content: {
        category: 'UTILITY',
        header: { format: 'TEXT', text: 'Order {{1}}', example: '#4821' },
        body: { text: 'Hi {{1}}, your order arrives on {{2}}.', examples: ['Asha', 'Thursday'] },
        footer: 'Reply STOP to opt out',
        buttons: [{ type: 'QUICK_REPLY', text: 'Track order' }],
      },
      submit: true,
    },
  });
  return ZTemplate.parse(expectEnvelope(response, 201).data);
}

describe('tab counts', () => {
  const listOf = async (who: Caller, query: string) =>
    ZTemplateList.parse(
      expectEnvelope(await call(who, { method: 'GET', url: `${S}/templates${query}` }), 200).data,
    );
  const act = async (who: Caller, id: string, action: string, payload: object = {}) =>
    expectEnvelope(await call(who, { method: 'POST', url: `${S}/templates/${id}/${action}`, payload }), 200);

  it('when the search names a bot or a partner then its templates are found, as the search box says', async () => {
    const submitted = await createRcs('searchable_by_bot');
    await act(developer, submitted.template_id, 'submit');
    const byBot = await listOf(developer, '?search=chai%20agent');
    expect(byBot.items.map((item) => item.name)).toContain('searchable_by_bot');
    expect(new Set(byBot.items.map((item) => item.bot_name))).toEqual(new Set(['Chai Agent']));
    const partner = byBot.items.find((item) => item.name === 'searchable_by_bot')?.partner_name ?? '';
    expect(partner).not.toBe('');
    const byPartner = await listOf(readOnlyAdmin, `?search=${encodeURIComponent(partner)}`);
    expect(byPartner.items.map((item) => item.name)).toContain('searchable_by_bot');
    expect(new Set(byPartner.items.map((item) => item.partner_name))).toEqual(new Set([partner]));
    // Another developer's search by the same bot name finds none of them.
    expect((await listOf(stranger, '?search=chai%20agent')).total).toBe(0);
    // By the template's id: its owner and the platform find it, another developer does not.
    const byId = `?search=${submitted.template_id}`;
    expect((await listOf(developer, byId)).items.map((item) => item.template_id)).toEqual([
      submitted.template_id,
    ]);
    expect((await listOf(readOnlyAdmin, byId)).items.map((item) => item.template_id)).toEqual([
      submitted.template_id,
    ]);
    expect((await listOf(stranger, byId)).total).toBe(0);
  });

  it('when admins and developers list templates then each tab says how many it holds under the filters, their own only, and each count is its tab total', async () => {
    await createRcs('tabcount_draft');
    const pending = await createRcs('tabcount_pending');
    await act(developer, pending.template_id, 'submit');
    const approved = await createRcs('tabcount_approved');
    await act(developer, approved.template_id, 'submit');
    await act(admin, approved.template_id, 'approve');
    const rejected = await createRcs('tabcount_rejected');
    await act(developer, rejected.template_id, 'submit');
    await act(admin, rejected.template_id, 'reject', { reason: 'Too many cards.' });

    // Admins: the submitted templates by state (never a draft), whatever the tab asked for.
    const review = await listOf(readOnlyAdmin, '?search=tabcount&status=approved');
    expect(review.tabCounts).toEqual({ pending: 1, approved: 1, rejected: 1, all: 3 });
    expect((await listOf(readOnlyAdmin, '?search=tabcount_pend')).tabCounts).toEqual({
      pending: 1,
      approved: 0,
      rejected: 0,
      all: 1,
    });
    for (const [tab, n] of Object.entries(review.tabCounts)) {
      const status = tab === 'all' ? '' : `&status=${tab}`;
      expect((await listOf(readOnlyAdmin, `?search=tabcount${status}`)).total, tab).toBe(n);
    }
    // A developer: its templates page's two tabs, for the bot chosen.
    const page = await listOf(developer, `?search=tabcount&bot_id=${rcsBot}`);
    expect(page.tabCounts).toEqual({ templates: 4, active: 1 });
    expect(page.total).toBe(4);
    const active = ZActiveTemplateList.parse(
      expectEnvelope(
        await call(developer, {
          method: 'GET',
          url: `${S}/templates/active?search=tabcount&bot_id=${rcsBot}`,
        }),
        200,
      ).data,
    );
    expect(active.total).toBe(1);
    expect((await listOf(developer, `?search=tabcount&bot_id=${whatsappBot}`)).tabCounts).toEqual({
      templates: 0,
      active: 0,
    });
    expect((await listOf(developer, '?search=tabcount&channel=whatsapp')).tabCounts).toEqual({
      templates: 0,
      active: 0,
    });
    // Another partner counts none of them.
    expect((await listOf(stranger, '?search=tabcount')).tabCounts).toEqual({ templates: 0, active: 0 });
  });
});

describe('the active templates sorted by a column header', () => {
  it('when the list is sorted by a field then it comes in that order both ways; the default is by name', async () => {
    const account = await t.factories.account(ROLES.DEVELOPER);
    const owner = {
      token: await t.tokenFor(account.user.userId),
      partnerId: account.partner.partnerId,
      userId: '',
    };
    const [bot] = await t.database.db
      .insert(bots)
      .values({ partnerId: owner.partnerId, channels: [CHANNEL_TYPE.rcs], status: 10, name: 'Sorted Bot' })
      .returning();
    if (!bot) throw new Error('no bot');
    const add = async (name: string, channel: 'rcs' | 'whatsapp', language: string, version: number) => {
      const [template] = await t.database.db
        .insert(templates)
        .values({
          partnerId: owner.partnerId,
          botId: bot.botId,
          name,
          channel,
          language,
          type: 'text',
          statusCode: 31,
          latestVersion: version,
          activeVersion: version,
        })
        .returning();
      if (!template) throw new Error('no template');
      const content =
        channel === 'rcs'
          ? { kind: 'text', text: 'Hi', suggestions: [] }
          : { category: 'UTILITY', body: { text: 'Hi' } };
      await t.database.db
        .insert(templateVersions)
        .values({ templateId: template.templateId, version, statusCode: 31, content });
    };
    await add('beta', 'whatsapp', 'hi', 1);
    await add('alpha', 'rcs', 'en', 3);
    await add('gamma', 'rcs', 'ta', 2);
    const names = async (query: string) =>
      ZActiveTemplateList.parse(
        expectEnvelope(await call(owner, { method: 'GET', url: `${S}/templates/active?${query}` }), 200).data,
      ).items.map((a) => a.name);
    expect(await names('')).toEqual(['alpha', 'beta', 'gamma']);
    expect(await names('sort=name&order=desc')).toEqual(['gamma', 'beta', 'alpha']);
    expect(await names('sort=version&order=asc')).toEqual(['beta', 'gamma', 'alpha']);
    expect(await names('sort=language&order=desc')).toEqual(['gamma', 'beta', 'alpha']);
    expect((await names('sort=channel&order=desc'))[0]).toBe('beta');
  });

  it('when the sort is not one the list knows then the answer is 400 saying which fields are', async () => {
    const bad = await call(developer, { method: 'GET', url: `${S}/templates/active?sort=variables` });
    expect(expectEnvelope(bad, 400).message).toMatch(/sort must be one of name, channel, language, version/);
    expectEnvelope(await call(developer, { method: 'GET', url: `${S}/templates/active?order=random` }), 400);
  });
});

describe('WhatsApp templates', () => {
  it("when submitted then Meta's sandbox reviews it and its webhook makes it APPROVED; admins cannot decide it", async () => {
    const template = await createWhatsapp('order_update_test');
    // Meta's sandbox reviews at once: on a loaded machine its webhook may land before the answer.
    expect(['pending', 'approved']).toContain(template.status.key);
    expect(template.versions[0]?.network_template_id).toBeTruthy();
    expect(
      (
        await call(admin, {
          method: 'POST',
          url: `${S}/templates/${template.template_id}/approve`,
          payload: {},
        })
      ).statusCode,
    ).toBe(409);
    const approved = await until(
      () => get(developer, template.template_id),
      (x) => x.status.key === 'approved',
    );
    expect(approved).toMatchObject({ status: { key: 'approved' }, active_version: 1 });
    const json = ZTemplateJson.parse(
      expectEnvelope(
        await call(developer, { method: 'GET', url: `${S}/templates/${template.template_id}/json` }),
        200,
      ).data,
    );
    expect(json.json).toMatchObject({ name: 'order_update_test', category: 'UTILITY', language: 'en_US' });
  });

  it('when an approved template with a header variable and a URL button is tested then Meta gets each variable and the handset shows them', async () => {
    const response = await call(developer, {
      method: 'POST',
      url: `${S}/templates`,
      payload: {
        bot_id: whatsappBot,
        channel: 'whatsapp',
        name: 'order_link_test',
        language: 'en_US',
        content: {
          category: 'UTILITY',
          header: { format: 'TEXT', text: 'Order {{1}}', example: '#4821' },
          body: { text: 'Hi {{1}}, track it below.', examples: ['Asha'] },
          footer: null,
          buttons: [{ type: 'URL', text: 'Track', url: 'https://chai.example/t/{{1}}', example: '4821' }],
        },
        submit: true,
      },
    });
    const template = ZTemplate.parse(expectEnvelope(response, 201).data);
    await until(
      () => get(developer, template.template_id),
      (x) => x.status.key === 'approved',
    );
    const device = ZTestDevice.parse(
      expectEnvelope(
        await call(developer, {
          method: 'POST',
          url: `${S}/bots/${whatsappBot}/test-devices`,
          payload: { msisdn: '+919822000077', channel: 'whatsapp' },
        }),
        201,
      ).data,
    );
    const run = ZTemplateTestRun.parse(
      expectEnvelope(
        await call(developer, {
          method: 'POST',
          url: `${S}/templates/${template.template_id}/tests`,
          payload: { device_ids: [device.device_id], values: { '1': 'Ravi', header_1: '#7000' } },
        }),
        200,
      ).data,
    );
    expect(run.results[0]).toMatchObject({ sent: true, failed: false });
    const handset = await t.app.inject({
      method: 'GET',
      url: `/sandbox/api/handsets/${encodeURIComponent(device.msisdn)}`,
    });
    expect(handset.body).toContain('Order #7000');
    expect(handset.body).toContain('Hi Ravi, track it below.');
  });

  it('when a WhatsApp draft is edited then it stays a draft of version 1 and its type follows the content', async () => {
    const response = await call(developer, {
      method: 'POST',
      url: `${S}/templates`,
      payload: {
        bot_id: whatsappBot,
        channel: 'whatsapp',
        name: 'draft_edit_test',
        language: 'en_US',
        content: { category: 'MARKETING', body: { text: 'Hello {{1}}.', examples: ['Asha'] } },
      },
    });
    const draft = ZTemplate.parse(expectEnvelope(response, 201).data);
    expect(draft).toMatchObject({ type: 'text', status: { key: 'draft' } });
    const edited = ZTemplate.parse(
      expectEnvelope(
        await call(developer, {
          method: 'PUT',
          url: `${S}/templates/${draft.template_id}`,
          payload: {
            channel: 'whatsapp',
            name: 'draft_edit_test',
            language: 'en_US',
            content: {
              category: 'AUTHENTICATION',
              body: { text: '{{1}} is your verification code.', examples: ['123456'] },
              buttons: [{ type: 'COPY_CODE', text: 'Copy code' }],
              authentication: { securityRecommendation: false, codeExpirationMinutes: null },
            },
          },
        }),
        200,
      ).data,
    );
    expect(edited).toMatchObject({ type: 'authentication', status: { key: 'draft' }, version: 1 });
  });

  it('when Meta rejects it (a name the sandbox rejects) then it is rejected with the reason', async () => {
    const template = await createWhatsapp('promo_reject_me');
    const rejected = await until(
      () => get(developer, template.template_id),
      (x) => x.status.key === 'rejected',
    );
    expect(rejected.status.key).toBe('rejected');
    expect(rejected.versions[0]?.reason).toBe('INVALID_FORMAT');
  });

  it("when Meta's events arrive out of order and twice then each is applied once and the latest decides", async () => {
    const template = await createWhatsapp('ordering_test');
    const approved = await until(
      () => get(developer, template.template_id),
      (x) => x.status.key === 'approved',
    );
    // Meta's own approval (the sandbox's webhook) came and was applied.
    expect(approved.status.key).toBe('approved');
    const metaId = approved.versions[0]?.network_template_id ?? '';
    const now = Math.floor(Date.now() / 1000) + 100;
    // PAUSED (later) arrives first, then the older APPROVED: the pause stands.
    expect(expectEnvelope(await postMeta(metaEvent(metaId, 'PAUSED', now + 20)), 200).data).toMatchObject({
      stored: 1,
    });
    expect((await get(developer, template.template_id)).status.key).toBe('paused');
    expectEnvelope(await postMeta(metaEvent(metaId, 'APPROVED', now + 10)), 200);
    expect((await get(developer, template.template_id)).status.key).toBe('paused');
    // The same PAUSED again: stored once, nothing changes.
    expect(expectEnvelope(await postMeta(metaEvent(metaId, 'PAUSED', now + 20)), 200).data).toMatchObject({
      stored: 0,
    });
    // Reinstated later: approved again.
    expectEnvelope(await postMeta(metaEvent(metaId, 'APPROVED', now + 30)), 200);
    const back = await get(developer, template.template_id);
    expect(back).toMatchObject({ status: { key: 'approved' }, active_version: 1 });
    expectEnvelope(
      await postMeta(metaEvent(metaId, 'YELLOW', now + 40, 'message_template_quality_update')),
      200,
    );
    expect((await get(developer, template.template_id)).versions[0]?.quality).toBe('YELLOW');
    const history = ZReviewHistory.parse(
      expectEnvelope(
        await call(developer, { method: 'GET', url: `${S}/templates/${template.template_id}/history` }),
        200,
      ).data,
    );
    expect(history.items.map((h) => h.action).reverse()).toEqual([
      'created',
      'submit',
      'meta-approve',
      'meta-pause',
      'meta-reinstate',
    ]);
  });

  it('when a WhatsApp template is deleted then Meta deletes it too', async () => {
    const template = await createWhatsapp('to_delete_test');
    await until(
      () => get(developer, template.template_id),
      (x) => x.status.key === 'approved',
    );
    expectEnvelope(
      await call(developer, { method: 'DELETE', url: `${S}/templates/${template.template_id}` }),
      200,
    );
    const listed = await t.app.inject({
      method: 'GET',
      url: '/sandbox/whatsapp/v21.0/104996122399160/message_templates?name=to_delete_test',
      headers: { authorization: 'Bearer sandbox-whatsapp-token' },
    });
    expect(listed.statusCode).toBe(200);
    expect((listed.json() as { data: unknown[] }).data).toEqual([]);
  });
});

const upload = (channel: string, bytes: Buffer, filename: string) => {
  const boundary = '----portico-templates-test';
  return call(developer, {
    method: 'POST',
    url: `${S}/templates/media`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="channel"\r\n\r\n${channel}\r\n`),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
};

describe('template media', () => {
  it('when a file is not media the network takes then it is refused by its content, whatever its name', async () => {
    const text = await upload('whatsapp', Buffer.from('just some text, not an image'), 'photo.png');
    expect(text.statusCode).toBe(400);
    expect(text.body).toContain('not media WhatsApp templates take');
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#1a73e8' } })
      .gif()
      .toBuffer();
    const refused = await upload('whatsapp', gif, 'a.gif');
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('do not take image/gif');
    const big = await upload(
      'whatsapp',
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(5 * 1024 * 1024 + 10)]),
      'big.jpg',
    );
    expect(big.statusCode).toBe(413);
  });

  it('when a WhatsApp header image is uploaded and the template submitted then Meta gets its upload handle and approves it', async () => {
    const png = await sharp({ create: { width: 80, height: 42, channels: 3, background: '#1a73e8' } })
      .png()
      .toBuffer();
    const stored = ZTemplateMediaUpload.parse(
      expectEnvelope(await upload('whatsapp', png, 'header.png'), 201).data,
    );
    expect(stored).toMatchObject({ kind: 'image', content_type: 'image/png' });
    expect(stored.key).toMatch(/^public\/template-media\/.+\.png$/);
    const response = await call(developer, {
      method: 'POST',
      url: `${S}/templates`,
      payload: {
        bot_id: whatsappBot,
        channel: 'whatsapp',
        name: 'media_header_test',
        language: 'en_US',
        content: {
          category: 'MARKETING',
          header: { format: 'IMAGE', media: { source: 'upload', key: stored.key, kind: 'image' } },
          body: { text: 'New arrivals for {{1}} are in.', examples: ['Asha'] },
        },
        submit: true,
      },
    });
    const template = ZTemplate.parse(expectEnvelope(response, 201).data);
    expect(template).toMatchObject({ type: 'media', status: { key: 'pending' } });
    const approved = await until(
      () => get(developer, template.template_id),
      (x) => x.status.key === 'approved',
    );
    expect(approved.status.key).toBe('approved');
  });
});
