import {
  BRAND_CARRIER_MACHINE,
  BRAND_MACHINE,
  type BrandStatusFilter,
  type BrandTabKey,
  brandTabStatus,
  type TBrandFilters,
} from '@portico/domain';
import { and, asc, count, eq, ilike, inArray, ne, notInArray, or, type SQL, sql } from 'drizzle-orm';
import { carriers, lookupValues, partners, users } from '../../platform/db/core.schema.ts';
import { containsPattern, idMatches, orderOf } from '../../platform/db/filters.ts';
import type { Db } from '../../platform/db/index.ts';
import { brandCarriers, brandDocuments, brands } from './brands.schema.ts';

/**
 * Who is looking: a developer sees the partner's own brands, the platform's admins every brand that
 * was ever submitted (never a draft), a carrier the brands its own network was asked to review.
 */
export type BrandAudience =
  | { kind: 'partner'; partnerId: string }
  | { kind: 'platform' }
  | { kind: 'carrier'; carrierId: number };

export type BrandRow = typeof brands.$inferSelect;
export type NewBrand = typeof brands.$inferInsert;
export type BrandFields = Omit<
  NewBrand,
  'brandId' | 'partnerId' | 'status' | 'createdAt' | 'createdBy' | 'updatedAt' | 'submittedAt'
>;

const CARRIER = BRAND_CARRIER_MACHINE.states;
/** The carrier's own review states in which it sees the brand (not while it awaits the platform). */
const CARRIER_VISIBLE = [
  CARRIER.to_be_approved_by_carrier.code,
  CARRIER.approved.code,
  CARRIER.rejected.code,
];
const UNDECIDED = [CARRIER.awaiting_platform.code, CARRIER.to_be_approved_by_carrier.code];

const partnerName = sql<string>`coalesce(${partners.company}->>'name', '')`;

