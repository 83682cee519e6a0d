/**
 * Issue 25 §4: operations in flight per person, over HTTP and WebSocket alike. A person runs at
 * most `maxInFlight` GraphQL operations at once; the next ones wait in that person's own line
 * (first come, first served), never in everyone's, so one person's expensive work delays only
 * their own. A line longer than `maxWaiting` is refused rather than kept in memory.
 */
export interface PersonLimiter {
  /** Resolves with the function that frees the slot (call it once; later calls do nothing), or null when the line is full. */
  acquire(person: string): Promise<(() => void) | null>;
  /** Operations running and waiting for a person (tests, diagnostics). */
  load(person: string): { running: number; waiting: number };
}

export const MAX_OPERATIONS_IN_FLIGHT_PER_PERSON = 4;
export const MAX_OPERATIONS_WAITING_PER_PERSON = 100;

export const TOO_MANY_WAITING_MESSAGE =
  'Too many requests at once from your account. Wait for the earlier ones to finish and try again.';

export function createPersonLimiter(
  maxInFlight = MAX_OPERATIONS_IN_FLIGHT_PER_PERSON,
  maxWaiting = MAX_OPERATIONS_WAITING_PER_PERSON,
): PersonLimiter {
  const people = new Map<string, { running: number; waiting: Array<() => void> }>();

  function releaser(person: string): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const line = people.get(person);
      if (!line) return;
      const next = line.waiting.shift();
      if (next) return next(); // The slot passes straight to the next in this person's line.
      line.running--;
      if (line.running === 0) people.delete(person);
    };
  }

  return {
    acquire(person) {
      let line = people.get(person);
      if (!line) {
        line = { running: 0, waiting: [] };
        people.set(person, line);
      }
      if (line.running < maxInFlight) {
        line.running++;
        return Promise.resolve(releaser(person));
      }
      if (line.waiting.length >= maxWaiting) return Promise.resolve(null);
      const waiting = line.waiting;
      return new Promise((resolve) => waiting.push(() => resolve(releaser(person))));
    },
    load(person) {
      const line = people.get(person);
      return { running: line?.running ?? 0, waiting: line?.waiting.length ?? 0 };
    },
  };
}
