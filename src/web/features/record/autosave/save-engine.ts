import { retryDelayMs, type SaveFailureKind, SERVER_FAULTS_BEFORE_NOTICE } from './save-failure.ts';

// customer-app §9: the save request time-out.
export const SAVE_TIMEOUT_MS = 10_000;
/** Keystrokes closer together than this travel in one save (decision 061). */
export const SAVE_DEBOUNCE_MS = 400;

/**
 * The save engine's control state (decision 200): when answers are sent, kept and retried, and what
 * the person is told. Pure: no timers, no IO; time and chance come in the events. The answers
 * themselves (typed, sent, acknowledged) live in answer-buffer.ts; save-engine-runner.ts performs
 * the effects.
 */
export interface SaveEngineState {
  /** A save is on its way. */
  sending: boolean;
  /** Callers wait for a save that has not started yet (the next batch). */
  waiting: boolean;
  /** A pause after typing is being waited for, and when the last key came (ms). */
  debounceArmed: boolean;
  lastTypedAt: number;
  /** Waiting to retry after a passing failure; `attempt` sets the back-off. */
  retryWaiting: boolean;
  attempt: number;
  /** The server itself failed this many saves in a row (issue 13 §8). */
  serverFaults: number;
  /** The server refused the sign-in on the last save (issue 26 §1). */
  signInNeeded: boolean;
  /** customer-app §4: a refusal turned autosave off for the session. */
  stopped: boolean;
  /** Issue 38 §5: the sign-in was ended elsewhere: nothing goes until a new sign-in. */
  endedElsewhere: boolean;
  /** Issue 26 §3: saves wait until the answers are moved to the record's new form. */
  paused: boolean;
  disposed: boolean;
  /** Writing the unsent answers to this browser (decision 062): none, one, or one and another after. */
  keeping: 'idle' | 'writing' | 'again';
}

export type SaveEngineEvent =
  | { type: 'typed'; at: number }
  | { type: 'debounce-due'; at: number; closed: boolean }
  /** Save now or right after the save on its way; `closed`: the record takes no saves (submitted). */
  | { type: 'flush'; closed: boolean }
  /** Complete & Send: one save now, whatever waits (the submit checks stopped itself). */
  | { type: 'send-now' }
  | { type: 'send-started' }
  | { type: 'save-acknowledged' }
  | { type: 'save-answered'; resend: boolean }
  /** `random`: a draw in [0, 1) for the retry's spread. */
  | { type: 'save-failed'; failure: SaveFailureKind; error: unknown; random: number }
  /** The callers of the ended save's batch went on: the next batch goes, if it may. */
  | { type: 'batch-released' }
  | { type: 'retry-due'; closed: boolean }
  /** The network is back (online event, a poll that reached the server). */
  | { type: 'went-online'; closed: boolean }
  | { type: 'form-changed' }
  | { type: 'form-moved' }
  | { type: 'halt' }
  | { type: 'start' }
  | { type: 'dispose' }
  | { type: 'keep' }
  | { type: 'kept' };

export type SaveEngineNotice =
  /** A save started (the screen shows "saving"). */
  | 'save-started'
  /** The save's request returned (also after dispose): nothing is on its way. */
  | 'save-returned'
  /** The engine's state is updated after a save; waiting callers are not resumed yet. */
  | 'save-ended'
  | 'autosave-stopped'
  | 'submitted-elsewhere'
  | 'server-faults';

export type SaveEngineEffect =
  | { type: 'arm-debounce'; ms: number }
  | { type: 'cancel-debounce' }
  | { type: 'arm-retry'; ms: number }
  | { type: 'cancel-retry' }
  /** Callers of flush join the next batch. */
  | { type: 'join-batch' }
  /** Start one save with the unsent answers as they are now; it carries the waiting batch. */
  | { type: 'send' }
  | { type: 'abort-send' }
  /** The save that carried a batch ended: its callers go on; then `batch-released`. */
  | { type: 'release-batch' }
  /** Nothing will send the waiting batch (stopped, sign-in ended elsewhere): its callers go on. */
  | { type: 'release-waiting' }
  /** Write the unsent answers as they are now to this browser's kept store. */
  | { type: 'keep' }
  /** Everything asked to be kept has been written. */
  | { type: 'kept-all' }
  | { type: 'notify'; notice: SaveEngineNotice; error?: unknown };

