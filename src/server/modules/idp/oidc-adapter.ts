import { sql } from 'drizzle-orm';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import { type Db, queryRows } from '../../db/database.ts';
import type { oidcPayloads } from '../../db/identity-schema.ts';
import type { ColumnsOfRow } from '../../db/row-of.ts';

/**
 * oidc-provider's storage (sessions, grants, interactions, codes, tokens) in `oidc_payloads`, so the
 * provider's state survives a restart and is shared by every server instance (DESIGN §1). One row
 * per model and id; `grant_id`, `uid` and `user_code` are columns so the lookups by them are indexed.
 */
export function databaseAdapterFactory(db: Db): (model: string) => Adapter {
  return (model) => new DatabaseAdapter(db, model);
}

/** The stored payload (oidc-provider's own shape, which it alone writes) and when it was consumed, in epoch seconds. */
type PayloadRow = ColumnsOfRow<typeof oidcPayloads, 'payload'> & { consumed: number | null };

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
    await this.#db.execute(
      sql`insert into oidc_payloads (model, id, payload, grant_id, user_code, uid, expires_at)
          values (${this.#model}, ${id}, ${JSON.stringify(payload)}::jsonb, ${payload.grantId ?? null},
                  ${payload.userCode ?? null}, ${payload.uid ?? null}, ${expiresAt}::timestamptz)
          on conflict (model, id) do update
            set payload = excluded.payload, grant_id = excluded.grant_id, user_code = excluded.user_code,
                uid = excluded.uid, expires_at = excluded.expires_at`,
    );
  }

  find(id: string): Promise<AdapterPayload | undefined> {
    return this.#findWhere(sql`id = ${id}`);
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
          where model = ${this.#model} and id = ${id} and consumed_at is null`,
    );
  }

  async destroy(id: string): Promise<void> {
    await this.#db.execute(sql`delete from oidc_payloads where model = ${this.#model} and id = ${id}`);
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.#db.execute(
      sql`delete from oidc_payloads where model = ${this.#model} and grant_id = ${grantId}`,
    );
  }

  async #findWhere(condition: ReturnType<typeof sql>): Promise<AdapterPayload | undefined> {
    const [row] = await queryRows<PayloadRow>(
      this.#db,
      sql`select payload, floor(extract(epoch from consumed_at))::float8 as consumed
          from oidc_payloads
          where model = ${this.#model} and ${condition}
            and (expires_at is null or expires_at > now())
          limit 1`,
    );
    if (!row) return undefined;
    const payload = (
      typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload
    ) as AdapterPayload;
    return row.consumed === null ? payload : { ...payload, consumed: Number(row.consumed) };
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
  await db.execute(
    sql`delete from oidc_payloads
        where payload->>'accountId' = ${accountId} or payload->'session'->>'accountId' = ${accountId}`,
  );
}
