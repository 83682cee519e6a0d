import { customType, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Columns every table of schema.ts and identity-schema.ts writes the same way. */
export const id = () => uuid('id').primaryKey().defaultRandom();
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/**
 * A value sealed by src/server/db/encryption (issue 30): bytes only the server's keys open. PGlite
 * answers bytea as Uint8Array, node-postgres as Buffer.
 */
export const sealed = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });
