import { randomUUID } from 'node:crypto';
import { BOT_STATUS, ROLES, ZRcsBotDetailsRequest } from '@portico/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { NetworkError } from '../../networks/errors.ts';
import type { Connectors } from '../../networks/index.ts';
import type { AgentRegistration, NetworkConnector } from '../../networks/types.ts';
import { createAuditRepository } from '../../platform/audit/audit.repository.ts';
import { createAuditService } from '../../platform/audit/audit.service.ts';
import type { AuthenticatedUser } from '../../platform/auth/types.ts';
import { AppError } from '../../platform/http/errors.ts';
import { createMailer } from '../../platform/mail/index.ts';
import { createReviewRepository } from '../../platform/review/review.repository.ts';
import { createReviewService } from '../../platform/review/review.service.ts';
import { createStorage } from '../../platform/storage/index.ts';
import { type BotFields, createBotsRepository } from './bots.repository.ts';
import { type BotsService, createBotsService } from './bots.service.ts';

/**
 * Reconciliation of the bot's creation on the network with our own write, through the service with
 * a recording RBM network (an in-memory double of the Business Communications API's brands and
 * agents): whichever side fails, the next attempt finds what the network already has under the bot's
 * request id and adopts it, and never creates a second agent.
 */
class RecordingRbm {
  brands = new Map<string, { requestId: string | undefined }>();
  agents = new Map<string, string>();
  registerCalls: AgentRegistration[] = [];
  deleted: string[] = [];
  /** Fail the next calls: 'before' (nothing created), 'after-brand' (brand created, agent not). */
  failNext: 'before' | 'after-brand' | null = null;

  connector(): Partial<NetworkConnector> {
    return {
      registerAgent: async (registration) => {
        this.registerCalls.push(registration);
        if (this.failNext === 'before') {
          this.failNext = null;
          throw new NetworkError('rbm', 'network_down', 'The service is currently unavailable.');
        }
        const brand = registration.brand ?? `brands/${randomUUID()}`;
        this.brands.set(brand, { requestId: registration.requestId });
        if (this.failNext === 'after-brand') {
          this.failNext = null;
          throw new NetworkError('rbm', 'network_down', 'The service is currently unavailable.');
        }
        const agent = `${brand}/agents/${randomUUID()}`;
        this.agents.set(agent, brand);
        return { brand, agent };
      },
      findAgent: async (requestId) => {
        const found = [...this.brands.entries()].find(([, b]) => b.requestId === requestId);
        if (!found) return null;
        const agent = [...this.agents.entries()].find(([, brand]) => brand === found[0])?.[0] ?? null;
        return { brand: found[0], agent };
      },
      deleteAgent: async (agent) => {
        this.deleted.push(agent);
        this.agents.delete(agent);
      },
    };
  }
}

let t: TestApp;
let network: RecordingRbm;
let failIdWrite: boolean;
let service: BotsService;
let user: AuthenticatedUser;

beforeAll(async () => {
  t = await createTestApp();
  const account = await t.factories.account(ROLES.DEVELOPER);
  user = {
    userId: account.user.userId,
    partnerId: account.partner.partnerId,
    email: account.user.email,
    role: account.user.role,
  };
});
afterAll(() => t.close());

beforeEach(() => {
  network = new RecordingRbm();
  failIdWrite = false;
  const repository = createBotsRepository(t.database.db);
  const { database } = t;
  service = createBotsService({
    database,
    repository: {
      ...repository,
      // Our write of the network's ids fails once when asked to (a database hiccup after the network said yes).
      async update(botId: string, fields: BotFields) {
        if (failIdWrite && fields.rbmAgent) {
          failIdWrite = false;
          throw new Error('simulated write failure');
        }
        return repository.update(botId, fields);
      },
    },
    review: createReviewService({
      database,
      repository: createReviewRepository(database.db),
      mail: createMailer(t.server.jobs),
    }),
    audit: createAuditService(createAuditRepository(database.db), t.app.log),
    storage: createStorage(t.config.storage),
    // Only the RBM connector is reached in these cases.
    connectors: { get: () => network.connector() } as unknown as Connectors,
    log: t.app.log,
    brands: () => {
      throw new Error('not used here');
    },
    publicUrl: t.config.PUBLIC_URL,
  });
});

