import pg from 'pg';

/** What the sampler saw of the servers' PostgreSQL sessions (issue 31 §5). */
export interface NotifyLockSample {
  samples: number;
  /** Times a save's UPDATE was seen running, and of those, waiting on the NOTIFY lock. */
  savesSeen: number;
  savesWaitingOnNotifyLock: number;
  /** Times the batched `pg_notify` was seen running, and of those, waiting on the NOTIFY lock. */
  notifiesSeen: number;
  notifiesWaitingOnNotifyLock: number;
}

/**
 * Issue 31 §5: PostgreSQL takes a database-wide lock at the commit of any transaction that sent
 * a NOTIFY (a "object" lock on the database, seen as wait event Lock / object). Sampling the
 * servers' sessions shows whether saves ever wait for it (they should not: NOTIFY is sent apart,
 * batched every 10 ms, decision 013) or only the batched notifications do.
 */
export async function sampleNotifyLock(databaseUrl: string, everyMs = 200) {
  const client = new pg.Client({ connectionString: databaseUrl });
  client.on('error', () => {});
  await client.connect();
  const seen: NotifyLockSample = {
    samples: 0,
    savesSeen: 0,
    savesWaitingOnNotifyLock: 0,
    notifiesSeen: 0,
    notifiesWaitingOnNotifyLock: 0,
  };
  let running: Promise<void> | undefined;
  const sample = async () => {
    const { rows } = await client.query<{
      query: string;
      wait_event_type: string | null;
      wait_event: string | null;
    }>(
      `select query, wait_event_type, wait_event from pg_stat_activity
       where datname = current_database() and state = 'active' and pid <> pg_backend_pid()`,
    );
    seen.samples++;
    for (const row of rows) {
      const onNotifyLock = row.wait_event_type === 'Lock' && row.wait_event === 'object';
      if (/^\s*update life_records r set/i.test(row.query)) {
        seen.savesSeen++;
        if (onNotifyLock) seen.savesWaitingOnNotifyLock++;
      } else if (/pg_notify/i.test(row.query)) {
        seen.notifiesSeen++;
        if (onNotifyLock) seen.notifiesWaitingOnNotifyLock++;
      }
    }
  };
  const timer = setInterval(() => {
    running ??= sample()
      .catch(() => {})
      .finally(() => {
        running = undefined;
      });
  }, everyMs);
  return {
    async stop(): Promise<NotifyLockSample> {
      clearInterval(timer);
      await running;
      await client.end().catch(() => {});
      return seen;
    },
  };
}
