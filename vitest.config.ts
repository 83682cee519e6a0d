import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig } from 'vitest/config';

// Unit tests sit beside the code; server integration tests run on a fresh PGlite per file, or on
// PostgreSQL when TEST_DATABASE_URL is set. Browser tests are Playwright's (e2e/).
export default defineConfig({
  test: {
    projects: [
      {
        // graphql ships CommonJS (main) and ESM (module) builds; Node, and Mercurius with it, load the
        // CommonJS one, Vite would pick the ESM one: two "realms" that reject each other's types.
        resolve: { alias: [{ find: /^graphql$/, replacement: 'graphql/index.js' }] },
        test: {
          name: 'node',
          include: [
            'src/domain/**/*.test.ts',
            'src/server/**/*.test.ts',
            'scripts/**/*.test.ts',
            'bench/**/*.test.ts',
            // Pure client parts (no DOM, React or timers), e.g. the record's answer buffer.
            'src/web/**/*.node.test.ts',
          ],
          environment: 'node',
          pool: 'forks',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          include: ['src/web/**/*.test.{ts,tsx}'],
          exclude: [...configDefaults.exclude, 'src/web/**/*.node.test.ts'],
          environment: 'happy-dom',
          setupFiles: ['src/web/test-support/testing-library-setup.ts'],
          testTimeout: 15_000,
        },
      },
    ],
  },
});
