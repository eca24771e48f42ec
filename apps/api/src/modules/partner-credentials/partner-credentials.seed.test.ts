import { ZPartnerCredentialList } from '@portico/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoBotsIn } from '../../../test/demo-bots.ts';
import { createTestApp, expectEnvelope, type TestApp, xsrfHeaders } from '../../../test/helpers.ts';
import { seedPartnerCredentialsDemo } from './partner-credentials.seed.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoBotsIn(t);
});
afterAll(() => t.close());

describe('demo credentials', () => {
  it('when seeded twice then every registered demo bot lists one active and one revoked credential, none usable', async () => {
    const first = await seedPartnerCredentialsDemo({ database: t.database });
    expect(first.credentials).toBeGreaterThan(0);
    expect((await seedPartnerCredentialsDemo({ database: t.database })).credentials).toBe(0);

    const { rows } = await t.database.sql.query<{ bot_id: string; user_id: string }>(
      `SELECT b.bot_id, u.user_id FROM bots b JOIN users u ON u.partner_id = b.partner_id
       WHERE u.email = 'developer@portico.test'
         AND (b.rbm_agent IS NOT NULL OR b.maap_bot_id IS NOT NULL OR b.whatsapp_phone_number_id IS NOT NULL)`,
    );
    expect(rows.length).toBeGreaterThan(0);
    const token = await t.tokenFor(rows[0]?.user_id ?? '');
    for (const row of rows) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/secure/bots/${row.bot_id}/credentials`,
        headers: { authorization: `Bearer ${token}`, ...xsrfHeaders() },
      });
      const list = ZPartnerCredentialList.parse(expectEnvelope(res, 200).data);
      expect(list.items.map((c) => c.state).sort()).toEqual(['active', 'revoked']);
    }

    // The secrets were never kept: the token endpoint refuses a demo client id with any secret.
    const [{ client_id: clientId } = { client_id: '' }] = (
      await t.database.sql.query<{ client_id: string }>(
        "SELECT client_id FROM partner_credentials WHERE state = 'active' LIMIT 1",
      )
    ).rows;
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/v1/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `grant_type=client_credentials&client_id=${clientId}&client_secret=demo`,
    });
    expect(refused.statusCode).toBe(401);
  });
});
