import {
  type ActiveTemplateSort,
  TEMPLATE_MACHINE,
  type TEMPLATE_REVIEW_TABS,
  type TemplateState,
  type TTemplateFilters,
} from '@portico/domain';
import { and, count, desc, eq, exists, ilike, inArray, isNotNull, lte, or, type SQL, sql } from 'drizzle-orm';
import { partners, users } from '../../platform/db/core.schema.ts';
import { containsPattern, idMatches, orderOf } from '../../platform/db/filters.ts';
import type { Db } from '../../platform/db/index.ts';
import { bots } from '../bots/bots.schema.ts';
import { templates, templateTestResults, templateTestRuns, templateVersions } from './templates.schema.ts';

export type TemplateRow = typeof templates.$inferSelect;
export type TemplateVersionRow = typeof templateVersions.$inferSelect;
export type TestRunRow = typeof templateTestRuns.$inferSelect;
export type TestResultRow = typeof templateTestResults.$inferSelect;

/** A template with its bot's and partner's names (lists, details). */
export interface TemplateListRow extends TemplateRow {
  botName: string;
  partnerName: string;
}

/** What the templates need of a bot: whose it is, its state and its names on the networks. */
export interface TemplateBot {
  botId: string;
  partnerId: string;
  name: string;
  status: number;
  channels: number[];
  wabaId: string | null;
  whatsappPhoneNumberId: string | null;
}

/** Who sees which templates: a partner its own; the provider's admins every submitted one. */
export type TemplateScope = { partnerId: string } | { admin: true };

/** The filters of the active template list. */
interface ActiveFilters {
  bot_id?: string | undefined;
  channel?: string | undefined;
  search?: string | undefined;
  /** Also bots not launched that have a test device on the template's channel. */
  testing?: boolean | undefined;
  sort?: ActiveTemplateSort | undefined;
  order?: 'asc' | 'desc' | undefined;
}

const partnerName = sql<string>`coalesce(${partners.company}->>'name', '')`;
const codeOf = (state: TemplateState) => TEMPLATE_MACHINE.states[state].code;