export function createBrandsRepository(db: Db) {
  /** The caller's own carrier's review row joins only for a carrier (-1 matches no carrier). */
  const carrierJoin = (audience: BrandAudience) =>
    and(
      eq(brandCarriers.brandId, brands.brandId),
      eq(brandCarriers.carrierId, audience.kind === 'carrier' ? audience.carrierId : -1),
    );

  function audienceWhere(audience: BrandAudience): SQL | undefined {
    switch (audience.kind) {
      case 'partner':
        return eq(brands.partnerId, audience.partnerId);
      case 'platform':
        return ne(brands.status, BRAND_MACHINE.states.draft.code);
      case 'carrier':
        return inArray(brandCarriers.status, CARRIER_VISIBLE);
    }
  }

  function statusWhere(audience: BrandAudience, status: BrandStatusFilter): SQL | undefined {
    if (audience.kind === 'carrier') {
      if (status === 'to_be_approved_by_carrier')
        return eq(brandCarriers.status, CARRIER.to_be_approved_by_carrier.code);
      if (status === 'approved') return eq(brandCarriers.status, CARRIER.approved.code);
      if (status === 'rejected') return eq(brandCarriers.status, CARRIER.rejected.code);
    }
    if (status === 'to_be_approved_by_carrier') {
      return inArray(brands.status, [
        BRAND_MACHINE.states.forwarded.code,
        BRAND_MACHINE.states.approved_pending_carrier.code,
      ]);
    }
    return eq(brands.status, BRAND_MACHINE.states[status].code);
  }

  function listWhere(audience: BrandAudience, filters: TBrandFilters): SQL | undefined {
    const conditions: (SQL | undefined)[] = [audienceWhere(audience)];
    if (filters.status) conditions.push(statusWhere(audience, filters.status));
    if (filters.search) {
      const pattern = containsPattern(filters.search);
      conditions.push(
        or(
          ilike(brands.name, pattern),
          ilike(partnerName, pattern),
          idMatches(brands.brandId, filters.search),
        ),
      );
    }
    return and(...conditions);
  }

  const listColumns = {
    brandId: brands.brandId,
    name: brands.name,
    partnerName,
    industryType: lookupValues.name,
    status: brands.status,
    carrierStatus: brandCarriers.status,
    verificationState: brands.verificationState,
    createdAt: brands.createdAt,
    updatedAt: brands.updatedAt,
  };

  return {
    /** One window of the brands the audience sees, with the names of their carriers. */
    async list(audience: BrandAudience, filters: TBrandFilters, window: { start: number; end: number }) {
      const where = listWhere(audience, filters);
      const order = orderOf(
        {
          updated_at: brands.updatedAt,
          created_at: brands.createdAt,
          name: sql`lower(${brands.name})`,
          status: brands.status,
          partner_name: sql`lower(${partnerName})`,
        },
        filters.sort,
        filters.order,
        brands.brandId,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select(listColumns)
          .from(brands)
          .innerJoin(partners, eq(partners.partnerId, brands.partnerId))
          .innerJoin(lookupValues, eq(lookupValues.id, brands.industryTypeId))
          .leftJoin(brandCarriers, carrierJoin(audience))
          .where(where)
          .orderBy(...order)
          .offset(window.start)
          .limit(window.end - window.start),
        db
          .select({ n: count() })
          .from(brands)
          .innerJoin(partners, eq(partners.partnerId, brands.partnerId))
          .leftJoin(brandCarriers, carrierJoin(audience))
          .where(where),
      ]);
      const names = await this.carrierNames(rows.map((row) => row.brandId));
      return {
        rows: rows.map((row) => ({ ...row, carriers: names.get(row.brandId) ?? [] })),
        total: total?.n ?? 0,
      };
    },

    /**
     * How many brands each tab holds under the filters but the status (the tab itself), in one
     * query: a filtered count per tab over the rows the list reads, so a count is its tab's total.
     */
    async tabCounts<K extends BrandTabKey>(
      audience: BrandAudience,
      filters: TBrandFilters,
      tabs: readonly K[],
    ): Promise<Record<K, number>> {
      const { status: _tab, ...others } = filters;
      const counts: Record<string, SQL<number>> = {};
      for (const tab of tabs) {
        const status = brandTabStatus(tab);
        const condition = status ? statusWhere(audience, status) : undefined;
        counts[tab] = condition
          ? sql<number>`(count(*) filter (where ${condition}))::int`
          : sql<number>`count(*)::int`;
      }
      const [row] = await db
        .select(counts)
        .from(brands)
        .innerJoin(partners, eq(partners.partnerId, brands.partnerId))
        .leftJoin(brandCarriers, carrierJoin(audience))
        .where(listWhere(audience, others));
      return Object.fromEntries(tabs.map((tab) => [tab, Number(row?.[tab] ?? 0)])) as Record<K, number>;
    },

    async carrierNames(brandIds: readonly string[]): Promise<Map<string, string[]>> {
      const names = new Map<string, string[]>();
      if (brandIds.length === 0) return names;
      const rows = await db
        .select({ brandId: brandCarriers.brandId, name: carriers.name })
        .from(brandCarriers)
        .innerJoin(carriers, eq(carriers.carrierId, brandCarriers.carrierId))
        .where(inArray(brandCarriers.brandId, [...brandIds]))
        .orderBy(asc(carriers.name));
      for (const row of rows) names.set(row.brandId, [...(names.get(row.brandId) ?? []), row.name]);
      return names;
    },

    /** A brand the audience sees, or undefined (another partner's, another network's: a 404). */
    async find(audience: BrandAudience, brandId: string) {
      const [row] = await db
        .select({
          brand: brands,
          partnerName,
          industryType: lookupValues.name,
          carrierStatus: brandCarriers.status,
        })
        .from(brands)
        .innerJoin(partners, eq(partners.partnerId, brands.partnerId))
        .innerJoin(lookupValues, eq(lookupValues.id, brands.industryTypeId))
        .leftJoin(brandCarriers, carrierJoin(audience))
        .where(and(eq(brands.brandId, brandId), audienceWhere(audience)));
      return row;
    },

    /** The partner's own brand, locked for the use case (SELECT ... FOR UPDATE). */
    async lockOwn(partnerId: string, brandId: string): Promise<BrandRow | undefined> {
      const [row] = await db
        .select()
        .from(brands)
        .where(and(eq(brands.brandId, brandId), eq(brands.partnerId, partnerId)))
        .for('update');
      return row;
    },

    /** A submitted brand's state, locked (the platform's decisions; a draft is nobody's to review). */
    async lockForPlatform(brandId: string): Promise<BrandRow | undefined> {
      const [row] = await db
        .select()
        .from(brands)
        .where(and(eq(brands.brandId, brandId), ne(brands.status, BRAND_MACHINE.states.draft.code)))
        .for('update');
      return row;
    },

    /**
     * A carrier's review of a brand, locked with its brand (so two carriers' decisions on one brand
     * take turns and the last one settles it); undefined while the carrier may not see it.
     */
    async lockForCarrier(brandId: string, carrierId: number) {
      const [brand] = await db.select().from(brands).where(eq(brands.brandId, brandId)).for('update');
      if (!brand) return undefined;
      const [review] = await db
        .select()
        .from(brandCarriers)
        .where(
          and(
            eq(brandCarriers.brandId, brandId),
            eq(brandCarriers.carrierId, carrierId),
            inArray(brandCarriers.status, CARRIER_VISIBLE),
          ),
        )
        .for('update');
      return review ? { brand, review } : undefined;
    },

    async carriersOf(brandId: string) {
      return db
        .select({
          carrierId: carriers.carrierId,
          name: carriers.name,
          countryId: carriers.countryId,
          status: brandCarriers.status,
        })
        .from(brandCarriers)
        .innerJoin(carriers, eq(carriers.carrierId, brandCarriers.carrierId))
        .where(eq(brandCarriers.brandId, brandId))
        .orderBy(asc(carriers.countryId), asc(carriers.name));
    },

    async documentsOf(brandId: string) {
      return db
        .select({ document: brandDocuments, documentType: lookupValues.name })
        .from(brandDocuments)
        .innerJoin(lookupValues, eq(lookupValues.id, brandDocuments.documentTypeId))
        .where(eq(brandDocuments.brandId, brandId))
        .orderBy(asc(brandDocuments.createdAt), asc(brandDocuments.documentId));
    },

    async insert(brand: NewBrand): Promise<BrandRow> {
      const [row] = await db.insert(brands).values(brand).returning();
      if (!row) throw new Error('brand insert returned nothing');
      return row;
    },

    async update(brandId: string, fields: Partial<BrandFields> & { submittedAt?: Date }): Promise<void> {
      await db
        .update(brands)
        .set({ ...fields, updatedAt: new Date() })
        .where(eq(brands.brandId, brandId));
    },

    async delete(brandId: string): Promise<void> {
      await db.delete(brands).where(eq(brands.brandId, brandId));
    },

    /** Moves the brand only while it is still at `from` (false when another decision came first). */
    async moveStatus(brandId: string, from: number, to: number): Promise<boolean> {
      const rows = await db
        .update(brands)
        .set({ status: to, updatedAt: new Date() })
        .where(and(eq(brands.brandId, brandId), eq(brands.status, from)))
        .returning({ brandId: brands.brandId });
      return rows.length === 1;
    },

    async moveCarrierStatus(brandId: string, carrierId: number, from: number, to: number): Promise<boolean> {
      const rows = await db
        .update(brandCarriers)
        .set({ status: to, decidedAt: new Date() })
        .where(
          and(
            eq(brandCarriers.brandId, brandId),
            eq(brandCarriers.carrierId, carrierId),
            eq(brandCarriers.status, from),
          ),
        )
        .returning({ carrierId: brandCarriers.carrierId });
      return rows.length === 1;
    },

    /** Every carrier review of the brand in one of `from` moves to `to`. */
    async moveAllCarriers(brandId: string, from: readonly number[], to: number): Promise<void> {
      await db
        .update(brandCarriers)
        .set({ status: to, decidedAt: null })
        .where(and(eq(brandCarriers.brandId, brandId), inArray(brandCarriers.status, [...from])));
    },

    /** How many carriers have not decided yet, and how many approved. */
    async carrierTally(brandId: string): Promise<{ undecided: number; approved: number }> {
      const [row] = await db
        .select({
          undecided: sql<number>`count(*) FILTER (WHERE ${inArray(brandCarriers.status, UNDECIDED)})::int`,
          approved: sql<number>`count(*) FILTER (WHERE ${eq(brandCarriers.status, CARRIER.approved.code)})::int`,
        })
        .from(brandCarriers)
        .where(eq(brandCarriers.brandId, brandId));
      return { undecided: row?.undecided ?? 0, approved: row?.approved ?? 0 };
    },

    /** The brand's carriers become exactly `carrierIds`; new ones start awaiting the platform. */
    async setCarriers(brandId: string, carrierIds: readonly number[]): Promise<void> {
      await db
        .delete(brandCarriers)
        .where(and(eq(brandCarriers.brandId, brandId), notInArray(brandCarriers.carrierId, [...carrierIds])));
      await db
        .insert(brandCarriers)
        .values(
          carrierIds.map((carrierId) => ({ brandId, carrierId, status: CARRIER.awaiting_platform.code })),
        )
        .onConflictDoNothing();
    },

    async lookupExists(kind: 'industry-types' | 'document-types', id: number): Promise<boolean> {
      const [row] = await db
        .select({ id: lookupValues.id })
        .from(lookupValues)
        .where(and(eq(lookupValues.kind, kind), eq(lookupValues.id, id)));
      return row !== undefined;
    },

    /** The ids of `ids` that are active carriers. */
    async activeCarriers(ids: readonly number[]): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .select({ id: carriers.carrierId })
        .from(carriers)
        .where(and(inArray(carriers.carrierId, [...ids]), eq(carriers.active, true)));
      return new Set(rows.map((row) => row.id));
    },

    async insertDocument(document: typeof brandDocuments.$inferInsert) {
      await db.insert(brandDocuments).values(document);
    },

    async findDocument(brandId: string, documentId: string) {
      const [row] = await db
        .select()
        .from(brandDocuments)
        .where(and(eq(brandDocuments.brandId, brandId), eq(brandDocuments.documentId, documentId)));
      return row;
    },

    async deleteDocument(documentId: string): Promise<void> {
      await db.delete(brandDocuments).where(eq(brandDocuments.documentId, documentId));
    },

    async documentKeys(brandId: string): Promise<string[]> {
      const rows = await db
        .select({ key: brandDocuments.fileKey })
        .from(brandDocuments)
        .where(eq(brandDocuments.brandId, brandId));
      return rows.map((row) => row.key);
    },

    async documentCount(brandId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(brandDocuments)
        .where(eq(brandDocuments.brandId, brandId));
      return row?.n ?? 0;
    },

    /** The carrier a carrier user's partner stands for. */
    async carrierOfPartner(partnerId: string): Promise<number | null> {
      const [row] = await db
        .select({ carrierId: partners.carrierId })
        .from(partners)
        .where(eq(partners.partnerId, partnerId));
      return row?.carrierId ?? null;
    },

    async partnerName(partnerId: string): Promise<string> {
      const [row] = await db
        .select({ name: partnerName })
        .from(partners)
        .where(eq(partners.partnerId, partnerId));
      return row?.name ?? '';
    },

    /** Who hears of a decision on a partner's brand: its developer owners (no role or DEVELOPER). */
    async ownerEmails(partnerId: string): Promise<string[]> {
      const rows = await db
        .select({ email: users.email })
        .from(users)
        .where(
          and(
            eq(users.partnerId, partnerId),
            eq(users.status, 'active'),
            or(sql`${users.role} IS NULL`, eq(users.role, 'DEVELOPER')),
          ),
        );
      return rows.map((row) => row.email);
    },

    /** The stored keys among `keys` that a brand or document still points to (the storage sweep). */
    async referencedKeys(keys: readonly string[]): Promise<Set<string>> {
      if (keys.length === 0) return new Set();
      const [logos, documents] = await Promise.all([
        db
          .select({ key: brands.logoKey })
          .from(brands)
          .where(inArray(brands.logoKey, [...keys])),
        db
          .select({ key: brandDocuments.fileKey })
          .from(brandDocuments)
          .where(inArray(brandDocuments.fileKey, [...keys])),
      ]);
      return new Set([...logos, ...documents].flatMap((row) => (row.key ? [row.key] : [])));
    },
  };
}
export type BrandsRepository = ReturnType<typeof createBrandsRepository>;
