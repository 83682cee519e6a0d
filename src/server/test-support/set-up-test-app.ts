// The shared set-up of server integration tests (issue 40 §4): one call registers the `beforeAll`
// that starts the real app on a fresh database and the `afterAll` that closes it, instead of the
// same four lines in every file. What it returns is read inside tests and later hooks.
import { afterAll, beforeAll } from 'vitest';
import { type ApiFixtures, createApiFixtures } from './api-fixtures.ts';
import { createTestApp, type TestApp } from './test-app.ts';

export type TestAppOptions = NonNullable<Parameters<typeof createTestApp>[0]>;

/**
 * The real app on a fresh database for this file (or `describe` block): started before its first
 * test, closed after its last. Hooks registered after this call run after the start (vitest runs
 * `beforeAll` hooks in order), so a file's own seeding follows it.
 */
export function setUpTestApp(options: TestAppOptions = {}): TestApp {
  let current: TestApp | undefined;
  beforeAll(async () => {
    current = await createTestApp(options);
  });
  afterAll(async () => {
    await current?.close();
    current = undefined;
  });
  const started = (): TestApp => {
    if (!current)
      throw new Error('setUpTestApp: the app starts in beforeAll; read it in a test or a later hook');
    return current;
  };
  return {
    get app() {
      return started().app;
    },
    get database() {
      return started().database;
    },
    get target() {
      return started().target;
    },
    get config() {
      return started().config;
    },
    get dataDir() {
      return started().dataDir;
    },
    close: () => started().close(),
  };
}

/** `setUpTestApp` and the usual people, organizations and records of `createApiFixtures` in it. */
export function setUpTestAppWithFixtures(options: TestAppOptions = {}): { test: TestApp; f: ApiFixtures } {
  const test = setUpTestApp(options);
  let fixtures: ApiFixtures | undefined;
  beforeAll(async () => {
    fixtures = await createApiFixtures(test.database.db, test.config);
  });
  // The fixtures are made in beforeAll; each property is read from them when a test asks.
  const f = new Proxy({} as ApiFixtures, {
    get(_, key) {
      if (!fixtures) throw new Error('setUpTestAppWithFixtures: the fixtures are made in beforeAll');
      return Reflect.get(fixtures, key);
    },
  });
  return { test, f };
}
