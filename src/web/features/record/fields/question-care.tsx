import { useRef, useState } from 'react';
import { DECLINED_ANSWER, DECLINED_ANSWER_TEXT, emptyAnswerOf, isDeclined } from '#domain/declined-answer.ts';
import type { Field } from '#domain/form-template.ts';
import { Button } from '#web/components/ui/button.tsx';
import { type AnswerSource, useAnswer } from './use-answer.ts';

/**
 * Issue 28 §1 "Why we ask": a disclosure button beside the question's label and the help it opens
 * below it. A native button, so Enter and Space work and it sits in the tab order after the label's
 * question and before the answer.
 */
export function useWhyWeAsk(field: Pick<Field, 'whyWeAsk'>, panelId: string) {
  const [open, setOpen] = useState(false);
  const text = field.whyWeAsk?.trim();
  if (!text) return { button: null, panel: null };
  return {
    button: (
      <Button
        size="sm"
        variant="quiet"
        className="record-why__button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
      >
        Why we ask
      </Button>
    ),
    panel: (
      <p id={panelId} className="record-why__text" hidden={!open}>
        {text}
      </p>
    ),
  };
}

/**
 * Issue 28 §3 "Prefer not to answer" for a sensitive question: stores the declined mark as the
 * question's answer through the normal answer save (so it is saved, merged and conflict-checked
 * like any answer). Answering the question replaces the mark; pressing the button again gives back
 * what the question held before the decline in this visit, or its empty answer.
 */
export function PreferNotToAnswer({
  field,
  source,
  onAnswer,
  describedBy,
}: {
  field: Pick<Field, 'id' | 'type'>;
  source: AnswerSource;
  onAnswer: (key: string, value: unknown) => void;
  /** The question the button belongs to, for screen readers (several may be on one page). */
  describedBy: string;
}) {
  const declined = useAnswer(source, field.id, isDeclined);
  const before = useRef<unknown>(undefined);
  const toggle = () => {
    if (declined) {
      onAnswer(field.id, before.current ?? emptyAnswerOf(field.type));
      before.current = undefined;
    } else {
      before.current = source.getAnswer(field.id);
      onAnswer(field.id, DECLINED_ANSWER);
    }
  };
  return (
    <div className="record-decline">
      <Button
        size="sm"
        variant={declined ? 'primary' : 'secondary'}
        aria-pressed={declined}
        aria-describedby={describedBy}
        onClick={toggle}
      >
        {declined ? <span aria-hidden="true">✓ </span> : null}
        {DECLINED_ANSWER_TEXT}
      </Button>
      {declined ? (
        <p className="record-decline__note">
          You chose not to answer this question. That is fine; answering it here replaces this choice.
        </p>
      ) : null}
    </div>
  );
}