export interface SaveEngineStep {
  state: SaveEngineState;
  effects: SaveEngineEffect[];
}

export const initialSaveEngineState: SaveEngineState = {
  sending: false,
  waiting: false,
  debounceArmed: false,
  lastTypedAt: 0,
  retryWaiting: false,
  attempt: 0,
  serverFaults: 0,
  signInNeeded: false,
  stopped: false,
  endedElsewhere: false,
  paused: false,
  disposed: false,
  keeping: 'idle',
};

/** Whether the server failed enough saves in a row that the person is told (issue 13 §8). */
export function isServerFaulty(state: SaveEngineState): boolean {
  return state.serverFaults >= SERVER_FAULTS_BEFORE_NOTICE;
}

/** customer-app §4 Save queue, Editing flag and kept answers (decision 061, 062, 200). */
export function saveEngine(state: SaveEngineState, event: SaveEngineEvent): SaveEngineStep {
  switch (event.type) {
    case 'typed':
      // While a retry waits it will carry these answers: typing does not hammer a server that is down.
      if (state.stopped || state.endedElsewhere || state.retryWaiting) {
        return { state: { ...state, debounceArmed: false }, effects: [{ type: 'cancel-debounce' }] };
      }
      // Issue 32: a key only notes its time; one timer waits on until the pause is whole.
      if (state.debounceArmed) return { state: { ...state, lastTypedAt: event.at }, effects: [] };
      return {
        state: { ...state, lastTypedAt: event.at, debounceArmed: true },
        effects: [{ type: 'arm-debounce', ms: SAVE_DEBOUNCE_MS }],
      };
    case 'debounce-due': {
      const left = state.lastTypedAt + SAVE_DEBOUNCE_MS - event.at;
      if (left > 0) return { state, effects: [{ type: 'arm-debounce', ms: left }] };
      return flush({ ...state, debounceArmed: false }, event.closed);
    }
    case 'flush':
      return flush(state, event.closed);
    case 'send-now':
      return { state: { ...state, waiting: false }, effects: [{ type: 'send' }] };
    case 'send-started':
      return { state: { ...state, sending: true }, effects: [notify('save-started')] };
    case 'save-acknowledged':
      // The back-off and the fault count start over.
      return { state: { ...state, attempt: 0, serverFaults: 0, signInNeeded: false }, effects: [] };
    case 'save-answered':
      return saveEnded(state, (s) => ({
        state: event.resend ? { ...s, waiting: true } : s,
        effects: event.resend ? [{ type: 'join-batch' }] : [],
      }));
    case 'save-failed':
      return saveEnded(state, (s) => failed(s, event));
    case 'batch-released':
      if (state.waiting && canSend(state) && !state.retryWaiting && !state.paused) {
        return { state: { ...state, waiting: false }, effects: [{ type: 'send' }] };
      }
      return { state, effects: [] };
    case 'retry-due':
      return flush({ ...state, retryWaiting: false }, event.closed);
    case 'went-online':
      return state.retryWaiting ? flush(state, event.closed) : { state, effects: [] };
    case 'form-changed':
      return halt({ ...state, paused: true });
    case 'form-moved':
      return { state: { ...state, paused: false }, effects: [] };
    case 'halt':
      return halt(state);
    case 'start':
      return { state: { ...state, disposed: false }, effects: [] };
    case 'dispose': {
      const halted = halt({ ...state, disposed: true });
      return { state: halted.state, effects: [...halted.effects, { type: 'abort-send' }] };
    }
    case 'keep':
      // Issue 26 §4: at once when no write is on its way, else once more after it (latest only).
      if (state.keeping !== 'idle') return { state: { ...state, keeping: 'again' }, effects: [] };
      return { state: { ...state, keeping: 'writing' }, effects: [{ type: 'keep' }] };
    case 'kept':
      if (state.keeping === 'again')
        return { state: { ...state, keeping: 'writing' }, effects: [{ type: 'keep' }] };
      return { state: { ...state, keeping: 'idle' }, effects: [{ type: 'kept-all' }] };
  }
}

