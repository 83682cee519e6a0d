// Issue 31 §3: the raw rate of the save's UPDATE, in a process of its own (bench/raw-rate.ts starts
// it with a JSON argument and reads the last line it prints).
import { type DatabaseTarget, openDatabase, POSTGRES_POOL_SIZE } from '../src/server/db/database.ts';
import type { EncryptionConfig } from '../src/server/db/encryption/encryption-settings.ts';
import type { RecordChanges } from '../src/server/kernel/record-changes.ts';
import { writeRecords } from '../src/server/kernel/record-writes.ts';
import { saveAnswers as mergeAnswers } from '../src/server/modules/records/record-repository.ts';
import { saveAnswers } from './save-payload.ts';
import { summarize } from './stats.ts';

export interface RawRateJob {
  database: DatabaseTarget;
  encryption: EncryptionConfig;
  records: { recordId: string; userId: string }[];
  connections: number;
  durationS: number;
}

export const RAW_RATE_MARKER = 'raw-rate-result ';

// The server's repository function, so the statement, its prepared name and the driver call are
// the save's own; what a save adds around it (HTTP, GraphQL, the token, NOTIFY) is left out.
const noChanges: RecordChanges = {
  instanceId: 'raw-rate',
  crossInstance: false,
  changed: () => {},
  subscribe: () => () => {},
  flush: async () => {},
};

async function main(job: RawRateJob) {
  // `connections` callers queued on the server's own connections, as its requests are: PostgreSQL,
  // a pool as large as the server's (a pool of 100 would pass the server's max_connections, 100
  // here); PGlite, its one in-process connection.
  const database = await openDatabase(job.database, {
    purpose: 'the raw UPDATE rate (bench/raw-rate-process.ts)',
    poolSize: POSTGRES_POOL_SIZE,
    encryption: job.encryption,
  });
  const versions = new Map<string, number>();
  let next = 0;
  let refused = 0;
  const latencies: number[] = [];
  const work = async (until: number, measure: boolean) => {
    while (performance.now() < until) {
      const n = next++;
      const record = job.records[n % job.records.length];
      if (!record) return;
      const sentAt = performance.now();
      const merge = {
        id: record.recordId,
        baseVersion: versions.get(record.recordId) ?? 1,
        answersJson: JSON.stringify(saveAnswers(n % job.records.length, n)),
        scope: { clientId: record.userId, submitted: false as const },
        returnData: false,
      };
      const row = await writeRecords({ database, changes: noChanges }, async (writer) => {
        const saved = await mergeAnswers(writer, merge);
        return { value: saved, changed: saved ? [saved.id] : [] };
      });
      if (!measure) continue;
      if (row) {
        latencies.push(performance.now() - sentAt);
        versions.set(row.id, Math.max(versions.get(row.id) ?? 0, row.version));
      } else refused++;
    }
  };
  try {
    const lanes = Array.from({ length: job.connections });
    // One second to open the connections and plan the statement on each.
    const warm = performance.now() + 1000;
    await Promise.all(lanes.map(() => work(warm, false)));
    const start = performance.now();
    await Promise.all(lanes.map(() => work(start + job.durationS * 1000, true)));
    const seconds = (performance.now() - start) / 1000;
    const summary = summarize(latencies);
    return {
      updatesPerSecond: latencies.length / seconds,
      updates: latencies.length,
      refused,
      latencyMs: { p50: summary.p50, p99: summary.p99 },
    };
  } finally {
    await database.close();
  }
}

if (import.meta.main) {
  // The job comes on standard input: a list of 2,000 records is longer than one argument may be.
  let input = '';
  for await (const chunk of process.stdin) input += String(chunk);
  const job = JSON.parse(input) as RawRateJob;
  const result = await main(job);
  console.log(`${RAW_RATE_MARKER}${JSON.stringify(result)}`);
}
