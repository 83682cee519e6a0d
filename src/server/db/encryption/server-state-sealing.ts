import { getTableName, sql } from 'drizzle-orm';
import type { Database, Db } from '../database.ts';
import { oidcPayloads, serverSecrets } from '../identity-schema.ts';
import { column, prepared, runStatement, value } from '../prepared-query.ts';
import type { ColumnsOfRow } from '../row-of.ts';
import type { KeyEncryptionKey, Keyring } from './key-encryption-keys.ts';
import { open, type SealedPurpose, SealedValueError, seal } from './sealed-value.ts';

/**
 * Issue 38 §1 (decision 140): what the server keeps for itself in the answers' database, sealed
 * straight under the key-encryption key (no per-record data key: nothing here is erased with a
 * person): the token-signing and cookie keys (`server_secrets`) and the sign-in provider's state
 * (`oidc_payloads`: sessions, grants, codes and tokens, whose ids are token values). A backup of
 * the database alone signs no token and renews no sign-in.
 */
export type ServerStatePurpose = Extract<SealedPurpose, 'server-secret' | 'provider-state'>;

export interface SealedState {
  kekId: string;
  sealed: Buffer;
}

export class ServerStateUnreadableError extends Error {
  readonly reason: 'unknown-kek' | 'tampered' | 'unknown-format';
  constructor(what: string, reason: ServerStateUnreadableError['reason']) {
    super(
      reason === 'unknown-kek'
        ? `${what} is sealed by a key-encryption key this server does not have (check DATA_ENCRYPTION_KEY and DATA_ENCRYPTION_KEY_PREVIOUS).`
        : reason === 'tampered'
          ? `${what} was altered (it does not open under its key-encryption key).`
          : `${what} is not in a known encryption format.`,
    );
    this.name = 'ServerStateUnreadableError';
    this.reason = reason;
  }
}

function kekOf(keyring: Keyring, id: string): KeyEncryptionKey | undefined {
  return keyring.current.id === id ? keyring.current : keyring.previous.find((kek) => kek.id === id);
}

export function sealServerState(
  keyring: Keyring,
  purpose: ServerStatePurpose,
  binding: string,
  plaintext: string,
): SealedState {
  return {
    kekId: keyring.current.id,
    sealed: seal(keyring.current.key, purpose, binding, Buffer.from(plaintext, 'utf8')),
  };
}

export function openServerState(
  keyring: Keyring,
  purpose: ServerStatePurpose,
  binding: string,
  state: { kekId: string; sealed: Uint8Array },
): string {
  const what = purpose === 'server-secret' ? `The server secret ${binding}` : 'A sign-in state entry';
  const kek = kekOf(keyring, state.kekId);
  if (!kek) throw new ServerStateUnreadableError(what, 'unknown-kek');
  try {
    return open(kek.key, purpose, binding, state.sealed).toString('utf8');
  } catch (error) {
    if (error instanceof SealedValueError) throw new ServerStateUnreadableError(what, error.reason);
    throw error;
  }
}

/** The binding of a provider state row: its model and hashed id (a row copied elsewhere fails). */
export const providerStateBinding = (model: string, hashedId: string) => `${model}/${hashedId}`;

const s = serverSecrets;
const p = oidcPayloads;
// `sealed is not null` and `kek_id <> …` leave only rows that have both.
const SECRETS_NOT_UNDER = prepared<{ name: string; kek_id: string; sealed: Uint8Array }>(
  'server-state-secrets-not-under',
  sql`select ${s.name}, ${s.kekId}, ${s.sealed} from ${s}
      where ${s.sealed} is not null and ${s.kekId} <> ${value('kekId')}`,
);
const RESEAL_SECRET = prepared<never>(
  'server-state-reseal-secret',
  sql`update ${s} set ${column(s.sealed)} = ${value('sealed')}::bytea, ${column(s.kekId)} = ${value('kekId')}
      where ${s.name} = ${value('name')} and ${s.kekId} = ${value('readUnder')}`,
);
const PAYLOADS_NOT_UNDER = prepared<ColumnsOfRow<typeof p, 'model' | 'id' | 'kek_id' | 'payload'>>(
  'server-state-payloads-not-under',
  sql`select ${p.model}, ${p.id}, ${p.kekId}, ${p.payload} from ${p} where ${p.kekId} <> ${value('kekId')} limit 500`,
);
const DELETE_PAYLOAD = prepared<never>(
  'server-state-delete-payload',
  sql`delete from ${p} where ${p.model} = ${value('model')} and ${p.id} = ${value('id')}`,
);
const RESEAL_PAYLOAD = prepared<never>(
  'server-state-reseal-payload',
  sql`update ${p} set ${column(p.payload)} = ${value('sealed')}::bytea, ${column(p.kekId)} = ${value('kekId')}
      where ${p.model} = ${value('model')} and ${p.id} = ${value('id')} and ${p.kekId} = ${value('readUnder')}`,
);
const COUNT_SECRETS_NOT_UNDER = prepared<{ n: number }>(
  'server-state-count-secrets-not-under',
  sql`select count(*)::int as n from ${s} where ${s.sealed} is not null and ${s.kekId} <> ${value('kekId')}`,
);
const DELETE_CLEAR_SECRETS = prepared<ColumnsOfRow<typeof s, 'name'>>(
  'server-state-delete-clear-secrets',
  sql`delete from ${s} where ${s.sealed} is null returning ${column(s.name)}`,
);
// Utility commands without values, run as before through Drizzle's execute (runStatement): VACUUM
// cannot run inside a transaction block, so never on the named path.
const VACUUMS = [serverSecrets, oidcPayloads].map((table) => ({
  table: getTableName(table),
  statement: prepared<never>(`server-state-vacuum-${getTableName(table)}`, sql`vacuum full ${table}`),
}));
const CHECKPOINT = prepared<never>('server-state-checkpoint', sql`checkpoint`);

