import {
  BOT_CARRIER_MACHINE,
  BOT_MACHINE,
  type BotCarrierState,
  type BotState,
  launchReference,
  ROLES,
  topUpReference,
} from '@portico/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { carriers, users } from '../../platform/db/core.schema.ts';
import type { Database } from '../../platform/db/index.ts';
import { DEMO_PARTNERS } from '../../platform/db/seed/index.ts';
import { reviewHistory } from '../../platform/review/review.schema.ts';
import { demoBotCarrierIds, lockDemoBot, setDemoCarrierState, setDemoUpdatedAt } from '../bots/bots.seed.ts';
import { DEMO_SECOND_CARRIER } from '../brands/brands.seed.ts';
import { hasDemoLaunch, storeDemoLaunch } from '../launches/launches.seed.ts';
import { ledgerAccounts } from '../wallet/wallet.schema.ts';
import { demoLedger } from '../wallet/wallet.seed.ts';

const id = (n: number) => `00000000-0000-4000-8000-${n.toString().padStart(12, '0')}`;

type CarrierKey = 'jio' | 'airtel' | 'vi';
const CARRIER_NAMES: Record<CarrierKey, string> = {
  jio: 'Reliance Jio',
  airtel: 'Bharti Airtel',
  vi: 'Vi (Vodafone Idea)',
};
const CARRIER_KEYS = Object.keys(CARRIER_NAMES) as CarrierKey[];
const PEOPLE = {
  developer: { email: 'developer@portico.test', role: ROLES.DEVELOPER },
  aggregator: { email: 'aggregator@portico.test', role: ROLES.DEVELOPER },
  admin: { email: 'superadmin@portico.test', role: ROLES.SUPER_ADMIN_PORTICO },
  carrier: { email: 'carrier-admin@portico.test', role: ROLES.ADMIN_BILLING },
  /** Bharti Airtel's admin, seeded by the brands module's demo. */
  airtel: { email: DEMO_SECOND_CARRIER.email, role: ROLES.ADMIN_BILLING },
} as const;
type Person = keyof typeof PEOPLE;

/** One history row of a demo launch: the bot's (BOT_MACHINE) or one carrier's (BOT_CARRIER_MACHINE). */
type Step =
  | { subject: 'bot'; action: string; from: BotState; to: BotState; by: Person | null; reason?: string }
  | {
      subject: 'bot-carrier';
      carrier: CarrierKey;
      action: string;
      from: BotCarrierState;
      to: BotCarrierState;
      by: Person | null;
      reason?: string;
    };

interface DemoLaunch {
  /** A bot of the bots module's demo (bots.seed.ts): 2xx, with the status and carriers it seeds. */
  bot: number;
  partner: 'developer' | 'aggregator';
  /** What the launch is: a note for the reader. */
  scenario: string;
  submitted: boolean;
  /** The verification hold: none (a draft), held, captured or released. */
  hold: 'none' | 'held' | 'captured' | 'released';
  /** Carrier states set on the demo bot's carriers (the bots seed's left as they are otherwise). */
  carriers?: Partial<Record<CarrierKey, { state: BotCarrierState; reason?: string }>>;
  steps: Step[];
  stepReached: 'carriers' | 'experience' | 'brand' | 'verification' | 'payment';
}

/** What a demo developer tops up when the wallet could not cover a launch's verification. */
const LAUNCH_TOP_UP = 250_000_000n;
const PRIVACY = 'The privacy policy page does not load.';
const OPT_OUT = 'The opt-out instructions are missing from the launch questionnaire.';
const submit = (by: Person): Step => ({
  subject: 'bot',
  action: 'submit',
  from: 'in_progress_carrier_submission',
  to: 'submitted_for_launch',
  by,
});

