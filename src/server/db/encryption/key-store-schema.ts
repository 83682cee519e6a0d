import { customType, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** node-postgres answers bytea as a Buffer (the key store's pool, never PGlite). */
const bytes = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * The key store's table on PostgreSQL (decision 130), in a database of its own: not in schema.ts,
 * so the answers' migrations never create it; key-store-postgres.ts creates it (the same columns)
 * and names these columns in its prepared statements (issue 40 §5).
 */
export const dataKeys = pgTable(
  'data_keys',
  {
    recordId: uuid('record_id').primaryKey(),
    kekId: text('kek_id').notNull(),
    wrapped: bytes('wrapped').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('data_keys_kek_idx').on(t.kekId)],
);
