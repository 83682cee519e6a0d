// Browser-test helpers for an admin who changes a form through the API while people use it (issue
// 26 §3): a type with a form, a new published version, and the mapped migration, as the versions
// screen sends them (decision 100).
import { type APIRequestContext, type Browser, expect, request as playwrightRequest } from '@playwright/test';
import { createUser } from './cli.ts';
import { e2eBaseUrl } from './e2e-environment.ts';
import { login, uniqueEmail } from './fixtures.ts';
import { idTokenOf, PASSWORD } from './record-session.ts';

export interface FormAdmin {
  graphql<T = Record<string, unknown>>(query: string, variables?: Record<string, unknown>): Promise<T>;
  dispose(): Promise<void>;
}

/** A signed-in admin, through the real provider; their ID token then calls the API directly. */
export async function signedInAdmin(browser: Browser, baseURL = e2eBaseUrl): Promise<FormAdmin> {
  const email = uniqueEmail('form-admin');
  createUser({ email, name: 'Fay Formadmin', password: PASSWORD, role: 'admin' });
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await login(page, { email, password: PASSWORD });
  const token = await idTokenOf(page);
  await context.close();
  const api: APIRequestContext = await playwrightRequest.newContext({ baseURL });
  return {
    async graphql<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
      const response = await api.post('/graphql', {
        headers: { authorization: `Bearer ${token}` },
        data: { query, variables },
      });
      const body = await response.json();
      expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
      return body.data as T;
    },
    dispose: () => api.dispose(),
  };
}

export async function createType(admin: FormAdmin, name: string, form: unknown): Promise<string> {
  const data = await admin.graphql<{ createInventoryType: { id: string } }>(
    'mutation($i: InventoryTypeInput!) { createInventoryType(input: $i) { id } }',
    { i: { name, description: 'Issue 26 form', form } },
  );
  return data.createInventoryType.id;
}

/** The draft becomes the form, then the next published version; returns its number. */
export async function publishForm(admin: FormAdmin, typeId: string, name: string, form: unknown) {
  await admin.graphql(
    'mutation($id: ID!, $i: InventoryTypeInput!) { updateInventoryType(id: $id, input: $i) { id } }',
    {
      id: typeId,
      i: { name, description: 'Issue 26 form', form },
    },
  );
  const data = await admin.graphql<{ publishFormVersion: { number: number } }>(
    'mutation($id: ID!) { publishFormVersion(inventoryTypeId: $id) { number } }',
    { id: typeId },
  );
  return data.publishFormVersion.number;
}

/** The mapped migration of every record of `from` to `to`; tried again if a save came in between. */
export async function migrateRecords(
  admin: FormAdmin,
  typeId: string,
  from: number,
  to: number,
  mapping: Record<string, string | null>,
): Promise<void> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const data = await admin.graphql<{ migrateRecordsMapped: { migrated: number } }>(
      'mutation($i: RecordMigrationInput!) { migrateRecordsMapped(input: $i) { migrated changedDuring } }',
      {
        i: {
          sourceTypeId: typeId,
          sourceVersion: from,
          targetTypeId: typeId,
          targetVersion: to,
          mapping: Object.entries(mapping).map(([key, target]) => ({ from: key, to: target })),
          includeSubmitted: false,
        },
      },
    );
    if (data.migrateRecordsMapped.migrated > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('The record was never migrated.');
}
