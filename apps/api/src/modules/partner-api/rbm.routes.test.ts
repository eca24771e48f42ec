import {
  CHANNEL_TYPE,
  RBM_RICH_CARD_EXAMPLE,
  RBM_TEXT_EXAMPLE,
  ZGoogleApiError,
  ZRbmAgentMessageResponse,
} from '@portico/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/helpers.ts';
import { walletFigures } from '../../../test/metering.ts';
import {
  AIRTEL_PRICE,
  AIRTEL_RECIPIENT,
  botWithAccessToken,
  createPartnerApiApp,
  fundedDeveloper,
} from '../../../test/partner-api.ts';

/**
 * Google's RBM shape on a listening app, through the RBM connector to the mounted sandbox: Google's
 * documented AgentMessage examples give Google's answer, refusals come in Google's error shape, and
 * a reused messageId is never sent or charged twice.
 */

const PRICE = AIRTEL_PRICE;
const RECIPIENT = AIRTEL_RECIPIENT;
let t: TestApp;
let developerToken: string;
let partnerId: string;
let serial = 0;

beforeAll(async () => {
  t = await createPartnerApiApp();
  ({ partnerId, developerToken } = await fundedDeveloper(t));
});
afterAll(() => t.close());

interface TestAgent {
  botId: string;
  agentId: string;
  accessToken: string;
}

async function agentWithToken(launched = true): Promise<TestAgent> {
  serial += 1;
  const agentId = `partner_rbm_${serial}`;
  const agent = await botWithAccessToken(
    t,
    { id: partnerId, token: developerToken },
    {
      channels: [CHANNEL_TYPE.rcs],
      name: `RBM ${serial}`,
      rbmBrand: 'brands/partner',
      rbmAgent: `brands/partner/agents/${agentId}`,
    },
    { launched, clientAuth: 'basic' },
  );
  return { ...agent, agentId };
}