const WEBHOOK = 'The carrier could not reach the agent webhook.';
/** Who decides for a carrier: its demo admin (Vi has no demo user). */
const REVIEWER_OF: Record<CarrierKey, Person | null> = { jio: 'carrier', airtel: 'airtel', vi: null };
const botStep = (action: string, from: BotState, to: BotState, by: Person | null, reason?: string): Step => ({
  subject: 'bot',
  action,
  from,
  to,
  by,
  ...(reason ? { reason } : {}),
});
const carrierStep = (
  carrier: CarrierKey,
  action: string,
  from: BotCarrierState,
  to: BotCarrierState,
  by: Person | null,
  reason?: string,
): Step => ({ subject: 'bot-carrier', carrier, action, from, to, by, ...(reason ? { reason } : {}) });
/** The platform forwards the launch (6 -> 30, or 39) and each carrier's part to the carrier (6 -> 39). */
const forwardTo = (keys: CarrierKey[], to: BotState = 'bot_forwarded_by_portico'): Step[] => [
  botStep('forward', 'submitted_for_launch', to, 'admin'),
  ...keys.map((key) => carrierStep(key, 'forward', 'submitted', 'to_be_approved_by_carrier', 'admin')),
];
/** The platform approves the submitted launch (6 -> 42) and each carrier's part waits for the carrier. */
const approveFor = (keys: CarrierKey[]): Step[] => [
  botStep('approve', 'submitted_for_launch', 'bot_approved_by_portico_pending_from_carrier', 'admin'),
  ...keys.map((key) =>
    carrierStep(key, 'platform-approve', 'submitted', 'approved_pending_from_carrier', 'admin'),
  ),
];
/** A carrier approves and the launch job runs the bot on its network: launching, then launched or failed. */
const carrierRuns = (
  key: CarrierKey,
  from: BotCarrierState,
  outcome: 'launching' | 'launched' | 'launch_failed',
): Step[] => [
  carrierStep(key, 'approve', from, 'approved', REVIEWER_OF[key]),
  carrierStep(key, 'launch', 'approved', 'launching', null),
  ...(outcome === 'launched' ? [carrierStep(key, 'launched', 'launching', 'launched', null)] : []),
  ...(outcome === 'launch_failed'
    ? [carrierStep(key, 'launch-failed', 'launching', 'launch_failed', null, WEBHOOK)]
    : []),
];

/** Submitted, approved by the platform, then launched on Reliance Jio and on Bharti Airtel. */
const launchedOnJioAndAirtel = (by: Person): Step[] => [
  submit(by),
  ...approveFor(['jio', 'airtel']),
  ...carrierRuns('jio', 'approved_pending_from_carrier', 'launched'),
  botStep('launched', 'bot_approved_by_portico_pending_from_carrier', 'launched', null),
  ...carrierRuns('airtel', 'approved_pending_from_carrier', 'launched'),
];

/**
 * The demo's launches, on the bots module's demo bots, in every state a reviewer meets: waiting for
 * the platform (paid, in the verification queue), forwarded to Reliance Jio (the demo carrier
 * accounts' network: its reviewers have rows), approved by the platform pending the carriers, one
 * carrier launched and one rejected with a reason, launched, launch failed with the network's
 * reason, rejected by the platform, and a draft in the middle of the stepper.
 */
