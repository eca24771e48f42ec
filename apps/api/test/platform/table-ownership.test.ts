import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Modules own their tables (issue 31 point 7; ARCHITECTURE "Adding a module"): a module reads and
 * writes only the tables its own *.schema.ts declares, and reaches another module's data through
 * that module's service (inside the same unit of work). This check reads every module's source (not
 * its tests) and finds, per file and table of another module, whether the file WRITES it (raw SQL
 * INSERT INTO, UPDATE, DELETE FROM; drizzle insert/update/delete on a table imported from another
 * module's schema) or only READS it (FROM, JOIN; an imported table only selected from; an import of
 * another's schema that names no table). A schema may import another's table for a foreign key.
 * Each finding must be in ALLOWED_WRITES or ALLOWED_READS below, which name the places that still
 * break the rule; a new one fails, and so does a listed one that is gone (the lists only shrink).
 */
const modulesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/modules');

/**
 * Writes into another module's tables, "module/file.ts -> table (owner): write". The list only
 * shrinks, and it is empty now: the demo seeds call the owners' seed functions for the rows no use
 * case can make (backdated traffic, console lines, launched bots with their carriers and launches).
 */
const ALLOWED_WRITES: readonly string[] = [];

/**
 * Reads of another module's tables (FROM, JOIN; an imported table only selected from), found when
 * the check was written (28 Nov 2026) and since: review lists and dashboards join bots, brands and
 * launches; metering prices by the wallet's plans; the delivery log and the campaign report read
 * network messages and events; analytics' rollups and reports; seeds finding their demo rows. Each
 * is to move behind the owner's service where a read in one statement is not needed; the list only
 * shrinks.
 */
const ALLOWED_READS: readonly string[] = [
  'analytics/analytics.repository.ts -> aggregator_billing (aggregators): read',
  'analytics/analytics.repository.ts -> aggregator_carriers (aggregators): read',
  'analytics/analytics.repository.ts -> bots (bots): read',
  'analytics/analytics.rollups.ts -> bots (bots): read',
  'analytics/analytics.rollups.ts -> ledger_transactions (wallet): read',
  'analytics/analytics.rollups.ts -> metered_messages (metering): read',
  'analytics/analytics.seed.ts -> bots (bots): read',
  'analytics/analytics.seed.ts -> rate_plan_prices (wallet): read',
  'analytics/analytics.seed.ts -> rate_plans (wallet): read',
  'analytics/analytics.seed.ts -> whatsapp_rate_card_prices (wallet): read',
  'analytics/analytics.seed.ts -> whatsapp_rate_cards (wallet): read',
  'audiences/audiences.repository.ts -> bots (bots): read',
  'audiences/audiences.repository.ts -> network_events (network-messages): read',
  'bot-review/bot-review.repository.ts -> bot_carriers (bots): read',
  'bot-review/bot-review.repository.ts -> bots (bots): read',
  'bot-review/bot-review.repository.ts -> brands (brands): read',
  'bot-review/bot-review.repository.ts -> launches (launches): read',
  'bot-review/bot-review.repository.ts -> ledger_holds (wallet): read',
  'bot-review/bot-review.seed.ts -> ledger_accounts (wallet): read',
  'bot-review/bot-review.sweep.ts -> bot_carriers (bots): read',
  'bot-review/review-dashboard.repository.ts -> aggregator_carriers (aggregators): read',
  'bot-review/review-dashboard.repository.ts -> bot_carriers (bots): read',
  'bot-review/review-dashboard.repository.ts -> bots (bots): read',
  'bot-review/review-dashboard.repository.ts -> brand_carriers (brands): read',
  'bot-review/review-dashboard.repository.ts -> brands (brands): read',
  'bot-review/review-dashboard.repository.ts -> launches (launches): read',
  'bot-testing/bot-testing.repository.ts -> network_events (network-messages): read',
  'bot-testing/bot-testing.repository.ts -> network_messages (network-messages): read',
  'bots/bots.repository.ts -> brands (brands): read',
  'campaigns/campaigns.repository.ts -> audience_recipients (audiences): read',
  'campaigns/campaigns.repository.ts -> audiences (audiences): read',
  'campaigns/campaigns.repository.ts -> bot_test_devices (bot-testing): read',
  'campaigns/campaigns.repository.ts -> network_events (network-messages): read',
  'campaigns/campaigns.repository.ts -> network_messages (network-messages): read',
  'campaigns/campaigns.repository.ts -> opt_outs (audiences): read',
  'campaigns/campaigns.seed.ts -> audiences (audiences): read',
  // The demo's campaign through a bot that is not launched (29 Nov) finds the testers it sends to.
  'campaigns/campaigns.seed.ts -> bot_test_devices (bot-testing): read',
  'campaigns/campaigns.seed.ts -> bots (bots): read',
  'campaigns/campaigns.seed.ts -> templates (templates): read',
  'launches/launches.repository.ts -> bot_carriers (bots): read',
  'launches/launches.repository.ts -> bots (bots): read',
  'launches/launches.repository.ts -> brand_documents (brands): read',
  'launches/launches.repository.ts -> brands (brands): read',
  'metering/metering.repository.ts -> bots (bots): read',
  'metering/metering.repository.ts -> rate_plan_prices (wallet): read',
  'metering/metering.repository.ts -> rate_plans (wallet): read',
  'metering/metering.repository.ts -> template_versions (templates): read',
  'metering/metering.repository.ts -> templates (templates): read',
  'metering/metering.repository.ts -> whatsapp_rate_card_prices (wallet): read',
  'metering/metering.repository.ts -> whatsapp_rate_cards (wallet): read',
  'metering/metering.seed.ts -> bots (bots): read',
  'notifications/notifications.seed.ts -> bot_carriers (bots): read',
  'notifications/notifications.seed.ts -> bots (bots): read',
  'partner-api/partner-api.repository.ts -> bot_test_devices (bot-testing): read',
  'partner-api/partner-api.repository.ts -> bots (bots): read',
  'partner-api/partner-api.repository.ts -> network_events (network-messages): read',
  'partner-credentials/partner-credentials.seed.ts -> bots (bots): read',
  'partner-webhooks/partner-webhooks.repository.ts -> bots (bots): read',
  'partner-webhooks/partner-webhooks.repository.ts -> network_events (network-messages): read',
  'partner-webhooks/partner-webhooks.repository.ts -> network_messages (network-messages): read',
  'templates/templates.repository.ts -> bot_test_devices (bot-testing): read',
  'templates/templates.repository.ts -> bots (bots): read',
  'templates/templates.seed.ts -> bot_test_devices (bot-testing): read',
  'templates/templates.seed.ts -> bots (bots): read',
];

interface SourceFile {
  module: string;
  file: string;
  text: string;
}

function sources(): SourceFile[] {
  const out: SourceFile[] = [];
  for (const module of readdirSync(modulesDir)) {
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (
          entry.name.endsWith('.ts') &&
          !entry.name.endsWith('.test.ts') &&
          !entry.name.endsWith('.d.ts')
        ) {
          out.push({ module, file: path.relative(modulesDir, full), text: readFileSync(full, 'utf8') });
        }
      }
    };
    walk(path.join(modulesDir, module));
  }
  return out;
}

