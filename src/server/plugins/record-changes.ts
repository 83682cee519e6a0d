import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { PreparedQuery } from '../db/prepared-query.ts';

declare module 'fastify' {
  interface FastifyInstance {
    recordChanges: RecordChanges;
  }
}

/**
 * Live updates (DESIGN §7): a change to a record reaches its subscribers in this process at once,
 * and those of other servers on the same PostgreSQL through NOTIFY, which PostgreSQL delivers only
 * when the writing transaction commits. The notification names the record, nothing of its
 * content: each subscriber re-reads what its own role may see.
 *
 * PGlite is opened by one process only (the data-dir lock), so there it stays in-process.
 */
export interface RecordChanges {
  /** This server's id; its own notifications come back to it and are skipped. */
  readonly instanceId: string;
  /** True on PostgreSQL: writes must NOTIFY, other servers may be listening. */
  readonly crossInstance: boolean;
  readonly channel: string;
  /**
   * The statement that changes records, made to NOTIFY other servers of every changed row inside
   * the same statement (so after its commit). `recordIdColumn` is the returned column holding the
   * record's id. On PGlite the statement is returned as it is.
   */
  notifyWithin(query: PreparedQuery, recordIdColumn?: string): PreparedQuery;
  /** After a committed write made with notifyWithin: tell this server's subscribers. */
  publishLocal(recordId: string): void;
  /**
   * After any other committed change (e.g. a new report generation): tell subscribers here and on
   * every other server.
   */
  publish(recordId: string): Promise<void>;
  /** Calls `listener` after every change of the record; returns the function that stops it. */
  subscribe(recordId: string, listener: () => void): () => void;
}

export const RECORD_CHANGES_CHANNEL = 'life_record_changes';

export const recordChangesPlugin = fp(
  async (app) => {
    const instanceId = randomUUID();
    const crossInstance = app.database.kind === 'postgres';
    const listeners = new Map<string, Set<() => void>>();

    const publishLocal = (recordId: string) => {
      for (const listener of listeners.get(recordId) ?? []) {
        try {
          listener();
        } catch (error) {
          app.log.error({ err: error }, 'a record change listener failed');
        }
      }
    };

    const changes: RecordChanges = {
      instanceId,
      crossInstance,
      channel: RECORD_CHANGES_CHANNEL,
      notifyWithin(query, recordIdColumn = 'id') {
        if (!crossInstance) return query;
        const next = query.values.length + 1;
        return {
          name: `${query.name}+notify`,
          text: `with changed as (${query.text})
            select changed.*, pg_notify($${next}, json_build_object('recordId', changed.${recordIdColumn}, 'origin', $${next + 1}::text)::text) as notified
            from changed`,
          values: [...query.values, RECORD_CHANGES_CHANNEL, instanceId],
        };
      },
      publishLocal,
      async publish(recordId) {
        publishLocal(recordId);
        if (crossInstance) {
          const payload = JSON.stringify({ recordId, origin: instanceId });
          await app.database.db.execute(sql`select pg_notify(${RECORD_CHANGES_CHANNEL}, ${payload})`);
        }
      },
      subscribe(recordId, listener) {
        let set = listeners.get(recordId);
        if (!set) {
          set = new Set();
          listeners.set(recordId, set);
        }
        set.add(listener);
        return () => {
          set.delete(listener);
          if (set.size === 0 && listeners.get(recordId) === set) listeners.delete(recordId);
        };
      },
    };
    app.decorate('recordChanges', changes);

    if (crossInstance) {
      const stop = await app.database.listen(RECORD_CHANGES_CHANNEL, (payload) => {
        const notice = parseNotice(payload);
        if (notice && notice.origin !== instanceId) publishLocal(notice.recordId);
      });
      app.addHook('onClose', async () => stop());
    }
  },
  { name: 'record-changes', dependencies: ['database'] },
);

function parseNotice(payload: string): { recordId: string; origin: string } | undefined {
  try {
    const value = JSON.parse(payload) as { recordId?: unknown; origin?: unknown };
    if (typeof value.recordId === 'string' && typeof value.origin === 'string')
      return { recordId: value.recordId, origin: value.origin };
  } catch {
    // not one of ours
  }
  return undefined;
}
