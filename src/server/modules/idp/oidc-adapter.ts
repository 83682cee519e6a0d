import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import { type Db, vaultOf } from '../../db/database.ts';
import {
  openServerState,
  providerStateBinding,
  sealServerState,
} from '../../db/encryption/server-state-sealing.ts';
import { oidcPayloads } from '../../db/identity-schema.ts';
import { column, prepared, runStatement, value } from '../../db/prepared-query.ts';
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

const p = oidcPayloads; // short: every statement below names its columns
const UPSERT = prepared<never>(
  'oidc-payload-upsert',
  sql`insert into ${p} (${column(p.model)}, ${column(p.id)}, ${column(p.payload)}, ${column(p.kekId)},
        ${column(p.accountId)}, ${column(p.grantId)}, ${column(p.userCode)}, ${column(p.uid)}, ${column(p.expiresAt)})
      values (${value('model')}, ${value('id')}, ${value('sealed')}::bytea, ${value('kekId')}, ${value('accountId')},
              ${value('grantId')}, ${value('userCode')}, ${value('uid')}, ${value('expiresAt')}::timestamptz)
      on conflict (${column(p.model)}, ${column(p.id)}) do update
        set ${column(p.payload)} = excluded.${column(p.payload)}, ${column(p.kekId)} = excluded.${column(p.kekId)},
            ${column(p.accountId)} = excluded.${column(p.accountId)}, ${column(p.grantId)} = excluded.${column(p.grantId)},
            ${column(p.userCode)} = excluded.${column(p.userCode)}, ${column(p.uid)} = excluded.${column(p.uid)},
            ${column(p.expiresAt)} = excluded.${column(p.expiresAt)}`,
);
/** A live payload of the model by one of its indexed keys. */
const findBy = (key: 'id' | 'uid' | 'userCode') =>
  prepared<PayloadRow>(
    `oidc-payload-find-by-${key}`,
    sql`select ${p.id}, ${p.payload}, ${p.kekId}, floor(extract(epoch from ${p.consumedAt}))::float8 as consumed
        from ${p}
        where ${p.model} = ${value('model')} and ${p[key]} = ${value('key')}
          and (${p.expiresAt} is null or ${p.expiresAt} > now())
        limit 1`,
  );
const FIND = { id: findBy('id'), uid: findBy('uid'), userCode: findBy('userCode') };
const CONSUME = prepared<never>(
  'oidc-payload-consume',
  sql`update ${p} set ${column(p.consumedAt)} = now()
      where ${p.model} = ${value('model')} and ${p.id} = ${value('id')} and ${p.consumedAt} is null`,
);
const DESTROY = prepared<never>(
  'oidc-payload-destroy',
  sql`delete from ${p} where ${p.model} = ${value('model')} and ${p.id} = ${value('id')}`,
);
const REVOKE_GRANT_OF_MODEL = prepared<never>(
  'oidc-payload-revoke-grant',
  sql`delete from ${p} where ${p.model} = ${value('model')} and ${p.grantId} = ${value('grantId')}`,
);
const SESSIONS_BY_UID = prepared<PayloadRow>(
  'oidc-payload-sessions-by-uid',
  sql`select ${p.id}, ${p.payload}, ${p.kekId}, null::float8 as consumed from ${p}
      where ${p.model} = 'Session' and ${p.uid} = ${value('uid')} and ${p.accountId} = ${value('accountId')}`,
);
const DELETE_SESSION = prepared<never>(
  'oidc-payload-delete-session',
  sql`delete from ${p} where ${p.model} = 'Session' and ${p.id} = ${value('id')}`,
);
const DELETE_GRANT = prepared<never>(
  'oidc-payload-delete-grant',
  sql`delete from ${p}
      where ${p.grantId} = ${value('grantId')} or (${p.model} = 'Grant' and ${p.id} = ${value('storedGrantId')})`,
);
const DELETE_EXPIRED = prepared<never>(
  'oidc-payload-delete-expired',
  sql`delete from ${p} where ${p.expiresAt} < now()`,
);
const DELETE_OF_ACCOUNT = prepared<never>(
  'oidc-payload-delete-of-account',
  sql`delete from ${p} where ${p.accountId} = ${value('accountId')}`,
);

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
    await runStatement(this.#db, UPSERT, {
      model: this.#model,
      id: stored,
      sealed,
      kekId,
      accountId: accountOf(payload),
      grantId: payload.grantId ?? null,
      userCode: payload.userCode ?? null,
      uid: payload.uid ?? null,
      expiresAt,
    });
  }

  find(id: string): Promise<AdapterPayload | undefined> {
    return this.#findBy('id', storedProviderId(id));
  }

  findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return this.#findBy('uid', uid);
  }

  findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return this.#findBy('userCode', userCode);
  }

  async consume(id: string): Promise<void> {
    await runStatement(this.#db, CONSUME, { model: this.#model, id: storedProviderId(id) });
  }

  async destroy(id: string): Promise<void> {
    await runStatement(this.#db, DESTROY, { model: this.#model, id: storedProviderId(id) });
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await runStatement(this.#db, REVOKE_GRANT_OF_MODEL, { model: this.#model, grantId });
  }

  async #findBy(key: keyof typeof FIND, keyValue: string): Promise<AdapterPayload | undefined> {
    const [row] = await runStatement(this.#db, FIND[key], { model: this.#model, key: keyValue });
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
  const sessions = await runStatement(db, SESSIONS_BY_UID, { uid: sessionUid, accountId });
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
      await runStatement(tx, DELETE_SESSION, { id: row.id });
      for (const grantId of grantIds)
        await runStatement(tx, DELETE_GRANT, { grantId, storedGrantId: storedProviderId(grantId) });
    });
  }
}

/** Expired sessions, codes and tokens are deleted now and then; reads already ignore them. */
export async function deleteExpiredProviderState(db: Db): Promise<void> {
  await runStatement(db, DELETE_EXPIRED);
}

/**
 * Signs an account out everywhere: its sessions, grants, codes and tokens go. Used after a
 * password reset, when whoever knew the old password must lose access.
 */
export async function deleteProviderStateOfAccount(db: Db, accountId: string): Promise<void> {
  await runStatement(db, DELETE_OF_ACCOUNT, { accountId });
}