/** Every table a module's schema files declare: table name -> owning module and drizzle name. */
function owners(files: SourceFile[]): Map<string, { module: string; table: string }> {
  const map = new Map<string, { module: string; table: string }>();
  for (const f of files.filter((s) => s.file.endsWith('.schema.ts'))) {
    for (const match of f.text.matchAll(/export const (\w+) = pgTable\(\s*['"]([a-z0-9_]+)['"]/g)) {
      const [, name, table] = match;
      if (name && table) {
        map.set(table, { module: f.module, table });
        map.set(`drizzle:${f.module}:${name}`, { module: f.module, table });
      }
    }
  }
  return map;
}

/**
 * What each module's code does to another module's tables, one line a (file, table): "write" when it
 * inserts, updates or deletes rows (raw SQL INSERT INTO, UPDATE, DELETE FROM; drizzle
 * insert/update/delete on the imported table), else "read" (FROM, JOIN, or an imported table it only
 * selects from). An import of another module's schema that names no table (its types) is a "read"
 * of that schema file.
 */
function findings(files: SourceFile[] = sources()): string[] {
  const tables = owners(files);
  const found = new Map<string, 'read' | 'write'>();
  const note = (place: string, kind: 'read' | 'write') => {
    if (found.get(place) !== 'write') found.set(place, kind);
  };
  for (const f of files) {
    if (f.file.endsWith('.schema.ts')) continue; // a schema may import another's table for a foreign key
    for (const match of f.text.matchAll(
      /import (?:type )?\{([^}]*)\} from '\.\.\/([a-z-]+)\/([a-z-]+)\.schema\.ts'/g,
    )) {
      const [, names = '', other = '', file = ''] = match;
      if (other === f.module) continue;
      let named = false;
      for (const raw of names.split(',')) {
        const name = raw.replace(/^\s*type\s+/, '').trim();
        const table = tables.get(`drizzle:${other}:${name}`);
        if (!table) continue;
        named = true;
        const writes = new RegExp(`\\.(?:insert|update|delete)\\(\\s*${name}\\b`).test(f.text);
        note(`${f.file} -> ${table.table} (${other})`, writes ? 'write' : 'read');
      }
      if (!named) note(`${f.file} -> ${other}/${file}.schema.ts`, 'read');
    }
    for (const match of f.text.matchAll(
      /\b(INSERT\s+INTO|DELETE\s+FROM|UPDATE|FROM|JOIN)\s+"?([a-z0-9_]+)"?/g,
    )) {
      const [, verb = '', name = ''] = match;
      const table = tables.get(name);
      if (!table || table.module === f.module) continue;
      // DELETE FROM is matched whole first; a FROM right after DELETE is that same write.
      if (verb === 'FROM' && /DELETE\s+$/.test(f.text.slice(0, match.index))) continue;
      const kind = verb === 'FROM' || verb === 'JOIN' ? 'read' : 'write';
      note(`${f.file} -> ${name} (${table.module})`, kind);
    }
  }
  // A (file, table) that both reads and writes is listed once, as a write.
  return [...found.entries()].map(([place, kind]) => `${place}: ${kind}`).sort();
}

function compare(now: readonly string[], allowed: readonly string[], what: string) {
  const listed = new Set(allowed);
  expect(
    now.filter((f) => !listed.has(f)),
    `new ${what} of another module’s tables`,
  ).toEqual([]);
  expect(
    allowed.filter((f) => !now.includes(f)),
    `listed ${what} that are gone: remove them from the list`,
  ).toEqual([]);
}

describe('modules own their tables', () => {
  const now = findings();

  it("when a module's code writes another module's tables then it is one of the listed writes still to move", () => {
    compare(
      now.filter((f) => f.endsWith(': write')),
      ALLOWED_WRITES,
      'writes',
    );
  });

  it("when a module's code reads another module's tables then it is one of the listed reads still to move", () => {
    compare(
      now.filter((f) => f.endsWith(': read')),
      ALLOWED_READS,
      'reads',
    );
  });

  it('when the check reads the sources then it finds the known reads, and writes put in (the check itself works)', () => {
    expect(now).toContain('metering/metering.repository.ts -> rate_plans (wallet): read');
    // No module writes another's tables any more: a file that would, beside the real sources.
    const writer: SourceFile = {
      module: 'bot-review',
      file: 'bot-review/writer.ts',
      text: [
        "import { bots } from '../bots/bots.schema.ts';",
        'await db.update(bots).set({ name });',
        "await sql.query('INSERT INTO launches (bot_id) VALUES ($1)', [botId]);",
      ].join('\n'),
    };
    const withWriter = findings([...sources(), writer]);
    expect(withWriter).toContain('bot-review/writer.ts -> bots (bots): write');
    expect(withWriter).toContain('bot-review/writer.ts -> launches (launches): write');
  });
});
