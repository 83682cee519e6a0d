import { lazy, Suspense } from 'react';
import type { AnswerMap } from '#domain/answer-completeness.ts';
import type { CellField } from '#domain/form-template.ts';
import { hasRecording } from '#domain/voice-answer-keys.ts';
import { useVoiceSettings } from './voice-context.tsx';

const StoredRecording = lazy(async () => ({
  default: (await import('./stored-recording.tsx')).StoredRecording,
}));

/**
 * Issue 41 §4, §7: the read-only record (submitted, or read by its organization or an admin) shows a
 * spoken answer's player and transcript under the question; playing it is audited for anyone but
 * the owner (the server enters it before the audio leaves).
 */
export function VoiceReadOnly({ answers, field }: { answers: AnswerMap; field: CellField }) {
  const settings = useVoiceSettings();
  if (!settings || !hasRecording(answers, field.id)) return null;
  return (
    <Suspense fallback={null}>
      <StoredRecording answers={answers} field={field} getIdToken={settings.getIdToken} />
    </Suspense>
  );
}
