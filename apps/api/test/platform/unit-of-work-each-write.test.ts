/**
 * Issue 31, point 9: every use case that writes more than one row is one unit of work. A table of
 * use cases, each called through its route; for each, a database trigger on every table of the
 * portal fails the n-th row written in a transaction (n = 1, 2, ...), and after each failure the
 * whole database (every table's rows, the queued jobs) must be as it was. When n passes the number
 * of rows the use case writes it succeeds, which ends its rows; a use case that split its writes
 * over two transactions would leave the first one's rows behind and fail here.
 */
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Subject } from '../factories.ts';
import { createTestApp, expectEnvelope, type TestApp } from '../helpers.ts';

const S = '/api/v1/secure';

let t: TestApp;
let ids: { jio: number; airtel: number; industry: number };

/**
 * Never part of a use case: the rate limits, written before one runs (platform/security), and the
 * mounted sandbox's tables, which are the fake networks' own state (a network's side of a call).
 */
const outsideAnyUnit = (table: string) => table === 'rate_limit_counters' || table.startsWith('sandbox_');
let OUTSIDE_ANY_UNIT: string[] = [];

const FAILING_WRITES_SQL = `
CREATE TABLE IF NOT EXISTS uow_fail_at (n int NOT NULL);
CREATE OR REPLACE FUNCTION uow_fail() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  target int;
  written int;
BEGIN
  SELECT n INTO target FROM uow_fail_at LIMIT 1;
  IF target IS NULL THEN RETURN NULL; END IF;
  written := coalesce(nullif(current_setting('uow.written', true), ''), '0')::int + 1;
  PERFORM set_config('uow.written', written::text, true);
  IF written >= target THEN
    RAISE EXCEPTION 'injected failure after write %', written;
  END IF;
  RETURN NULL;
END $$;
CREATE OR REPLACE FUNCTION uow_state(excluded text) RETURNS TABLE (name text, digest text) LANGUAGE plpgsql AS $$
DECLARE
  t record;
BEGIN
  FOR t IN SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'uow_fail_at'
    AND tablename <> ALL (string_to_array(excluded, ',')) ORDER BY tablename LOOP
    name := t.tablename;
    EXECUTE format('SELECT count(*) || '':'' || md5(coalesce(string_agg(x::text, ''|'' ORDER BY x::text), '''')) FROM %I x', t.tablename)
      INTO digest;
    RETURN NEXT;
  END LOOP;
  name := 'pgboss.job';
  SELECT count(*)::text INTO digest FROM pgboss.job;
  RETURN NEXT;
END $$;
`;

async function installTriggers() {
  await t.database.sql.exec(FAILING_WRITES_SQL);
  const { rows } = await t.database.sql.query<{ tablename: string }>(
    `SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'uow_fail_at'`,
  );
  OUTSIDE_ANY_UNIT = rows.map((row) => row.tablename).filter(outsideAnyUnit);
  for (const { tablename } of rows) {
    if (outsideAnyUnit(tablename)) continue;
    await t.database.sql.exec(
      `DROP TRIGGER IF EXISTS uow_fail ON "${tablename}";
       CREATE TRIGGER uow_fail AFTER INSERT OR UPDATE OR DELETE ON "${tablename}" FOR EACH ROW EXECUTE FUNCTION uow_fail();`,
    );
  }
}

const failAt = async (n: number | null) => {
  await t.database.sql.exec('DELETE FROM uow_fail_at');
  if (n !== null) await t.database.sql.query('INSERT INTO uow_fail_at (n) VALUES ($1)', [n]);
};
/** Every table's row count and digest (and the queued jobs' count), by name. */
const state = async () =>
  Object.fromEntries(
    (
      await t.database.sql.query<{ name: string; digest: string }>('SELECT * FROM uow_state($1)', [
        OUTSIDE_ANY_UNIT.join(','),
      ])
    ).rows.map((row) => [row.name, row.digest]),
  );

interface UseCase {
  name: string;
  who: Subject;
  /** Prepares what the call needs (outside the failures) and returns the call. */
  call: () => Promise<InjectOptions>;
  status: number;
}

let counter = 0;
const unique = (prefix: string) => {
  counter += 1;
  return `${prefix} ${Date.now().toString(36)}${counter}`;
};
const future = (hours: number) => new Date(Date.now() + hours * 3600_000).toISOString();

const brandBody = () => ({
  name: unique('Unit Chai'),
  industry_type_id: ids.industry,
  website: 'https://chaicorner.example',
  description: 'Tea, delivered.',
  contact_name: 'Asha Rao',
  contact_email: 'asha@chaicorner.example',
  contact_phone: '+919876543210',
  address: { line1: '1 MG Road', city: 'Bengaluru', postalCode: '560001', countryId: 'IN' },
  carrier_ids: [ids.jio, ids.airtel],
});
const rcsBody = (extra: Record<string, unknown> = {}) => ({
  display_name: unique('Unit Deliveries'),
  description: 'Track parcels and book deliveries.',
  brand_color: '#1A73E8',
  phones: [{ number: '+919876543210', label: 'Support' }],
  emails: [{ address: 'help@acme.example', label: 'Email us' }],
  websites: [{ url: 'https://acme.example', label: 'Website' }],
  privacy_policy_url: 'https://acme.example/privacy',
  terms_url: 'https://acme.example/terms',
  message_category: 'Transactional',
  region: 'India',
  billing_category: 'CONVERSATIONAL',
  api_type: 'GOOGLE',
  hosting_region: 'ASIA_PACIFIC',
  ...extra,
});

/** Runs with the failures off (the set-up of a use case, never under test). */
async function prepare(who: Subject, options: InjectOptions, status: number) {
  await failAt(null);
  return expectEnvelope(await t.injectAs(who, options), status).data as Record<string, unknown>;
}

