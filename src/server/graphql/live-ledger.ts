/**
 * Issue 25 §3: what one save pushes to a person's live subscriptions is that record's answers
 * times the number of their subscriptions to it. Each subscription holds its per-event payload
 * (the answers' stored size, plus a little for the rest) in its person's ledger; a subscription
 * that would take the person over MAX_LIVE_BYTES_PER_PERSON is refused, and one whose record has
 * grown past it ends with an error, so one save can never fan out into hundreds of megabytes.
 */
export const MAX_LIVE_BYTES_PER_PERSON = 16 * 1024 * 1024;
/** What an event costs besides the answers (ids, dates, the form's other fields). */
export const LIVE_EVENT_OVERHEAD_BYTES = 4 * 1024;

export const LIVE_TOO_LARGE_MESSAGE =
  'Too many live updates of large records at once for your account. Close other tabs showing this record, then reload.';

export interface LiveHold {
  /** The payload changed size; false (and nothing held more) when the person would pass the limit. */
  resize(bytes: number): boolean;
  release(): void;
}

export interface LiveLedger {
  /** Holds a new subscription's payload, or null when the person would pass the limit. */
  hold(person: string, bytes: number): LiveHold | null;
  heldBy(person: string): number;
}

export function createLiveLedger(maxBytes = MAX_LIVE_BYTES_PER_PERSON): LiveLedger {
  const held = new Map<string, number>();
  const add = (person: string, change: number) => {
    const total = (held.get(person) ?? 0) + change;
    if (total <= 0) held.delete(person);
    else held.set(person, total);
  };
  return {
    hold(person, bytes) {
      const size = bytes + LIVE_EVENT_OVERHEAD_BYTES;
      if ((held.get(person) ?? 0) + size > maxBytes) return null;
      add(person, size);
      let current = size;
      let released = false;
      return {
        resize(next) {
          if (released) return false;
          const size = next + LIVE_EVENT_OVERHEAD_BYTES;
          if ((held.get(person) ?? 0) - current + size > maxBytes) return false;
          add(person, size - current);
          current = size;
          return true;
        },
        release() {
          if (released) return;
          released = true;
          add(person, -current);
        },
      };
    },
    heldBy: (person) => held.get(person) ?? 0,
  };
}
