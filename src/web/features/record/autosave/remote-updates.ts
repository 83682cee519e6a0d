import type { ServerRecordState } from './sync-types.ts';

/** What becomes of a stored state read from elsewhere (the subscription or the poll). */
export type RemoteVerdict = 'apply' | 'later' | 'other-form' | 'not-newer';

/**
 * customer-app §4 Editing flag and §7 calls 10–11: a stored state read from elsewhere is taken only
 * when it is newer and the person is neither editing nor saving; else the latest waits for blur or
 * the save's end. One of another form is not taken at all (issue 26 §3).
 */
export class RemoteUpdates {
  /** customer-app §4 Editing flag: set on focus, cleared on blur and after a save. */
  editing = false;
  private waiting: ServerRecordState | null = null;
  private readonly current: () => ServerRecordState;
  private readonly saving: () => boolean;

  /** `current`: the state shown now; `saving`: whether a save is on its way. */
  constructor(current: () => ServerRecordState, saving: () => boolean) {
    this.current = current;
    this.saving = saving;
  }

  offer(state: ServerRecordState): RemoteVerdict {
    if (!this.isNewer(state)) return 'not-newer';
    if (this.isOtherForm(state.formKey)) return 'other-form';
    if (this.editing || this.saving()) {
      this.waiting = state;
      return 'later';
    }
    return 'apply';
  }

  /** The state that waited, when it may be taken now (and is still newer). */
  takeWaiting(): ServerRecordState | null {
    const state = this.waiting;
    if (!state || this.editing || this.saving()) return null;
    this.waiting = null;
    return this.isNewer(state) ? state : null;
  }

  /** Forgets the state that waited (the form change brought a newer one). */
  drop(): void {
    this.waiting = null;
  }

  /** Whether a state's form is another than the one this screen shows (issue 26 §3). */
  isOtherForm(formKey: string | undefined): boolean {
    const shown = this.current().formKey;
    return formKey !== undefined && shown !== undefined && formKey !== shown;
  }

  private isNewer(state: ServerRecordState): boolean {
    const shown = this.current();
    return (
      state.version > shown.version ||
      (state.version === shown.version && state.submitted !== shown.submitted)
    );
  }
}
