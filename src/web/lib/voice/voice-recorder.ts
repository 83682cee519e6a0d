import { RECORDING_CHUNK_MS, RECORDING_WARNING_BEFORE_END_MS } from '#domain/voice-answers.ts';
import { type KeptRecording, keepChunk, keepManifest } from './kept-recordings.ts';

/**
 * Issue 41 §1–§2: one recording in this tab. The browser's MediaRecorder in a format it supports
 * (Opus in WebM or Ogg; AAC in MP4 on Safari, whose WebM is broken), handing over a chunk every 5 s
 * that is encrypted and kept at once (kept-recordings.ts); elapsed time, a level, Pause, Resume,
 * Stop, and a stop at the maximum length with a warning a minute before. React reads its state
 * through `subscribe`/`getState` (a change a second at most); the level goes straight to a listener
 * (a meter that writes the DOM), so the level costs no render.
 */
export type RecorderPhase = 'starting' | 'recording' | 'paused' | 'stopping' | 'stopped' | 'failed';

export interface RecorderState {
  phase: RecorderPhase;
  elapsedMs: number;
  /** The last minute has begun (announced once). */
  nearEnd: boolean;
  /** Stopped by the maximum length rather than by the person. */
  reachedLimit: boolean;
  failure?: RecorderFailure;
  kept?: KeptRecording;
}

export type RecorderFailure = 'unsupported' | 'no-microphone' | 'permission-refused' | 'failed';

export const RECORDER_FAILURE_MESSAGES: Record<RecorderFailure, string> = {
  unsupported:
    'This browser cannot record audio. You can type your answer, or record in a current browser such as Firefox, Chrome, Edge or Safari.',
  'no-microphone': 'No microphone was found. Connect one and try again, or type your answer.',
  'permission-refused':
    'The browser was not allowed to use the microphone. Allow it in the browser’s site settings and try again, or type your answer.',
  failed: 'Recording could not start. Try again, or type your answer.',
};

/** Safari records AAC in MP4 reliably and WebM badly; everyone else Opus (issue 41 §1). */
export function pickMimeType(isTypeSupported: (type: string) => boolean, userAgent: string): string | null {
  const safari = /^((?!chrome|chromium|android|crios|fxios).)*safari/i.test(userAgent);
  const opus = ['audio/webm;codecs=opus', 'audio/ogg;codecs=opus'];
  const aac = ['audio/mp4;codecs=mp4a.40.2', 'audio/mp4'];
  return (safari ? [...aac, ...opus] : [...opus, ...aac]).find((type) => isTypeSupported(type)) ?? null;
}

export function recorderSupported(): boolean {
  return (
    typeof MediaRecorder !== 'undefined' &&
    typeof navigator !== 'undefined' &&
    typeof navigator.mediaDevices?.getUserMedia === 'function'
  );
}

export interface VoiceRecorder {
  getState(): RecorderState;
  subscribe(listener: () => void): () => void;
  /** The level, 0..1, about ten times a second while recording. */
  onLevel(listener: (level: number) => void): () => void;
  pause(): void;
  resume(): void;
  stop(): Promise<KeptRecording | undefined>;
  /** Ends everything without keeping a stop (the page goes away: what was kept stays kept). */
  dispose(): void;
}

