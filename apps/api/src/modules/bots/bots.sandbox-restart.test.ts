import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TBot } from '@portico/domain';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../../test/database.ts';
import { expectEnvelope, freePort, testConfig, xsrfHeaders } from '../../../test/helpers.ts';
import { mintAccessToken } from '../../../test/tokens.ts';
import { seedDemoData } from '../../platform/db/seed/demo.ts';
import { createStorage } from '../../platform/storage/index.ts';
import { buildServer } from '../../server.ts';
import { provisionDemoTestersOnSandbox, seedBotTestingDemo } from '../bot-testing/bot-testing.seed.ts';
import { seedDemoBrands } from '../brands/brands.seed.ts';
import { provisionDemoBotsOnSandbox, seedDemoBots } from './bots.seed.ts';

/**
 * Decision 0020: the mounted sandbox keeps its network objects in our database, and the demo seed
 * puts the demo bots' objects there with the ids the demo's rows carry. A second server on the same
 * database (a restart: `npm start` on an existing .data/) finds every demo agent, MaaP bot and
 * WhatsApp sender, and the ones created or changed during the first run, as they were left.
 */
const S = '/api/v1/secure';
const demoId = (n: number) => `00000000-0000-4000-8000-${n.toString().padStart(12, '0')}`;
/** Developer demo bots registered on the network and still editable: RBM (201), RBM + WhatsApp (222). */
const RBM_BOT = demoId(201);
const TWO_CHANNEL_BOT = demoId(222);
/** A launched developer demo bot (its agent is LAUNCHED on the network). */
const LAUNCHED_BOT = demoId(205);
/** An aggregator demo bot with API type GSMA (n % 7 = 0) in a state that allows edits. */
const GSMA_BOT = demoId(238);

let testDatabase: TestDatabase;
let filesDir: string;

beforeAll(async () => {
  testDatabase = await openTestDatabase();
  filesDir = await mkdtemp(path.join(tmpdir(), 'portico-test-files-'));
});
afterAll(async () => {
  await testDatabase.close();
  await rm(filesDir, { recursive: true, force: true });
});

/** One run of the product: a server on the shared database, listening (connectors call the sandbox over HTTP). */
async function start() {
  const port = await freePort();
  const config = testConfig({
    DEMO: '1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    STORAGE_URL: `file://${filesDir}`,
  });
  const { database } = testDatabase;
  const server = await buildServer({ config, database, networkBackoffBaseMs: 5 });
  await server.app.listen({ port, host: '127.0.0.1' });
  const tokenOf = async (email: string) => {
    const { rows } = await database.sql.query<{ user_id: string }>(
      'SELECT user_id FROM users WHERE email = $1',
      [email],
    );
    return mintAccessToken(database, config, { sub: rows[0]?.user_id ?? '' });
  };
  const call = async (email: string, options: InjectOptions) =>
    server.app.inject({
      ...options,
      headers: { authorization: `Bearer ${await tokenOf(email)}`, ...xsrfHeaders(), ...options.headers },
    });
  const sandbox = (url: string, token: string) =>
    server.app.inject({
      method: 'GET',
      url: `/sandbox${url}`,
      headers: { authorization: `Bearer ${token}` },
    });
  return { server, config, call, sandbox };
}
type Run = Awaited<ReturnType<typeof start>>;

const DEV = 'developer@portico.test';
const AGG = 'aggregator@portico.test';

async function bot(run: Run, email: string, botId: string): Promise<TBot> {
  return expectEnvelope(await run.call(email, { method: 'GET', url: `${S}/bots/${botId}` }), 200)
    .data as TBot;
}
/** Saves the bot's RCS details with a new description (the network is updated too). */
async function describeRcs(run: Run, email: string, botId: string, description: string): Promise<TBot> {
  const current = await bot(run, email, botId);
  const response = await run.call(email, {
    method: 'PUT',
    url: `${S}/bots/${botId}/rcs`,
    payload: { ...current.rcs, description, chatbot_platform_id: null },
  });
  const updated = expectEnvelope(response, 200).data as TBot;
  expect(updated.network_error).toBeNull();
  return updated;
}
async function describeWhatsapp(run: Run, botId: string, about: string): Promise<void> {
  const current = await bot(run, DEV, botId);
  const response = await run.call(DEV, {
    method: 'PUT',
    url: `${S}/bots/${botId}/whatsapp`,
    payload: { ...current.whatsapp, about },
  });
  expect((expectEnvelope(response, 200).data as TBot).network_error).toBeNull();
}
/** The agent's description as the sandbox saved it (read while no server runs, after a close saved it). */
async function savedAgentDescription(agent: string): Promise<unknown> {
  const { rows } = await testDatabase.database.sql.query<{
    body: { rcsBusinessMessagingAgent: { description?: string } };
  }>("SELECT body FROM sandbox_objects WHERE kind = 'rbm.agent' AND key = $1", [agent]);
  return rows[0]?.body.rcsBusinessMessagingAgent.description;
}