function notify(notice: SaveEngineNotice, error?: unknown): SaveEngineEffect {
  return error === undefined ? { type: 'notify', notice } : { type: 'notify', notice, error };
}

function canSend(state: SaveEngineState): boolean {
  return !state.stopped && !state.endedElsewhere;
}

function halt(state: SaveEngineState): SaveEngineStep {
  return {
    state: { ...state, debounceArmed: false, retryWaiting: false },
    effects: [{ type: 'cancel-debounce' }, { type: 'cancel-retry' }],
  };
}

/** Saves now, or right after the save on its way; the callers join the next batch. */
function flush(state: SaveEngineState, closed: boolean): SaveEngineStep {
  const effects: SaveEngineEffect[] = [{ type: 'cancel-debounce' }];
  const cleared = { ...state, debounceArmed: false };
  if (!canSend(state) || state.disposed || closed) return { state: cleared, effects };
  effects.push({ type: 'join-batch' });
  // Issue 26 §3: the batch goes once the answers are moved to the new form.
  if (state.sending || state.paused) return { state: { ...cleared, waiting: true }, effects };
  effects.push({ type: 'cancel-retry' }, { type: 'send' });
  return { state: { ...cleared, waiting: false, retryWaiting: false }, effects };
}

/**
 * A save's reply is in: `react` to it; then the callers of its batch go on (`batch-released` follows,
 * with the state as the screen's `save-ended` left it) and the next batch goes.
 */
function saveEnded(
  state: SaveEngineState,
  react: (state: SaveEngineState) => SaveEngineStep,
): SaveEngineStep {
  const returned: SaveEngineState = { ...state, sending: false };
  if (state.disposed) return { state: returned, effects: [notify('save-returned')] };
  const reacted = react(returned);
  return {
    state: reacted.state,
    effects: [notify('save-returned'), ...reacted.effects, notify('save-ended'), { type: 'release-batch' }],
  };
}

function failed(
  state: SaveEngineState,
  event: Extract<SaveEngineEvent, { type: 'save-failed' }>,
): SaveEngineStep {
  const signInNeeded =
    state.signInNeeded || event.failure === 'sign-in-ended' || event.failure === 'ended-elsewhere';
  if (event.failure === 'ended-elsewhere') {
    return {
      state: { ...state, signInNeeded, endedElsewhere: true, waiting: false },
      effects: [{ type: 'release-waiting' }],
    };
  }
  if (event.failure === 'refused' || event.failure === 'submitted-elsewhere') {
    const notice = event.failure === 'refused' ? 'autosave-stopped' : 'submitted-elsewhere';
    return {
      state: { ...state, stopped: true, waiting: false },
      effects: [{ type: 'release-waiting' }, notify(notice, event.error)],
    };
  }
  const effects: SaveEngineEffect[] = [];
  let serverFaults = state.serverFaults;
  if (event.failure === 'server-fault') {
    serverFaults += 1;
    if (serverFaults === SERVER_FAULTS_BEFORE_NOTICE) effects.push(notify('server-faults', event.error));
  }
  const attempt = state.attempt + 1;
  effects.push(
    { type: 'cancel-retry' },
    { type: 'arm-retry', ms: retryDelayMs(attempt, () => event.random) },
  );
  return { state: { ...state, signInNeeded, serverFaults, attempt, retryWaiting: true }, effects };
}