function send(agent: TestAgent, body: unknown, query: Record<string, string>, msisdn = RECIPIENT) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/partner/rbm/v1/phones/${encodeURIComponent(msisdn)}/agentMessages?${new URLSearchParams(query)}`,
    headers: { authorization: `Bearer ${agent.accessToken}`, 'content-type': 'application/json' },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

function googleError(response: { statusCode: number; body: string }, status: number, googleStatus: string) {
  expect(response.statusCode, response.body).toBe(status);
  const { error } = ZGoogleApiError.parse(JSON.parse(response.body));
  expect(error).toMatchObject({ code: status, status: googleStatus });
  return error;
}

describe("Google's documented examples", () => {
  it.each([
    ['text with suggestions', RBM_TEXT_EXAMPLE],
    ['standalone rich card', RBM_RICH_CARD_EXAMPLE],
  ])("when a %s is sent then Google's AgentMessage comes back with its name", async (_name, body) => {
    const agent = await agentWithToken();
    const response = await send(agent, body, { messageId: 'msg-1', agentId: agent.agentId });
    expect(response.statusCode, response.body).toBe(200);
    const answer = ZRbmAgentMessageResponse.parse(response.json());
    expect(answer.name).toBe(`phones/${RECIPIENT}/agentMessages/msg-1`);
    expect(answer.contentMessage).toEqual(body.contentMessage);
  });

  it('when the same messageId is sent again then 409 ALREADY_EXISTS and it is reserved once', async () => {
    const agent = await agentWithToken();
    const before = await walletFigures(t.database, partnerId);
    expect((await send(agent, RBM_TEXT_EXAMPLE, { messageId: 'order-7' })).statusCode).toBe(200);
    googleError(await send(agent, RBM_TEXT_EXAMPLE, { messageId: 'order-7' }), 409, 'ALREADY_EXISTS');
    const after = await walletFigures(t.database, partnerId);
    expect(after.balance - after.reserved).toBe(before.balance - before.reserved - PRICE);
  });
});

describe("refusals in Google's error shape", () => {
  it('when the body or the query is wrong then 400 INVALID_ARGUMENT, never a 500', async () => {
    const agent = await agentWithToken();
    googleError(await send(agent, RBM_TEXT_EXAMPLE, {}), 400, 'INVALID_ARGUMENT');
    googleError(await send(agent, '{"contentMessage":', { messageId: 'a' }), 400, 'INVALID_ARGUMENT');
    googleError(await send(agent, { contentMessage: {} }, { messageId: 'b' }), 400, 'INVALID_ARGUMENT');
    const tooLong = await send(agent, { contentMessage: { text: 'x'.repeat(3073) } }, { messageId: 'c' });
    googleError(tooLong, 400, 'INVALID_ARGUMENT');
    // Our message rules: a suggestion's text is at most 25 characters (Google's limit).
    const longChip = await send(
      agent,
      {
        contentMessage: { text: 'Hi', suggestions: [{ reply: { text: 'x'.repeat(26), postbackData: 'p' } }] },
      },
      { messageId: 'd' },
    );
    googleError(longChip, 400, 'INVALID_ARGUMENT');
    googleError(
      await send(agent, RBM_TEXT_EXAMPLE, { messageId: 'e' }, '919810012345'),
      400,
      'INVALID_ARGUMENT',
    );
  });

  it('when the token is wrong then 401 UNAUTHENTICATED; another agent id is 404 NOT_FOUND', async () => {
    const agent = await agentWithToken();
    googleError(
      await send({ ...agent, accessToken: 'nope' }, RBM_TEXT_EXAMPLE, { messageId: 'f' }),
      401,
      'UNAUTHENTICATED',
    );
    const other = await agentWithToken();
    googleError(
      await send(agent, RBM_TEXT_EXAMPLE, { messageId: 'g', agentId: other.agentId }),
      404,
      'NOT_FOUND',
    );
  });

  it('when the agent is not launched then only accepted testers are reached (403 PERMISSION_DENIED)', async () => {
    const agent = await agentWithToken(false);
    await t.database.sql.query(
      `INSERT INTO bot_test_devices (bot_id, partner_id, channel, msisdn, invite_status)
       VALUES ($1, $2, 'rcs', $3, 'ACCEPTED'), ($1, $2, 'rcs', '+919810012346', 'PENDING')`,
      [agent.botId, partnerId, RECIPIENT],
    );
    googleError(
      await send(agent, RBM_TEXT_EXAMPLE, { messageId: 'h' }, '+919810012346'),
      403,
      'PERMISSION_DENIED',
    );
    expect((await send(agent, RBM_TEXT_EXAMPLE, { messageId: 'i' })).statusCode).toBe(200);
  });

  it("when the tester accepts on the handset then the API reaches them before the bot console has looked (the network's tester event counts)", async () => {
    const agent = await agentWithToken(false);
    const tester = '+919810012347';
    await t.database.sql.query(
      `INSERT INTO bot_test_devices (bot_id, partner_id, channel, msisdn, invite_status, invited_at)
       VALUES ($1, $2, 'rcs', $3, 'PENDING', now() - interval '1 minute')`,
      [agent.botId, partnerId, tester],
    );
    const answer = (status: string, key: string, ago: string) =>
      t.database.sql.query(
        `INSERT INTO network_events (network, dedupe_key, kind, sender, received_at, payload)
         VALUES ('rbm', $1, 'other', $2, now() - $3::interval, $4)`,
        [key, tester, ago, JSON.stringify({ agentId: agent.agentId, tester: { inviteStatus: status } })],
      );
    // Another agent's tester answer, and an answer older than the invite, do not count.
    await t.database.sql.query(
      `INSERT INTO network_events (network, dedupe_key, kind, sender, payload)
       VALUES ('rbm', $1, 'other', $2, $3)`,
      [
        `other-agent-${agent.agentId}`,
        tester,
        JSON.stringify({ agentId: 'someone_else', tester: { inviteStatus: 'ACCEPTED' } }),
      ],
    );
    await answer('ACCEPTED', `before-invite-${agent.agentId}`, '2 minutes');
    googleError(await send(agent, RBM_TEXT_EXAMPLE, { messageId: 'j' }, tester), 403, 'PERMISSION_DENIED');
    await answer('ACCEPTED', `accepted-${agent.agentId}`, '0 seconds');
    // The send pipeline remembers a bot's test devices for a few seconds.
    await new Promise((resolve) => setTimeout(resolve, 5_100));
    expect((await send(agent, RBM_TEXT_EXAMPLE, { messageId: 'k' }, tester)).statusCode).toBe(200);
  });
});
