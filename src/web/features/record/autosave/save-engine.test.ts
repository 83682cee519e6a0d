import { describe, expect, it } from 'vitest';
import {
  initialSaveEngineState,
  isServerFaulty,
  SAVE_DEBOUNCE_MS,
  type SaveEngineEffect,
  type SaveEngineEvent,
  type SaveEngineState,
  saveEngine,
} from './save-engine.ts';

// Decision 200: the save engine's reducer, event by event, without a browser, timers or IO.

const idle = initialSaveEngineState;
function state(overrides: Partial<SaveEngineState> = {}): SaveEngineState {
  return { ...idle, ...overrides };
}

const cancelDebounce: SaveEngineEffect = { type: 'cancel-debounce' };
const cancelRetry: SaveEngineEffect = { type: 'cancel-retry' };
const join: SaveEngineEffect = { type: 'join-batch' };
const send: SaveEngineEffect = { type: 'send' };
const notify = (notice: string, error?: unknown): SaveEngineEffect =>
  (error === undefined ? { type: 'notify', notice } : { type: 'notify', notice, error }) as SaveEngineEffect;
const afterSave = (...reaction: SaveEngineEffect[]): SaveEngineEffect[] => [
  notify('save-returned'),
  ...reaction,
  notify('save-ended'),
  { type: 'release-batch' },
];

interface Row {
  name: string;
  from: SaveEngineState;
  event: SaveEngineEvent;
  to: Partial<SaveEngineState>;
  effects: SaveEngineEffect[];
}

function expectStep({ from, event, to, effects }: Row): void {
  const step = saveEngine(from, event);
  expect(step.effects).toEqual(effects);
  expect(step.state).toEqual({ ...from, ...to });
}

const error = new Error('the failure');

