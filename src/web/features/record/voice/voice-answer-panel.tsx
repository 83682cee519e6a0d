import { useCallback, useEffect, useRef, useState } from 'react';
import type { CellField } from '#domain/form-template.ts';
import {
  answerWithTranscript,
  type RecordingDescriptor,
  recordingDescriptorSchema,
  recordingKey,
} from '#domain/voice-answers.ts';
import { RecorderControls } from '#web/components/voice/recorder-controls.tsx';
import { RecordingPlayer } from '#web/components/voice/recording-player.tsx';
import { type KeptRecording, keptRecordingsOf } from '#web/lib/voice/kept-recordings.ts';
import { sendKeptRecording } from '#web/lib/voice/recording-uploads.ts';
import { startVoiceRecorder, type VoiceRecorder } from '#web/lib/voice/voice-recorder.ts';
import { type AnswerSource, useAnswer } from '../fields/use-answer.ts';
import { deleteRecording, fetchRecordingAudio } from './api/recording-requests.ts';
import { KeptRecordingRow } from './kept-recording-row.tsx';
import { MachineTranscript } from './machine-transcript.tsx';
import type { VoiceSettings } from './voice-context.tsx';

/** Recorders running in this tab, by record and question: a section change does not stop one. */
const activeRecorders = new Map<string, VoiceRecorder>();

const asDescriptor = (value: unknown): RecordingDescriptor | null => {
  const parsed = recordingDescriptorSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
};

/**
 * Issue 41 §1–§5 for one question: the recorder while recording; recordings kept on this device
 * (being sent, waiting for the connection, or left by an interrupted visit: "Send it" or "Delete
 * it"); the recording the server has, with its player, its machine transcript and "Record again" /
 * "Delete recording". The typed answer is never touched except by "Use this transcript".
 */
export function VoiceAnswerPanel({
  field,
  source,
  onAnswer,
  settings,
  startNow,
  describedBy,
}: {
  field: CellField;
  source: AnswerSource;
  onAnswer: (key: string, value: unknown) => void;
  settings: VoiceSettings;
  startNow: boolean;
  describedBy: string;
}) {
  const slot = `${settings.recordId}/${field.id}`;
  const stored = asDescriptor(useAnswer(source, recordingKey(field.id)));
  const [recorder, setRecorder] = useState<VoiceRecorder | null>(() => activeRecorders.get(slot) ?? null);
  const [kept, setKept] = useState<KeptRecording[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const started = useRef(false);
  const context = { owner: settings.owner, recordId: settings.recordId, getIdToken: settings.getIdToken };

  const refreshKept = useCallback(async () => {
    const list = await keptRecordingsOf(settings.owner, settings.recordId, field.id).catch(() => []);
    setKept(list);
    return list;
  }, [settings.owner, settings.recordId, field.id]);

  const start = () => {
    setProblem(null);
    const next = startVoiceRecorder({
      owner: settings.owner,
      recordId: settings.recordId,
      answerKey: field.id,
      maxMinutes: settings.maxMinutes,
    });
    activeRecorders.set(slot, next);
    setRecorder(next);
    next.subscribe(() => {
      const state = next.getState();
      if (state.phase !== 'stopped' && state.phase !== 'failed') return;
      activeRecorders.delete(slot);
      if (state.kept) sendKeptRecording(context, state.kept);
      void refreshKept();
    });
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the panel opens
  useEffect(() => {
    void refreshKept().then((list) => {
      // Stopped recordings of an earlier visit go out at once; interrupted ones wait for the person.
      for (const item of list) if (item.state === 'stopped') sendKeptRecording(context, item);
    });
    if (startNow && !started.current && !activeRecorders.has(slot)) {
      started.current = true;
      start();
    }
  }, []);

  const recording =
    recorder && ['starting', 'recording', 'paused', 'stopping'].includes(recorder.getState().phase);
  const useTranscript = (text: string) => {
    // "Use this transcript" never overwrites typed text (domain rule, voice-answers.ts).
    onAnswer(field.id, answerWithTranscript(source.getAnswer(field.id), text, field.type === 'textarea'));
  };
  const remove = async (id: string) => {
    const result = await deleteRecording(id, settings.getIdToken);
    setProblem(result.ok ? null : result.error);
  };

  return (
    <section className="voice-panel" aria-label={`Spoken answer: ${field.label}`}>
      {recorder ? (
        <RecorderControls recorder={recorder} maxMinutes={settings.maxMinutes} describedBy={describedBy} />
      ) : null}
      {kept
        .filter((item) => !(recording && activeRecorders.get(slot) && item.state === 'recording'))
        .map((item) => (
          <KeptRecordingRow
            key={item.localId}
            kept={item}
            context={context}
            onGone={() => void refreshKept()}
          />
        ))}
      {stored ? (
        <div className="voice-panel__stored">
          <p className="voice-panel__title">Your recorded answer</p>
          <RecordingPlayer
            label={`recorded answer to ${field.label}`}
            durationMs={stored.durationMs}
            load={() => fetchRecordingAudio(stored.id, settings.getIdToken)}
          />
          <MachineTranscript
            descriptor={stored}
            editable={settings.editable}
            onUse={useTranscript}
            getIdToken={settings.getIdToken}
          />
        </div>
      ) : null}
      {problem ? (
        <p className="voice-panel__problem" role="alert">
          {problem}
        </p>
      ) : null}
      {settings.editable && !recording ? (
        <div className="voice-panel__actions">
          <button
            type="button"
            className="button button--secondary"
            onClick={start}
            aria-describedby={describedBy}
          >
            {stored ? 'Record again' : 'Record an answer'}
          </button>
          {stored ? (
            <button
              type="button"
              className="button button--secondary"
              onClick={() => void remove(stored.id)}
              aria-describedby={describedBy}
            >
              Delete recording
            </button>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
