// Finding 10 (issue 10): an account that has not finished set-up cannot send invitations (which
// carry a company and names it chose to any address); once set up, it can.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FINISH_SETUP_FIRST } from '../../src/modules/accounts/managed-users.service.ts';
import { users } from '../../src/platform/db/core.schema.ts';
import { createTestApp, expectEnvelope, type TestApp, xsrfHeaders } from '../helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function invitationJobs(to: string): Promise<number> {
  const { rows } = await t.database.sql.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'mail.send' AND data->>'to' = $1",
    [to],
  );
  return rows[0]?.n ?? 0;
}

const invite = (token: string, to: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/secure/users/invite',
    headers: { authorization: `Bearer ${token}`, ...xsrfHeaders() },
    payload: { email: to, firstName: 'Chosen', lastName: 'Name', role: 'CHILD_AGGREGATOR_READWRITE' },
  });

describe('invitations from an unfinished account', () => {
  it('when an account is still in set-up then invite and re-invite are refused and no mail leaves', async () => {
    const { user } = await t.factories.account(null, {
      partner: { company: { name: 'Anything I Like Ltd' } },
      user: { status: 'pending_setup' },
    });
    const token = await t.tokenFor(user.userId);
    const to = 'victim-of-an-unfinished-account@elsewhere.test';
    const refused = expectEnvelope(await invite(token, to), 403);
    expect(refused.message).toBe(FINISH_SETUP_FIRST);
    expect(await invitationJobs(to)).toBe(0);

    const reinvite = await t.app.inject({
      method: 'POST',
      url: '/api/v1/secure/users/00000000-0000-4000-8000-00000000dead/reinvite',
      headers: { authorization: `Bearer ${token}`, ...xsrfHeaders() },
    });
    expect(expectEnvelope(reinvite, 403).message).toBe(FINISH_SETUP_FIRST);

    // Once the set-up is finished, the same account may invite.
    await t.database.db.update(users).set({ status: 'active' }).where(eq(users.userId, user.userId));
    expectEnvelope(await invite(await t.tokenFor(user.userId), 'invited-after-setup@elsewhere.test'), 200);
  });
});
