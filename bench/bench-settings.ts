/**
 * What `npm run bench` runs, from the environment and the command line (defaults: the targets of
 * issues 3 and 31). Every part runs alone: `--parts capacity` or `BENCH_PARTS=capacity`, or leave
 * one out with its `BENCH_…=0` flag. `--before <ref> [--after <ref>]` is the before/after mode.
 */
export const PARTS = [
  'record-screen',
  'builder-screen',
  'editors',
  'capacity',
  'scale-out',
  'admin-lists',
  'record-migration',
  'book',
  'fair-share',
] as const;
export type Part = (typeof PARTS)[number];

/** The flag that leaves each part out (`=0`). */
const SKIP_FLAGS: Record<Part, string> = {
  'record-screen': 'BENCH_RECORD_SCREEN',
  'builder-screen': 'BENCH_BUILDER_SCREEN',
  editors: 'BENCH_EDITORS_RUN',
  capacity: 'BENCH_CAPACITY',
  'scale-out': 'BENCH_SCALE_OUT',
  'admin-lists': 'BENCH_ADMIN_LISTS',
  'record-migration': 'BENCH_RECORD_MIGRATION',
  book: 'BENCH_BOOK',
  'fair-share': 'BENCH_FAIR_SHARE',
};

export interface BenchSettings {
  editors: number;
  /** Editors per record: 2 (pairs, live updates cross to the partner) or 1. */
  perRecord: number;
  durationS: number;
  warmupS: number;
  saveEveryMs: number;
  pollEveryMs: number;
  throughputS: number;
  connections: number;
  /** Seconds of the raw UPDATE rate (issue 31 §3). */
  rawS: number;
  port: number | undefined;
  postgresUrl: string | undefined;
  only: 'pglite' | 'postgres' | undefined;
  parts: Part[];
  /** Parts left out, with the flag that did it. */
  skipped: { part: Part; because: string }[];
  curve: { levels: number[]; warmupS: number; durationS: number; short: boolean };
  /** Server processes of the scale-out runs (issue 31 §5). */
  scaleOutServers: number[];
  beforeAfter: { before: string; after: string | undefined; rounds: number } | undefined;
}

type Env = Record<string, string | undefined>;

function positive(name: string, raw: string | undefined, fallback: number, min = 1): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min)
    throw new Error(`${name} must be a whole number of at least ${min} (got "${raw}")`);
  return value;
}

function list(name: string, raw: string | undefined, fallback: number[]): number[] {
  if (raw === undefined || raw === '') return fallback;
  return raw.split(',').map((item) => positive(name, item.trim(), 0));
}

/** `--name value` or `--name=value`; a bare `--name` is "true". */
function parseArgs(argv: readonly string[]): Map<string, string> {
  const args = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (!arg.startsWith('--')) throw new Error(`Unexpected argument "${arg}" (options start with --)`);
    const [name = '', inline] = arg.slice(2).split(/=(.*)/s);
    const next = argv[i + 1];
    if (inline !== undefined) args.set(name, inline);
    else if (next !== undefined && !next.startsWith('--')) {
      args.set(name, next);
      i++;
    } else args.set(name, 'true');
  }
  const known = ['before', 'after', 'rounds', 'parts', 'short'];
  for (const name of args.keys())
    if (!known.includes(name)) throw new Error(`Unknown option --${name} (known: --${known.join(', --')})`);
  return args;
}

export function parseBenchSettings(env: Env, argv: readonly string[] = []): BenchSettings {
  const args = parseArgs(argv);
  const only = env.BENCH_ONLY;
  if (only !== undefined && only !== '' && only !== 'pglite' && only !== 'postgres')
    throw new Error('BENCH_ONLY must be pglite or postgres');
  const perRecord = positive('BENCH_EDITORS_PER_RECORD', env.BENCH_EDITORS_PER_RECORD, 2);
  if (perRecord > 2) throw new Error('BENCH_EDITORS_PER_RECORD must be 1 or 2');

  const asked = args.get('parts') ?? env.BENCH_PARTS;
  const chosen = asked ? asked.split(',').map((part) => part.trim()) : [...PARTS];
  for (const part of chosen)
    if (!(PARTS as readonly string[]).includes(part))
      throw new Error(`Unknown part "${part}" (parts: ${PARTS.join(', ')})`);
  const skipped: BenchSettings['skipped'] = [];
  const parts = (chosen as Part[]).filter((part) => {
    if (env[SKIP_FLAGS[part]] !== '0') return true;
    skipped.push({ part, because: `${SKIP_FLAGS[part]}=0` });
    return false;
  });
  for (const part of PARTS)
    if (!chosen.includes(part)) skipped.push({ part, because: asked ? 'not in --parts' : '' });

  const short = args.get('short') === 'true' || env.BENCH_CURVE === 'short';
  const before = args.get('before') ?? env.BENCH_BEFORE;
  const after = args.get('after') ?? env.BENCH_AFTER;
  if (after && !before) throw new Error('--after needs --before (the ref to compare with)');
  return {
    editors: positive('BENCH_EDITORS', env.BENCH_EDITORS, 500),
    perRecord,
    durationS: positive('BENCH_DURATION_S', env.BENCH_DURATION_S, 60),
    warmupS: positive('BENCH_WARMUP_S', env.BENCH_WARMUP_S, 10),
    // customer-app §9: polling every 3000 ms; the editors save every 2 s.
    saveEveryMs: 2000,
    pollEveryMs: 3000,
    throughputS: positive('BENCH_THROUGHPUT_S', env.BENCH_THROUGHPUT_S, 20),
    connections: positive('BENCH_CONNECTIONS', env.BENCH_CONNECTIONS, 100),
    rawS: positive('BENCH_RAW_S', env.BENCH_RAW_S, 10),
    port: env.BENCH_PORT ? positive('BENCH_PORT', env.BENCH_PORT, 0) : undefined,
    postgresUrl: env.BENCH_DATABASE_URL || env.TEST_DATABASE_URL || undefined,
    only: only === 'pglite' || only === 'postgres' ? only : undefined,
    parts,
    skipped,
    curve: {
      levels: list('BENCH_CURVE_LEVELS', env.BENCH_CURVE_LEVELS, [250, 500, 1000, 2000]),
      warmupS: positive('BENCH_CURVE_WARMUP_S', env.BENCH_CURVE_WARMUP_S, short ? 5 : 10),
      durationS: positive('BENCH_CURVE_DURATION_S', env.BENCH_CURVE_DURATION_S, short ? 10 : 30),
      short,
    },
    scaleOutServers: list('BENCH_SCALE_OUT_SERVERS', env.BENCH_SCALE_OUT_SERVERS, [2, 3]),
    beforeAfter: before
      ? {
          before,
          after: after || undefined,
          rounds: positive('BENCH_ROUNDS', args.get('rounds') ?? env.BENCH_ROUNDS, 3),
        }
      : undefined,
  };
}

export function benchSettings(): BenchSettings {
  return parseBenchSettings(process.env, process.argv.slice(2));
}
