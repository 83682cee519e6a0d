import { memo, type ReactNode, useCallback, useId, useMemo, useRef, useState } from 'react';
import { fieldVisibility } from '#domain/field-visibility.ts';
import type { FormTemplate } from '#domain/form-template.ts';
import { answeredOfRecordData, answersOfRecordData, CURRENT_STEP_KEY } from '#domain/record-form-data.ts';
import { recordProgress, stepCompletion } from '#domain/record-progress.ts';
import {
  asksBeforeSection,
  isSkippedForNow,
  type SectionChoice,
  sectionChoiceKey,
  sectionsNeverOpened,
} from '#domain/section-choices.ts';
import type { SupportLine } from '#domain/support-line.ts';
import { parseTableAnswerKey } from '#domain/table-answer-keys.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import { useHeightVariable } from '#web/lib/use-height-variable.ts';
import type { RecordSync } from './autosave/record-sync.ts';
import { ContentNote } from './care/content-note.tsx';
import { LazySupportLineView } from './care/lazy-care-views.tsx';
import { SendPastNotes } from './care/send-past-notes.tsx';
import { SUBMIT_SUCCESS_MESSAGE, submitFailedMessage } from './record-messages.ts';
import { RecordProgressBar } from './record-progress-bar.tsx';
import { SaveStatus } from './save-status.tsx';
import { SectionsDropdown } from './sections-dropdown.tsx';
import { StepFields } from './step-fields.tsx';
import { useSubmitRecord } from './use-record-sync.ts';

/**
 * customer-app §2 Record form: the step's title, the sections dropdown, the progress bar, the
 * step's fields (or their answers as text when read-only), Previous/Next and, on the last step,
 * "Complete & Send". Every rule (visibility, progress, section check marks) is the domain's.
 */
