import './voice.css';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { formatDuration, spokenDuration } from '#domain/voice-answers.ts';
import { RECORDER_FAILURE_MESSAGES, type VoiceRecorder } from '#web/lib/voice/voice-recorder.ts';

/** What a screen reader hears of the recorder, in a polite live region (issue 41 §8). */
function announcement(recorder: VoiceRecorder): string {
  const state = recorder.getState();
  switch (state.phase) {
    case 'starting':
      return 'Starting the microphone.';
    case 'recording':
      return state.nearEnd ? 'Recording. One minute left.' : 'Recording.';
    case 'paused':
      return `Paused at ${spokenDuration(state.elapsedMs)}.`;
    case 'stopping':
      return 'Stopping.';
    case 'stopped':
      return `${state.reachedLimit ? 'The maximum length was reached. ' : ''}Recording stopped: ${spokenDuration(state.elapsedMs)} recorded.`;
    case 'failed':
      // The alert below says it; the same words in this region too would be read out twice.
      return '';
  }
}

const minutes = (count: number) => `${count} minute${count === 1 ? '' : 's'}`;

/**
 * Issue 41 §1: while recording, the elapsed time, a level meter, Pause or Resume, and Stop; the
 * warning a minute before the maximum length. The level bar is written straight to the DOM by the
 * recorder's level listener (no React render per reading), and is hidden from screen readers: the
 * state and the time are announced instead.
 */
export function RecorderControls({
  recorder,
  maxMinutes,
  describedBy,
}: {
  recorder: VoiceRecorder;
  maxMinutes: number;
  describedBy?: string;
}) {
  const state = useSyncExternalStore(recorder.subscribe, recorder.getState);
  const bar = useRef<HTMLDivElement>(null);
  useEffect(
    () =>
      recorder.onLevel((level) => {
        if (bar.current) bar.current.style.transform = `scaleX(${level.toFixed(2)})`;
      }),
    [recorder],
  );
  const stopRef = useRef<HTMLButtonElement>(null);
  const active = state.phase === 'recording' || state.phase === 'paused';
  return (
    <div className="voice-recorder-block">
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement(recorder)}
      </p>
      {state.phase === 'failed' ? (
        <p className="voice-panel__problem" role="alert">
          {RECORDER_FAILURE_MESSAGES[state.failure ?? 'failed']}
        </p>
      ) : (
        <div className="voice-recorder">
          <span
            className={`voice-recorder__dot${state.phase === 'recording' ? '' : ' voice-recorder__dot--paused'}`}
            aria-hidden="true"
          />
          <span className="voice-recorder__time">
            <span className="visually-hidden">Recorded </span>
            {formatDuration(state.elapsedMs)}
            <span className="visually-hidden"> of at most {minutes(maxMinutes)}</span>
          </span>
          <div className="voice-level" aria-hidden="true">
            <div className="voice-level__bar" ref={bar} />
          </div>
          <div className="voice-panel__actions">
            {state.phase === 'paused' ? (
              <button
                type="button"
                className="button button--secondary"
                onClick={recorder.resume}
                aria-describedby={describedBy}
              >
                Resume
              </button>
            ) : (
              <button
                type="button"
                className="button button--secondary"
                onClick={recorder.pause}
                disabled={state.phase !== 'recording'}
                aria-describedby={describedBy}
              >
                Pause
              </button>
            )}
            <button
              type="button"
              ref={stopRef}
              className="button button--primary"
              onClick={() => void recorder.stop()}
              disabled={!active}
              aria-describedby={describedBy}
            >
              Stop
            </button>
          </div>
        </div>
      )}
      {state.nearEnd && active ? (
        <p className="voice-panel__warning">
          One minute left: the recording stops by itself at {minutes(maxMinutes)}.
        </p>
      ) : null}
      {state.reachedLimit && state.phase === 'stopped' ? (
        // Seen as well as heard: a stop the person did not choose must not look like a fault.
        <p className="voice-panel__warning">
          The recording stopped by itself at the maximum length of {minutes(maxMinutes)}. What was recorded is
          kept; you can type the rest of your answer.
        </p>
      ) : null}
    </div>
  );
}
