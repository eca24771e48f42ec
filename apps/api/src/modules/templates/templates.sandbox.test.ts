import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ZTemplateList, ZTemplateTestRun, ZTestDeviceList } from '@portico/domain';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../../test/database.ts';
import { expectEnvelope, freePort, testConfig, xsrfHeaders } from '../../../test/helpers.ts';
import { mintAccessToken } from '../../../test/tokens.ts';
import { seedDemoData } from '../../platform/db/seed/demo.ts';
import { createStorage } from '../../platform/storage/index.ts';
import { buildServer } from '../../server.ts';
import { provisionDemoTestersOnSandbox, seedBotTestingDemo } from '../bot-testing/bot-testing.seed.ts';
import { provisionDemoBotsOnSandbox, seedDemoBots } from '../bots/bots.seed.ts';
import { seedDemoBrands } from '../brands/brands.seed.ts';
import { provisionDemoTemplatesOnSandbox, seedDemoTemplates } from './templates.seed.ts';

/**
 * Decision 0020 for templates: the demo seed puts the demo WhatsApp templates on the built-in
 * sandbox's WhatsApp with the Meta ids their versions carry, so a seeded approved template test-sends
 * to a demo device as one made in the app does (before, Meta's answer was "template does not exist").
 */
const S = '/api/v1/secure';
const DEV = 'developer@portico.test';

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

describe('demo WhatsApp templates on the sandbox', () => {
  it('when the demo is seeded then a seeded approved WhatsApp template test-sends to a demo device', {
    timeout: 60_000,
  }, async () => {
    const port = await freePort();
    const config = testConfig({
      DEMO: '1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      STORAGE_URL: `file://${filesDir}`,
    });
    const { database } = testDatabase;
    const server = await buildServer({ config, database, networkBackoffBaseMs: 5 });
    await server.app.listen({ port, host: '127.0.0.1' });
    try {
      await seedDemoData(database);
      await seedDemoBrands(database, createStorage(config.storage));
      await seedDemoBots(database);
      await provisionDemoBotsOnSandbox(database, config.networks);
      await seedBotTestingDemo({ database });
      await provisionDemoTestersOnSandbox(database, config.networks);
      await seedDemoTemplates(database);
      expect(await provisionDemoTemplatesOnSandbox(database, config.networks)).toBeGreaterThan(0);
      // Idempotent: what the sandbox has is left alone.
      expect(await provisionDemoTemplatesOnSandbox(database, config.networks)).toBe(0);

      const { rows } = await database.sql.query<{ user_id: string }>(
        'SELECT user_id FROM users WHERE email = $1',
        [DEV],
      );
      const token = await mintAccessToken(database, config, { sub: rows[0]?.user_id ?? '' });
      const call = (options: InjectOptions) =>
        server.app.inject({
          ...options,
          headers: { authorization: `Bearer ${token}`, ...xsrfHeaders(), ...options.headers },
        });

      const approved = ZTemplateList.parse(
        expectEnvelope(
          await call({ method: 'GET', url: `${S}/templates?channel=whatsapp&status=approved&end=50` }),
          200,
        ).data,
      ).items;
      const template = approved[0];
      if (!template) throw new Error('the demo developer has no approved WhatsApp template');
      const devices = ZTestDeviceList.parse(
        expectEnvelope(
          await call({ method: 'GET', url: `${S}/bots/${template.bot_id}/test-devices?channel=whatsapp` }),
          200,
        ).data,
      ).items;
      const device = devices[0];
      if (!device) throw new Error('the WhatsApp demo bot has no WhatsApp test device');

      const run = ZTemplateTestRun.parse(
        expectEnvelope(
          await call({
            method: 'POST',
            url: `${S}/templates/${template.template_id}/tests`,
            payload: { device_ids: [device.device_id], values: {} },
          }),
          200,
        ).data,
      );
      expect(run.results).toHaveLength(1);
      expect(run.results[0]).toMatchObject({ msisdn: device.msisdn, sent: true, failed: false });
    } finally {
      await server.close();
    }
  });
});