export function startVoiceRecorder(options: {
  owner: string;
  recordId: string;
  answerKey: string;
  maxMinutes: number;
}): VoiceRecorder {
  let state: RecorderState = { phase: 'starting', elapsedMs: 0, nearEnd: false, reachedLimit: false };
  const listeners = new Set<() => void>();
  const levelListeners = new Set<(level: number) => void>();
  const set = (next: Partial<RecorderState>) => {
    state = { ...state, ...next };
    for (const listener of listeners) listener();
  };
  const maxMs = options.maxMinutes * 60_000;
  let recorder: MediaRecorder | null = null;
  let stream: MediaStream | null = null;
  let audioContext: AudioContext | null = null;
  let ticker: ReturnType<typeof setInterval> | undefined;
  // Elapsed time: what earlier runs (before a pause) added up to, plus the running one.
  let runStartedAt = 0;
  let earlierMs = 0;
  let seq = 0;
  let writes: Promise<void> = Promise.resolve();
  let kept: KeptRecording | undefined;
  let stopped: ((value: KeptRecording | undefined) => void) | undefined;
  const elapsed = () => earlierMs + (state.phase === 'recording' ? performance.now() - runStartedAt : 0);

  const tick = () => {
    const now = elapsed();
    if (now >= maxMs) {
      set({ elapsedMs: maxMs, reachedLimit: true });
      void api.stop();
      return;
    }
    const nearEnd = now >= maxMs - RECORDING_WARNING_BEFORE_END_MS;
    if (Math.floor(now / 1000) !== Math.floor(state.elapsedMs / 1000) || nearEnd !== state.nearEnd)
      set({ elapsedMs: now, nearEnd });
  };

  const fail = (failure: RecorderFailure) => {
    cleanUp();
    set({ phase: 'failed', failure });
  };

  function cleanUp() {
    clearInterval(ticker);
    for (const track of stream?.getTracks() ?? []) track.stop();
    void audioContext?.close().catch(() => {});
    audioContext = null;
  }

  function meter(source: MediaStream) {
    try {
      audioContext = new AudioContext();
      const analyser = audioContext.createAnalyser();
      analyser.fftSize = 512;
      audioContext.createMediaStreamSource(source).connect(analyser);
      const samples = new Uint8Array(analyser.fftSize);
      // About ten readings a second: enough for a meter, little for the main thread (BENCHMARKS.md).
      return () => {
        if (levelListeners.size === 0) return;
        analyser.getByteTimeDomainData(samples);
        let peak = 0;
        for (const sample of samples) peak = Math.max(peak, Math.abs(sample - 128));
        const level = state.phase === 'recording' ? Math.min(1, peak / 64) : 0;
        for (const listener of levelListeners) listener(level);
      };
    } catch {
      return () => {};
    }
  }

  async function begin() {
    if (!recorderSupported()) return fail('unsupported');
    const mimeType = pickMimeType((type) => MediaRecorder.isTypeSupported(type), navigator.userAgent);
    if (!mimeType) return fail('unsupported');
    try {
      stream = await navigator.mediaDevices.getUserMedia({
        audio: { echoCancellation: true, noiseSuppression: true },
      });
    } catch (error) {
      const name = (error as DOMException).name;
      if (name === 'NotAllowedError' || name === 'SecurityError') return fail('permission-refused');
      if (name === 'NotFoundError' || name === 'OverconstrainedError') return fail('no-microphone');
      return fail('failed');
    }
    kept = {
      localId: crypto.randomUUID(),
      answerKey: options.answerKey,
      mimeType,
      startedAt: Date.now(),
      durationMs: 0,
      chunks: 0,
      state: 'recording',
    };
    const levelOf = meter(stream);
    recorder = new MediaRecorder(stream, { mimeType, audioBitsPerSecond: 32_000 });
    recorder.ondataavailable = (event) => {
      if (!kept || event.data.size === 0) return;
      const number = seq++;
      const durationMs = Math.round(elapsed());
      // Kept in order, one write after the other; the manifest says how far the chunks go.
      writes = writes.then(async () => {
        if (!kept) return;
        const began = performance.now();
        await keepChunk(options.owner, options.recordId, kept.localId, number, event.data);
        kept = { ...kept, chunks: number + 1, durationMs };
        await keepManifest(options.owner, options.recordId, kept);
        // How long keeping a chunk takes, end to end (BENCHMARKS.md, issue 41 §9).
        performance.measure('voice-chunk-kept', { start: began });
      });
    };
    recorder.onstop = () => {
      const finishing = writes.then(async () => {
        if (!kept) return undefined;
        kept = { ...kept, state: 'stopped', durationMs: Math.round(earlierMs) };
        await keepManifest(options.owner, options.recordId, kept);
        return kept;
      });
      void finishing.then((value) => {
        cleanUp();
        set({ phase: 'stopped', kept: value, elapsedMs: earlierMs });
        stopped?.(value);
      });
    };
    await keepManifest(options.owner, options.recordId, kept);
    recorder.start(RECORDING_CHUNK_MS);
    runStartedAt = performance.now();
    set({ phase: 'recording' });
    ticker = setInterval(() => {
      tick();
      levelOf();
    }, 100);
  }

  const api: VoiceRecorder = {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onLevel(listener) {
      levelListeners.add(listener);
      return () => levelListeners.delete(listener);
    },
    pause() {
      if (state.phase !== 'recording' || !recorder) return;
      earlierMs = elapsed();
      recorder.pause();
      // What was recorded up to the pause is kept now, not 5 s later.
      recorder.requestData();
      set({ phase: 'paused', elapsedMs: earlierMs });
      for (const listener of levelListeners) listener(0);
    },
    resume() {
      if (state.phase !== 'paused' || !recorder) return;
      recorder.resume();
      runStartedAt = performance.now();
      set({ phase: 'recording' });
    },
    stop() {
      if (!recorder || (state.phase !== 'recording' && state.phase !== 'paused'))
        return Promise.resolve(state.kept);
      earlierMs = elapsed();
      set({ phase: 'stopping', elapsedMs: earlierMs });
      const done = new Promise<KeptRecording | undefined>((resolve) => {
        stopped = resolve;
      });
      recorder.stop();
      return done;
    },
    dispose() {
      if (recorder && recorder.state !== 'inactive') recorder.stop();
      cleanUp();
    },
  };
  void begin();
  return api;
}
