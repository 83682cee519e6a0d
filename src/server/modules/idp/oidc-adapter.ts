import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import { type Db, queryRows, vaultOf } from '../../db/database.ts';
import {
  openServerState,
  providerStateBinding,
  sealServerState,
} from '../../db/encryption/server-state-sealing.ts';
import type { oidcPayloads } from '../../db/identity-schema.ts';
import type { ColumnsOfRow } from '../../db/row-of.ts';

/**
 * oidc-provider's storage (sessions, grants, interactions, codes, tokens) in `oidc_payloads`, so the
 * provider's state survives a restart and is shared by every server instance (DESIGN §1). One row
 * per model and id; `grant_id`, `uid` and `user_code` are columns so the lookups by them are indexed.
 *
 * Issue 38 §1 (decision 140): the id of a token, code or session is its value, a bearer secret; the
 * row holds its SHA-256 instead, and the payload (which repeats it as `jti`) is sealed with the
 * key-encryption key, bound to its model and hashed id. A copy of the database renews nothing.
 */
export function databaseAdapterFactory(db: Db): (model: string) => Adapter {
  return (model) => new DatabaseAdapter(db, model);
}

/** The stored (sealed) payload, its row's hashed id and KEK, and when it was consumed, in epoch seconds. */
/** A stored payload, still sealed; `consumed` is consumed_at in epoch seconds (as oidc-provider wants). */
type PayloadRow = ColumnsOfRow<typeof oidcPayloads, 'id' | 'payload' | 'kek_id'> & {
  consumed: number | null;
};

/** What the row is keyed by: never the token's value itself. */
export function storedProviderId(id: string): string {
  return createHash('sha256').update(id, 'utf8').digest('hex');
}

/** The account a payload belongs to (sessions name it inside `session` on some models). */
function accountOf(payload: AdapterPayload): string | null {
  const session = (payload as { session?: { accountId?: unknown } }).session;
  const accountId = payload.accountId ?? session?.accountId;
  return typeof accountId === 'string' ? accountId : null;
}

class DatabaseAdapter implements Adapter {
  readonly #db: Db;
  readonly #model: string;

  constructor(db: Db, model: string) {
    this.#db = db;
    this.#model = model;
  }

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    const expiresAt =
      typeof expiresIn === 'number' ? new Date(Date.now() + expiresIn * 1000).toISOString() : null;
    const stored = storedProviderId(id);
    const { kekId, sealed } = sealServerState(
      vaultOf(this.#db).keyring,
      'provider-state',
      providerStateBinding(this.#model, stored),
      JSON.stringify(payload),
    );
    await this.#db.execute(
      sql`insert into oidc_payloads (model, id, payload, kek_id, account_id, grant_id, user_code, uid, expires_at)
          values (${this.#model}, ${stored}, ${sealed}::bytea, ${kekId}, ${accountOf(payload)},
                  ${payload.grantId ?? null}, ${payload.userCode ?? null}, ${payload.uid ?? null},
                  ${expiresAt}::timestamptz)
          on conflict (model, id) do update
            set payload = excluded.payload, kek_id = excluded.kek_id, account_id = excluded.account_id,
                grant_id = excluded.grant_id, user_code = excluded.user_code,
                uid = excluded.uid, expires_at = excluded.expires_at`,
    );
  }

  find(id: string): Promise<AdapterPayload | undefined> {
    return this.#findWhere(sql`id = ${storedProviderId(id)}`);
  }

  findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return this.#findWhere(sql`uid = ${uid}`);
  }

  findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return this.#findWhere(sql`user_code = ${userCode}`);
  }

  async consume(id: string): Promise<void> {
    await this.#db.execute(
      sql`update oidc_payloads set consumed_at = now()
          where model = ${this.#model} and id = ${storedProviderId(id)} and consumed_at is null`,
    );
  }

  async destroy(id: string): Promise<void> {
    await this.#db.execute(
      sql`delete from oidc_payloads where model = ${this.#model} and id = ${storedProviderId(id)}`,
    );
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.#db.execute(
      sql`delete from oidc_payloads where model = ${this.#model} and grant_id = ${grantId}`,
    );
  }

  async #findWhere(condition: ReturnType<typeof sql>): Promise<AdapterPayload | undefined> {
    const [row] = await queryRows<PayloadRow>(
      this.#db,
      sql`select id, payload, kek_id, floor(extract(epoch from consumed_at))::float8 as consumed
          from oidc_payloads
          where model = ${this.#model} and ${condition}
            and (expires_at is null or expires_at > now())
          limit 1`,
    );
    if (!row) return undefined;
    const payload = openPayload(this.#db, this.#model, row);
    if (!payload) return undefined;
    return row.consumed === null ? payload : { ...payload, consumed: Number(row.consumed) };
  }
}

/** A row's payload, or undefined when it was altered or sealed under a key this server lacks. */
function openPayload(db: Db, model: string, row: PayloadRow): AdapterPayload | undefined {
  try {
    return JSON.parse(
      openServerState(vaultOf(db).keyring, 'provider-state', providerStateBinding(model, row.id), {
        kekId: row.kek_id,
        sealed: row.payload,
      }),
    ) as AdapterPayload;
  } catch {
    // As good as absent (that sign-in ends).
    return undefined;
  }
}

/**
 * Issue 38 §4 (decision 145): Logout ends this device's provider session, found by the uid its ID
 * token names (accountClaims), with its grants (inside the sealed Session) and every token and code
 * of them. The person's other sessions stay. The browser's own end_session redirect, if it
 * arrives, then finds nothing to end.
 */
export async function endProviderSession(db: Db, accountId: string, sessionUid: string): Promise<void> {
  const sessions = await queryRows<PayloadRow>(
    db,
    sql`select id, payload, kek_id, null::float8 as consumed from oidc_payloads
        where model = 'Session' and uid = ${sessionUid} and account_id = ${accountId}`,
  );
  for (const row of sessions) {
    const authorizations = Object.values(
      (
        openPayload(db, 'Session', row) as
          | { authorizations?: Record<string, { grantId?: unknown }> }
          | undefined
      )?.authorizations ?? {},
    );
    const grantIds = authorizations.flatMap((entry) =>
      typeof entry.grantId === 'string' ? [entry.grantId] : [],
    );
    await db.transaction(async (tx) => {
      await tx.execute(sql`delete from oidc_payloads where model = 'Session' and id = ${row.id}`);
      for (const grantId of grantIds) {
        await tx.execute(
          sql`delete from oidc_payloads
              where grant_id = ${grantId} or (model = 'Grant' and id = ${storedProviderId(grantId)})`,
        );
      }
    });
  }
}

/** Expired sessions, codes and tokens are deleted now and then; reads already ignore them. */
export async function deleteExpiredProviderState(db: Db): Promise<void> {
  await db.execute(sql`delete from oidc_payloads where expires_at < now()`);
}

/**
 * Signs an account out everywhere: its sessions, grants, codes and tokens go. Used after a
 * password reset, when whoever knew the old password must lose access.
 */
export async function deleteProviderStateOfAccount(db: Db, accountId: string): Promise<void> {
  await db.execute(sql`delete from oidc_payloads where account_id = ${accountId}`);
}
