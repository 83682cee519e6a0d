// What the record screen's comparison with SurveyJS runs (bench/screen-comparison.ts): the defaults
// of issues 15 and 32, each overridable from the environment for a shorter run.

/** issue 32: the record answered from memory at the network boundary, or by a real server process. */
export type ScreenMode = 'memory' | 'real';

export interface ComparisonSettings {
  cpuRates: number[];
  loads: number;
  keystrokes: number;
  bursts: number;
  keysPerBurst: number;
  flips: number;
  /** issue 32: which record modes run (SurveyJS runs once per layout and CPU rate beside them). */
  modes: ScreenMode[];
  /** issue 32: the layouts, as numbers of steps. */
  layouts: number[];
}

const envList = (raw: string | undefined) =>
  raw
    ?.split(',')
    .map((item) => item.trim())
    .filter(Boolean);
const envNumber = (raw: string | undefined, fallback: number) => (raw ? Number(raw) : fallback);

/**
 * The defaults, each overridable for a shorter run (BENCH_SCREEN_MODES=memory,real,
 * BENCH_SCREEN_LAYOUTS=1,10, BENCH_SCREEN_CPU=1,4, BENCH_SCREEN_LOADS, _KEYS, _BURSTS, _FLIPS).
 * issue 32: a burst is 40 characters sent with no delay.
 */
export function comparisonSettings(env = process.env): ComparisonSettings {
  return {
    cpuRates: (envList(env.BENCH_SCREEN_CPU) ?? ['1', '4']).map(Number),
    loads: envNumber(env.BENCH_SCREEN_LOADS, 5),
    keystrokes: envNumber(env.BENCH_SCREEN_KEYS, 200),
    bursts: envNumber(env.BENCH_SCREEN_BURSTS, 10),
    keysPerBurst: 40,
    flips: envNumber(env.BENCH_SCREEN_FLIPS, 40),
    modes: (envList(env.BENCH_SCREEN_MODES) ?? ['memory', 'real']) as ScreenMode[],
    layouts: (envList(env.BENCH_SCREEN_LAYOUTS) ?? ['1', '10']).map(Number),
  };
}