/** A developer's new RCS draft (set-up). */
const draftBot = () =>
  prepare('DEVELOPER', { method: 'POST', url: `${S}/bots/rcs`, payload: rcsBody() }, 201);

const USE_CASES: UseCase[] = [
  {
    name: 'a developer creates a brand (brand, its carriers, history, security record)',
    who: 'DEVELOPER',
    call: async () => ({ method: 'POST', url: `${S}/brands`, payload: brandBody() }),
    status: 201,
  },
  {
    name: 'a developer saves an RCS draft (bot, its channel, contacts, history)',
    who: 'DEVELOPER',
    call: async () => ({ method: 'POST', url: `${S}/bots/rcs`, payload: rcsBody() }),
    status: 201,
  },
  {
    name: "a developer chooses a registered bot's carriers (its carriers, history)",
    who: 'DEVELOPER',
    call: async () => {
      const bot = await prepare(
        'DEVELOPER',
        { method: 'POST', url: `${S}/bots/rcs`, payload: rcsBody({ submit: true }) },
        201,
      );
      return {
        method: 'PUT',
        url: `${S}/bots/${String(bot.bot_id)}/carriers`,
        payload: { carrier_ids: [ids.jio, ids.airtel] },
      };
    },
    status: 200,
  },
  {
    name: "a developer names a new brand for a draft bot (the brand, its carriers, the bot's brand, history)",
    who: 'DEVELOPER',
    call: async () => {
      const bot = await draftBot();
      return { method: 'PUT', url: `${S}/bots/${String(bot.bot_id)}/brand`, payload: { brand: brandBody() } };
    },
    status: 200,
  },
  {
    name: 'a read-write admin adds a rate plan version (the plan, its prices, the earlier version ended)',
    who: 'ADMIN_PORTICO_READWRITE',
    call: async () => ({
      method: 'POST',
      url: `${S}/rate-plans`,
      payload: {
        carrier_id: ids.jio,
        currency: 'USD',
        effective_from: future(24 + counter++),
        verification_price: '30',
        prices: [
          { billing_category: 'SINGLE_MESSAGE', message_type: 'OTP', price: '0.0045' },
          { billing_category: 'SINGLE_MESSAGE', message_type: 'Promotional', price: '0.02' },
        ],
      },
    }),
    status: 200,
  },
  {
    name: 'a read-write admin adds a WhatsApp rate card version (the card, its prices)',
    who: 'ADMIN_PORTICO_READWRITE',
    call: async () => ({
      method: 'POST',
      url: `${S}/whatsapp-rate-cards`,
      payload: {
        country_id: 'IN',
        currency: 'USD',
        effective_from: future(24 + counter++),
        prices: [
          { category: 'marketing', price: '0.02' },
          { category: 'utility', price: '0.002' },
          { category: 'authentication', price: '0.002' },
          { category: 'service', price: '0' },
        ],
      },
    }),
    status: 200,
  },
  {
    name: 'a carrier admin invites a user (the user, the invitation, its mail, a security record)',
    who: 'ADMIN_BILLING',
    call: async () => ({
      method: 'POST',
      url: `${S}/users/invite`,
      payload: {
        email: `${unique('invitee').replace(/\s/g, '-').toLowerCase()}@unit-of-work.test`,
        firstName: 'Bill',
        lastName: 'Ing',
        role: 'USER_BILLING',
      },
    }),
    status: 200,
  },
  {
    name: 'a developer deletes a draft bot (the bot and every row of it, history)',
    who: 'DEVELOPER',
    call: async () => {
      const bot = await draftBot();
      return { method: 'DELETE', url: `${S}/bots/${String(bot.bot_id)}` };
    },
    status: 200,
  },
];

beforeAll(async () => {
  // Listening: registering a bot's agent goes through the RBM connector to the mounted sandbox.
  t = await createTestApp({ listen: true });
  const lookup = async (kind: string, name: string) =>
    (
      await t.database.sql.query<{ id: number }>(
        'SELECT id FROM lookup_values WHERE kind = $1 AND name = $2',
        [kind, name],
      )
    ).rows[0]?.id ?? 0;
  ids = {
    jio: await t.factories.carrierId('Reliance Jio', 'IN'),
    airtel: await t.factories.carrierId('Bharti Airtel', 'IN'),
    industry: await lookup('industry-types', 'Food & Beverage'),
  };
  // Every caller exists before the failures start (their accounts are not the use cases' writes).
  for (const who of new Set(USE_CASES.map((useCase) => useCase.who))) await t.accountOf(who);
  await installTriggers();
});
afterAll(async () => {
  await failAt(null);
  await t.close();
});

describe('every use case that writes more than one row is one unit of work', () => {
  it.each(USE_CASES.map((useCase) => [useCase.name, useCase] as const))(
    'when %s fails after any of its writes then nothing of it stays',
    async (_name, useCase) => {
      let succeededAt: number | null = null;
      for (let n = 1; n <= 60 && succeededAt === null; n += 1) {
        const options = await useCase.call();
        // Background work (settlement, sweeps) finishing now would change the state: let it settle.
        await new Promise((resolve) => setTimeout(resolve, 20));
        const before = await state();
        await failAt(n);
        const response = await t.injectAs(useCase.who, options);
        await failAt(null);
        if (response.statusCode === useCase.status) {
          succeededAt = n;
          break;
        }
        expect(response.statusCode, `write ${n}: ${response.body}`).toBe(500);
        const after = await state();
        const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
        expect(changed, `tables changed by a failure at write ${n}`).toEqual([]);
      }
      // It wrote more than one row: at least the first two writes were failed and rolled back.
      expect(succeededAt).toBeGreaterThan(2);
    },
  );
});
