import './voice.css';
import { useEffect, useId, useRef, useState } from 'react';
import { formatDuration, spokenDuration } from '#domain/voice-answers.ts';

export const PLAYBACK_SPEEDS = [0.75, 1, 1.25, 1.5, 2] as const;

/**
 * Issue 41 §4: an accessible player for a recording. Play/Pause is one button whose name says what
 * it does; the position is a slider (arrow keys seek 5 s, Page Up/Down 30 s, Home/End) whose value
 * is read out as "1 minute 5 seconds of 3 minutes"; the speed is a choice of 0.75× to 2×; the
 * duration is the recording's own (a stream recorded in the browser does not always carry one).
 * The audio is fetched with the person's sign-in when first played (never a URL anyone could open).
 */
export function RecordingPlayer({
  label,
  durationMs,
  load,
}: {
  /** What is played, for the controls' names ("your recording for …"). */
  label: string;
  durationMs: number;
  load: () => Promise<Blob>;
}) {
  const id = useId();
  const audio = useRef<HTMLAudioElement>(null);
  const [source, setSource] = useState<string | null>(null);
  const [playing, setPlaying] = useState(false);
  const [position, setPosition] = useState(0);
  const [speed, setSpeed] = useState<number>(1);
  const [problem, setProblem] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const total = Math.max(1, Math.round(durationMs / 1000));
  useEffect(() => () => void (source && URL.revokeObjectURL(source)), [source]);

  const ensureLoaded = async (): Promise<HTMLAudioElement | null> => {
    const element = audio.current;
    if (!element) return null;
    if (source) return element;
    setLoading(true);
    try {
      const url = URL.createObjectURL(await load());
      setSource(url);
      element.src = url;
      element.playbackRate = speed;
      setProblem(null);
      return element;
    } catch {
      setProblem('The recording could not be loaded. Check the connection and try again.');
      return null;
    } finally {
      setLoading(false);
    }
  };

  const toggle = async () => {
    const element = await ensureLoaded();
    if (!element) return;
    if (element.paused)
      await element.play().catch(() => setProblem('The browser could not play this recording.'));
    else element.pause();
  };

  const seek = async (seconds: number) => {
    setPosition(seconds);
    const element = await ensureLoaded();
    if (element) element.currentTime = Math.min(seconds, total);
  };

  const changeSpeed = (value: number) => {
    setSpeed(value);
    if (audio.current) audio.current.playbackRate = value;
  };

  return (
    <fieldset className="recording-player">
      <legend className="visually-hidden">Player: {label}</legend>
      {/* biome-ignore lint/a11y/useMediaCaption: a spoken answer; its transcript is shown beside it */}
      <audio
        ref={audio}
        preload="none"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => setPlaying(false)}
        onTimeUpdate={(event) => setPosition(Math.floor(event.currentTarget.currentTime))}
      />
      <button
        type="button"
        className="button button--secondary recording-player__play"
        onClick={() => void toggle()}
        aria-busy={loading}
      >
        {playing ? 'Pause recording' : 'Play recording'}
      </button>
      <label className="recording-player__position" htmlFor={`${id}-position`}>
        <span className="visually-hidden">Position</span>
        <input
          id={`${id}-position`}
          type="range"
          min={0}
          max={total}
          step={1}
          value={Math.min(position, total)}
          aria-valuetext={`${spokenDuration(position * 1000)} of ${spokenDuration(total * 1000)}`}
          onChange={(event) => void seek(Number(event.currentTarget.value))}
          onKeyDown={(event) => {
            // Arrow keys move 5 s, Page keys 30 s: finer than the slider's 1 s steps are useful.
            const step = {
              ArrowLeft: -5,
              ArrowDown: -5,
              ArrowRight: 5,
              ArrowUp: 5,
              PageDown: -30,
              PageUp: 30,
            }[event.key];
            if (step === undefined) return;
            event.preventDefault();
            void seek(Math.max(0, Math.min(total, position + step)));
          }}
        />
      </label>
      <span className="recording-player__time" aria-hidden="true">
        {formatDuration(position * 1000)} / {formatDuration(durationMs)}
      </span>
      <span className="visually-hidden">Duration {spokenDuration(durationMs)}</span>
      <label className="recording-player__speed">
        Speed{' '}
        <select value={speed} onChange={(event) => changeSpeed(Number(event.currentTarget.value))}>
          {PLAYBACK_SPEEDS.map((value) => (
            <option key={value} value={value}>
              {value}×
            </option>
          ))}
        </select>
      </label>
      {problem ? (
        <p className="recording-player__problem" role="alert">
          {problem}
        </p>
      ) : null}
    </fieldset>
  );
}
