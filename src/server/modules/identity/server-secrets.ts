import { sql } from 'drizzle-orm';
import { type Db, vaultOf } from '../../db/database.ts';
import { openServerState, sealServerState } from '../../db/encryption/server-state-sealing.ts';
import { serverSecrets } from '../../db/identity-schema.ts';
import { column, prepared, runStatement, value } from '../../db/prepared-query.ts';

// Run through runStatement: the secrets are read by plugins that hold only a `Db`.
const INSERT_SECRET = prepared<never>(
  'server-secret-insert',
  sql`insert into ${serverSecrets} (${column(serverSecrets.name)}, ${column(serverSecrets.sealed)}, ${column(serverSecrets.kekId)})
      values (${value('name')}, ${value('sealed')}::bytea, ${value('kekId')})
      on conflict (${column(serverSecrets.name)}) do nothing`,
);
const READ_SECRET = prepared<{ sealed: Uint8Array | null; kek_id: string | null }>(
  'server-secret-read',
  sql`select ${serverSecrets.sealed}, ${serverSecrets.kekId} from ${serverSecrets} where ${serverSecrets.name} = ${value('name')}`,
);

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
  await runStatement(db, INSERT_SECRET, { name, sealed, kekId });
  const stored = await readSecret<T>(db, name);
  if (stored === undefined) throw new Error(`Server secret ${name} could not be stored.`);
  return stored;
}

export async function readSecret<T>(db: Db, name: string): Promise<T | undefined> {
  const [row] = await runStatement(db, READ_SECRET, { name });
  // A row still in the clear is replaced at start-up (replaceClearServerSecrets) and never used.
  if (!row?.sealed || !row.kek_id) return undefined;
  return JSON.parse(
    openServerState(vaultOf(db).keyring, 'server-secret', name, { kekId: row.kek_id, sealed: row.sealed }),
  ) as T;
}
