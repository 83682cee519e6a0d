import os from 'node:os';

/**
 * Issue 31 §1: a run is taken "under load" when the machine's 1-minute load average, at its start
 * or at its end, is over half its cores: then other work had the CPUs at least half the time and
 * the figures say more about the machine than about the code.
 */
export const UNDER_LOAD_FACTOR = 0.5;

export interface LoadReading {
  oneMinute: number;
  fiveMinutes: number;
  fifteenMinutes: number;
}

export interface LoadVerdict {
  start: LoadReading;
  end: LoadReading;
  cores: number;
  /** 1-minute load average above which a run is under load. */
  threshold: number;
  underLoad: boolean;
}

export function readLoad(): LoadReading {
  const [oneMinute = 0, fiveMinutes = 0, fifteenMinutes = 0] = os.loadavg();
  return { oneMinute, fiveMinutes, fifteenMinutes };
}

export function judgeLoad(start: LoadReading, end: LoadReading, cores = os.cpus().length): LoadVerdict {
  const threshold = UNDER_LOAD_FACTOR * cores;
  return {
    start,
    end,
    cores,
    threshold,
    underLoad: start.oneMinute > threshold || end.oneMinute > threshold,
  };
}

const triple = (reading: LoadReading) =>
  [reading.oneMinute, reading.fiveMinutes, reading.fifteenMinutes].map((n) => n.toFixed(2)).join(' / ');

/** One line for the console and BENCHMARKS.md. */
export function describeLoad(verdict: LoadVerdict): string {
  const rule = `1-min load over ${verdict.threshold.toFixed(2)} = ${UNDER_LOAD_FACTOR} × ${verdict.cores} cores at start or end`;
  return (
    `Load average (1 / 5 / 15 min) at start ${triple(verdict.start)}, at end ${triple(verdict.end)}: ` +
    (verdict.underLoad ? `**taken under load** (${rule}).` : `quiet (not ${rule}).`)
  );
}

/** A short form for table cells: "1.2 → 2.5 (under load)". */
export function loadCell(verdict: LoadVerdict): string {
  const span = `${verdict.start.oneMinute.toFixed(1)} → ${verdict.end.oneMinute.toFixed(1)}`;
  return verdict.underLoad ? `${span} (under load)` : span;
}
