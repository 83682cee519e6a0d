import { sql } from 'drizzle-orm';
import {
  check,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '../columns.ts';
import { organizations, users } from './account-tables.ts';

// What can be bought and filled in: form types and their published versions, products and
// purchases (admin-app §4–§6).

export const inventoryTypes = pgTable('inventory_types', {
  id: id(),
  name: text('name').notNull(),
  description: text('description'),
  // admin-app §3: the default for an empty form.
  form: jsonb('form')
    .notNull()
    .default(sql`'{"formId":"custom-form","formTitle":"Custom Form","steps":[]}'::jsonb`),
  reportQuery: text('report_query'),
  model: text('model'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * The published, immutable versions of a type's form (issue 12, decision 100). `inventory_types.form`
 * is the draft the builder edits; "Publish" copies it here as the next number. Records are pinned to
 * one version (life_records.form_version), so editing the form never changes a record in progress.
 */
export const inventoryTypeVersions = pgTable(
  'inventory_type_versions',
  {
    inventoryTypeId: uuid('inventory_type_id')
      .notNull()
      .references(() => inventoryTypes.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    form: jsonb('form').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    // Null when the first record of a never-published type published it (decision 100).
    publishedBy: uuid('published_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    primaryKey({ columns: [t.inventoryTypeId, t.number] }),
    check('inventory_type_versions_number_positive', sql`${t.number} > 0`),
  ],
);

export const products = pgTable(
  'products',
  {
    id: id(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    cost: numeric('cost', { precision: 12, scale: 2 }).notNull(),
    credits: integer('credits').notNull(),
    inventoryTypeId: uuid('inventory_type_id')
      .notNull()
      .references(() => inventoryTypes.id, { onDelete: 'restrict' }),
    stripeId: text('stripe_id'),
    stripePaylink: text('stripe_paylink'),
    createdAt: createdAt(),
  },
  (t) => [
    check('products_credits_positive', sql`${t.credits} > 0`),
    check('products_cost_non_negative', sql`${t.cost} >= 0`),
  ],
);

/** One row per completed payment; `provider_ref` unique makes granting credits idempotent. */
export const purchases = pgTable('purchases', {
  id: id(),
  provider: text('provider').notNull(),
  providerRef: text('provider_ref').notNull().unique(),
  organizationId: uuid('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'restrict' }),
  productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
  credits: integer('credits').notNull(),
  amount: numeric('amount', { precision: 12, scale: 2 }),
  createdAt: createdAt(),
});
