import { sql } from 'drizzle-orm';
import { type Database, type Db, queryRows } from '../database.ts';
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

/**
 * §5 and issue 38 §1: re-seals every server secret and provider state entry not under the current
 * KEK (rotate-key). Each row is updated only if still under the KEK it was read with. Entries
 * under a KEK this server does not have are left (and counted by the caller's final check).
 */
export async function rewrapServerState(db: Db, keyring: Keyring): Promise<number> {
  const current = keyring.current.id;
  let done = 0;
  const secrets = await queryRows<{ name: string; kek_id: string; sealed: Uint8Array }>(
    db,
    sql`select name, kek_id, sealed from server_secrets where sealed is not null and kek_id <> ${current}`,
  );
  for (const row of secrets) {
    const plain = openServerState(keyring, 'server-secret', row.name, {
      kekId: row.kek_id,
      sealed: row.sealed,
    });
    const next = sealServerState(keyring, 'server-secret', row.name, plain);
    await db.execute(sql`update server_secrets set sealed = ${next.sealed}::bytea, kek_id = ${next.kekId}
        where name = ${row.name} and kek_id = ${row.kek_id}`);
    done++;
  }
  for (;;) {
    const rows = await queryRows<{ model: string; id: string; kek_id: string; payload: Uint8Array }>(
      db,
      sql`select model, id, kek_id, payload from oidc_payloads where kek_id <> ${current} limit 500`,
    );
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
        await db.execute(sql`delete from oidc_payloads where model = ${row.model} and id = ${row.id}`);
        continue;
      }
      const next = sealServerState(keyring, 'provider-state', binding, plain);
      await db.execute(sql`update oidc_payloads set payload = ${next.sealed}::bytea, kek_id = ${next.kekId}
          where model = ${row.model} and id = ${row.id} and kek_id = ${row.kek_id}`);
      done++;
    }
  }
  return done;
}

/** Server secrets still under another KEK than the current one (rotation's final check). */
export async function serverSecretsNotUnder(db: Db, kekId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from server_secrets where sealed is not null and kek_id <> ${kekId}`,
  );
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
  const deleted = await queryRows<{ name: string }>(
    database.db,
    sql`delete from server_secrets where sealed is null returning name`,
  );
  if (deleted.length === 0) return 0;
  log(
    `Issue 38: ${deleted.length} server secrets stored in the clear (${deleted.map((row) => row.name).join(', ')}) ` +
      'were replaced by new sealed ones; everyone signs in again once. Purging the old copies from the database files.',
  );
  for (const table of ['server_secrets', 'oidc_payloads']) {
    try {
      await database.db.execute(sql.raw(`vacuum full ${table}`));
    } catch (error) {
      log(`Issue 38: VACUUM FULL ${table} failed (${(error as Error).message}); run it as the table's owner`);
    }
  }
  try {
    await database.db.execute(sql`checkpoint`);
  } catch (error) {
    log(`Issue 38: CHECKPOINT failed (${(error as Error).message})`);
  }
  return deleted.length;
}
