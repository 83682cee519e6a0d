import { useSyncExternalStore } from 'react';
import { useOnline } from '#web/lib/use-online.ts';
import type { RecordSync } from './autosave/record-sync.ts';
import type { RecordSyncSnapshot } from './autosave/sync-types.ts';
import { needsChoiceMessage, SAVE_STATUS_MESSAGES } from './record-messages.ts';

export type SaveState = keyof typeof SAVE_STATUS_MESSAGES;

/** What the save status says, from the sync engine's state and the browser's connection. */
export function saveStateOf(
  snapshot: Pick<
    RecordSyncSnapshot,
    'saving' | 'unsent' | 'serverFaulty' | 'autosaveStopped' | 'signInNeeded' | 'conflicts'
  >,
  online: boolean,
): SaveState {
  if (snapshot.autosaveStopped) return 'stopped';
  if (!online && snapshot.unsent) return 'offline';
  if (snapshot.signInNeeded && snapshot.unsent) return 'signedOut';
  if (snapshot.serverFaulty) return 'serverTrouble';
  if (snapshot.saving || snapshot.unsent) return 'saving';
  // Issue 26 §6: a kept answer waiting for the person's choice is not saved.
  if (snapshot.conflicts > 0) return 'needsChoice';
  return 'saved';
}

/**
 * Issue 13: the person always knows where their answers are: being saved, saved, or kept on this
 * device while offline or while the server has trouble. A polite live region, so a screen reader
 * hears changes without being interrupted.
 */
export function SaveStatus({ sync }: { sync: RecordSync }) {
  const snapshot = useSyncExternalStore(sync.subscribe, sync.getSnapshot);
  const online = useOnline();
  const state = saveStateOf(snapshot, online);
  return (
    <p className={`save-status save-status--${state}`} role="status" aria-live="polite">
      {state === 'needsChoice' ? needsChoiceMessage(snapshot.conflicts) : SAVE_STATUS_MESSAGES[state]}
    </p>
  );
}
