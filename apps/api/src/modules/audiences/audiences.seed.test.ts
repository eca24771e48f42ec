import { ZAudienceList, ZOptOutList } from '@portico/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectEnvelope, type TestApp, xsrfHeaders } from '../../../test/helpers.ts';
import { seedDemoData } from '../../platform/db/seed/demo.ts';
import { seedAudiencesDemo } from './audiences.seed.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.database);
});
afterAll(() => t.close());

describe('demo audiences', () => {
  it('when seeded twice then each demo developer-side partner has checked audiences and opt-outs, the read-only child sees them', async () => {
    const seed = () =>
      seedAudiencesDemo({
        config: t.config,
        database: t.database,
        settings: { AUDIENCE_MAX_RECIPIENTS: 1_000_000 },
      });
    expect((await seed()).audiences).toBe(6);
    expect((await seed()).audiences).toBe(0);
    for (const email of ['developer@portico.test', 'child-readonly@portico.test']) {
      const { rows } = await t.database.sql.query<{ user_id: string }>(
        'SELECT user_id FROM users WHERE email = $1',
        [email],
      );
      const token = await t.tokenFor(rows[0]?.user_id ?? '');
      const get = (url: string) =>
        t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}`, ...xsrfHeaders() } });
      const list = ZAudienceList.parse(expectEnvelope(await get('/api/v1/secure/audiences'), 200).data);
      expect(list.items.map((a) => a.status)).toEqual(['ready', 'ready']);
      const personalised = list.items.find((a) => a.file_name.startsWith('diwali'));
      expect(personalised).toMatchObject({
        kept: 44,
        refused: 4,
        refused_by_reason: { duplicate: 1, opted_out: 1, bad_number: 1, empty: 1 },
      });
      const optOuts = ZOptOutList.parse(expectEnvelope(await get('/api/v1/secure/opt-outs'), 200).data);
      expect(optOuts.total).toBe(3);
    }
    // Six files checked, each in a worker thread that compiles the checker from the sources (tsx):
    // 15 s on a quiet machine, 45 s on a busy one.
  }, 120_000);
});
