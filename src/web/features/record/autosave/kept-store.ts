import { pendingAnswersStore } from '#web/lib/pending-answers-store.ts';
import type { KeptAnswers } from './sync-types.ts';

/** The kept store for one person's record, as a screen's engine uses it. */
export interface RecordKeptStore {
  write(kept: KeptAnswers): Promise<void>;
  /** Issue 13 §1: answers of closed tabs of this record, handed to `adopt`, then deleted. */
  takeOrphans(adopt: (kept: KeptAnswers) => Promise<void>): Promise<void>;
}

/** Without a person (signed out) nothing is kept. */
export function keptStoreFor(owner: string, recordId: string): RecordKeptStore {
  const store = pendingAnswersStore();
  return {
    write: (kept) => (owner ? store.write(owner, recordId, kept) : Promise.resolve()),
    takeOrphans: (adopt) => (owner ? store.takeOrphans(owner, recordId, adopt) : Promise.resolve()),
  };
}
