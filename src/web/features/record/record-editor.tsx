import { lazy, Suspense, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { flushSync } from 'react-dom';
import { useSearchParams } from 'react-router';
import type { FormTemplate } from '#domain/form-template.ts';
import { nextUnansweredQuestion } from '#domain/next-unanswered-question.ts';
import { answeredOfRecordData, savedCurrentStep } from '#domain/record-form-data.ts';
import { supportLineToShow } from '#domain/support-line.ts';
import { Button } from '#web/components/ui/button.tsx';
import { useClientConfig } from '#web/lib/client-config-context.tsx';
import type { KeptAnswers } from '#web/lib/kept-answers-store.ts';
import type { LoadedRecord } from './api/record-load.ts';
import { toServerState } from './api/record-state.ts';
import type { RecordSync } from './autosave/record-sync.ts';
import { CareControls } from './care/care-controls.tsx';
import { LazyPauseView } from './care/lazy-care-views.tsx';
import { NeedSupport } from './care/need-support.tsx';
import { RecordAdminPanelSlot } from './record-admin-panel-slot.tsx';
import { RecordHeader } from './record-header.tsx';
import { RecordSteps } from './record-steps.tsx';
import { RecordTrustSlot } from './record-trust-slot.tsx';
import { SignInEndedNotice } from './sign-in-ended-notice.tsx';
import { useFormChange } from './use-form-change.ts';
import { useLiveRecordUpdates } from './use-live-record-updates.ts';
import { useRecordSync } from './use-record-sync.ts';
import { VoiceProvider } from './voice/voice-context.tsx';

// Issue 13 §2: rare (answers kept from an earlier visit and changed since), so loaded only when
// needed; the record route stays within its script budget (issue 15).
// Issue 43 §1: the Reminders setting sits below the steps; it loads after them (with its schemas)
// so the record's start stays within issue 15 §3's script budget.
const ReminderSettings = lazy(async () => {
  const [settings, queries] = await Promise.all([
    import('#web/components/reminders/reminder-settings.tsx'),
    import('#web/app/with-queries.tsx'),
  ]);
  return { default: queries.withQueries(settings.ReminderSettings) };
});
const KeptAnswerConflicts = lazy(async () => ({
  default: (await import('./kept-answer-conflicts.tsx')).KeptAnswerConflicts,
}));

/**
 * One visit of a record: its sync engine, live updates, heading and form. customer-app §4: read-only
 * once submitted, or when the viewer is not the owner (the token's sub differs from the owner's
 * federated id; the server refuses such writes anyway).
 */
export function RecordEditor({
  record,
  form,
  restored,
  viewerSub,
}: {
  record: LoadedRecord;
  form: FormTemplate;
  restored: KeptAnswers;
  viewerSub: string;
}) {
  const isOwner = viewerSub !== '' && record.user?.federatedId === viewerSub;
  const initial = useMemo(() => toServerState(record), [record]);
  // Issue 26 §3: a record moved to another form version while open keeps its engine and fields.
  const { shown, formRef, syncRef, moveKept, onFormChanged } = useFormChange({ record, form });
  const sync = useRecordSync({
    recordId: record.id,
    owner: viewerSub,
    form: formRef,
    initial,
    restored,
    editable: isOwner && !record.submitted,
    onFormChanged,
    moveKept,
  });
  syncRef.current = sync;
  useLiveRecordUpdates(record.id, sync, true);
  return (
    <VoiceProvider recordId={record.id} owner={viewerSub} editable={isOwner && !record.submitted}>
      <RecordWorkspace
        record={shown.record}
        form={shown.form}
        aliases={shown.aliases}
        sync={sync}
        isOwner={isOwner}
      />
    </VoiceProvider>
  );
}

function RecordWorkspace({
  record,
  form,
  aliases,
  sync,
  isOwner,
}: {
  record: LoadedRecord;
  form: FormTemplate;
  aliases: ReadonlyMap<string, string>;
  sync: RecordSync;
  isOwner: boolean;
}) {
  const snapshot = useSyncExternalStore(sync.subscribe, sync.getSnapshot);
  const readOnly = !isOwner || snapshot.submitted;
  // Issue 43 §2: a reminder's link (`?next=1`) opens the record at the next unanswered question;
  // `?reminders=1` (the mail's link to the setting) at the Reminders setting.
  const [params] = useSearchParams();
  const [opening] = useState(() => ({
    next: params.get('next') === '1' ? nextUnansweredQuestion(form, answeredOfRecordData(record.data)) : null,
    reminders: params.get('reminders') === '1',
  }));
  const firstStep = useMemo(
    () => opening.next?.stepIndex ?? savedCurrentStep(record.data, form.steps.length),
    [record, form, opening],
  );
  // Issue 28 §4, §6: the pause view, and the support line (the organization's, else the default).
  const [paused, setPaused] = useState(false);
  const config = useClientConfig();
  const organization = record.organization ?? null;
  const supportLine = useMemo(
    () => supportLineToShow(organization, config.supportLine),
    [organization, config.supportLine],
  );
  const stepsRef = useRef<HTMLDivElement>(null);
  const remindersRef = useRef<HTMLDivElement>(null);
  // Issue 43 §1: the setting opens on request (or from the mail's link), so its code and schemas
  // never weigh on the record's start (issue 15 §3's script budget).
  const [remindersOpen, setRemindersOpen] = useState(opening.reminders);
  const openReminders = () => {
    setRemindersOpen(true);
    // The button goes; focus moves to the setting's heading once its code has arrived.
    const started = Date.now();
    const focusHeading = () => {
      const heading = remindersRef.current?.querySelector<HTMLElement>('h2');
      if (heading) {
        heading.tabIndex = -1;
        heading.focus();
      } else if (Date.now() - started < 10_000) requestAnimationFrame(focusHeading);
    };
    requestAnimationFrame(focusHeading);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the record opens from a link.
  useEffect(() => {
    if (opening.reminders) remindersRef.current?.scrollIntoView({ block: 'start' });
    const target = opening.next?.fieldId;
    if (!target) return;
    // The step's fields are built right after the first paint (step-fields.tsx): look a moment later.
    const timer = setTimeout(() => {
      const question = stepsRef.current?.querySelector(`[data-question="${CSS.escape(target)}"]`);
      const control = question?.querySelector<HTMLElement>('textarea, input, select, [tabindex]');
      question?.scrollIntoView({ block: 'center' });
      control?.focus({ preventScroll: true });
    }, 100);
    return () => clearTimeout(timer);
  }, []);
  // Back from the pause view to the section's heading, where the person was reading.
  const endBreak = () => {
    flushSync(() => setPaused(false));
    stepsRef.current?.querySelector<HTMLElement>('h2[tabindex]')?.focus();
  };
  const care = useMemo(
    () => ({
      supportLine,
      onTakeBreak: () => setPaused(true),
      controls: (showBreak: boolean) => (
        <CareControls onTakeBreak={() => setPaused(true)} showBreak={showBreak} />
      ),
    }),
    [supportLine],
  );
  return (
    <article className="page record-screen">
      <RecordHeader
        typeName={record.inventoryType.name}
        userName={record.user?.name}
        organizationName={record.organization?.name}
        createdAt={record.createdAt}
        updatedAt={snapshot.updatedAt}
      />
      <RecordTrustSlot recordId={record.id} organizationName={record.organization?.name} isOwner={isOwner} />
      <NeedSupport line={supportLine} />
      {readOnly ? (
        <p className="record-screen__notice" role="status">
          {snapshot.submitted
            ? 'This record has been submitted.'
            : 'You are viewing this record; only its owner can change it.'}
        </p>
      ) : null}
      {!readOnly && snapshot.signInNeeded && snapshot.unsent ? <SignInEndedNotice /> : null}
      {readOnly || snapshot.conflicts === 0 ? null : (
        <Suspense fallback={null}>
          <KeptAnswerConflicts sync={sync} form={form} />
        </Suspense>
      )}
      {paused ? (
        <LazyPauseView sync={sync} editable={!readOnly} supportLine={supportLine} onBack={endBreak} />
      ) : null}
      {/* Hidden, not unmounted, while paused: the section and its state are there on the way back. */}
      <div hidden={paused} ref={stepsRef}>
        <RecordSteps
          recordId={record.id}
          form={form}
          answersVersion={
            readOnly ? `${snapshot.version}:${snapshot.structureVersion}` : `${snapshot.structureVersion}`
          }
          firstStep={firstStep}
          readOnly={readOnly}
          sync={sync}
          fieldAliases={aliases}
          care={care}
        />
      </div>
      {isOwner && !snapshot.submitted ? (
        <div className="record-screen__reminders card" id="reminders" ref={remindersRef}>
          {remindersOpen ? (
            <Suspense fallback={<p role="status">Loading your reminders…</p>}>
              <ReminderSettings recordId={record.id} />
            </Suspense>
          ) : (
            <Button variant="secondary" aria-expanded={false} onClick={openReminders}>
              Reminders
            </Button>
          )}
        </div>
      ) : null}
      <RecordAdminPanelSlot recordId={record.id} />
    </article>
  );
}
