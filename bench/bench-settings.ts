/** What `npm run bench` runs, from the environment (defaults: the targets of issue 3). */
export interface BenchSettings {
  editors: number;
  durationS: number;
  warmupS: number;
  saveEveryMs: number;
  pollEveryMs: number;
  throughputS: number;
  connections: number;
  port: number | undefined;
  postgresUrl: string | undefined;
  only: 'pglite' | 'postgres' | undefined;
}

function int(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive whole number`);
  return value;
}

export function benchSettings(): BenchSettings {
  const only = process.env.BENCH_ONLY;
  if (only !== undefined && only !== '' && only !== 'pglite' && only !== 'postgres')
    throw new Error('BENCH_ONLY must be pglite or postgres');
  return {
    editors: int('BENCH_EDITORS', 500),
    durationS: int('BENCH_DURATION_S', 60),
    warmupS: int('BENCH_WARMUP_S', 10),
    // customer-app §9: polling every 3000 ms; the editors save every 2 s.
    saveEveryMs: 2000,
    pollEveryMs: 3000,
    throughputS: int('BENCH_THROUGHPUT_S', 20),
    connections: int('BENCH_CONNECTIONS', 100),
    port: process.env.BENCH_PORT ? int('BENCH_PORT', 0) : undefined,
    postgresUrl: process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || undefined,
    only: only === 'pglite' || only === 'postgres' ? only : undefined,
  };
}