export const RecordSteps = memo(function RecordSteps({
  recordId,
  form,
  answersVersion,
  firstStep,
  readOnly,
  sync,
  preview = false,
  fieldAliases,
  care,
}: {
  recordId: string;
  form: FormTemplate;
  /**
   * Changes whenever the answers changed in a way the whole step depends on (visibility, progress,
   * check marks): the snapshot's structureVersion (issue 15 §1), or, read-only, every version.
   */
  answersVersion: string;
  firstStep: number;
  readOnly: boolean;
  sync: RecordSync;
  /** The form builder's preview (issue 11): nothing is saved or sent. */
  preview?: boolean;
  /** Issue 26 §3: a question renamed by a form change keeps its first id as its place in React. */
  fieldAliases?: ReadonlyMap<string, string>;
  /**
   * Issue 28 (the person's own record, not the builder's preview): content notes before sections,
   * the support line after them, and the care controls (Take a break, Leave quickly) in the bar.
   */
  care?: { supportLine: SupportLine; onTakeBreak: () => void; controls: (showBreak: boolean) => ReactNode };
}) {
  const [stepIndex, setStepIndex] = useState(firstStep);
  const [sending, setSending] = useState(false);
  // Issue 44 §6: the sections with a content note never opened, when Complete & Send said so.
  const [unopenedAtSend, setUnopenedAtSend] = useState<number[] | null>(null);
  /** Issue 28 §2: the last section, skipped just now (there is no next one to go on to). */
  const [skippedHere, setSkippedHere] = useState<number | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const bar = useRef<HTMLElement>(null);
  // The sticky bar's height, for the scroll padding that keeps a focused field clear of it.
  useHeightVariable(bar, '--record-bar-height');
  const headingId = useId();
  const { showToast } = useToast();
  const sendSubmit = useSubmitRecord(recordId);

  // biome-ignore lint/correctness/useExhaustiveDependencies: answersVersion says when sync.view() changed in a way that matters here.
  const data = useMemo(() => sync.view(), [sync, answersVersion]);
  const answers = useMemo(() => answersOfRecordData(data), [data]);
  const visibility = useMemo(() => fieldVisibility(form, answers), [form, answers]);
  // Issue 41 §7: a question answered by voice only counts as answered (its descriptor is bookkeeping).
  const answered = useMemo(() => answeredOfRecordData(data), [data]);
  const progress = useMemo(() => recordProgress(form, answered).percent, [form, answered]);
  const completion = useMemo(() => stepCompletion(form, answered), [form, answered]);

  const onAnswer = useCallback((key: string, value: unknown) => sync.edit({ [key]: value }), [sync]);
  // Issue 13: the question being typed in stays on screen even if another device's answer would
  // hide it now; it goes once the person leaves it (its answer is kept either way).
  const [focusedField, setFocusedField] = useState<string | null>(null);
  const onFocusAnswer = useCallback(
    (key: string) => {
      sync.focus(key);
      setFocusedField(parseTableAnswerKey(key)?.tableId ?? key);
    },
    [sync],
  );
  const onBlurAnswer = useCallback(() => {
    sync.blur();
    setFocusedField(null);
  }, [sync]);

  // The builder's preview may lose the step it was on when a section is deleted.
  const current = Math.min(stepIndex, Math.max(form.steps.length - 1, 0));
  const step = form.steps[current];
  if (!step) return <p>This form has no questions yet.</p>;
  const isLast = current === form.steps.length - 1;

  // Issue 28 §2: a section with a content note asks first, until the person chose Continue for it.
  const caring = care !== undefined && !readOnly;
  const asking = caring && asksBeforeSection(data, step) && skippedHere !== current;
  const choose = (choice: SectionChoice) => {
    sync.edit({ [sectionChoiceKey(step)]: choice });
    void sync.flush();
  };
  const skip = () => {
    choose('skipped');
    // "Goes on": to the next section; on the last one, it says so and offers to open it after all.
    if (isLast) {
      setSkippedHere(current);
      headingRef.current?.focus();
    } else goTo(current + 1);
  };

  const goTo = (index: number) => {
    setSkippedHere(null);
    setUnopenedAtSend(null);
    setStepIndex(index);
    headingRef.current?.focus();
    // customer-app §4: a step change triggers a save unless submitted.
    if (!readOnly) {
      sync.edit({ [CURRENT_STEP_KEY]: index });
      void sync.flush();
    }
  };

  const askOrSubmit = () => {
    const unopened = caring ? sectionsNeverOpened(data, form.steps) : [];
    if (unopened.length > 0) setUnopenedAtSend(unopened);
    else void submit();
  };

  const submit = async () => {
    setUnopenedAtSend(null);
    setSending(true);
    try {
      await sync.submit(sendSubmit);
      showToast(SUBMIT_SUCCESS_MESSAGE, 'success');
      headingRef.current?.focus();
    } catch (error) {
      showToast(submitFailedMessage(error), 'error');
    } finally {
      setSending(false);
    }
  };

  // Two fields of a template may share an id (they then share one answer): keys by position.
  const fieldKeys = new Map(
    step.fields.map((field, index) => [field, `${index}:${fieldAliases?.get(field.id) ?? field.id}`]),
  );
  const shownFields = step.fields.filter(
    (field) =>
      field.type !== 'hidden' &&
      (visibility.isFieldVisible(field) || (!readOnly && field.id === focusedField)),
  );
  return (
    <section className="record-steps" aria-labelledby={headingId}>
      <section className="record-steps__bar" aria-label="Progress and sections" ref={bar}>
        <SectionsDropdown
          sections={form.steps.map((candidate, index) => ({
            title: candidate.stepTitle,
            complete: completion[index] ?? false,
            skipped: caring && isSkippedForNow(data, candidate),
          }))}
          current={current}
          onChoose={goTo}
        />
        <RecordProgressBar percent={progress} />
        {readOnly || preview ? null : <SaveStatus sync={sync} />}
        {/* Issue 44 §7: Take a break speaks of answers being saved: not on a record that is read-only
            (sent, or another's); Leave quickly stays. While a note asks, the note offers the break. */}
        {care?.controls(!asking && !readOnly)}
      </section>
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className="record-steps__title">
        {step.stepTitle}
      </h2>
      {asking ? (
        <ContentNote
          note={step.contentNote ?? ''}
          onContinue={() => {
            choose('continue');
            headingRef.current?.focus();
          }}
          onSkip={skip}
          onBreak={() => care?.onTakeBreak()}
        />
      ) : skippedHere === current && caring ? (
        <section className="calm-panel" aria-label="Skipped for now">
          <p>This section is skipped for now. It is not complete; you can open it any time.</p>
          <Button variant="secondary" onClick={() => setSkippedHere(null)}>
            Open this section
          </Button>
        </section>
      ) : (
        <StepFields
          key={current}
          fields={shownFields}
          fieldKeys={fieldKeys}
          readOnly={readOnly}
          answers={answers}
          visibility={visibility}
          source={sync}
          onAnswer={onAnswer}
          onFocusAnswer={onFocusAnswer}
          onBlurAnswer={onBlurAnswer}
        />
      )}
      {/* Issue 28 §6: after a section with a content note, where to turn. */}
      {caring && step.contentNote?.trim() && !asking && care ? (
        <LazySupportLineView line={care.supportLine} />
      ) : null}
      {unopenedAtSend && !readOnly ? (
        <SendPastNotes
          titles={unopenedAtSend.map((index) => form.steps[index]?.stepTitle ?? '')}
          onSend={() => void submit()}
          onOpen={() => {
            const first = unopenedAtSend[0] ?? current;
            setUnopenedAtSend(null);
            goTo(first);
          }}
          onStay={() => setUnopenedAtSend(null)}
        />
      ) : null}
      {/* Issue 44 §6: while a content note asks, the bar is not sticky, so it never covers the note. */}
      <nav
        className={asking || unopenedAtSend ? 'record-nav record-nav--still' : 'record-nav'}
        aria-label="Steps"
      >
        <Button variant="secondary" onClick={() => goTo(current - 1)} disabled={current === 0}>
          Previous
        </Button>
        {!isLast ? (
          <Button onClick={() => goTo(current + 1)}>Next</Button>
        ) : readOnly ? null : preview ? (
          <Button variant="accent" disabled title="Preview: nothing is sent">
            Complete & Send
          </Button>
        ) : (
          <Button variant="accent" onClick={askOrSubmit} disabled={sending} aria-busy={sending}>
            {sending ? <Spinner label="Sending..." showLabel /> : 'Complete & Send'}
          </Button>
        )}
      </nav>
    </section>
  );
});
