import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { prepared, runStatement, value } from '../db/prepared-query.ts';

/**
 * Live updates (DESIGN §7): a change to a record reaches its subscribers in this process at once,
 * and those of other servers on the same PostgreSQL through NOTIFY, sent after the write has
 * committed. The notification names records, nothing of their content: each subscriber re-reads
 * what its own role may see. PGlite is opened by one process only (the data-dir lock), so there
 * it stays in-process.
 *
 * Notifications for other servers are gathered for at most NOTIFY_BATCH_MS and sent as one NOTIFY
 * naming every record changed meanwhile (docs/decisions/013-live-updates-across-servers.md): a
 * NOTIFY in every save's own transaction serializes the commits of all saves on PostgreSQL's
 * notification queue lock and cost 40% of save throughput in the benchmark.
 */
export interface RecordChanges {
  /** This server's id; its own notifications come back to it and are skipped. */
  readonly instanceId: string;
  /** True on PostgreSQL, where other servers may share the database. */
  readonly crossInstance: boolean;
  /** After a committed change of a record: subscribers here hear at once, other servers' soon after. */
  changed(recordId: string): void;
  /** Calls `listener` after every change of the record; returns the function that stops it. */
  subscribe(recordId: string, listener: () => void): () => void;
  /** Sends the notifications still gathered (done on close). */
  flush(): Promise<void>;
}

/** The publisher with what its owner (plugins/record-changes.ts) starts and stops. */
export interface RecordChangesPublisher extends RecordChanges {
  /** Hears other servers' notifications (PostgreSQL); resolves to the function that stops it. */
  listen(): Promise<() => Promise<void>>;
  /** Sends what is gathered, then nothing more: the database connections are about to go. */
  close(): Promise<void>;
}

export const RECORD_CHANGES_CHANNEL = 'life_record_changes';
export const NOTIFY_BATCH_MS = 10;
// NOTIFY payloads must stay under 8000 bytes; a record id takes 39 in the JSON list.
const IDS_PER_NOTIFICATION = 150;
const NOTIFY_RECORD_CHANGES = prepared<never>(
  'record-changes-notify',
  sql`select pg_notify(${value('channel')}, ${value('payload')})`,
);

export function createRecordChanges(
  database: Database,
  log: { error(details: object, message: string): void },
): RecordChangesPublisher {
  const instanceId = randomUUID();
  const crossInstance = database.kind === 'postgres';
  const listeners = new Map<string, Set<() => void>>();
  let gathered = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  // Once the server closes, its database connections go: nothing more is sent to other servers
  // (a save finishing during shutdown used to log "Cannot use a pool after calling end").
  let closed = false;

  const publishLocal = (recordId: string) => {
    for (const listener of listeners.get(recordId) ?? []) {
      try {
        listener();
      } catch (error) {
        log.error({ err: error }, 'a record change listener failed');
      }
    }
  };

  async function flush(): Promise<void> {
    clearTimeout(timer);
    timer = undefined;
    if (gathered.size === 0 || closed) return;
    const ids = [...gathered];
    gathered = new Set();
    for (let start = 0; start < ids.length; start += IDS_PER_NOTIFICATION) {
      const payload = JSON.stringify({
        origin: instanceId,
        recordIds: ids.slice(start, start + IDS_PER_NOTIFICATION),
      });
      try {
        await runStatement(database.db, NOTIFY_RECORD_CHANGES, { channel: RECORD_CHANGES_CHANNEL, payload });
      } catch (error) {
        // Their screens still catch up: the record screen polls every 3 s (customer-app §7 call 11).
        log.error({ err: error }, 'notifying other servers of record changes failed');
      }
    }
  }

  return {
    instanceId,
    crossInstance,
    changed(recordId) {
      publishLocal(recordId);
      if (!crossInstance || closed) return;
      gathered.add(recordId);
      if (gathered.size >= IDS_PER_NOTIFICATION) void flush();
      else timer ??= setTimeout(() => void flush(), NOTIFY_BATCH_MS);
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
    flush,
    listen: () =>
      database.listen(RECORD_CHANGES_CHANNEL, (payload) => {
        const notice = parseNotice(payload);
        if (notice && notice.origin !== instanceId) for (const id of notice.recordIds) publishLocal(id);
      }),
    async close() {
      await flush();
      closed = true;
    },
  };
}

function parseNotice(payload: string): { origin: string; recordIds: string[] } | undefined {
  try {
    const value = JSON.parse(payload) as { origin?: unknown; recordIds?: unknown };
    if (typeof value.origin !== 'string' || !Array.isArray(value.recordIds)) return undefined;
    return {
      origin: value.origin,
      recordIds: value.recordIds.filter((id): id is string => typeof id === 'string'),
    };
  } catch {
    return undefined; // not one of ours
  }
}