const DEMO_LAUNCHES: DemoLaunch[] = [
  {
    bot: 201,
    partner: 'developer',
    scenario: 'a draft in the middle of the stepper',
    submitted: false,
    hold: 'none',
    steps: [],
    stepReached: 'experience',
  },
  {
    bot: 203,
    partner: 'developer',
    scenario: 'submitted and paid: waits for the platform',
    submitted: true,
    hold: 'held',
    steps: [submit('developer')],
    stepReached: 'payment',
  },
  {
    bot: 233,
    partner: 'aggregator',
    scenario: 'submitted and paid: waits for the platform',
    submitted: true,
    hold: 'held',
    steps: [submit('aggregator')],
    stepReached: 'payment',
  },
  {
    bot: 206,
    partner: 'developer',
    scenario: 'forwarded: waits for Reliance Jio',
    submitted: true,
    hold: 'held',
    steps: [submit('developer'), ...forwardTo(['jio'])],
    stepReached: 'payment',
  },
  {
    bot: 240,
    partner: 'aggregator',
    scenario: 'approved by the platform, pending from Reliance Jio and Bharti Airtel',
    submitted: true,
    hold: 'captured',
    carriers: {
      jio: { state: 'approved_pending_from_carrier' },
      airtel: { state: 'approved_pending_from_carrier' },
    },
    steps: [submit('aggregator'), ...approveFor(['jio', 'airtel'])],
    stepReached: 'payment',
  },
  {
    bot: 235,
    partner: 'aggregator',
    scenario: 'launched on Bharti Airtel, rejected by Reliance Jio with a reason',
    submitted: true,
    hold: 'captured',
    carriers: { jio: { state: 'rejected', reason: PRIVACY }, airtel: { state: 'launched' } },
    steps: [
      submit('aggregator'),
      ...approveFor(['jio', 'airtel']),
      carrierStep('jio', 'reject', 'approved_pending_from_carrier', 'rejected', 'carrier', PRIVACY),
      ...carrierRuns('airtel', 'approved_pending_from_carrier', 'launched'),
      botStep('launched', 'bot_approved_by_portico_pending_from_carrier', 'launched', null),
    ],
    stepReached: 'payment',
  },
  {
    bot: 205,
    partner: 'developer',
    scenario: 'launched on Reliance Jio and Bharti Airtel',
    submitted: true,
    hold: 'captured',
    steps: launchedOnJioAndAirtel('developer'),
    stepReached: 'payment',
  },
  {
    bot: 234,
    partner: 'aggregator',
    scenario: "launch failed on Reliance Jio with the network's reason (the platform may retry)",
    submitted: true,
    hold: 'captured',
    steps: [
      submit('aggregator'),
      ...approveFor(['jio']),
      ...carrierRuns('jio', 'approved_pending_from_carrier', 'launch_failed'),
      botStep(
        'launch-failed',
        'bot_approved_by_portico_pending_from_carrier',
        'launch_failed',
        null,
        `Reliance Jio: ${WEBHOOK}`,
      ),
    ],
    stepReached: 'payment',
  },
  {
    bot: 238,
    partner: 'aggregator',
    scenario: 'rejected by the platform with a reason (the hold released)',
    submitted: true,
    hold: 'released',
    carriers: { airtel: { state: 'pending', reason: OPT_OUT } },
    steps: [
      submit('aggregator'),
      botStep('reject', 'submitted_for_launch', 'bot_rejected_by_portico', 'admin', OPT_OUT),
      carrierStep('airtel', 'platform-reject', 'submitted', 'pending', 'admin', OPT_OUT),
    ],
    stepReached: 'payment',
  },
  // Every other demo bot in a review state has its launch too, so each row of a review list opens
  // on a submitted launch: when, to which carriers, and how it got to where it is.
  {
    bot: 204,
    partner: 'developer',
    scenario: "launch failed on Reliance Jio with the network's reason",
    submitted: true,
    hold: 'captured',
    steps: [
      submit('developer'),
      ...approveFor(['jio']),
      ...carrierRuns('jio', 'approved_pending_from_carrier', 'launch_failed'),
      botStep(
        'launch-failed',
        'bot_approved_by_portico_pending_from_carrier',
        'launch_failed',
        null,
        `Reliance Jio: ${WEBHOOK}`,
      ),
    ],
    stepReached: 'payment',
  },
  {
    bot: 207,
    partner: 'developer',
    scenario: 'forwarded, approved by Reliance Jio and Vi, then by the platform: launching on both',
    submitted: true,
    hold: 'captured',
    carriers: { jio: { state: 'launching' }, vi: { state: 'launching' } },
    steps: [
      submit('developer'),
      ...forwardTo(['jio', 'vi']),
      ...carrierRuns('jio', 'to_be_approved_by_carrier', 'launching'),
      ...carrierRuns('vi', 'to_be_approved_by_carrier', 'launching'),
      botStep('approve-decided', 'bot_forwarded_by_portico', 'bot_approved_by_portico', 'admin'),
    ],
    stepReached: 'payment',
  },
  {
    bot: 208,
    partner: 'developer',
    scenario: 'forwarded to Bharti Airtel, which rejected it with a reason (the hold released)',
    submitted: true,
    hold: 'released',
    steps: [
      submit('developer'),
      ...forwardTo(['airtel']),
      carrierStep('airtel', 'reject', 'to_be_approved_by_carrier', 'rejected', 'airtel', PRIVACY),
      botStep('carriers-rejected', 'bot_forwarded_by_portico', 'bot_rejected_by_portico', null),
    ],
    stepReached: 'payment',
  },
  {
    bot: 209,
    partner: 'developer',
    scenario: 'to be approved by Reliance Jio and Vi',
    submitted: true,
    hold: 'held',
    steps: [submit('developer'), ...forwardTo(['jio', 'vi'], 'bot_to_be_approved_by_carrier')],
    stepReached: 'payment',
  },
  {
    bot: 210,
    partner: 'developer',
    scenario: 'approved by the platform, pending from Reliance Jio and Bharti Airtel',
    submitted: true,
    hold: 'captured',
    carriers: {
      jio: { state: 'approved_pending_from_carrier' },
      airtel: { state: 'approved_pending_from_carrier' },
    },
    steps: [submit('developer'), ...approveFor(['jio', 'airtel'])],
    stepReached: 'payment',
  },
  {
    bot: 224,
    partner: 'developer',
    scenario: 'a GSMA MaaP chatbot launched on Reliance Jio and Bharti Airtel',
    submitted: true,
    hold: 'captured',
    steps: launchedOnJioAndAirtel('developer'),
    stepReached: 'payment',
  },
  {
    bot: 221,
    partner: 'developer',
    scenario: 'a WhatsApp sender launched on Reliance Jio and Bharti Airtel',
    submitted: true,
    hold: 'captured',
    steps: launchedOnJioAndAirtel('developer'),
    stepReached: 'payment',
  },
  {
    bot: 236,
    partner: 'aggregator',
    scenario: 'forwarded: waits for Reliance Jio',
    submitted: true,
    hold: 'held',
    steps: [submit('aggregator'), ...forwardTo(['jio'])],
    stepReached: 'payment',
  },
  {
    bot: 237,
    partner: 'aggregator',
    scenario: 'forwarded, approved by Reliance Jio and Vi, then by the platform: launching on both',
    submitted: true,
    hold: 'captured',
    carriers: { jio: { state: 'launching' }, vi: { state: 'launching' } },
    steps: [
      submit('aggregator'),
      ...forwardTo(['jio', 'vi']),
      ...carrierRuns('jio', 'to_be_approved_by_carrier', 'launching'),
      ...carrierRuns('vi', 'to_be_approved_by_carrier', 'launching'),
      botStep('approve-decided', 'bot_forwarded_by_portico', 'bot_approved_by_portico', 'admin'),
    ],
    stepReached: 'payment',
  },
  {
    bot: 239,
    partner: 'aggregator',
    scenario: 'to be approved by Reliance Jio and Vi',
    submitted: true,
    hold: 'held',
    steps: [submit('aggregator'), ...forwardTo(['jio', 'vi'], 'bot_to_be_approved_by_carrier')],
    stepReached: 'payment',
  },
  {
    bot: 251,
    partner: 'aggregator',
    scenario: 'an RCS and WhatsApp bot launched on Reliance Jio and Bharti Airtel',
    submitted: true,
    hold: 'captured',
    steps: [
      submit('aggregator'),
      ...approveFor(['jio', 'airtel']),
      ...carrierRuns('airtel', 'approved_pending_from_carrier', 'launched'),
      botStep('launched', 'bot_approved_by_portico_pending_from_carrier', 'launched', null),
      ...carrierRuns('jio', 'approved_pending_from_carrier', 'launched'),
    ],
    stepReached: 'payment',
  },
];

