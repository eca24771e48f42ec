import { createHash, randomUUID } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { migrationsFolder, openDatabase } from '../../src/platform/db/index.ts';
import { recountCampaign } from '../campaign-counts.ts';
import { databaseUrl, withAdmin } from '../database.ts';

/**
 * People keep their .data/ between versions: a committed migration is never edited, and a database
 * made by the previous release upgrades in place. When a release lands with new migrations, add their
 * checksums here and move PREVIOUS_RELEASE_MIGRATIONS to the count the landed main had.
 */
const COMMITTED_MIGRATIONS: Readonly<Record<string, string>> = {
  '0000_init.sql': '82860bb348c6672dfcf51140e22cbe94108672a326fc468c491d09b148905925',
  '0001_accounts_networks_wallet.sql': '4dcb97755d7d85fc9a9a0fcdd52a002c8806005381f597ceeef10d30c8892685',
  '0002_audit_email_trigram.sql': '82b6b1326c3ece949d5eb4b21e4ba315861821d4436a99c21c19264e7c63348a',
  '0003_review_history.sql': 'd9097ccce257a0a0bd80d0222a47a166a8ce60994893238e2dd9976ab2ac23d1',
  '0004_brands.sql': '7c262c5a3970eeb68fbc14bda8d40c1d68a911fa277acfb61e8f2ea75d5900aa',
  '0005_content.sql': '19b04ba4e8afe782e822cbfc94b20a6eb4a47eb94ec6cbcb7da6f644b2d0d9fb',
  '0006_bots.sql': '5198ec010b89860ac55af780320b1b8487a898a43fa246f87738b5d9d82505f3',
  '0007_bot_testing.sql': '5db6749c5fdd9d3b0059dbf4d7cf9b38db21dcb4eec25d14ac184b0e8c987df6',
  '0008_aggregators.sql': '97a419411f4dc66203a031cf61c49ef22affea402a875b25d1d762c8db12c60e',
  '0009_templates.sql': '16b48e2b825ada303c924cd0dcf569ebf0111fc4d986b51d2088d270ba53a90f',
  '0010_sandbox_objects.sql': '35dbba308c58ccd42e9d1c5b32d3a164fc874195c3d9e0c91832cd55a47e682c',
  '0011_launches.sql': '645192a4a1761c71f7a72910e764babbcfba5ed5cc063041992c7f5d4d8460da',
  '0012_metering.sql': '63176dc34686a8abda2c46ac404fb81419570c7331541c417b9653afd9b5853c',
  '0013_partner_webhooks.sql': '9adc265b74cb4231405446ed667a2e82122cb2a8ace84019c70c7a571aeed4a7',
  '0014_partner_credentials.sql': '193ad0982a168a1d39ba92d0e29e1933eee4fc805915c1cd73abfea17c163e37',
  '0015_partner_files.sql': 'c9e06371b7586e067ca07cf1791db79aefaffe3a6157599c46039ecb39553ad7',
  '0016_partner_idempotency_keys.sql': '4e481d7bd283de83c0ae1d40a589284d51f7d81f3296db5d66216bf338af3d1c',
  '0017_two_factor.sql': '845a1b00ecb81922b3e023b30ed19af6edbccbdf5f987d9e6a543117a1d9a9c0',
  '0018_hot_path_indexes.sql': '5b14c9297700965869452824f47c8f46e2066150efac572032eb2ede4f4f8d23',
  '0019_whatsapp_rate_cards.sql': '8ab37673a0a3858942140912c4b2db20c9dc222f1f00b90e8af0a8b43d89c3e9',
  '0020_notifications.sql': '2ce28d749c7368a583cb1393b9144450b614c8acd9fcef8319454ad1018f05a1',
  '0021_partner_keys_verify_token.sql': 'cb7495524e741b7b4b2fe2cf396d73137f521a592367920055587e25b109f9d7',
  '0022_audiences.sql': '7150c773dfdc5e81bba881242f8adc1caedd894ac3077216cc533bff0122f999',
  '0023_billing_analytics.sql': 'e0380ec72fcf899fc63d935d5c77168e19bddd002e344cccd94f8e8b060e1672',
  '0024_audience_upload_key.sql': 'd09c40384cb31b670c10680449d5fab6260de6b195394c8936a449f8fd49a91a',
  '0025_raw_events_retention.sql': '37c5c5a5922eb4c31b19fd275f2ef1cf973c54a43b15ff8eb35f779d924c9cd8',
  '0026_campaigns.sql': '5be9e724eef2b699c26142ffc57e521e218536d01f0b624a7e3a8942aaed1c32',
  '0027_audience_reach.sql': 'c570cb62f8812fcac3b47c85b2f390852d58b2c013b9cc8aaf9e641bbe018491',
  '0028_launch_job_id.sql': 'db90df363e723cb958aa8c56625ae1185f66d553b944a1dc1726ee7810d9b7ef',
  '0029_campaign_media.sql': 'a5561f11362c9217ab48bf3c67a72c048b71c5585ce75aaf7bd2075979081d18',
  '0030_campaign_recipient_net_status.sql':
    '43cae38cff7602886d3d385f08778a0c61d32720d63a17a3e588aeecb798d9a2',
  '0031_network_message_error_kind.sql': '71aed6abe30fe3a469ea325bb7b79fb4b51521c7657cfbb3f499d6951e04a444',
  '0032_campaign_counts.sql': '1c3d3f77f414d3456b861bb4da1583759ed9599db5a340adbcc02f6bef68fcc8',
};
/** How many migrations the previous landed main had (0000 to 0031). */
const PREVIOUS_RELEASE_MIGRATIONS = 32;

