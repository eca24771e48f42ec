import { randomUUID } from 'node:crypto';
import { BOT_CARRIER_MACHINE, BOT_MACHINE, ROLES } from '@portico/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectEnvelope, type TestApp, xsrfHeaders } from '../../../test/helpers.ts';
import { createBotReviewForTest, launchFixtures } from '../../../test/launch-review.ts';

/**
 * The launch job as the worker runs it (PORTICO_ROLE=all: pg-boss workers on): a carrier's approval
 * over HTTP queues the job in its unit of work, the worker launches the bot on the sandbox's MaaP
 * and looks again until the network decided.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    listen: true,
    env: {
      PORTICO_ROLE: 'all',
      SANDBOX_BEHAVIOUR: JSON.stringify({
        agentReviewDelayMs: 20,
        receipts: false,
        rateLimits: { enabled: false },
      }),
    },
  });
});
afterAll(() => t.close());

describe('the launch job on the worker', () => {
  it("when a carrier approves then the worker launches the bot on the carrier's network and the bot is launched", async () => {
    const f = launchFixtures(t);
    const jio = await t.factories.carrierId();
    const reviewer = await t.factories.account(ROLES.ADMIN_BILLING, { partner: { carrierId: jio } });
    const token = await t.tokenFor(reviewer.user.userId);
    const maap = createBotReviewForTest(t).connectors.get('maap');
    const maapBotId = await maap.registerBot({
      requestId: randomUUID(),
      displayName: 'Worker Bot',
      profile: {},
    });
    const dev = await f.developer();
    const { botId, holdId } = await f.launch({
      partnerId: dev.partnerId,
      state: 'bot_approved_by_portico_pending_from_carrier',
      carriers: { [jio]: 'approved_pending_from_carrier' },
      bot: { apiType: 'GSMA', maapBotId },
    });
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/secure/carrier/bot-reviews/${botId}/approve`,
      headers: { authorization: `Bearer ${token}`, ...xsrfHeaders() },
      payload: {},
    });
    expectEnvelope(response, 200);
    const deadline = Date.now() + 45_000;
    while (
      Date.now() < deadline &&
      (await f.carrierStatus(botId, jio))?.status !== BOT_CARRIER_MACHINE.states.launched.code
    ) {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect((await f.carrierStatus(botId, jio))?.status).toBe(BOT_CARRIER_MACHINE.states.launched.code);
    expect(await f.botStatus(botId)).toBe(BOT_MACHINE.states.launched.code);
    expect(await maap.launchState(maapBotId)).toBe('LAUNCH_STATE_LAUNCHED');
    expect(await f.holdStatus(dev.partnerId, holdId ?? '')).toBe('captured');
  }, 60_000);
});