describe('demo bots on the sandbox across restarts', () => {
  it('when the server restarts on the same database then demo bots and bots made in the first run update on the network', {
    timeout: 120_000,
  }, async () => {
    await seedDemoData(testDatabase.database);
    const first = await start();
    await seedDemoBrands(testDatabase.database, createStorage(first.config.storage));
    await seedDemoBots(testDatabase.database);
    const provisioned = await provisionDemoBotsOnSandbox(testDatabase.database, first.config.networks);
    expect(provisioned).toBeGreaterThan(20);
    // The same start again adds nothing: the sandbox has them all.
    expect(await provisionDemoBotsOnSandbox(testDatabase.database, first.config.networks)).toBe(0);
    await seedBotTestingDemo({ database: testDatabase.database });
    expect(await provisionDemoTestersOnSandbox(testDatabase.database, first.config.networks)).toBeGreaterThan(
      10,
    );
    expect(await provisionDemoTestersOnSandbox(testDatabase.database, first.config.networks)).toBe(0);

    const rbm = await describeRcs(first, DEV, RBM_BOT, 'Changed in the first run.');
    expect(rbm.network.rbm_agent).toMatch(/^brands\/demo_/);
    const gsma = await describeRcs(first, AGG, GSMA_BOT, 'MaaP profile changed in the first run.');
    expect(gsma.network.maap_bot_id).toMatch(/^bot_demo_/);
    await describeWhatsapp(first, TWO_CHANNEL_BOT, 'About, first run.');
    const made = expectEnvelope(
      await first.call(DEV, {
        method: 'POST',
        url: `${S}/bots/rcs`,
        payload: {
          ...(await bot(first, DEV, RBM_BOT)).rcs,
          display_name: 'Made Before Restart',
          submit: true,
        },
      }),
      201,
    ).data as TBot;
    expect(made.network.rbm_agent).toMatch(/^brands\/.+\/agents\//);
    await first.server.close();
    // Closing saved what the first run left on the network.
    expect(await savedAgentDescription(rbm.network.rbm_agent ?? '')).toBe('Changed in the first run.');

    const second = await start();
    // It is there after the restart, as it was left.
    const maap = await second.sandbox(
      `/maap/management/v1/bots/${(await bot(second, AGG, GSMA_BOT)).network.maap_bot_id}`,
      'sandbox-maap-token',
    );
    expect(maap.statusCode, maap.body).toBe(200);
    expect((maap.json() as { botInfo: { description: string } }).botInfo.description).toBe(
      'MaaP profile changed in the first run.',
    );
    // ...and every one of them can be edited again: no network 404.
    await describeRcs(second, DEV, RBM_BOT, 'Changed after the restart.');
    await describeRcs(second, AGG, GSMA_BOT, 'MaaP profile changed after the restart.');
    await describeWhatsapp(second, TWO_CHANNEL_BOT, 'About, after the restart.');
    await describeRcs(second, DEV, made.bot_id, 'Made before, changed after the restart.');
    // A launched demo bot: the portal's own fields still save (nothing goes to the launched agent,
    // which the network would refuse); the agent's, message category included, are refused with 409.
    const live = await bot(second, DEV, LAUNCHED_BOT);
    expect(live.locked_fields).toContain('message_category');
    const saved = await second.call(DEV, {
      method: 'PUT',
      url: `${S}/bots/${LAUNCHED_BOT}/rcs`,
      payload: { ...live.rcs, chatbot_platform_id: null },
    });
    expect((expectEnvelope(saved, 200).data as TBot).network_error).toBeNull();
    const refused = await second.call(DEV, {
      method: 'PUT',
      url: `${S}/bots/${LAUNCHED_BOT}/rcs`,
      payload: {
        ...live.rcs,
        message_category: live.rcs?.message_category === 'OTP' ? 'Promotional' : 'OTP',
        chatbot_platform_id: null,
      },
    });
    expect(expectEnvelope(refused, 409).message).toMatch(/^message category can no longer change/);
    // The demo agent is not launched: it messages its accepted demo tester, as the network allows.
    const listed = expectEnvelope(
      await second.call(DEV, { method: 'GET', url: `${S}/bots/${RBM_BOT}/test-devices` }),
      200,
    ).data as { items: { device_id: string; invite_status: string | null }[] };
    const accepted = listed.items.find((device) => device.invite_status === 'ACCEPTED');
    expect(accepted).toBeDefined();
    const sent = await second.call(DEV, {
      method: 'POST',
      url: `${S}/bots/${RBM_BOT}/test-devices/${accepted?.device_id}/messages`,
      payload: { content: { kind: 'text', text: 'Hello after the restart.' } },
    });
    expectEnvelope(sent, 201);
    const whatsappId = (await bot(second, DEV, TWO_CHANNEL_BOT)).network.whatsapp_phone_number_id;
    const profile = await second.sandbox(
      `/whatsapp/v21.0/${whatsappId}/whatsapp_business_profile`,
      'sandbox-whatsapp-token',
    );
    expect(profile.statusCode, profile.body).toBe(200);
    expect(JSON.stringify(profile.json())).toContain('About, after the restart.');
    await second.server.close();
    expect(await savedAgentDescription(rbm.network.rbm_agent ?? '')).toBe('Changed after the restart.');
  });
});
