import { lazy, Suspense, useState } from 'react';
import type { CellField } from '#domain/form-template.ts';
import { recordingKey } from '#domain/voice-answer-keys.ts';
import { type AnswerSource, useAnswer } from '../fields/use-answer.ts';
import { useVoiceSettings } from './voice-context.tsx';

// Issue 41: the recorder, player and uploader load when a question first needs them (a press of
// "Record an answer", a recording stored or kept), so the record route's script budget holds.
const VoiceAnswerPanel = lazy(async () => ({
  default: (await import('./voice-answer-panel.tsx')).VoiceAnswerPanel,
}));
const preload = () => void import('./voice-answer-panel.tsx');

/** Issue 41 §1: below every text and long-text question, "Record an answer" and its recording. */
export function VoiceAnswerSlot({
  field,
  source,
  onAnswer,
  describedBy,
}: {
  field: CellField;
  source: AnswerSource;
  onAnswer: (key: string, value: unknown) => void;
  describedBy: string;
}) {
  const settings = useVoiceSettings();
  const stored = useAnswer(source, recordingKey(field.id));
  // Sticky once pressed: the panel stays while its recording is made, sent and shown.
  const [opened, setOpened] = useState(false);
  if (!settings || (field.type !== 'text' && field.type !== 'textarea')) return null;
  const wanted = opened || (stored !== null && stored !== undefined) || settings.keptKeys.has(field.id);
  if (!wanted) {
    return settings.editable ? (
      <div className="voice-answer">
        <button
          type="button"
          className="button button--secondary voice-answer__record"
          aria-describedby={describedBy}
          onPointerEnter={preload}
          onFocus={preload}
          onClick={() => setOpened(true)}
        >
          Record an answer
        </button>
      </div>
    ) : null;
  }
  return (
    <Suspense fallback={<p className="voice-answer">Loading the recorder...</p>}>
      <VoiceAnswerPanel
        field={field}
        source={source}
        onAnswer={onAnswer}
        settings={settings}
        startNow={opened}
        describedBy={describedBy}
      />
    </Suspense>
  );
}