/**
 * §5 and issue 38 §1: re-seals every server secret and provider state entry not under the current
 * KEK (rotate-key). Each row is updated only if still under the KEK it was read with. Entries
 * under a KEK this server does not have are left (and counted by the caller's final check).
 */
export async function rewrapServerState(db: Db, keyring: Keyring): Promise<number> {
  const current = keyring.current.id;
  let done = 0;
  const secrets = await runStatement(db, SECRETS_NOT_UNDER, { kekId: current });
  for (const row of secrets) {
    const plain = openServerState(keyring, 'server-secret', row.name, {
      kekId: row.kek_id,
      sealed: row.sealed,
    });
    const next = sealServerState(keyring, 'server-secret', row.name, plain);
    await runStatement(db, RESEAL_SECRET, { ...next, name: row.name, readUnder: row.kek_id });
    done++;
  }
  for (;;) {
    const rows = await runStatement(db, PAYLOADS_NOT_UNDER, { kekId: current });
    if (rows.length === 0) break;
    for (const row of rows) {
      const binding = providerStateBinding(row.model, row.id);
      let plain: string;
      try {
        plain = openServerState(keyring, 'provider-state', binding, {
          kekId: row.kek_id,
          sealed: row.payload,
        });
      } catch {
        // Unreadable sign-in state is worth nothing to anyone: it goes (that sign-in ends).
        await runStatement(db, DELETE_PAYLOAD, { model: row.model, id: row.id });
        continue;
      }
      const next = sealServerState(keyring, 'provider-state', binding, plain);
      await runStatement(db, RESEAL_PAYLOAD, {
        ...next,
        model: row.model,
        id: row.id,
        readUnder: row.kek_id,
      });
      done++;
    }
  }
  return done;
}

/** Server secrets still under another KEK than the current one (rotation's final check). */
export async function serverSecretsNotUnder(db: Db, kekId: string): Promise<number> {
  const [row] = await runStatement(db, COUNT_SECRETS_NOT_UNDER, { kekId });
  return Number(row?.n ?? 0);
}

/**
 * Issue 38 §1: secrets stored in the clear before sealing are NOT sealed but replaced: every
 * backup, WAL segment and dump made before holds them, so whoever has one could still sign tokens
 * with them. They are deleted (new ones, sealed, are generated as the provider starts: everyone
 * signs in once more), and the tables are rewritten so no dead copy stays in their files.
 */
export async function replaceClearServerSecrets(
  database: Database,
  log: (line: string) => void = () => {},
): Promise<number> {
  const deleted = await runStatement(database.db, DELETE_CLEAR_SECRETS);
  if (deleted.length === 0) return 0;
  log(
    `Issue 38: ${deleted.length} server secrets stored in the clear (${deleted.map((row) => row.name).join(', ')}) ` +
      'were replaced by new sealed ones; everyone signs in again once. Purging the old copies from the database files.',
  );
  for (const { table, statement } of VACUUMS) {
    try {
      await runStatement(database.db, statement);
    } catch (error) {
      log(`Issue 38: VACUUM FULL ${table} failed (${(error as Error).message}); run it as the table's owner`);
    }
  }
  try {
    await runStatement(database.db, CHECKPOINT);
  } catch (error) {
    log(`Issue 38: CHECKPOINT failed (${(error as Error).message})`);
  }
  return deleted.length;
}
