import { defineConfig } from 'drizzle-kit';

// Generates SQL migrations from the schema; they are applied at start-up (src/server/db/migrate.ts).
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/server/db/schema.ts', './src/server/db/identity-schema.ts'],
  out: './src/server/db/migrations',
});
