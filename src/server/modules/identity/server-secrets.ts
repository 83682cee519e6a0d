import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { serverSecrets } from '../../db/identity-schema.ts';

/**
 * A secret shared by every server instance, created by whichever starts first. The insert ignores a
 * conflict and everyone reads back the stored value, so two instances starting together agree.
 */
export async function loadOrCreateSecret<T>(db: Db, name: string, create: () => Promise<T> | T): Promise<T> {
  const existing = await readSecret<T>(db, name);
  if (existing !== undefined) return existing;
  await db
    .insert(serverSecrets)
    .values({ name, value: await create() })
    .onConflictDoNothing();
  const stored = await readSecret<T>(db, name);
  if (stored === undefined) throw new Error(`Server secret ${name} could not be stored.`);
  return stored;
}

export async function readSecret<T>(db: Db, name: string): Promise<T | undefined> {
  const [row] = await db
    .select({ value: serverSecrets.value })
    .from(serverSecrets)
    .where(eq(serverSecrets.name, name));
  return row?.value as T | undefined;
}
