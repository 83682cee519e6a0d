import '#web/components/voice/voice.css';
import { useCallback, useEffect, useRef, useState } from 'react';
import { answerWithTranscript, formatDuration } from '#domain/voice-answers.ts';
import { RecorderControls } from '#web/components/voice/recorder-controls.tsx';
import { RecordingPlayer } from '#web/components/voice/recording-player.tsx';
import {
  forgetKept,
  type KeptRecording,
  keptAudio,
  keptRecordingsOf,
} from '#web/lib/voice/kept-recordings.ts';
import { type RecorderPhase, startVoiceRecorder, type VoiceRecorder } from '#web/lib/voice/voice-recorder.ts';
import { transcribeWizardAudio } from './api/transcribe-wizard-audio.ts';
import { WIZARD_VOICE_SLOT } from './wizard-voice-slot.ts';

export interface WizardVoiceSettings {
  owner: string;
  maxMinutes: number;
  transcription: boolean;
  getIdToken: () => Promise<string | null>;
}

type Draft = { state: 'asking' } | { state: 'done'; text: string } | { state: 'failed'; error: string };

/**
 * Decision 188, issue 41 §1–§2, §5 on a wizard question: the same recorder, its chunks kept
 * encrypted on this device (a reload keeps them, as far as the last 5 s); the recording played from
 * the device; "Make a transcript" sends it once, with the person's yes, and the draft is used only
 * by "Use this transcript" (after the typed text, never over it). The wizard has no record, so the
 * audio is never stored on the server; it stays here until the person deletes it or logs out.
 */
export function WizardVoicePanel({
  fieldId,
  label,
  value,
  onChange,
  settings,
  startNow,
}: {
  fieldId: string;
  label: string;
  value: string;
  onChange: (text: string) => void;
  settings: WizardVoiceSettings;
  startNow: boolean;
}) {
  const [recorder, setRecorder] = useState<VoiceRecorder | null>(null);
  const [phase, setPhase] = useState<RecorderPhase | null>(null);
  const [kept, setKept] = useState<KeptRecording | null>(null);
  const [consent, setConsent] = useState(false);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [used, setUsed] = useState(false);
  const started = useRef(false);
  // The recorder of this panel, for leaving the step: what was kept stays kept (a later visit shows it).
  const live = useRef<VoiceRecorder | null>(null);
  const { owner } = settings;

  const refresh = useCallback(async () => {
    const list = await keptRecordingsOf(owner, WIZARD_VOICE_SLOT, fieldId).catch(() => []);
    // The latest is the answer; an earlier one was replaced by "Record again".
    setKept(list.at(-1) ?? null);
    return list;
  }, [owner, fieldId]);

  const start = async () => {
    setDraft(null);
    setUsed(false);
    for (const old of await refresh()) await forgetKept(owner, WIZARD_VOICE_SLOT, old);
    setKept(null);
    const next = startVoiceRecorder({
      owner,
      recordId: WIZARD_VOICE_SLOT,
      answerKey: fieldId,
      maxMinutes: settings.maxMinutes,
    });
    live.current = next;
    setRecorder(next);
    setPhase(next.getState().phase);
    next.subscribe(() => {
      const phase = next.getState().phase;
      setPhase(phase);
      if (phase === 'stopped' || phase === 'failed') void refresh();
    });
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the panel opens
  useEffect(() => {
    void refresh();
    if (startNow && !started.current) {
      started.current = true;
      void start();
    }
    return () => live.current?.dispose();
  }, []);

  const recording = phase !== null && ['starting', 'recording', 'paused', 'stopping'].includes(phase);
  const transcribe = async () => {
    if (!kept) return;
    setDraft({ state: 'asking' });
    const result = await transcribeWizardAudio(
      await keptAudio(owner, WIZARD_VOICE_SLOT, kept),
      settings.getIdToken,
    );
    setDraft(result.ok ? { state: 'done', text: result.text } : { state: 'failed', error: result.error });
  };
  const remove = async () => {
    if (kept) await forgetKept(owner, WIZARD_VOICE_SLOT, kept);
    setRecorder(null);
    setPhase(null);
    setDraft(null);
    await refresh();
  };

  return (
    <section className="voice-panel" aria-label={`Spoken answer: ${label}`}>
      {recorder && phase !== 'stopped' ? (
        <RecorderControls recorder={recorder} maxMinutes={settings.maxMinutes} />
      ) : null}
      {kept && !recording ? (
        <div className="voice-panel__stored">
          <p className="voice-panel__title">
            Your recorded answer ({formatDuration(kept.durationMs)}), kept on this device only
          </p>
          <RecordingPlayer
            label={`recorded answer to ${label}`}
            durationMs={kept.durationMs}
            load={() => keptAudio(owner, WIZARD_VOICE_SLOT, kept)}
          />
          {settings.transcription ? (
            draft?.state === 'done' ? (
              <div>
                <p className="voice-transcript__label">
                  Machine transcript (a draft: check it before you use it)
                </p>
                <blockquote className="voice-transcript">
                  {draft.text || '(No words were recognised.)'}
                </blockquote>
                {draft.text ? (
                  <div className="voice-panel__actions">
                    <button
                      type="button"
                      className="button button--primary"
                      onClick={() => {
                        onChange(answerWithTranscript(value, draft.text, true));
                        setUsed(true);
                      }}
                    >
                      Use this transcript
                    </button>
                    {used ? (
                      <p className="voice-panel__note" role="status">
                        The transcript was added to your answer above. You can edit it there.
                      </p>
                    ) : null}
                  </div>
                ) : null}
              </div>
            ) : (
              <div className="voice-panel__actions">
                <label className="voice-panel__note">
                  <input
                    type="checkbox"
                    checked={consent}
                    onChange={(event) => setConsent(event.currentTarget.checked)}
                  />{' '}
                  Allow the transcription service to write down this recording (this server does not keep it)
                </label>
                <button
                  type="button"
                  className="button button--secondary"
                  disabled={!consent || draft?.state === 'asking'}
                  aria-busy={draft?.state === 'asking'}
                  onClick={() => void transcribe()}
                >
                  {draft?.state === 'asking' ? 'Making a transcript...' : 'Make a transcript'}
                </button>
                {draft?.state === 'failed' ? (
                  <p className="voice-panel__problem" role="alert">
                    {draft.error}
                  </p>
                ) : null}
              </div>
            )
          ) : (
            <p className="voice-panel__note">
              Transcription is not set up here. The narrative is written from typed answers: type what you
              said to include it.
            </p>
          )}
        </div>
      ) : null}
      {!recording ? (
        <div className="voice-panel__actions">
          <button type="button" className="button button--secondary" onClick={() => void start()}>
            {kept ? 'Record again' : 'Record an answer'}
          </button>
          {kept ? (
            <button type="button" className="button button--secondary" onClick={() => void remove()}>
              Delete recording
            </button>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
