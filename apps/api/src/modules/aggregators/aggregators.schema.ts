import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { carriers, lookupValues, partners } from '../../platform/db/core.schema.ts';

export interface BillingAddress {
  line1: string;
  line2?: string | undefined;
  city: string;
  state?: string | undefined;
  postalCode: string;
  countryId: string;
}

/** An aggregator's billing info (spec: "Aggregators: ... billing info"), one row per aggregator. */
export const aggregatorBilling = pgTable('aggregator_billing', {
  partnerId: uuid('partner_id')
    .primaryKey()
    .references(() => partners.partnerId, { onDelete: 'cascade' }),
  contactName: text('contact_name').notNull(),
  contactEmail: text('contact_email').notNull(),
  contactPhone: text('contact_phone').notNull(),
  taxId: text('tax_id').notNull(),
  address: jsonb('address').$type<BillingAddress>().notNull(),
  /** A lookup value of kind 'billing-categories' (reference data). */
  billingCategoryId: integer('billing_category_id')
    .notNull()
    .references(() => lookupValues.id),
  updatedBy: text('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The carriers an aggregator was forwarded to (the active carriers of its country), each with its
 * own review (a code of AGGREGATOR_CARRIER_MACHINE).
 */
export const aggregatorCarriers = pgTable(
  'aggregator_carriers',
  {
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => partners.partnerId, { onDelete: 'cascade' }),
    carrierId: integer('carrier_id')
      .notNull()
      .references(() => carriers.carrierId),
    status: integer('status').notNull().default(39),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.partnerId, t.carrierId] }),
    index('aggregator_carriers_carrier_idx').on(t.carrierId, t.status),
  ],
);
