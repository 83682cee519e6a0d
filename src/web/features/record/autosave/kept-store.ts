import { pendingAnswersStore } from '#web/lib/pending-answers-store.ts';
import type { KeptAnswers } from './sync-types.ts';

/**
 * The sync engine's side of the kept answers (DESIGN §7, decision 062): the unsent answers are
 * written to the encrypted store in this browser until the server acknowledges them. Writes
 * coalesce: at once when none is on its way, else once more when it ends, with the answers as they
 * are then (latest only), so a burst of keystrokes costs one write in flight and one after it.
 */
export class KeptWriter {
  private readonly read: () => KeptAnswers;
  private readonly write: (kept: KeptAnswers) => Promise<void>;
  private writing: Promise<void> | null = null;
  private again = false;

  /** `read`: what to keep now; `write`: keeps it (no answers: nothing kept any more). */
  constructor(read: () => KeptAnswers, write: (kept: KeptAnswers) => Promise<void>) {
    this.read = read;
    this.write = write;
  }

  /** Keeps the answers as they are now (issue 26 §4: a crash 50 ms later loses nothing). */
  keep(): void {
    if (this.writing) {
      this.again = true;
      return;
    }
    this.writing = (async () => {
      do {
        this.again = false;
        try {
          await this.write(this.read());
        } catch (error) {
          // Never the answers themselves in a log (DESIGN §7).
          console.error('Keeping unsent answers in this browser failed:', (error as Error)?.name);
        }
      } while (this.again);
      this.writing = null;
    })();
  }

  /** Resolves once the answers being kept have been written. */
  async written(): Promise<void> {
    while (this.writing) await this.writing;
  }
}

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