interface Journal {
  entries: { idx: number; tag: string }[];
}

const journalOf = async (folder: string) =>
  JSON.parse(await readFile(path.join(folder, 'meta/_journal.json'), 'utf8')) as Journal;

/** The migrations folder as the previous release had it: the first entries of the journal only. */
async function previousReleaseFolder(): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), 'portico-previous-migrations-'));
  await cp(migrationsFolder, folder, { recursive: true });
  const journal = await journalOf(folder);
  journal.entries = journal.entries.slice(0, PREVIOUS_RELEASE_MIGRATIONS);
  await writeFile(path.join(folder, 'meta/_journal.json'), JSON.stringify(journal, null, 2));
  return folder;
}

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe('migrations', () => {
  it('when a committed migration is compared with its checksum then it is unchanged, and every one is listed', async () => {
    const journal = await journalOf(migrationsFolder);
    const files = journal.entries.map((entry) => `${entry.tag}.sql`);
    expect(files).toEqual(Object.keys(COMMITTED_MIGRATIONS));
    for (const file of files) {
      const sql = await readFile(path.join(migrationsFolder, file));
      expect(createHash('sha256').update(sql).digest('hex'), file).toBe(COMMITTED_MIGRATIONS[file]);
    }
  });

  it('when a database made by the previous release is opened by this one then it upgrades and keeps its rows', async () => {
    const spec = inject('testDatabase');
    const previous = await previousReleaseFolder();
    cleanups.push(() => rm(previous, { recursive: true, force: true }));
    let options: { url: string } | { dataDir: string };
    if (spec.kind === 'postgres') {
      const name = `portico_up_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
      await withAdmin(spec.serverUrl, (c) => c.query(`CREATE DATABASE ${name}`));
      cleanups.push(() =>
        withAdmin(spec.serverUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)),
      );
      options = { url: databaseUrl(spec.serverUrl, name) };
    } else {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'portico-upgrade-'));
      cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
      options = { dataDir };
    }

    const old = await openDatabase({ ...options, migrationsFolder: previous, poolSize: 2 });
    await old.sql.query(
      `INSERT INTO partners (partner_id, kind, company) VALUES ('00000000-0000-4000-8000-0000000000aa', 'developer', '{"name":"Kept Co"}')`,
    );
    await old.sql.query(
      `INSERT INTO audit_log (action, actor_email, subject_email) VALUES ('sign-in', 'keeper@upgrade.test', 'keeper@upgrade.test')`,
    );
    // A campaign part sent, with receipts and a user's reply and taps (0032 keeps its counts).
    const campaignId = '00000000-0000-4000-8000-0000000000cc';
    await old.sql.query(
      `INSERT INTO campaigns (campaign_id, partner_id, name, status, bot_id, template_id, audience_id,
                              bot_name, template_name, audience_name, channel, fallback)
       VALUES ($1, '00000000-0000-4000-8000-0000000000aa', 'Kept run', 'r', gen_random_uuid(), gen_random_uuid(),
               gen_random_uuid(), 'Bot', 'Template', 'Audience', 'rcs', '{"kind":"skip"}')`,
      [campaignId],
    );
    await old.sql.query(
      `INSERT INTO campaign_recipients (campaign_id, seq, msisdn, message_id, status, reason, channel, sent_at, net_status)
       SELECT $1, n, '+9198000000' || lpad(n::text, 2, '0'), gen_random_uuid(),
              (ARRAY['queued', 'sent', 'sent', 'sent', 'failed', 'skipped'])[1 + n % 6],
              CASE WHEN n % 6 = 4 THEN 'blocked' WHEN n % 6 = 5 THEN 'not_rcs_capable' END,
              CASE WHEN n % 6 IN (1, 2, 3) THEN 'rcs' END,
              CASE WHEN n % 6 IN (1, 2, 3) THEN now() - interval '1 hour' END,
              (ARRAY[NULL, 'delivered', 'read', 'failed', NULL, NULL])[1 + n % 6]
         FROM generate_series(1, 30) n`,
      [campaignId],
    );
    // Each sent recipient's message, from the campaign's agent; the users' events to it (and to
    // another agent, and before the send: neither counts).
    await old.sql.query(
      `INSERT INTO network_messages (message_id, partner_id, network, sender, recipient, content, status, created_at, updated_at)
       SELECT message_id::text, '00000000-0000-4000-8000-0000000000aa', 'rbm', 'kept_agent', msisdn,
              '{"kind":"text","text":"hi"}', coalesce(net_status, 'sent'), sent_at, sent_at
         FROM campaign_recipients WHERE campaign_id = $1 AND sent_at IS NOT NULL`,
      [campaignId],
    );
    await old.sql.query(
      `INSERT INTO network_events (network, dedupe_key, kind, sender, received_at, payload)
       VALUES ('rbm', 'up-1', 'user_message', '+919800000001', now(), '{"agentId":"kept_agent"}'),
              ('rbm', 'up-2', 'user_message', '+919800000001', now(), '{"agentId":"kept_agent"}'),
              ('rbm', 'up-3', 'suggestion_response', '+919800000002', now(), '{"agentId":"kept_agent"}'),
              ('rbm', 'up-4', 'suggestion_response', '+919800000002', now(), '{"agentId":"kept_agent"}'),
              ('rbm', 'up-5', 'user_message', '+919800000007', now() - interval '2 hours', '{"agentId":"kept_agent"}'),
              ('rbm', 'up-6', 'user_message', '+919800000008', now(), '{"agentId":"another_agent"}')`,
    );
    await old.close();

    const upgraded = await openDatabase({ ...options, poolSize: 2 });
    try {
      const { rows: partners } = await upgraded.sql.query<{ company: { name: string } }>(
        `SELECT company FROM partners WHERE partner_id = '00000000-0000-4000-8000-0000000000aa'`,
      );
      expect(partners[0]?.company.name).toBe('Kept Co');
      const { rows: applied } = await upgraded.sql.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations',
      );
      expect(applied[0]?.n).toBe(Object.keys(COMMITTED_MIGRATIONS).length);
      // 0002: the Security Records email search can use its trigram index.
      await upgraded.transaction(async () => {
        await upgraded.sql.exec('SET LOCAL enable_seqscan = off');
        const { rows: plan } = await upgraded.sql.query<{ 'QUERY PLAN': string }>(
          `EXPLAIN SELECT id FROM audit_log WHERE actor_email ILIKE '%keeper%'`,
        );
        expect(plan.map((row) => row['QUERY PLAN']).join('\n')).toContain('audit_log_actor_email_trgm');
      });
      const { rows: found } = await upgraded.sql.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM audit_log WHERE actor_email ILIKE '%KEEPER%'`,
      );
      expect(found[0]?.n).toBe(1);
      // 0032: the campaign's kept counts are its recipients', its replies and taps after the send.
      const { rows: kept } = await upgraded.sql.query<{ key: string; n: string }>(
        'SELECT key, sum(n)::text AS n FROM campaign_counts WHERE campaign_id = $1 GROUP BY key ORDER BY key',
        [campaignId],
      );
      const recount = await recountCampaign(upgraded, campaignId);
      expect(recount).toMatchObject({ recipients: 30, sent: 10, replied: 1, clicked: 2, read: 5 });
      const byReason = (recount?.by_reason ?? {}) as Record<string, number>;
      const expected = Object.entries({ ...recount, by_reason: undefined })
        .filter(([, n]) => typeof n === 'number' && n !== 0)
        .map(([key, n]) => [key, String(n)])
        .concat(Object.entries(byReason).map(([reason, n]) => [`reason:${reason}`, String(n)]));
      expect(kept.map((row) => [row.key, row.n]).sort()).toEqual(expected.sort());
    } finally {
      await upgraded.close();
    }
  }, 120_000);
});
