import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { carriers, createdAt, lookupValues, partners } from '../../platform/db/core.schema.ts';

export interface BrandAddress {
  line1: string;
  line2?: string | undefined;
  city: string;
  state?: string | undefined;
  postalCode: string;
  countryId: string;
}

/**
 * A brand a developer or aggregator registers (issue 12). `status` is a code of BRAND_MACHINE
 * (packages/domain/src/review/brand.ts); the network's verification is kept beside it.
 */
export const brands = pgTable(
  'brands',
  {
    brandId: uuid('brand_id').primaryKey().defaultRandom(),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => partners.partnerId),
    name: text('name').notNull(),
    industryTypeId: integer('industry_type_id')
      .notNull()
      .references(() => lookupValues.id),
    website: text('website').notNull(),
    description: text('description'),
    contactName: text('contact_name').notNull(),
    contactEmail: text('contact_email').notNull(),
    contactPhone: text('contact_phone').notNull(),
    address: jsonb('address').$type<BrandAddress>().notNull(),
    /** Storage key of the logo (public/brand-logos/...), or null. */
    logoKey: text('logo_key'),
    status: integer('status').notNull().default(1),
    /** The network's names of the brand and of its verification agent (Business Communications API). */
    networkBrand: text('network_brand'),
    networkAgent: text('network_agent'),
    verificationState: text('verification_state'),
    verificationCheckedAt: timestamp('verification_checked_at', { withTimezone: true }),
    /**
     * Set by the bots' launch (issue "Bots") when a bot of this brand launches: such a brand can
     * no longer be deleted.
     */
    botLaunchedAt: timestamp('bot_launched_at', { withTimezone: true }),
    createdBy: uuid('created_by'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('brands_partner_idx').on(t.partnerId, t.updatedAt),
    index('brands_status_idx').on(t.status, t.updatedAt),
    index('brands_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    // The reviewers' list: every brand past its draft, most recently changed first.
    index('brands_updated_idx').on(t.updatedAt, t.brandId),
  ],
);

/** The carriers a brand is for, each with its own review (a code of BRAND_CARRIER_MACHINE). */
export const brandCarriers = pgTable(
  'brand_carriers',
  {
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.brandId, { onDelete: 'cascade' }),
    carrierId: integer('carrier_id')
      .notNull()
      .references(() => carriers.carrierId),
    status: integer('status').notNull().default(6),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.brandId, t.carrierId] }),
    index('brand_carriers_carrier_idx').on(t.carrierId, t.status),
  ],
);

/** Business documents of a brand (PDFs checked by content), stored under private/brand-documents/. */
export const brandDocuments = pgTable(
  'brand_documents',
  {
    documentId: uuid('document_id').primaryKey().defaultRandom(),
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.brandId, { onDelete: 'cascade' }),
    documentTypeId: integer('document_type_id')
      .notNull()
      .references(() => lookupValues.id),
    fileKey: text('file_key').notNull(),
    filename: text('filename').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    pages: integer('pages').notNull(),
    uploadedBy: uuid('uploaded_by'),
    createdAt: createdAt(),
  },
  (t) => [index('brand_documents_brand_idx').on(t.brandId, t.createdAt)],
);
