import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { DatabaseTarget } from '../src/server/db/database.ts';
import type { EncryptionConfig } from '../src/server/db/encryption/encryption-settings.ts';
import { RAW_RATE_MARKER as MARKER } from './raw-rate-process.ts';
import type { BenchEditor } from './seed-editors.ts';

export interface RawRateResult {
  connections: number;
  durationS: number;
  updatesPerSecond: number;
  updates: number;
  /** UPDATEs whose WHERE matched no row (should be 0: the same merges a save makes). */
  refused: number;
  latencyMs: { p50: number; p99: number };
}

/**
 * Issue 31 §3: the database's own rate for the save's single-row UPDATE, same statement and same
 * payload, with `connections` callers at once, in a process of its own (bench/raw-rate-process.ts)
 * so neither the server's nor the benchmark's work shares its event loop. Run on the benchmark's
 * database once its servers have stopped (PGlite's directory is one process's at a time).
 */
export function measureRawRate(options: {
  database: DatabaseTarget;
  /** The server's key settings: without its key-encryption key no sealed answer opens. */
  encryption: EncryptionConfig;
  records: BenchEditor[];
  connections: number;
  durationS: number;
}): Promise<RawRateResult> {
  const job = JSON.stringify({
    database: options.database,
    encryption: options.encryption,
    records: options.records.map(({ recordId, userId }) => ({ recordId, userId })),
    connections: options.connections,
    durationS: options.durationS,
  });
  const script = fileURLToPath(new URL('./raw-rate-process.ts', import.meta.url));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script], { stdio: ['pipe', 'pipe', 'inherit'] });
    child.stdin.end(job);
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      const line = out.split('\n').find((text) => text.startsWith(MARKER));
      if (code !== 0 || !line) return reject(new Error(`the raw-rate process failed (exit ${code}): ${out}`));
      const result = JSON.parse(line.slice(MARKER.length)) as Omit<
        RawRateResult,
        'connections' | 'durationS'
      >;
      resolve({ connections: options.connections, durationS: options.durationS, ...result });
    });
  });
}
