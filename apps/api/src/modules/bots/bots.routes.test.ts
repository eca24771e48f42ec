import {
  BOT_STATUS,
  ROLES,
  type TBot,
  type TBotDashboard,
  type TBotListItem,
  type TReviewHistory,
} from '@portico/domain';
import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectEnvelope, type TestApp, xsrfHeaders } from '../../../test/helpers.ts';

const S = '/api/v1/secure';
let t: TestApp;

interface Caller {
  token: string;
  partnerId: string;
}
let developer: Caller;
let otherDeveloper: Caller;
let aggregator: Caller;
let childReadOnly: Caller;
let childWriter: Caller;
let ids: { jio: number; airtel: number; industry: number };

beforeAll(async () => {
  // Listening: the connectors call the mounted sandbox over HTTP.
  t = await createTestApp({ listen: true });
  const account = async (role: string | null, partnerId?: string): Promise<Caller> => {
    if (partnerId) {
      const user = await t.factories.user(partnerId, { role });
      return { token: await t.tokenFor(user.userId), partnerId };
    }
    const created = await t.factories.account(role as never);
    return { token: await t.tokenFor(created.user.userId), partnerId: created.partner.partnerId };
  };
  developer = await account(ROLES.DEVELOPER);
  otherDeveloper = await account(ROLES.DEVELOPER);
  aggregator = await account(ROLES.DEVELOPER);
  childReadOnly = await account(ROLES.CHILD_AGGREGATOR_READONLY, aggregator.partnerId);
  childWriter = await account(ROLES.CHILD_AGGREGATOR_READWRITE, aggregator.partnerId);
  const industry = await t.database.sql.query<{ id: number }>(
    "SELECT id FROM lookup_values WHERE kind = 'industry-types' ORDER BY position LIMIT 1",
  );
  ids = {
    jio: await t.factories.carrierId('Reliance Jio', 'IN'),
    airtel: await t.factories.carrierId('Bharti Airtel', 'IN'),
    industry: industry.rows[0]?.id ?? 0,
  };
});
afterAll(() => t.close());

function call(who: Caller, options: InjectOptions) {
  return t.app.inject({
    ...options,
    headers: { authorization: `Bearer ${who.token}`, ...xsrfHeaders(), ...options.headers },
  });
}
const configure = (payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'PUT',
    url: '/sandbox/config',
    payload: { rateLimits: { enabled: false }, ...payload },
  });

let counter = 0;
const rcsBody = (extra: Record<string, unknown> = {}) => {
  counter += 1;
  return {
    display_name: `Acme Deliveries ${counter}`,
    description: 'Track parcels and book deliveries.',
    brand_color: '#1A73E8',
    phones: [{ number: '+919876543210', label: 'Support' }],
    emails: [{ address: 'help@acme.example', label: 'Email us' }],
    websites: [{ url: 'https://acme.example', label: 'Website' }],
    privacy_policy_url: 'https://acme.example/privacy',
    terms_url: 'https://acme.example/terms',
    message_category: 'Transactional',
    region: 'India',
    billing_category: 'CONVERSATIONAL',
    api_type: 'GOOGLE',
    hosting_region: 'ASIA_PACIFIC',
    ...extra,
  };
};
const whatsappBody = (extra: Record<string, unknown> = {}) => {
  counter += 1;
  return {
    display_name: `Acme Store ${counter}`,
    phone: `+9198765${String(10_000 + counter).slice(-5)}`,
    about: 'Orders and support.',
    category: 'RETAIL',
    waba_id: '104996122399160',
    ...extra,
  };
};
async function createRcs(who: Caller, extra: Record<string, unknown> = {}): Promise<TBot> {
  return expectEnvelope(
    await call(who, { method: 'POST', url: `${S}/bots/rcs`, payload: rcsBody(extra) }),
    201,
  ).data as TBot;
}
const get = async (who: Caller, botId: string) =>
  expectEnvelope(await call(who, { method: 'GET', url: `${S}/bots/${botId}` }), 200).data as TBot;