const details = (submit: boolean) =>
  ZRcsBotDetailsRequest.parse({
    display_name: 'Reconcile Bot',
    description: 'A bot that is created once.',
    brand_color: '#1A73E8',
    phones: [{ number: '+919876543210', label: 'Support' }],
    privacy_policy_url: 'https://reconcile.example/privacy',
    terms_url: 'https://reconcile.example/terms',
    message_category: 'Transactional',
    region: 'India',
    billing_category: 'CONVERSATIONAL',
    api_type: 'GOOGLE',
    hosting_region: 'ASIA_PACIFIC',
    submit,
  });

const rowOf = async (botId: string) =>
  (
    await t.database.sql.query<{
      network_request_id: string | null;
      rbm_agent: string | null;
      status: number;
    }>('SELECT network_request_id, rbm_agent, status FROM bots WHERE bot_id = $1', [botId])
  ).rows[0];

describe('creating the bot on the network', () => {
  it('when the network created the agent and our write failed then the retry adopts it: one agent, not two', async () => {
    const draft = await service.createRcs(user, details(false));
    failIdWrite = true;
    await expect(service.updateRcs(user, draft.bot_id, details(true))).rejects.toThrow(
      'simulated write failure',
    );
    const half = await rowOf(draft.bot_id);
    expect(half?.network_request_id).toBeTruthy();
    expect(half?.rbm_agent).toBeNull();
    expect(network.agents.size).toBe(1);

    const done = await service.updateRcs(user, draft.bot_id, details(true));
    expect(network.registerCalls).toHaveLength(1);
    expect(network.registerCalls[0]?.requestId).toBe(half?.network_request_id);
    expect(network.agents.size).toBe(1);
    expect(done.network.rbm_agent).toBe([...network.agents.keys()][0]);
    expect(done.status.code).toBe(BOT_STATUS.in_progress_carrier_submission);
  });

  it('when the network fails first then the draft is kept with the reason (503) and the retry creates the agent once', async () => {
    const draft = await service.createRcs(user, details(false));
    network.failNext = 'before';
    const error = await service.updateRcs(user, draft.bot_id, details(true)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).httpStatus).toBe(503);
    expect((error as AppError).message).toMatch(/Google RBM: The service is currently unavailable/);
    const kept = await service.get(user, draft.bot_id);
    expect(kept.status.code).toBe(BOT_STATUS.in_progress);
    expect(kept.network_error).toMatch(/unavailable/);

    const done = await service.updateRcs(user, draft.bot_id, details(true));
    expect(network.agents.size).toBe(1);
    expect(done.network.rbm_agent).toBeTruthy();
    expect(done.network_error).toBeNull();
  });

  it('when the network made the brand but not the agent then the retry creates the agent under that same brand', async () => {
    const draft = await service.createRcs(user, details(false));
    network.failNext = 'after-brand';
    await expect(service.updateRcs(user, draft.bot_id, details(true))).rejects.toBeInstanceOf(AppError);
    expect(network.brands.size).toBe(1);
    const done = await service.updateRcs(user, draft.bot_id, details(true));
    expect(network.brands.size).toBe(1);
    expect(network.registerCalls[1]?.brand).toBe([...network.brands.keys()][0]);
    expect(done.network.rbm_brand).toBe([...network.brands.keys()][0]);
  });

  it('when a registered draft is deleted then its agent is deleted on the network first', async () => {
    const bot = await service.createRcs(user, details(true));
    await service.remove(user, bot.bot_id);
    expect(network.deleted).toEqual([bot.network.rbm_agent]);
    expect(await rowOf(bot.bot_id)).toBeUndefined();
  });
});