const questionnaire = (name: string) => ({
  useCase: `${name} sends order updates and answers questions about orders, offers and store hours.`,
  optIn:
    'Customers tick "Updates on RCS" at checkout on the website and in the app, and can change it any time.',
  trigger: 'The first message is the order confirmation, sent within a minute of a completed order.',
  interactions: 'Order status, delivery tracking, offers on request and a hand-over to a person in support.',
  optOut: 'Replying STOP ends all messages at once; the bot confirms and sends nothing more.',
  reviewerInstructions: 'Send "menu" to the bot from a tester device; every path answers without an account.',
});

/**
 * The demo's launches (DEMO=1): the launch rows of the demo bots above, their verification holds
 * through the ledger (held, captured or released with the keys the review itself uses, so the
 * wallet stays exact), their carriers' states and their history. Idempotent: a launch row that
 * exists is left alone, and each bot's launch is written in one unit of work.
 */
export async function seedDemoLaunches(database: Database): Promise<{ launches: number; created: number }> {
  const { db } = database;
  const { ledger, verificationPrice } = demoLedger(database);
  const carrierRows = await db
    .select({ id: carriers.carrierId, name: carriers.name })
    .from(carriers)
    .where(and(eq(carriers.countryId, 'IN'), inArray(carriers.name, Object.values(CARRIER_NAMES))));
  const carrierId = (key: CarrierKey) => {
    const row = carrierRows.find((c) => c.name === CARRIER_NAMES[key]);
    if (!row) throw new Error(`demo carrier ${CARRIER_NAMES[key]} is not seeded; seed reference data first`);
    return row.id;
  };
  const people = await db
    .select({ userId: users.userId, email: users.email })
    .from(users)
    .where(
      inArray(
        users.email,
        Object.values(PEOPLE).map((p) => p.email),
      ),
    );
  const actor = (person: Person | null) => {
    if (!person) return { actorUserId: null, actorEmail: null, actorRole: null };
    const { email, role } = PEOPLE[person];
    return {
      actorUserId: people.find((p) => p.email === email)?.userId ?? null,
      actorEmail: email,
      actorRole: role,
    };
  };

  /** Tops the wallet up (sandbox) when it could not cover the verification: a real developer pays first. */
  async function topUpFor(partnerId: string, botId: string, amount: bigint) {
    const [wallet] = await db
      .select({ balance: ledgerAccounts.balance, reserved: ledgerAccounts.reserved })
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.partnerId, partnerId), eq(ledgerAccounts.kind, 'wallet')));
    const spendable = (wallet?.balance ?? 0n) - (wallet?.reserved ?? 0n);
    if (spendable >= amount + LAUNCH_TOP_UP / 2n) return;
    await ledger.credit({
      partnerId,
      idempotencyKey: `demo:launch-topup:${botId}`,
      amount: LAUNCH_TOP_UP,
      description: 'Wallet top-up (sandbox)',
      reference: topUpReference(LAUNCH_TOP_UP),
    });
  }

  let created = 0;
  const now = Date.now();
  for (const [index, demo] of DEMO_LAUNCHES.entries()) {
    const botId = id(demo.bot);
    const done = await database.transaction(async () => {
      const bot = await lockDemoBot(database, botId);
      if (!bot) return false;
      const partnerId = DEMO_PARTNERS[demo.partner].partnerId;
      if (await hasDemoLaunch(database, botId)) return false;
      const chosenIds = await demoBotCarrierIds(database, botId);
      // Within the dashboards' 30 days: one launch a day, the oldest first.
      const submittedAt = new Date(now - (DEMO_LAUNCHES.length - index) * 86_400_000);

      let holdId: string | null = null;
      const holdKey = `demo:launch-hold:${botId}`;
      if (demo.hold !== 'none') {
        const amount = await verificationPrice(chosenIds, submittedAt);
        if (amount > 0n) {
          await topUpFor(partnerId, botId, amount);
          const hold = await ledger.hold({
            partnerId,
            idempotencyKey: holdKey,
            amount,
            description: `Bot verification hold (${bot.name})`,
            reference: launchReference(bot.name),
          });
          holdId = hold.transaction.transactionId;
          const settle = { partnerId, holdId, reference: launchReference(bot.name) };
          if (demo.hold === 'captured') {
            await ledger.capture({
              ...settle,
              idempotencyKey: `launch-hold:${holdId}:capture`,
              description: `Bot verification charged (${bot.name})`,
            });
          }
          if (demo.hold === 'released') {
            await ledger.release({
              ...settle,
              idempotencyKey: `launch-hold:${holdId}:release`,
              description: `Bot verification hold released (${bot.name})`,
            });
          }
        }
      }

      await storeDemoLaunch(database, {
        botId,
        partnerId,
        stepReached: demo.stepReached,
        ...(demo.stepReached === 'experience'
          ? { useCase: questionnaire(bot.name).useCase, optIn: questionnaire(bot.name).optIn }
          : questionnaire(bot.name)),
        company: demo.submitted
          ? {
              company_name: DEMO_PARTNERS[demo.partner].company.name,
              website: DEMO_PARTNERS[demo.partner].company.website ?? 'https://portico.example',
              contact_name: 'Asha Rao',
              contact_email: PEOPLE[demo.partner].email,
              contact_phone: '+919876543210',
            }
          : null,
        verifiedCarrierIds: demo.submitted ? chosenIds : [],
        holdId,
        holdKey: holdId ? holdKey : null,
        preflight: demo.submitted ? [] : null,
        preflightAt: demo.submitted ? submittedAt : null,
        submissions: demo.submitted ? 1 : 0,
        submittedAt: demo.submitted ? submittedAt : null,
        createdAt: new Date(submittedAt.getTime() - 86_400_000),
        updatedAt: submittedAt,
      });

      for (const [key, change] of Object.entries(demo.carriers ?? {}) as [
        CarrierKey,
        { state: BotCarrierState; reason?: string },
      ][]) {
        await setDemoCarrierState(database, botId, carrierId(key), {
          status: BOT_CARRIER_MACHINE.states[change.state].code,
          reason: change.reason ?? null,
        });
      }

      // As the launch's submission writes it: the bot's 'submit' and each submitted carrier's.
      const chosenKeys = CARRIER_KEYS.filter((key) => chosenIds.includes(carrierId(key)));
      const steps = demo.steps.flatMap((step) =>
        step.subject === 'bot' && step.action === 'submit'
          ? [step, ...chosenKeys.map((key) => carrierStep(key, 'submit', 'pending', 'submitted', step.by))]
          : [step],
      );
      const history = steps.map((step, i) => ({
        subject: step.subject,
        subjectId: botId,
        carrierId: step.subject === 'bot-carrier' ? carrierId(step.carrier) : null,
        action: step.action,
        fromCode:
          step.subject === 'bot'
            ? BOT_MACHINE.states[step.from].code
            : BOT_CARRIER_MACHINE.states[step.from].code,
        toCode:
          step.subject === 'bot'
            ? BOT_MACHINE.states[step.to].code
            : BOT_CARRIER_MACHINE.states[step.to].code,
        reason: step.reason ?? null,
        ...actor(step.by),
        createdAt: new Date(submittedAt.getTime() + i * 900_000),
      }));
      if (history.length > 0) await db.insert(reviewHistory).values(history);
      // The bot and each carrier changed when their last step was written.
      const lastOf = (rows: typeof history) => rows.at(-1)?.createdAt ?? submittedAt;
      await setDemoUpdatedAt(
        database,
        botId,
        lastOf(history.filter((row) => row.carrierId === null)),
        chosenIds.map(
          (carrier) => [carrier, lastOf(history.filter((row) => row.carrierId === carrier))] as const,
        ),
      );
      return true;
    });
    if (done) created += 1;
  }
  return { launches: DEMO_LAUNCHES.length, created };
}
