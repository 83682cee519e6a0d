import { sql } from 'drizzle-orm';
import { type Db, queryRows, vaultOf } from '../../db/database.ts';
import { openServerState, sealServerState } from '../../db/encryption/server-state-sealing.ts';

/**
 * A secret shared by every server instance, created by whichever starts first. The insert ignores a
 * conflict and everyone reads back the stored value, so two instances starting together agree.
 * Issue 38 §1 (decision 140): stored sealed with the key-encryption key, never in the clear.
 */
export async function loadOrCreateSecret<T>(db: Db, name: string, create: () => Promise<T> | T): Promise<T> {
  const existing = await readSecret<T>(db, name);
  if (existing !== undefined) return existing;
  const { kekId, sealed } = sealServerState(
    vaultOf(db).keyring,
    'server-secret',
    name,
    JSON.stringify(await create()),
  );
  await db.execute(
    sql`insert into server_secrets (name, sealed, kek_id) values (${name}, ${sealed}::bytea, ${kekId})
        on conflict (name) do nothing`,
  );
  const stored = await readSecret<T>(db, name);
  if (stored === undefined) throw new Error(`Server secret ${name} could not be stored.`);
  return stored;
}

export async function readSecret<T>(db: Db, name: string): Promise<T | undefined> {
  const [row] = await queryRows<{ sealed: Uint8Array | null; kek_id: string | null }>(
    db,
    sql`select sealed, kek_id from server_secrets where name = ${name}`,
  );
  // A row still in the clear is replaced at start-up (replaceClearServerSecrets) and never used.
  if (!row?.sealed || !row.kek_id) return undefined;
  return JSON.parse(
    openServerState(vaultOf(db).keyring, 'server-secret', name, { kekId: row.kek_id, sealed: row.sealed }),
  ) as T;
}