const table: Record<SaveEngineEvent['type'], Row[]> = {
  typed: [
    {
      name: 'first key arms the pause',
      from: idle,
      event: { type: 'typed', at: 1000 },
      to: { debounceArmed: true, lastTypedAt: 1000 },
      effects: [{ type: 'arm-debounce', ms: SAVE_DEBOUNCE_MS }],
    },
    {
      name: 'a key while the pause runs only notes its time (issue 32)',
      from: state({ debounceArmed: true, lastTypedAt: 1000 }),
      event: { type: 'typed', at: 1200 },
      to: { lastTypedAt: 1200 },
      effects: [],
    },
    {
      name: 'a waiting retry will carry it (offline)',
      from: state({ retryWaiting: true, debounceArmed: true }),
      event: { type: 'typed', at: 5 },
      to: { debounceArmed: false },
      effects: [cancelDebounce],
    },
    {
      name: 'autosave stopped: nothing goes',
      from: state({ stopped: true }),
      event: { type: 'typed', at: 5 },
      to: {},
      effects: [cancelDebounce],
    },
    {
      name: 'sign-in ended elsewhere: nothing goes',
      from: state({ endedElsewhere: true }),
      event: { type: 'typed', at: 5 },
      to: {},
      effects: [cancelDebounce],
    },
  ],
  'debounce-due': [
    {
      name: 'keys came since: waits the rest',
      from: state({ debounceArmed: true, lastTypedAt: 1000 }),
      event: { type: 'debounce-due', at: 1300, closed: false },
      to: {},
      effects: [{ type: 'arm-debounce', ms: 100 }],
    },
    {
      name: 'the pause is whole: saves',
      from: state({ debounceArmed: true, lastTypedAt: 1000 }),
      event: { type: 'debounce-due', at: 1400, closed: false },
      to: { debounceArmed: false },
      effects: [cancelDebounce, join, cancelRetry, send],
    },
    {
      name: 'a save on its way: the batch waits for it',
      from: state({ debounceArmed: true, sending: true }),
      event: { type: 'debounce-due', at: 1400, closed: false },
      to: { debounceArmed: false, waiting: true },
      effects: [cancelDebounce, join],
    },
  ],
  flush: [
    {
      name: 'idle: sends at once',
      from: state({ retryWaiting: true }),
      event: { type: 'flush', closed: false },
      to: { retryWaiting: false },
      effects: [cancelDebounce, join, cancelRetry, send],
    },
    {
      name: 'a save on its way: joins the next batch',
      from: state({ sending: true }),
      event: { type: 'flush', closed: false },
      to: { waiting: true },
      effects: [cancelDebounce, join],
    },
    {
      name: 'migration while typing: waits for the new form (issue 26 §3)',
      from: state({ paused: true }),
      event: { type: 'flush', closed: false },
      to: { waiting: true },
      effects: [cancelDebounce, join],
    },
    {
      name: 'submitted record: nothing to wait for',
      from: idle,
      event: { type: 'flush', closed: true },
      to: {},
      effects: [cancelDebounce],
    },
    {
      name: 'autosave stopped',
      from: state({ stopped: true }),
      event: { type: 'flush', closed: false },
      to: {},
      effects: [cancelDebounce],
    },
    {
      name: 'sign-in ended elsewhere',
      from: state({ endedElsewhere: true }),
      event: { type: 'flush', closed: false },
      to: {},
      effects: [cancelDebounce],
    },
    {
      name: 'disposed (the screen left)',
      from: state({ disposed: true }),
      event: { type: 'flush', closed: false },
      to: {},
      effects: [cancelDebounce],
    },
  ],
  'send-now': [
    {
      name: 'Complete & Send takes the waiting batch along',
      from: state({ waiting: true, paused: true }),
      event: { type: 'send-now' },
      to: { waiting: false },
      effects: [send],
    },
  ],
  'send-started': [
    {
      name: 'shows saving',
      from: idle,
      event: { type: 'send-started' },
      to: { sending: true },
      effects: [notify('save-started')],
    },
  ],
  'save-acknowledged': [
    {
      name: 'back-off, faults and the sign-in notice start over',
      from: state({ sending: true, attempt: 3, serverFaults: 4, signInNeeded: true }),
      event: { type: 'save-acknowledged' },
      to: { attempt: 0, serverFaults: 0, signInNeeded: false },
      effects: [],
    },
  ],
  'save-answered': [
    {
      name: 'done',
      from: state({ sending: true }),
      event: { type: 'save-answered', resend: false },
      to: { sending: false },
      effects: afterSave(),
    },
    {
      name: 'typed again or refused as stale: goes again',
      from: state({ sending: true }),
      event: { type: 'save-answered', resend: true },
      to: { sending: false, waiting: true },
      effects: afterSave(join),
    },
    {
      name: 'disposed (StrictMode, left the record): only the sent marks clear',
      from: state({ sending: true, disposed: true, waiting: true }),
      event: { type: 'save-answered', resend: false },
      to: { sending: false },
      effects: [notify('save-returned')],
    },
  ],
  'save-failed': [
    {
      name: 'offline or time-out: retried after 1 s ±20 %',
      from: state({ sending: true }),
      event: { type: 'save-failed', failure: 'passing', error, random: 0.5 },
      to: { sending: false, attempt: 1, retryWaiting: true },
      effects: afterSave(cancelRetry, { type: 'arm-retry', ms: 1000 }),
    },
    {
      name: 'the back-off doubles, at most 15 s',
      from: state({ sending: true, attempt: 9 }),
      event: { type: 'save-failed', failure: 'passing', error, random: 0 },
      to: { sending: false, attempt: 10, retryWaiting: true },
      effects: afterSave(cancelRetry, { type: 'arm-retry', ms: 12_000 }),
    },
    {
      name: 'server restart: counted, retried',
      from: state({ sending: true }),
      event: { type: 'save-failed', failure: 'server-fault', error, random: 0.5 },
      to: { sending: false, attempt: 1, serverFaults: 1, retryWaiting: true },
      effects: afterSave(cancelRetry, { type: 'arm-retry', ms: 1000 }),
    },
    {
      name: 'the third server fault in a row is told (issue 13 §8)',
      from: state({ sending: true, attempt: 2, serverFaults: 2 }),
      event: { type: 'save-failed', failure: 'server-fault', error, random: 0.5 },
      to: { sending: false, attempt: 3, serverFaults: 3, retryWaiting: true },
      effects: afterSave(notify('server-faults', error), cancelRetry, { type: 'arm-retry', ms: 4000 }),
    },
    {
      name: 'sign-in ended (expired): told, still retried (issue 26 §1)',
      from: state({ sending: true }),
      event: { type: 'save-failed', failure: 'sign-in-ended', error, random: 0.5 },
      to: { sending: false, attempt: 1, signInNeeded: true, retryWaiting: true },
      effects: afterSave(cancelRetry, { type: 'arm-retry', ms: 1000 }),
    },
    {
      name: 'sign-in ended elsewhere: nothing goes until a new sign-in (issue 38 §5)',
      from: state({ sending: true, waiting: true }),
      event: { type: 'save-failed', failure: 'ended-elsewhere', error, random: 0.5 },
      to: { sending: false, signInNeeded: true, endedElsewhere: true, waiting: false },
      effects: afterSave({ type: 'release-waiting' }),
    },
    {
      name: 'refused: autosave off for the session (customer-app §4)',
      from: state({ sending: true, waiting: true }),
      event: { type: 'save-failed', failure: 'refused', error, random: 0.5 },
      to: { sending: false, stopped: true, waiting: false },
      effects: afterSave({ type: 'release-waiting' }, notify('autosave-stopped', error)),
    },
    {
      name: 'disposed: nothing more',
      from: state({ sending: true, disposed: true }),
      event: { type: 'save-failed', failure: 'refused', error, random: 0.5 },
      to: { sending: false },
      effects: [notify('save-returned')],
    },
  ],
  'batch-released': [
    {
      name: 'callers that joined meanwhile go now',
      from: state({ waiting: true }),
      event: { type: 'batch-released' },
      to: { waiting: false },
      effects: [send],
    },
    { name: 'nobody waits', from: idle, event: { type: 'batch-released' }, to: {}, effects: [] },
    {
      name: 'a retry waits: the batch goes with it',
      from: state({ waiting: true, retryWaiting: true }),
      event: { type: 'batch-released' },
      to: {},
      effects: [],
    },
    {
      name: 'the form changed: waits for the move',
      from: state({ waiting: true, paused: true }),
      event: { type: 'batch-released' },
      to: {},
      effects: [],
    },
    {
      name: 'autosave stopped',
      from: state({ waiting: true, stopped: true }),
      event: { type: 'batch-released' },
      to: {},
      effects: [],
    },
  ],
  'retry-due': [
    {
      name: 'sends the unsent answers again',
      from: state({ retryWaiting: true, attempt: 2 }),
      event: { type: 'retry-due', closed: false },
      to: { retryWaiting: false },
      effects: [cancelDebounce, join, cancelRetry, send],
    },
    {
      name: 'submitted meanwhile: nothing',
      from: state({ retryWaiting: true }),
      event: { type: 'retry-due', closed: true },
      to: { retryWaiting: false },
      effects: [cancelDebounce],
    },
  ],
  'went-online': [
    {
      name: 'a waiting retry goes now',
      from: state({ retryWaiting: true }),
      event: { type: 'went-online', closed: false },
      to: { retryWaiting: false },
      effects: [cancelDebounce, join, cancelRetry, send],
    },
    {
      name: 'no retry waits: nothing',
      from: state({ debounceArmed: true }),
      event: { type: 'went-online', closed: false },
      to: {},
      effects: [],
    },
  ],
  'form-changed': [
    {
      name: 'migration while typing: no save goes, timers cancelled',
      from: state({ debounceArmed: true, retryWaiting: true }),
      event: { type: 'form-changed' },
      to: { paused: true, debounceArmed: false, retryWaiting: false },
      effects: [cancelDebounce, cancelRetry],
    },
  ],
  'form-moved': [
    {
      name: 'the answers are moved: saving goes on',
      from: state({ paused: true }),
      event: { type: 'form-moved' },
      to: { paused: false },
      effects: [],
    },
  ],
  halt: [
    {
      name: 'a submit cancels the pause and the retry',
      from: state({ debounceArmed: true, retryWaiting: true }),
      event: { type: 'halt' },
      to: { debounceArmed: false, retryWaiting: false },
      effects: [cancelDebounce, cancelRetry],
    },
  ],
  start: [
    {
      name: 'StrictMode remount starts again',
      from: state({ disposed: true }),
      event: { type: 'start' },
      to: { disposed: false },
      effects: [],
    },
  ],
  dispose: [
    {
      name: 'the save on its way is aborted, timers cancelled',
      from: state({ sending: true, retryWaiting: true }),
      event: { type: 'dispose' },
      to: { disposed: true, retryWaiting: false },
      effects: [cancelDebounce, cancelRetry, { type: 'abort-send' }],
    },
  ],
  keep: [
    {
      name: 'no write on its way: writes at once (a crash 50 ms later loses nothing)',
      from: idle,
      event: { type: 'keep' },
      to: { keeping: 'writing' },
      effects: [{ type: 'keep' }],
    },
    {
      name: 'a write on its way: once more after it',
      from: state({ keeping: 'writing' }),
      event: { type: 'keep' },
      to: { keeping: 'again' },
      effects: [],
    },
    {
      name: 'a burst costs one more write, not one per key',
      from: state({ keeping: 'again' }),
      event: { type: 'keep' },
      to: {},
      effects: [],
    },
  ],
  kept: [
    {
      name: 'written, nothing more asked: all kept',
      from: state({ keeping: 'writing' }),
      event: { type: 'kept' },
      to: { keeping: 'idle' },
      effects: [{ type: 'kept-all' }],
    },
    {
      name: 'asked again meanwhile: the latest answers are written',
      from: state({ keeping: 'again' }),
      event: { type: 'kept' },
      to: { keeping: 'writing' },
      effects: [{ type: 'keep' }],
    },
  ],
};

