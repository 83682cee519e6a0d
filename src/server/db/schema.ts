/**
 * The product's data model (DESIGN §4) for both spec documents, its tables in ./tables by concern;
 * the identity provider's and the server's own state is in identity-schema.ts. Migrations are
 * generated from both by `npm run db:generate` and checked in under ./migrations.
 */
export * from './tables/account-tables.ts';
export * from './tables/catalog-tables.ts';
export * from './tables/making-tables.ts';
export * from './tables/record-tables.ts';
export * from './tables/reminder-tables.ts';
export * from './tables/trust-tables.ts';