describe('drafts, tenants and roles', () => {
  it('when a developer saves RCS details then a draft is kept, listed, and another partner gets 404 for it', async () => {
    const bot = await createRcs(developer);
    expect(bot.status).toMatchObject({ code: BOT_STATUS.in_progress, label: 'Draft' });
    expect(bot.network.rbm_agent).toBeNull();
    expect(bot.rcs?.brand_color).toBe('#1A73E8');
    const list = expectEnvelope(
      await call(developer, { method: 'GET', url: `${S}/bots?search=${encodeURIComponent(bot.name)}` }),
      200,
    ).data as { items: TBotListItem[]; total: number };
    expect(list.items.map((item) => item.bot_id)).toEqual([bot.bot_id]);
    // The header's search finds it by its id too, and never another partner's.
    const byId = (who: Caller) =>
      call(who, { method: 'GET', url: `${S}/bots?search=${bot.bot_id.toUpperCase()}` }).then(
        (response) => expectEnvelope(response, 200).data as { items: TBotListItem[] },
      );
    expect((await byId(developer)).items.map((item) => item.bot_id)).toEqual([bot.bot_id]);
    expect((await byId(otherDeveloper)).items).toEqual([]);

    for (const options of [
      { method: 'GET', url: `${S}/bots/${bot.bot_id}` },
      { method: 'GET', url: `${S}/bots/${bot.bot_id}/history` },
      { method: 'PUT', url: `${S}/bots/${bot.bot_id}/rcs`, payload: rcsBody() },
      { method: 'DELETE', url: `${S}/bots/${bot.bot_id}` },
    ] as InjectOptions[]) {
      expectEnvelope(await call(otherDeveloper, options), 404);
    }
    const others = expectEnvelope(await call(otherDeveloper, { method: 'GET', url: `${S}/bots` }), 200)
      .data as {
      items: TBotListItem[];
    };
    expect(others.items.some((item) => item.bot_id === bot.bot_id)).toBe(false);
  });

  it('when a child user creates a bot then the aggregator sees it; the read-only child sees it and changes nothing', async () => {
    const bot = await createRcs(childWriter);
    const seen = expectEnvelope(await call(aggregator, { method: 'GET', url: `${S}/bots` }), 200).data as {
      items: TBotListItem[];
    };
    expect(seen.items.map((item) => item.bot_id)).toContain(bot.bot_id);
    expect((await get(childReadOnly, bot.bot_id)).bot_id).toBe(bot.bot_id);
    expectEnvelope(await call(childReadOnly, { method: 'DELETE', url: `${S}/bots/${bot.bot_id}` }), 403);
    expectEnvelope(
      await call(childReadOnly, { method: 'PUT', url: `${S}/bots/${bot.bot_id}/rcs`, payload: rcsBody() }),
      403,
    );
    expect((await get(aggregator, bot.bot_id)).name).toBe(bot.name);
  });

  it('when the details break the rules then the answer is a 400 naming what was wrong', async () => {
    const light = expectEnvelope(
      await call(developer, {
        method: 'POST',
        url: `${S}/bots/rcs`,
        payload: rcsBody({ brand_color: '#FFEE99' }),
      }),
      400,
    );
    expect(JSON.stringify(light)).toMatch(/too light on white/);
    const unknown = expectEnvelope(
      await call(developer, {
        method: 'POST',
        url: `${S}/bots/rcs`,
        payload: rcsBody({ hosting_region: 'MARS' }),
      }),
      400,
    );
    expect(unknown.message).toBe('Choose a hosting region from the list.');
    const caps = expectEnvelope(
      await call(developer, {
        method: 'POST',
        url: `${S}/bots/whatsapp`,
        payload: whatsappBody({ display_name: 'ACME SUPER STORE' }),
      }),
      400,
    );
    expect(JSON.stringify(caps)).toMatch(/all capitals/);
    expectEnvelope(await call(developer, { method: 'GET', url: `${S}/bots/not-a-uuid` }), 400);
    expectEnvelope(await call(developer, { method: 'GET', url: `${S}/bots?channel=sms` }), 400);
  });
});

describe('on the network', () => {
  it('when the RCS step is completed then the RBM agent is created and the draft moves to the carrier step, with history', async () => {
    const bot = await createRcs(developer, { submit: true });
    expect(bot.network.rbm_agent).toMatch(/^brands\/[^/]+\/agents\/[^/]+$/);
    expect(bot.network.rbm_brand).toBe(bot.network.rbm_agent?.split('/agents/')[0]);
    expect(bot.status.code).toBe(BOT_STATUS.in_progress_carrier_submission);
    const history = expectEnvelope(
      await call(developer, { method: 'GET', url: `${S}/bots/${bot.bot_id}/history` }),
      200,
    ).data as TReviewHistory;
    expect(history.items.map((entry) => entry.action)).toEqual(['register', 'created']);
    expect(history.items[0]?.action_label).toBe('Registered on the network');
  });

  it('when a registered draft is edited then the agent on the network is updated; if the network is down, says so', async () => {
    const bot = await createRcs(developer, { submit: true });
    const body = { ...rcsBody(), display_name: bot.name, description: 'Now with same-day delivery.' };
    const updated = expectEnvelope(
      await call(developer, { method: 'PUT', url: `${S}/bots/${bot.bot_id}/rcs`, payload: body }),
      200,
    ).data as TBot;
    expect(updated.rcs?.description).toBe('Now with same-day delivery.');
    expect(updated.network_error).toBeNull();
    await configure({ serverErrorRatio: 1 });
    try {
      const failed = expectEnvelope(
        await call(developer, {
          method: 'PUT',
          url: `${S}/bots/${bot.bot_id}/rcs`,
          payload: { ...body, description: 'Again.' },
        }),
        503,
      );
      expect(failed.message).toMatch(
        /^The change is saved here but the network did not take it: Google RBM: /,
      );
    } finally {
      await configure({});
    }
    expect((await get(developer, bot.bot_id)).network_error).toBeTruthy();
  });

  it('when a registered GSMA bot is edited then the MaaP bot profile on the network follows; if the network is down, says so', async () => {
    const bot = await createRcs(developer, { api_type: 'GSMA', submit: true });
    const botId = bot.network.maap_bot_id ?? '';
    const onNetwork = async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/sandbox/maap/management/v1/bots/${botId}`,
        headers: { authorization: 'Bearer sandbox-maap-token' },
      });
      expect(response.statusCode).toBe(200);
      return response.json() as { displayName: string; botInfo: Record<string, unknown> };
    };
    expect((await onNetwork()).botInfo.description).toBe('Track parcels and book deliveries.');
    const body = {
      ...rcsBody({ api_type: 'GSMA' }),
      description: 'Now with same-day delivery.',
      brand_color: '#C2185B',
    };
    const updated = expectEnvelope(
      await call(developer, { method: 'PUT', url: `${S}/bots/${bot.bot_id}/rcs`, payload: body }),
      200,
    ).data as TBot;
    expect(updated.network_error).toBeNull();
    const profile = await onNetwork();
    expect(profile.displayName).toBe(body.display_name);
    expect(profile.botInfo).toMatchObject({
      displayName: body.display_name,
      description: 'Now with same-day delivery.',
      color: '#C2185B',
    });
    await configure({ serverErrorRatio: 1 });
    try {
      const failed = expectEnvelope(
        await call(developer, {
          method: 'PUT',
          url: `${S}/bots/${bot.bot_id}/rcs`,
          payload: { ...body, description: 'Again.' },
        }),
        503,
      );
      expect(failed.message).toMatch(/^The change is saved here but the network did not take it: /);
    } finally {
      await configure({});
    }
    expect((await get(developer, bot.bot_id)).network_error).toBeTruthy();
    expect((await onNetwork()).botInfo.description).toBe('Now with same-day delivery.');
  });

  it('when the API type is GSMA then a MaaP bot is created; a WhatsApp sender gets its phone number id', async () => {
    const maap = await createRcs(developer, { api_type: 'GSMA', submit: true });
    expect(maap.network.maap_bot_id).toMatch(/^bot_/);
    expect(maap.network.rbm_agent).toBeNull();
    const whatsapp = expectEnvelope(
      await call(developer, {
        method: 'POST',
        url: `${S}/bots/whatsapp`,
        payload: whatsappBody({ submit: true }),
      }),
      201,
    ).data as TBot;
    expect(whatsapp.network.whatsapp_phone_number_id).toMatch(/^\d{15}$/);
    expect(whatsapp.status.code).toBe(BOT_STATUS.in_progress_carrier_submission);
    // The same bot gains RCS: two channels.
    const both = expectEnvelope(
      await call(developer, {
        method: 'PUT',
        url: `${S}/bots/${whatsapp.bot_id}/rcs`,
        payload: rcsBody({ submit: true }),
      }),
      200,
    ).data as TBot;
    expect(both.channels).toEqual([{ channel_type: 1 }, { channel_type: 2 }]);
    expect(both.network.rbm_agent).toBeTruthy();
    // A live sender's profile changes on the network; its number does not (409).
    await t.database.sql.query('UPDATE bots SET status = $2 WHERE bot_id = $1', [
      both.bot_id,
      BOT_STATUS.launched,
    ]);
    const live = both.whatsapp;
    const profile = expectEnvelope(
      await call(developer, {
        method: 'PUT',
        url: `${S}/bots/${both.bot_id}/whatsapp`,
        payload: { ...live, about: 'Same-day delivery, seven days a week.' },
      }),
      200,
    ).data as TBot;
    expect(profile.whatsapp?.about).toBe('Same-day delivery, seven days a week.');
    const moved = expectEnvelope(
      await call(developer, {
        method: 'PUT',
        url: `${S}/bots/${both.bot_id}/whatsapp`,
        payload: { ...live, phone: '+919876599999' },
      }),
      409,
    );
    expect(moved.message).toMatch(/^WhatsApp phone can no longer change on a live WhatsApp sender/);
    await t.database.sql.query('UPDATE bots SET status = $2 WHERE bot_id = $1', [
      both.bot_id,
      BOT_STATUS.in_progress_carrier_submission,
    ]);
    // Deleting them removes the MaaP bot, the agent and the sender (deregistered, off the WABA).
    expectEnvelope(await call(developer, { method: 'DELETE', url: `${S}/bots/${maap.bot_id}` }), 200);
    expectEnvelope(await call(developer, { method: 'DELETE', url: `${S}/bots/${both.bot_id}` }), 200);
    // The number is free again: a new sender on it registers.
    const again = expectEnvelope(
      await call(developer, {
        method: 'POST',
        url: `${S}/bots/whatsapp`,
        payload: { ...whatsappBody({ submit: true }), phone: both.whatsapp?.phone },
      }),
      201,
    ).data as TBot;
    expect(again.network.whatsapp_phone_number_id).toMatch(/^\d{15}$/);
  });

  it('when an aggregator awaiting approval creates a brand in the brand step then it is refused with the reason', async () => {
    const pending = await t.factories.account(ROLES.DEVELOPER, {
      partner: { isAggregator: true, launchApproved: false, approvalStatus: null },
    });
    const caller = { token: await t.tokenFor(pending.user.userId), partnerId: pending.partner.partnerId };
    const bot = await createRcs(caller);
    const refused = expectEnvelope(
      await call(caller, {
        method: 'PUT',
        url: `${S}/bots/${bot.bot_id}/brand`,
        payload: {
          brand: {
            name: 'Pending Brand',
            industry_type_id: ids.industry,
            website: 'https://pending.example',
            contact_name: 'Pending Person',
            contact_email: 'pending@brand.test',
            contact_phone: '+919876543210',
            address: { line1: '1 Road', city: 'Pune', postalCode: '411001', countryId: 'IN' },
            carrier_ids: [ids.jio],
          },
        },
      }),
      403,
    );
    expect(refused.message).toMatch(/awaiting approval by the platform: brands open once it is approved/);
  });

  it('when the network is down then the answer is 503 with its reason, the draft is kept, and a retry registers it', async () => {
    await configure({ serverErrorRatio: 1 });
    let botId: string;
    try {
      const failed = expectEnvelope(
        await call(developer, { method: 'POST', url: `${S}/bots/rcs`, payload: rcsBody({ submit: true }) }),
        503,
      );
      expect(failed.message).toMatch(
        /^The bot could not be created on the network: Google RBM: .*Your draft is saved/,
      );
      const list = expectEnvelope(
        await call(developer, { method: 'GET', url: `${S}/bots?status=in_progress&sort=created_at` }),
        200,
      ).data as { items: TBotListItem[] };
      botId = list.items[0]?.bot_id ?? '';
      const kept = await get(developer, botId);
      expect(kept.status.code).toBe(BOT_STATUS.in_progress);
      expect(kept.network_error).toMatch(/unavailable/i);
    } finally {
      await configure({});
    }
    const retried = expectEnvelope(
      await call(developer, {
        method: 'PUT',
        url: `${S}/bots/${botId}/rcs`,
        payload: { ...rcsBody({ submit: true }) },
      }),
      200,
    ).data as TBot;
    expect(retried.network.rbm_agent).toBeTruthy();
    expect(retried.network_error).toBeNull();
    expect(retried.status.code).toBe(BOT_STATUS.in_progress_carrier_submission);
  });

  it('when the network created the agent but our write failed then the next attempt adopts that agent instead of a second one', async () => {
    const draft = await createRcs(developer);
    // Our write of the network's ids fails once (a database hiccup after the network said yes).
    await t.database.sql.query(`
      CREATE OR REPLACE FUNCTION bots_test_fail_agent_write() RETURNS trigger AS $$
      BEGIN
        IF NEW.rbm_agent IS NOT NULL AND OLD.rbm_agent IS NULL THEN
          RAISE EXCEPTION 'simulated write failure';
        END IF;
        RETURN NEW;
      END $$ LANGUAGE plpgsql`);
    await t.database.sql.query(
      'CREATE TRIGGER bots_test_fail BEFORE UPDATE ON bots FOR EACH ROW EXECUTE FUNCTION bots_test_fail_agent_write()',
    );
    let requestId: string | null;
    try {
      const failed = await call(developer, {
        method: 'PUT',
        url: `${S}/bots/${draft.bot_id}/rcs`,
        payload: { ...rcsBody({ submit: true }), display_name: draft.name },
      });
      expect(failed.statusCode).toBe(500);
      const row = await t.database.sql.query<{ network_request_id: string | null; rbm_agent: string | null }>(
        'SELECT network_request_id, rbm_agent FROM bots WHERE bot_id = $1',
        [draft.bot_id],
      );
      requestId = row.rows[0]?.network_request_id ?? null;
      expect(row.rows[0]?.rbm_agent).toBeNull();
    } finally {
      await t.database.sql.query('DROP TRIGGER bots_test_fail ON bots');
    }
    expect(requestId).toBeTruthy();

    const retried = expectEnvelope(
      await call(developer, {
        method: 'PUT',
        url: `${S}/bots/${draft.bot_id}/rcs`,
        payload: { ...rcsBody({ submit: true }), display_name: draft.name },
      }),
      200,
    ).data as TBot;
    // The agent the first attempt created is found by the request id and adopted (bots.reconcile.test.ts
    // shows that no second one is created); the request id is unchanged.
    expect(retried.network.rbm_agent).toMatch(/^brands\/[^/]+\/agents\//);
    const after = await t.database.sql.query<{ id: string }>(
      'SELECT network_request_id AS id FROM bots WHERE bot_id = $1',
      [draft.bot_id],
    );
    expect(after.rows[0]?.id).toBe(requestId);
    expect(retried.status.code).toBe(BOT_STATUS.in_progress_carrier_submission);
  });

  it('when a registered draft is deleted then its agent is deleted on the network; a network failure keeps the bot and says why', async () => {
    const bot = await createRcs(developer, { submit: true });
    const requestId =
      (
        await t.database.sql.query<{ id: string }>(
          'SELECT network_request_id AS id FROM bots WHERE bot_id = $1',
          [bot.bot_id],
        )
      ).rows[0]?.id ?? '';
    await configure({ serverErrorRatio: 1 });
    try {
      const failed = expectEnvelope(
        await call(developer, { method: 'DELETE', url: `${S}/bots/${bot.bot_id}` }),
        503,
      );
      expect(failed.message).toMatch(/could not be deleted on the network, so it is kept: Google RBM: /);
    } finally {
      await configure({});
    }
    expect((await get(developer, bot.bot_id)).network.rbm_agent).toBe(bot.network.rbm_agent);
    expectEnvelope(await call(developer, { method: 'DELETE', url: `${S}/bots/${bot.bot_id}` }), 200);
    expectEnvelope(await call(developer, { method: 'GET', url: `${S}/bots/${bot.bot_id}` }), 404);
    const row = await t.database.sql.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM bots WHERE bot_id = $1',
      [bot.bot_id],
    );
    expect(row.rows[0]?.n).toBe(0);
    expect(requestId).toBeTruthy();
  });
  it('when the agent is already gone from the network then deleting the bot still succeeds', async () => {
    const bot = await createRcs(developer, { submit: true });
    const gone = `${bot.network.rbm_brand}/agents/agent_gone${Date.now()}`;
    await t.database.sql.query('UPDATE bots SET rbm_agent = $2 WHERE bot_id = $1', [bot.bot_id, gone]);
    expectEnvelope(await call(developer, { method: 'DELETE', url: `${S}/bots/${bot.bot_id}` }), 200);
    expectEnvelope(await call(developer, { method: 'GET', url: `${S}/bots/${bot.bot_id}` }), 404);
  });
});

describe('live bots, steps and images', () => {
  const setStatus = (botId: string, status: number) =>
    t.database.sql.query('UPDATE bots SET status = $2 WHERE bot_id = $1', [botId, status]);

  it('when a launched bot is edited then agent fields are refused with 409 and it cannot be deleted', async () => {
    const bot = await createRcs(developer, { submit: true });
    await setStatus(bot.bot_id, BOT_STATUS.launched);
    const refused = expectEnvelope(
      await call(developer, {
        method: 'PUT',
        url: `${S}/bots/${bot.bot_id}/rcs`,
        payload: { ...rcsBody(), display_name: 'Renamed Bot', description: bot.rcs?.description },
      }),
      409,
    );
    expect(refused.message).toMatch(/^display name can no longer change: Google's RBM refuses/);
    expect(JSON.stringify(refused.data)).not.toMatch(/description/);
    const locked = await get(developer, bot.bot_id);
    expect(locked.locked_fields).toContain('logo');
    expect(locked.can_delete).toBe(false);
    expectEnvelope(await call(developer, { method: 'DELETE', url: `${S}/bots/${bot.bot_id}` }), 409);
    // The portal's own association stays editable.
    expectEnvelope(
      await call(developer, {
        method: 'PUT',
        url: `${S}/bots/${bot.bot_id}/chatbot-platform`,
        payload: { chatbot_platform_id: null },
      }),
      200,
    );
    expectEnvelope(
      await call(developer, {
        method: 'PUT',
        url: `${S}/bots/${bot.bot_id}/listing`,
        payload: { tagline: 'Deliveries in chat', description: 'Track and book.', keywords: ['parcels'] },
      }),
      200,
    );
    const listed = expectEnvelope(
      await call(developer, {
        method: 'PUT',
        url: `${S}/bots/${bot.bot_id}/store`,
        payload: { listed: true },
      }),
      200,
    ).data as TBot;
    expect(listed.listed_in_store).toBe(true);
  });

  it('when carriers are chosen before the agent exists then 409; after, each carrier shows its state', async () => {
    const draft = await createRcs(developer);
    expectEnvelope(
      await call(developer, {
        method: 'PUT',
        url: `${S}/bots/${draft.bot_id}/carriers`,
        payload: { carrier_ids: [ids.jio] },
      }),
      409,
    );
    expectEnvelope(
      await call(developer, {
        method: 'PUT',
        url: `${S}/bots/${draft.bot_id}/store`,
        payload: { listed: true },
      }),
      409,
    );
    const bot = await createRcs(developer, { submit: true });
    const withCarriers = expectEnvelope(
      await call(developer, {
        method: 'PUT',
        url: `${S}/bots/${bot.bot_id}/carriers`,
        payload: { carrier_ids: [ids.jio, ids.airtel] },
      }),
      200,
    ).data as TBot;
    expect(withCarriers.carriers.map((c) => [c.name, c.status.label])).toEqual([
      ['Bharti Airtel', 'Selected'],
      ['Reliance Jio', 'Selected'],
    ]);
    const filtered = expectEnvelope(
      await call(developer, { method: 'GET', url: `${S}/bots?carrier_id=${ids.airtel}&channel=rcs` }),
      200,
    ).data as { items: TBotListItem[] };
    expect(filtered.items.map((item) => item.bot_id)).toEqual([bot.bot_id]);
  });

  it("when the brand step names another partner's brand then 400; a new brand is created through the brands module", async () => {
    const bot = await createRcs(developer, { submit: true });
    const foreign = expectEnvelope(
      await call(otherDeveloper, {
        method: 'POST',
        url: `${S}/brands`,
        payload: {
          name: 'Foreign Brand',
          industry_type_id: ids.industry,
          website: 'https://foreign.example',
          contact_name: 'Foreign Person',
          contact_email: 'foreign@brand.test',
          contact_phone: '+919876543210',
          address: { line1: '1 Road', city: 'Pune', postalCode: '411001', countryId: 'IN' },
          carrier_ids: [ids.jio],
        },
      }),
      201,
    ).data as { brand_id: string };
    const refused = expectEnvelope(
      await call(developer, {
        method: 'PUT',
        url: `${S}/bots/${bot.bot_id}/brand`,
        payload: { brand_id: foreign.brand_id },
      }),
      400,
    );
    expect(refused.message).toBe('Choose one of your brands.');
    const withBrand = expectEnvelope(
      await call(developer, {
        method: 'PUT',
        url: `${S}/bots/${bot.bot_id}/brand`,
        payload: {
          brand: {
            name: 'Acme Logistics',
            industry_type_id: ids.industry,
            website: 'https://acme.example',
            contact_name: 'Asha Rao',
            contact_email: 'asha@acme.example',
            contact_phone: '+919876543210',
            address: { line1: '2 Road', city: 'Pune', postalCode: '411001', countryId: 'IN' },
            carrier_ids: [ids.jio],
          },
        },
      }),
      200,
    ).data as TBot;
    expect(withBrand.brand?.name).toBe('Acme Logistics');
  });

  it('when images are uploaded then an exact one is kept, one of the right shape resized, a wrong shape refused', async () => {
    const bot = await createRcs(developer);
    const upload = async (kind: string, bytes: Buffer) => {
      const boundary = '----portico-bots-test';
      const body = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="x.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        bytes,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return call(developer, {
        method: 'POST',
        url: `${S}/bots/${bot.bot_id}/images/${kind}`,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: body,
      });
    };
    const png = (width: number, height: number) =>
      sharp({ create: { width, height, channels: 3, background: '#1A73E8' } })
        .png()
        .toBuffer();
    const kept = expectEnvelope(await upload('logo', await png(224, 224)), 200).data as TBot;
    expect(kept.logo_url).toMatch(/^\/api\/v1\/files\/public\/bot-images\//);
    const resized = expectEnvelope(await upload('banner', await png(2880, 896)), 200).data as TBot;
    const stored = await t.app.inject({ method: 'GET', url: resized.banner_url ?? '' });
    const meta = await sharp(stored.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([1440, 448]);
    expect(stored.rawPayload.length).toBeLessThanOrEqual(200_000);
    const refused = expectEnvelope(await upload('banner', await png(1440, 900)), 400);
    expect(refused.message).toBe(
      'The banner image must be 1440 x 448 px (width:height 45:14); this picture is 1440 x 900 px.',
    );
  });

  it('when a WhatsApp photo is uploaded for a registered sender, or a sender registers with one, then it is set on the network; a failure is kept on the bot', async () => {
    const uploadPhoto = async (botId: string, bytes: Buffer) => {
      const boundary = '----portico-bots-photo';
      return call(developer, {
        method: 'POST',
        url: `${S}/bots/${botId}/images/photo`,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`,
          ),
          bytes,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
      });
    };
    const profileOf = async (phoneNumberId: string | null) => {
      const answer = await t.app.inject({
        method: 'GET',
        url: `/sandbox/whatsapp/v21.0/${phoneNumberId}/whatsapp_business_profile`,
        headers: { authorization: 'Bearer sandbox-whatsapp-token' },
      });
      expect(answer.statusCode).toBe(200);
      return (answer.json() as { data: Array<Record<string, unknown>> }).data[0];
    };
    const photo = await sharp({ create: { width: 640, height: 640, channels: 3, background: '#25D366' } })
      .png()
      .toBuffer();
    // Registered first, photo after: the photo goes to the live sender's profile.
    const registered = expectEnvelope(
      await call(developer, {
        method: 'POST',
        url: `${S}/bots/whatsapp`,
        payload: whatsappBody({ submit: true }),
      }),
      201,
    ).data as TBot;
    const phoneNumberId = registered.network.whatsapp_phone_number_id;
    expect((await profileOf(phoneNumberId))?.profile_picture_handle).toBeUndefined();
    expectEnvelope(await uploadPhoto(registered.bot_id, photo), 200);
    expect((await profileOf(phoneNumberId))?.profile_picture_handle).toMatch(/^4::/);
    // Photo first, registration after: the sender is registered with it.
    const draft = expectEnvelope(
      await call(developer, { method: 'POST', url: `${S}/bots/whatsapp`, payload: whatsappBody() }),
      201,
    ).data as TBot;
    expectEnvelope(await uploadPhoto(draft.bot_id, photo), 200);
    const submitted = expectEnvelope(
      await call(developer, {
        method: 'PUT',
        url: `${S}/bots/${draft.bot_id}/whatsapp`,
        payload: {
          ...whatsappBody(),
          display_name: draft.whatsapp?.display_name,
          phone: draft.whatsapp?.phone,
          submit: true,
        },
      }),
      200,
    ).data as TBot;
    expect((await profileOf(submitted.network.whatsapp_phone_number_id))?.profile_picture_handle).toMatch(
      /^4::/,
    );
    // The network down: the photo is kept here, the answer and the bot say why.
    await configure({ serverErrorRatio: 1 });
    try {
      const failed = expectEnvelope(await uploadPhoto(registered.bot_id, photo), 503);
      expect(failed.message).toMatch(/^The photo is saved here but the network did not take it: /);
    } finally {
      await configure({});
    }
    const after = await get(developer, registered.bot_id);
    expect(after.network_error).toBeTruthy();
    expect(after.photo_url).toMatch(/\/bot-images\//);
  });

  it('when asked for the dashboard and the export then counts by status and a file with the filters come back', async () => {
    const dashboard = expectEnvelope(
      await call(developer, { method: 'GET', url: `${S}/bots/dashboard` }),
      200,
    ).data as TBotDashboard;
    expect(dashboard.by_status).toHaveLength(10);
    expect(dashboard.total).toBe(dashboard.by_status.reduce((sum, s) => sum + s.count, 0));
    expect(dashboard.by_status.find((s) => s.key === 'in_progress')?.count).toBeGreaterThan(0);
    const xlsx = await call(developer, { method: 'GET', url: `${S}/bots/export?format=xlsx&channel=rcs` });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toMatch(/spreadsheetml/);
  });
});