export function createTemplatesRepository(db: Db) {
  const listColumns = { ...getColumns(), botName: bots.name, botStatus: bots.status, partnerName };
  function getColumns() {
    return {
      templateId: templates.templateId,
      partnerId: templates.partnerId,
      botId: templates.botId,
      createdBy: templates.createdBy,
      name: templates.name,
      channel: templates.channel,
      language: templates.language,
      type: templates.type,
      statusCode: templates.statusCode,
      latestVersion: templates.latestVersion,
      activeVersion: templates.activeVersion,
      createdAt: templates.createdAt,
      updatedAt: templates.updatedAt,
    };
  }

  /** Admins see templates that were submitted at least once (a developer's own drafts stay private). */
  const submittedOnce = exists(
    db
      .select({ one: sql`1` })
      .from(templateVersions)
      .where(
        and(eq(templateVersions.templateId, templates.templateId), isNotNull(templateVersions.submittedAt)),
      ),
  );
  /**
   * What the lists' search box promises ("Search template, bot or partner"): the template's name,
   * its bot's or its partner's. Subqueries, so the count queries need no joins.
   */
  const searchMatches = (search: string): SQL | undefined => {
    const pattern = containsPattern(search);
    return or(
      ilike(templates.name, pattern),
      idMatches(templates.templateId, search),
      exists(
        db
          .select({ one: sql`1` })
          .from(bots)
          .where(and(eq(bots.botId, templates.botId), ilike(bots.name, pattern))),
      ),
      exists(
        db
          .select({ one: sql`1` })
          .from(partners)
          .where(and(eq(partners.partnerId, templates.partnerId), ilike(partnerName, pattern))),
      ),
    );
  };
  const scopeOf = (scope: TemplateScope): SQL =>
    'admin' in scope ? submittedOnce : eq(templates.partnerId, scope.partnerId);

  function filtersOf(scope: TemplateScope, f: Omit<TTemplateFilters, 'sort' | 'order'>): SQL | undefined {
    return and(
      scopeOf(scope),
      f.bot_id ? eq(templates.botId, f.bot_id) : undefined,
      f.search ? searchMatches(f.search) : undefined,
      f.channel ? eq(templates.channel, f.channel) : undefined,
      f.type ? eq(templates.type, f.type) : undefined,
      f.language ? eq(templates.language, f.language) : undefined,
      f.status ? eq(templates.statusCode, codeOf(f.status)) : undefined,
    );
  }

  /** The active template list: approved templates of launched bots (joins bots). */
  function activeWhere(scope: TemplateScope, filters: ActiveFilters, launched: number): SQL | undefined {
    return and(
      scopeOf(scope),
      isNotNull(templates.activeVersion),
      filters.testing
        ? or(
            eq(bots.status, launched),
            sql`EXISTS (SELECT 1 FROM bot_test_devices d WHERE d.bot_id = ${templates.botId} AND d.channel = ${templates.channel})`,
          )
        : eq(bots.status, launched),
      filters.bot_id ? eq(templates.botId, filters.bot_id) : undefined,
      filters.channel ? eq(templates.channel, filters.channel) : undefined,
      filters.search ? searchMatches(filters.search) : undefined,
    );
  }

  return {
    async bot(botId: string): Promise<TemplateBot | undefined> {
      const [row] = await db
        .select({
          botId: bots.botId,
          partnerId: bots.partnerId,
          name: bots.name,
          status: bots.status,
          channels: bots.channels,
          wabaId: bots.wabaId,
          whatsappPhoneNumberId: bots.whatsappPhoneNumberId,
        })
        .from(bots)
        .where(eq(bots.botId, botId));
      return row;
    },

    async list(
      scope: TemplateScope,
      filters: TTemplateFilters,
      window: { start: number; end: number },
    ): Promise<{ items: TemplateListRow[]; total: number }> {
      const where = filtersOf(scope, filters);
      const order = orderOf(
        {
          updated_at: templates.updatedAt,
          created_at: templates.createdAt,
          name: templates.name,
          status: templates.statusCode,
          language: templates.language,
        },
        filters.sort,
        filters.order,
        templates.templateId,
      );
      const items = await db
        .select(listColumns)
        .from(templates)
        .innerJoin(bots, eq(bots.botId, templates.botId))
        .innerJoin(partners, eq(partners.partnerId, templates.partnerId))
        .where(where)
        .orderBy(...order)
        .offset(window.start)
        .limit(window.end - window.start);
      const [total] = await db.select({ n: count() }).from(templates).where(where);
      return { items, total: total?.n ?? 0 };
    },

    /**
     * How many templates each tab holds, in one query (a filtered count per tab). Admins: each
     * review tab under the filters but the status. A partner: its templates under every filter,
     * and its active ones (approved, of a launched bot) under those the active list has.
     */
    async tabCounts(
      scope: TemplateScope,
      filters: Omit<TTemplateFilters, 'sort' | 'order'>,
      launched: number,
    ): Promise<
      | { kind: 'review'; counts: Record<(typeof TEMPLATE_REVIEW_TABS)[number], number> }
      | { kind: 'page'; counts: { templates: number; active: number } }
    > {
      const n = (condition: SQL | undefined) =>
        condition ? sql<number>`(count(*) filter (where ${condition}))::int` : sql<number>`count(*)::int`;
      if ('admin' in scope) {
        const { status: _tab, ...others } = filters;
        const [row] = await db
          .select({
            pending: n(eq(templates.statusCode, codeOf('pending'))),
            approved: n(eq(templates.statusCode, codeOf('approved'))),
            rejected: n(eq(templates.statusCode, codeOf('rejected'))),
            all: n(undefined),
          })
          .from(templates)
          .where(filtersOf(scope, others));
        return {
          kind: 'review',
          counts: { pending: 0, approved: 0, rejected: 0, all: 0, ...row },
        };
      }
      const [row] = await db
        .select({
          templates: n(filtersOf(scope, filters)),
          active: n(activeWhere(scope, filters, launched)),
        })
        .from(templates)
        .innerJoin(bots, eq(bots.botId, templates.botId))
        .where(scopeOf(scope));
      return { kind: 'page', counts: { templates: 0, active: 0, ...row } };
    },

    /** One template the scope sees (undefined: not found for this caller). */
    async find(scope: TemplateScope, templateId: string): Promise<TemplateListRow | undefined> {
      const [row] = await db
        .select(listColumns)
        .from(templates)
        .innerJoin(bots, eq(bots.botId, templates.botId))
        .innerJoin(partners, eq(partners.partnerId, templates.partnerId))
        .where(and(eq(templates.templateId, templateId), scopeOf(scope)));
      return row;
    },

    /** A template by id, whoever's (the service's own bookkeeping and Meta's webhooks), locked. */
    async lockById(templateId: string): Promise<TemplateRow | undefined> {
      const [row] = await db
        .select()
        .from(templates)
        .where(eq(templates.templateId, templateId))
        .for('update');
      return row;
    },

    /** Locks the template (and so its versions) for a change, within the scope. */
    async lock(scope: TemplateScope, templateId: string): Promise<TemplateRow | undefined> {
      const [row] = await db
        .select()
        .from(templates)
        .where(and(eq(templates.templateId, templateId), scopeOf(scope)))
        .for('update');
      return row;
    },

    async nameTaken(botId: string, channel: string, name: string, language: string, except?: string) {
      const rows = await db
        .select({ id: templates.templateId })
        .from(templates)
        .where(
          and(
            eq(templates.botId, botId),
            eq(templates.channel, channel),
            eq(templates.name, name),
            eq(templates.language, language),
          ),
        );
      return rows.some((r) => r.id !== except);
    },

    async insertTemplate(values: typeof templates.$inferInsert): Promise<TemplateRow> {
      const [row] = await db.insert(templates).values(values).returning();
      if (!row) throw new Error('template insert returned nothing');
      return row;
    },

    async updateTemplate(templateId: string, values: Partial<typeof templates.$inferInsert>) {
      await db
        .update(templates)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(templates.templateId, templateId));
    },

    async deleteTemplate(templateId: string) {
      await db.delete(templates).where(eq(templates.templateId, templateId));
    },

    async insertVersion(values: typeof templateVersions.$inferInsert): Promise<TemplateVersionRow> {
      const [row] = await db.insert(templateVersions).values(values).returning();
      if (!row) throw new Error('template version insert returned nothing');
      return row;
    },

    async updateVersion(versionId: string, values: Partial<typeof templateVersions.$inferInsert>) {
      const [row] = await db
        .update(templateVersions)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(templateVersions.versionId, versionId))
        .returning();
      return row;
    },

    /** Moves a version only while it is still at `from` (false: another decision came first). */
    async moveVersion(versionId: string, from: number, to: number): Promise<boolean> {
      const moved = await db
        .update(templateVersions)
        .set({ statusCode: to, updatedAt: new Date() })
        .where(and(eq(templateVersions.versionId, versionId), eq(templateVersions.statusCode, from)))
        .returning({ id: templateVersions.versionId });
      return moved.length > 0;
    },

    /** Every version, newest first, with its author's email. */
    async versions(templateId: string): Promise<TemplateVersionRow[]> {
      return db
        .select()
        .from(templateVersions)
        .where(eq(templateVersions.templateId, templateId))
        .orderBy(desc(templateVersions.version));
    },

    async version(templateId: string, version: number): Promise<TemplateVersionRow | undefined> {
      const [row] = await db
        .select()
        .from(templateVersions)
        .where(and(eq(templateVersions.templateId, templateId), eq(templateVersions.version, version)));
      return row;
    },

    /**
     * A transaction-scoped lock on a template id of Meta's: the webhook that brings its events and
     * the submission that learns the id take it, so an event is either applied by the webhook (the
     * id already known) or found stored by the submission's replay, never missed by both.
     */
    async lockNetworkTemplateId(networkTemplateId: string): Promise<void> {
      await db.execute(
        sql`SELECT pg_advisory_xact_lock(hashtext(${`whatsapp-template|${networkTemplateId}`}))`,
      );
    },

    /** The version Meta knows by this template id (WhatsApp webhooks), locked. */
    async lockVersionByNetworkId(networkTemplateId: string): Promise<TemplateVersionRow | undefined> {
      // The template first, then the version: the order every use case locks them in.
      const [found] = await db
        .select({ templateId: templateVersions.templateId })
        .from(templateVersions)
        .where(eq(templateVersions.networkTemplateId, networkTemplateId));
      if (!found) return undefined;
      await db
        .select({ id: templates.templateId })
        .from(templates)
        .where(eq(templates.templateId, found.templateId))
        .for('update');
      const [row] = await db
        .select()
        .from(templateVersions)
        .where(eq(templateVersions.networkTemplateId, networkTemplateId))
        .for('update');
      return row;
    },

    /** The highest approved version's number (the one campaigns use), or null. */
    async highestApproved(templateId: string): Promise<number | null> {
      const [row] = await db
        .select({ version: sql<number | null>`max(${templateVersions.version})` })
        .from(templateVersions)
        .where(
          and(
            eq(templateVersions.templateId, templateId),
            eq(templateVersions.statusCode, codeOf('approved')),
          ),
        );
      return row?.version ?? null;
    },

    /** The emails of the template's author and of the partner's main account (who is told of decisions). */
    async recipients(templateId: string): Promise<string[]> {
      const rows = await db
        .select({ email: users.email })
        .from(templates)
        .innerJoin(users, eq(users.userId, templates.createdBy))
        .where(eq(templates.templateId, templateId));
      return rows.map((r) => r.email);
    },

    /** Approved templates of launched bots (the active template list). */
    async active(
      scope: TemplateScope,
      filters: ActiveFilters,
      window: { start: number; end: number },
      launched: number,
    ) {
      const where = activeWhere(scope, filters, launched);
      const items = await db
        .select({ ...listColumns, version: templateVersions })
        .from(templates)
        .innerJoin(bots, eq(bots.botId, templates.botId))
        .innerJoin(partners, eq(partners.partnerId, templates.partnerId))
        .innerJoin(
          templateVersions,
          and(
            eq(templateVersions.templateId, templates.templateId),
            eq(templateVersions.version, templates.activeVersion),
          ),
        )
        .where(where)
        .orderBy(
          ...orderOf(
            {
              name: templates.name,
              channel: templates.channel,
              language: templates.language,
              version: templateVersions.version,
            },
            filters.sort ?? 'name',
            filters.order ?? 'asc',
            templates.templateId,
          ),
        )
        .offset(window.start)
        .limit(window.end - window.start);
      const [total] = await db
        .select({ n: count() })
        .from(templates)
        .innerJoin(bots, eq(bots.botId, templates.botId))
        .where(where);
      return { items, total: total?.n ?? 0 };
    },

    async insertRun(values: typeof templateTestRuns.$inferInsert): Promise<TestRunRow> {
      const [row] = await db.insert(templateTestRuns).values(values).returning();
      if (!row) throw new Error('test run insert returned nothing');
      return row;
    },

    async insertResult(values: typeof templateTestResults.$inferInsert) {
      await db.insert(templateTestResults).values(values);
    },

    async setResultError(runId: string, msisdn: string, errorMessage: string) {
      await db
        .update(templateTestResults)
        .set({ errorMessage })
        .where(and(eq(templateTestResults.runId, runId), eq(templateTestResults.msisdn, msisdn)));
    },

    /** The latest runs of a template, newest first, with their version number and author. */
    async runs(templateId: string, limit: number) {
      return db
        .select({
          run: templateTestRuns,
          version: templateVersions.version,
          email: users.email,
        })
        .from(templateTestRuns)
        .innerJoin(templateVersions, eq(templateVersions.versionId, templateTestRuns.versionId))
        .leftJoin(users, eq(users.userId, templateTestRuns.createdBy))
        .where(eq(templateTestRuns.templateId, templateId))
        .orderBy(desc(templateTestRuns.createdAt), desc(templateTestRuns.runId))
        .limit(limit);
    },

    async results(runIds: readonly string[]): Promise<TestResultRow[]> {
      if (runIds.length === 0) return [];
      return db.select().from(templateTestResults).where(inArray(templateTestResults.runId, runIds));
    },

    /** Runs at or before a time (the retest takes the latest one's devices and values). */
    async latestRun(templateId: string, before: Date = new Date()) {
      const [row] = await db
        .select()
        .from(templateTestRuns)
        .where(and(eq(templateTestRuns.templateId, templateId), lte(templateTestRuns.createdAt, before)))
        .orderBy(desc(templateTestRuns.createdAt))
        .limit(1);
      return row;
    },

    /** Storage keys among these that a template version still uses (the daily sweep keeps them). */
    async referencedKeys(keys: readonly string[]): Promise<Set<string>> {
      if (keys.length === 0) return new Set();
      const rows = await db
        .select({ content: templateVersions.content })
        .from(templateVersions)
        .where(sql`${templateVersions.content}::text like '%public/template-media/%'`);
      const text = rows.map((r) => JSON.stringify(r.content)).join('\n');
      return new Set(keys.filter((key) => text.includes(key)));
    },
  };
}
export type TemplatesRepository = ReturnType<typeof createTemplatesRepository>;
