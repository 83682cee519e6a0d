import type { AnswerMap } from '#domain/answer-completeness.ts';
import type { CellField } from '#domain/form-template.ts';
import { recordingOf } from '#domain/voice-answers.ts';
import { RecordingPlayer } from '#web/components/voice/recording-player.tsx';
import { fetchRecordingAudio } from './api/recording-requests.ts';
import { MachineTranscript } from './machine-transcript.tsx';

/** A stored recording as the read-only record shows it: the player and its transcript, no actions. */
export function StoredRecording({
  answers,
  field,
  getIdToken,
}: {
  answers: AnswerMap;
  field: CellField;
  getIdToken: () => Promise<string | null>;
}) {
  const recording = recordingOf(answers, field.id);
  if (!recording) return null;
  return (
    <div className="voice-panel">
      <p className="voice-panel__title">Recorded answer</p>
      <RecordingPlayer
        label={`recorded answer to ${field.label}`}
        durationMs={recording.durationMs}
        load={() => fetchRecordingAudio(recording.id, getIdToken)}
      />
      <MachineTranscript descriptor={recording} editable={false} onUse={() => {}} getIdToken={getIdToken} />
    </div>
  );
}