describe('saveEngine', () => {
  for (const [type, rows] of Object.entries(table)) {
    describe(type, () => {
      it.each(rows)('$name', (row) => expectStep(row));
    });
  }

  it('is pure: the state it is given is not changed', () => {
    const from = state({ sending: true, waiting: true });
    const copy = { ...from };
    saveEngine(from, { type: 'save-failed', failure: 'refused', error, random: 0 });
    expect(from).toEqual(copy);
  });

  it('tells of server faults once the third comes, not before', () => {
    expect(isServerFaulty(state({ serverFaults: 2 }))).toBe(false);
    expect(isServerFaulty(state({ serverFaults: 3 }))).toBe(true);
  });

  it('a run of events: offline typing, back online, acknowledged', () => {
    const events: SaveEngineEvent[] = [
      { type: 'typed', at: 0 },
      { type: 'debounce-due', at: SAVE_DEBOUNCE_MS, closed: false },
      { type: 'send-started' },
      { type: 'save-failed', failure: 'passing', error, random: 0.5 },
      { type: 'typed', at: 500 },
      { type: 'went-online', closed: false },
      { type: 'send-started' },
      { type: 'save-acknowledged' },
      { type: 'save-answered', resend: false },
      { type: 'batch-released' },
    ];
    const end = events.reduce((s, event) => saveEngine(s, event).state, idle);
    expect(end).toEqual({ ...idle, lastTypedAt: 0 });
  });
});
