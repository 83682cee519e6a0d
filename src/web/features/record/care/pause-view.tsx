import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { SupportLine } from '#domain/support-line.ts';
import { Button } from '#web/components/ui/button.tsx';
import { LeaveQuicklyButton } from '#web/components/ui/leave-quickly-button.tsx';
import { requestLogout } from '#web/lib/logout-request.ts';
import { useOnline } from '#web/lib/use-online.ts';
import type { RecordSync } from '../autosave/record-sync.ts';
import { type SaveState, saveStateOf } from '../save-status.tsx';
import { SupportLineView } from './support-line-view.tsx';

export const PAUSE_MESSAGES = {
  saved: 'Your answers are saved.',
  saving: 'Your answers are still being saved. This will say so as soon as they are.',
  offline: 'You are offline. Your answers are kept on this device and will be sent when you are back online.',
  kept: 'Your answers are kept on this device and will be sent as soon as the server takes them.',
  signedOut: 'Your answers are kept on this device. Sign in again to send them.',
  stop: 'It is fine to stop here, for a few minutes or for as long as you need.',
  comeBack:
    'To come back, sign in and open this record under “Your Records” on the home page. It opens at the section you were on.',
} as const;

/** Issue 28 §4: "saved" only once the server acknowledged every answer (the save status's own rule). */
function pauseMessage(state: SaveState): string {
  switch (state) {
    case 'saved':
      return PAUSE_MESSAGES.saved;
    case 'saving':
      return PAUSE_MESSAGES.saving;
    case 'offline':
      return PAUSE_MESSAGES.offline;
    case 'signedOut':
      return PAUSE_MESSAGES.signedOut;
    default:
      return PAUSE_MESSAGES.kept;
  }
}

/**
 * Issue 28 §4 Take a break: a calm view in place of the questions, with where the answers are, that
 * stopping is fine, how to come back, the support line, and two ways on: back to the record, or log
 * out (the header's logout, which asks before it would delete unsent answers).
 */
export function PauseView({
  sync,
  editable,
  supportLine,
  onBack,
}: {
  sync: RecordSync;
  editable: boolean;
  supportLine: SupportLine;
  onBack: () => void;
}) {
  const snapshot = useSyncExternalStore(sync.subscribe, sync.getSnapshot);
  const online = useOnline();
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The view replaces the questions: focus moves to its heading so it is read from the top.
  useEffect(() => headingRef.current?.focus(), []);
  const state = editable ? saveStateOf(snapshot, online) : 'saved';
  return (
    <section className="calm-panel pause-view" aria-labelledby="pause-view-title">
      <div className="page-top">
        <h2 id="pause-view-title" ref={headingRef} tabIndex={-1}>
          Take a break
        </h2>
        {/* The bar with the care controls is hidden with the questions; leaving stays at hand. */}
        <LeaveQuicklyButton />
      </div>
      <p className={`pause-view__state pause-view__state--${state}`} role="status" aria-live="polite">
        {pauseMessage(state)}
      </p>
      <p>{PAUSE_MESSAGES.stop}</p>
      <p>{PAUSE_MESSAGES.comeBack}</p>
      <SupportLineView line={supportLine} />
      <div className="calm-panel__actions">
        <Button onClick={onBack}>Back to my record</Button>
        <Button variant="secondary" onClick={requestLogout}>
          Log out
        </Button>
      </div>
    </section>
  );
}
