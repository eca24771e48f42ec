import { CHANNEL_TYPE, ZGoogleApiError, ZRbmBatchGetResponse, ZRbmTester } from '@portico/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/helpers.ts';
import { walletFigures } from '../../../test/metering.ts';
import {
  AIRTEL_RECIPIENT,
  botWithAccessToken,
  createPartnerApiApp,
  developer,
  fundedDeveloper,
  meteredCount,
  type Owner,
} from '../../../test/partner-api.ts';

/**
 * Google's users.batchGet (capability in bulk) and phones.testers.create (a tester invited by API)
 * for a bot's agent on a listening app, through the RBM connector to the mounted sandbox (issue 25,
 * point 5): Google's request and answer, not charged, refusals in Google's error shape; an invited
 * tester is the bot's test device, which the unlaunched bot reaches once the invite is accepted.
 */

let t: TestApp;
let owner: Owner;
let stranger: Owner;
let serial = 0;

beforeAll(async () => {
  t = await createPartnerApiApp();
  ({ owner } = await fundedDeveloper(t));
  stranger = await developer(t);
});
afterAll(() => t.close());

interface TestAgent {
  botId: string;
  agentId: string;
  accessToken: string;
}

async function agentOf(options: { launched?: boolean; owner?: Owner } = {}): Promise<TestAgent> {
  serial += 1;
  const agentId = `rbm_users_${serial}`;
  const agent = await botWithAccessToken(
    t,
    options.owner ?? owner,
    {
      channels: [CHANNEL_TYPE.rcs],
      name: `RBM users ${serial}`,
      rbmBrand: 'brands/partner',
      rbmAgent: `brands/partner/agents/${agentId}`,
    },
    { launched: options.launched, clientAuth: 'basic' },
  );
  return { ...agent, agentId };
}

const auth = (agent: TestAgent) => ({ authorization: `Bearer ${agent.accessToken}` });

const batchGet = (agent: TestAgent, body: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/partner/rbm/v1/users:batchGet',
    headers: { ...auth(agent), 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });

const invite = (agent: TestAgent, msisdn: string, agentId = agent.agentId) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/partner/rbm/v1/phones/${encodeURIComponent(msisdn)}/testers?agentId=${agentId}`,
    headers: { ...auth(agent), 'content-type': 'application/json' },
    payload: '{}',
  });

function googleError(response: { statusCode: number; body: string }, status: number, code: string) {
  expect(response.statusCode, response.body).toBe(status);
  const { error } = ZGoogleApiError.parse(JSON.parse(response.body));
  expect(error).toMatchObject({ code: status, status: code });
  return error;
}

/** Sandbox numbers ending in 0 have no RCS. */
const numbers = (n: number) => Array.from({ length: n }, (_v, i) => `+9198100${String(i).padStart(5, '0')}`);

describe('users.batchGet', () => {
  it('when the agent asks about a list then it gets the reachable numbers, the sample counts, and nothing is charged', async () => {
    const agent = await agentOf();
    const before = await walletFigures(t.database, owner.id);
    const small = await batchGet(agent, {
      users: ['+919810012345', '+919810012340', '+919810012341'],
      agentId: agent.agentId,
    });
    expect(small.statusCode, small.body).toBe(200);
    expect(ZRbmBatchGetResponse.parse(small.json())).toEqual({
      reachableUsers: ['+919810012345', '+919810012341'],
      totalRandomSampleUserCount: 0,
      reachableRandomSampleUserCount: 0,
    });
    // From 500 numbers Google samples about 75% of them.
    const list = numbers(600);
    const large = ZRbmBatchGetResponse.parse(
      (await batchGet(agent, { users: list, agentId: agent.agentId })).json(),
    );
    expect(large.reachableUsers).toHaveLength(540);
    expect(large.totalRandomSampleUserCount).toBe(450);
    expect(large.reachableRandomSampleUserCount).toBeGreaterThan(0);
    expect(large.reachableRandomSampleUserCount).toBeLessThanOrEqual(450);
    expect(await meteredCount(t, agent.botId)).toBe(0);
    expect(await walletFigures(t.database, owner.id)).toEqual(before);
  });

  it("when the request is wrong or names another agent then Google's error shape answers", async () => {
    const agent = await agentOf();
    const wrong = googleError(
      await batchGet(agent, { users: ['98100 12345'], agentId: agent.agentId }),
      400,
      'INVALID_ARGUMENT',
    );
    expect(wrong.message).toContain('E.164');
    googleError(await batchGet(agent, { users: 'all', agentId: agent.agentId }), 400, 'INVALID_ARGUMENT');
    googleError(
      await batchGet(agent, { users: numbers(10_001), agentId: agent.agentId }),
      400,
      'INVALID_ARGUMENT',
    );
    const other = await agentOf({ owner: stranger });
    googleError(
      await batchGet(agent, { users: [AIRTEL_RECIPIENT], agentId: other.agentId }),
      404,
      'NOT_FOUND',
    );
    googleError(await batchGet({ ...agent, accessToken: 'nope' }, { users: [] }), 401, 'UNAUTHENTICATED');
  });
});

describe('phones.testers.create', () => {
  it('when an unlaunched agent invites a tester then the number is its test device, pending until the tester accepts, then reachable', async () => {
    const agent = await agentOf({ launched: false });
    const msisdn = '+919810055501';
    const invited = await invite(agent, msisdn);
    expect(invited.statusCode, invited.body).toBe(200);
    expect(ZRbmTester.parse(invited.json())).toEqual({
      name: `phones/${msisdn}/testers`,
      inviteStatus: 'PENDING',
    });
    const device = async () =>
      (
        await t.database.sql.query<{ invite_status: string; n: number }>(
          `SELECT invite_status, count(*) OVER ()::int AS n FROM bot_test_devices WHERE bot_id = $1 AND msisdn = $2`,
          [agent.botId, msisdn],
        )
      ).rows;
    expect(await device()).toEqual([{ invite_status: 'PENDING', n: 1 }]);
    // Invited again: still one device, its invite renewed.
    expect((await invite(agent, msisdn)).statusCode).toBe(200);
    expect(await device()).toHaveLength(1);

    // The tester accepts on the phone; the network tells Portico, and the bot reaches the number.
    const accepted = await t.app.inject({
      method: 'POST',
      url: `/sandbox/api/handsets/${encodeURIComponent(msisdn)}/invites`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ agentId: agent.agentId, accept: true }),
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/v1/partner/rbm/v1/phones/${encodeURIComponent(msisdn)}/agentMessages?messageId=m-tester-1&agentId=${agent.agentId}`,
      headers: { ...auth(agent), 'content-type': 'application/json' },
      payload: JSON.stringify({ contentMessage: { text: 'Hello tester' } }),
    });
    expect(sent.statusCode, sent.body).toBe(200);
  });

  it("when the number or the agent is wrong then Google's error shape answers, and nothing is stored", async () => {
    const agent = await agentOf({ launched: false });
    googleError(await invite(agent, '98100 55502'), 400, 'INVALID_ARGUMENT');
    // No RCS on the number (the sandbox's numbers ending in 0).
    googleError(await invite(agent, '+919810055500'), 404, 'NOT_FOUND');
    const other = await agentOf({ owner: stranger });
    googleError(await invite(agent, '+919810055503', other.agentId), 404, 'NOT_FOUND');
    const { rows } = await t.database.sql.query('SELECT 1 FROM bot_test_devices WHERE bot_id = $1', [
      agent.botId,
    ]);
    expect(rows).toEqual([]);
  });
});
