// issue 32: keystroke → frame presented as Chromium itself times it. Its `EventLatency` trace events
// run from the input event's creation in the browser to the presentation of the first frame that
// shows its effect (the measure behind Chrome's own responsiveness metrics). The in-page probe
// (screen-measures.ts) ends at the first task after the next animation frame instead, and Chromium
// defers that task while discrete input keeps coming, so in a burst it times the gaps in the input
// stream as much as the frame: see BENCHMARKS.md, "Where a burst's time goes".
import type { Browser, Page } from 'playwright-core';

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  pid: number;
  id?: string;
  id2?: { local?: string; global?: string };
  args?: { event_latency?: { event_type?: string } };
}

/** Enough for EventLatency; a richer set when a trace is kept for DevTools (BENCH_SCREEN_TRACE). */
const LATENCY_CATEGORIES = ['benchmark', 'input'];
const DEVTOOLS_CATEGORIES = [
  ...LATENCY_CATEGORIES,
  'cc',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'toplevel',
  'v8',
  'blink',
];

/** Milliseconds from each key press's creation to its frame's presentation, in the trace's order. */
export function keyPressLatencies(trace: { traceEvents?: TraceEvent[] } | TraceEvent[]): number[] {
  const events = (Array.isArray(trace) ? trace : (trace.traceEvents ?? []))
    .filter((event) => event.name === 'EventLatency' && (event.ph === 'b' || event.ph === 'e'))
    .sort((a, b) => a.ts - b.ts);
  const open = new Map<string, TraceEvent>();
  const latencies: number[] = [];
  for (const event of events) {
    const key = `${event.pid}:${event.id2?.local ?? event.id2?.global ?? event.id ?? ''}`;
    if (event.ph === 'b') {
      open.set(key, event);
      continue;
    }
    const begin = open.get(key);
    open.delete(key);
    // KEY_PRESSED is the key going down (keydown, its character and input); the key's release
    // changes nothing on screen.
    if (begin?.args?.event_latency?.event_type === 'KEY_PRESSED')
      latencies.push((event.ts - begin.ts) / 1000);
  }
  return latencies;
}

/**
 * Runs `act` under a Chromium trace and returns its key presses' presented latencies; `keepAs`
 * also writes the trace there.
 */
export async function presentedKeyLatencies(
  browser: Browser,
  page: Page,
  act: () => Promise<void>,
  keepAs?: string,
): Promise<number[]> {
  await browser.startTracing(page, {
    categories: keepAs ? DEVTOOLS_CATEGORIES : LATENCY_CATEGORIES,
    ...(keepAs ? { path: keepAs } : {}),
  });
  let trace: Buffer | undefined;
  try {
    await act();
  } finally {
    trace = await browser.stopTracing();
  }
  return keyPressLatencies(JSON.parse(trace.toString('utf8')));
}
