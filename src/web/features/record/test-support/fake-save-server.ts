// The sync engine's tests talk to a record on a fake server that merges saves key by key as the
// real one does (the domain's mergeAnswers), so every rule is checked against the server's own.
import { mergeAnswers, type VersionedAnswers } from '#domain/record-answers.ts';
import { RecordSync } from '../autosave/record-sync.ts';
import type { Answers, KeptAnswers, RecordSyncDeps, SaveInput, SaveResult } from '../autosave/sync-types.ts';

/**
 * A record on a server that merges saves key by key as DESIGN §7 says (the domain's mergeAnswers):
 * a key written after the save's base version is left alone and reported as conflicting. Answers a save with `answer()`
 * or fails it; every request is kept for the assertions.
 */
export function fakeServer(initial: Record<string, unknown> = {}) {
  let stored: VersionedAnswers = { data: { ...initial }, keyVersions: {}, version: 1 };
  let clock = 0;
  const requests: SaveInput[] = [];
  type Behaviour = 'answer' | 'hang' | 'hold' | { fail: unknown };
  const queue: Behaviour[] = [];
  let release = () => {};
  // The server's own merge rule (src/domain/record-answers.ts), as the save statement applies it.
  const merge = (input: SaveInput): SaveResult => {
    const merged = mergeAnswers(stored, input.answers, input.baseVersion ?? stored.version);
    if (!merged.ok) throw new Error(merged.error);
    stored = merged.stored;
    return {
      data: stored.data,
      version: stored.version,
      updatedAt: `t${++clock}`,
      conflictingKeys: merged.conflictingKeys,
    };
  };
  return {
    requests,
    /** What the next saves do, in order; afterwards they are answered. */
    nextSaves(...behaviours: Behaviour[]) {
      queue.push(...behaviours);
    },
    /** Another device's save. */
    writeElsewhere(answers: Record<string, unknown>) {
      return merge({ baseVersion: stored.version, answers });
    },
    /** Answers the save being held ('hold'). */
    release: () => release(),
    state: () => ({ data: stored.data, version: stored.version, updatedAt: `t${clock}`, submitted: false }),
    save(input: SaveInput, signal: AbortSignal): Promise<SaveResult> {
      requests.push(input);
      const behaviour = queue.shift() ?? 'answer';
      if (behaviour === 'hang') {
        return new Promise((_resolve, reject) =>
          signal.addEventListener('abort', () => reject(signal.reason)),
        );
      }
      if (behaviour === 'hold') {
        return new Promise((resolve) => {
          release = () => resolve(merge(input));
        });
      }
      if (behaviour !== 'answer') return Promise.reject(behaviour.fail);
      return Promise.resolve(merge(input));
    },
  };
}

export function startSync(server: ReturnType<typeof fakeServer>, overrides: Partial<RecordSyncDeps> = {}) {
  const kept: Answers[] = [];
  const keptVersions: Readonly<Record<string, number>>[] = [];
  const stopped: unknown[] = [];
  const sync = new RecordSync({
    initial: server.state(),
    save: (input, signal) => server.save(input, signal),
    persist: async (unsent) => {
      kept.push(unsent.answers);
      keptVersions.push(unsent.typedAgainst);
    },
    onAutosaveStopped: (error) => stopped.push(error),
    random: () => 0.5,
    ...overrides,
  });
  sync.start();
  return { sync, kept, keptVersions, stopped, lastKept: () => kept.at(-1) };
}

/** Answers kept on an earlier visit, typed against `version`. */
export const keptAt = (answers: Answers, version = 1): KeptAnswers => ({
  answers,
  typedAgainst: Object.fromEntries(Object.keys(answers).map((key) => [key, version])),
});
