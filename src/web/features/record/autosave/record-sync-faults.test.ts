import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MISSING_TOKEN_MESSAGE } from '#domain/permissions.ts';
import { SIGN_IN_END_MESSAGES } from '#domain/sign-in-end.ts';
import { GraphQLRequestError } from '#web/lib/graphql-client.ts';
import { fakeServer, startSync } from '../test-support/fake-save-server.ts';
import { answerKeyMover, moveKeptAnswers } from './answer-key-moves.ts';
import { SAVE_DEBOUNCE_MS, type SaveInput } from './record-sync.ts';
import { RETRY_MAX_MS } from './save-failure.ts';

// Issue 26: the faults under which answers were still lost, at the engine's level (the browser
// tests e2e/record-sign-in-ended, record-migration-while-typing and record-last-keystrokes drive
// the same through the real server).

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const settle = () => vi.advanceTimersByTimeAsync(0);

describe('RecordSync: a sign-in the server refuses (issue 26 §1)', () => {
  it('says so too when no valid ID token can be had (expired, renewal failed)', async () => {
    const server = fakeServer();
    server.nextSaves({ fail: new Error(MISSING_TOKEN_MESSAGE) });
    const { sync } = startSync(server);
    sync.edit({ story: 'kept' });
    await vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS);
    expect(sync.getSnapshot()).toMatchObject({ signInNeeded: true, unsent: true, autosaveStopped: false });
  });

  it('says at once that the person must sign in, keeps the answers, and clears once a save goes', async () => {
    const server = fakeServer();
    const ended = () => ({
      fail: new GraphQLRequestError('This sign-in has ended. Sign in again.', 401, 'UNAUTHENTICATED'),
    });
    server.nextSaves(ended(), ended());
    const { sync, lastKept } = startSync(server);
    sync.edit({ story: 'kept' });
    await vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS);
    expect(sync.getSnapshot()).toMatchObject({ signInNeeded: true, unsent: true, autosaveStopped: false });
    expect(lastKept()).toEqual({ story: 'kept' });
    await vi.advanceTimersByTimeAsync(RETRY_MAX_MS * 2);
    expect(sync.getSnapshot()).toMatchObject({ signInNeeded: false, unsent: false });
    expect(server.state().data).toMatchObject({ story: 'kept' });
  });
});

describe('RecordSync: a sign-in ended elsewhere (issue 38 §5)', () => {
  it('is not retried while it names its cause: the answers stay kept, typing sends nothing more', async () => {
    const server = fakeServer();
    server.nextSaves({
      fail: new GraphQLRequestError(SIGN_IN_END_MESSAGES.everywhere, 401, 'UNAUTHENTICATED'),
    });
    const { sync, lastKept } = startSync(server);
    sync.edit({ story: 'kept' });
    await vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS);
    expect(sync.getSnapshot()).toMatchObject({ signInNeeded: true, unsent: true, autosaveStopped: false });
    sync.edit({ story: 'kept, and more' });
    await vi.advanceTimersByTimeAsync(RETRY_MAX_MS * 4);
    expect(server.requests).toHaveLength(1);
    expect(lastKept()).toEqual({ story: 'kept, and more' });
  });
});

describe('RecordSync: two tabs answered one question (issue 26 §5)', () => {
  const offline = () => ({ fail: new TypeError('Failed to fetch') });

  it('of two unsent answers, the one changed last wins, whichever tab it comes from', async () => {
    let now = 1000;
    const server = fakeServer();
    server.nextSaves(offline(), offline(), offline());
    const { sync, kept } = startSync(server, { now: () => now });
    sync.edit({ name: 'older, here' });
    await sync.adoptKept({
      answers: { name: 'newer, from the closed tab' },
      typedAgainst: { name: 1 },
      changedAt: { name: 2000 },
    });
    expect(sync.view().name).toBe('newer, from the closed tab');
    now = 3000;
    sync.edit({ name: 'newest, here' });
    await sync.adoptKept({ answers: { name: 'old' }, typedAgainst: { name: 1 }, changedAt: { name: 2500 } });
    expect(sync.view().name).toBe('newest, here');
    await sync.persisted();
    expect(kept.at(-1)).toEqual({ name: 'newest, here' });
    await vi.advanceTimersByTimeAsync(RETRY_MAX_MS * 3);
    expect(server.state().data.name).toBe('newest, here');
    expect(sync.keptConflicts()).toEqual([]);
  });

  it('a newer answer from a closed tab replaces the one this tab had already saved', async () => {
    const server = fakeServer();
    const { sync } = startSync(server, { now: () => 1000 });
    sync.edit({ name: 'older, saved from here' });
    await vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS);
    expect(server.state().data.name).toBe('older, saved from here');
    await sync.adoptKept({
      answers: { name: 'newer' },
      typedAgainst: { name: 1 },
      changedAt: { name: 2000 },
    });
    await settle();
    expect(server.state().data.name).toBe('newer');
    expect(sync.keptConflicts()).toEqual([]);
    expect(sync.getSnapshot().unsent).toBe(false);
  });

  it('an older kept answer never replaces one this tab saved later', async () => {
    const server = fakeServer();
    const { sync } = startSync(server, { now: () => 5000 });
    sync.edit({ name: 'later, saved from here' });
    await vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS);
    await sync.adoptKept({
      answers: { name: 'earlier' },
      typedAgainst: { name: 1 },
      changedAt: { name: 2000 },
    });
    await settle();
    expect(server.state().data.name).toBe('later, saved from here');
    expect(sync.view().name).toBe('later, saved from here');
  });
});

describe('RecordSync: the record moves to another form while the person types (issue 26 §3)', () => {
  it('writes nothing under the old form, waits for the move, then sends the answers under the new keys', async () => {
    const server = fakeServer({ cityOfBirth: 'Lis' });
    let formKey = 'type/1';
    let formChangedAt = 0;
    const formChanged = vi.fn();
    const sent: SaveInput[] = [];
    const { sync } = startSync(server, {
      initial: { ...server.state(), formKey },
      onFormChanged: formChanged,
      save: async (input, signal) => {
        sent.push(input);
        // As the server does: a save typed against the form before the migration writes nothing.
        if ((input.baseVersion ?? 0) < formChangedAt) {
          return { ...server.writeElsewhere({}), conflictingKeys: Object.keys(input.answers), formKey };
        }
        return { ...(await server.save(input, signal)), formKey };
      },
    });
    sync.focus('cityOfBirth');
    sync.edit({ cityOfBirth: 'Lisbon' });
    // The admin migrates: the answer moves to birthCity; the form is type/2.
    server.writeElsewhere({ birthCity: 'Lis' });
    formKey = 'type/2';
    formChangedAt = server.state().version;
    await vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS);
    expect(formChanged).toHaveBeenCalledTimes(1);
    expect(sync.getSnapshot()).toMatchObject({ unsent: true, version: 1 });
    // Keys typed before the screen shows the new form wait; nothing is sent meanwhile.
    sync.edit({ cityOfBirth: 'Lisbon, Portugal' });
    await vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS * 3);
    expect(sent).toHaveLength(1);

    const migration = { version: formChangedAt, fromFormVersion: 1, moves: { cityOfBirth: 'birthCity' } };
    sync.changeForm(
      { ...server.state(), formKey: 'type/2' },
      answerKeyMover([migration], 1, new Set(['cityOfBirth']), new Set(['birthCity'])),
    );
    expect(sync.getAnswer('birthCity')).toBe('Lisbon, Portugal');
    // A key still arriving from the old field follows its question.
    sync.edit({ cityOfBirth: 'Lisbon, Portugal!' });
    expect(sync.getAnswer('birthCity')).toBe('Lisbon, Portugal!');
    await vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS);
    await settle();
    expect(sent.at(-1)?.answers).toEqual({ birthCity: 'Lisbon, Portugal!' });
    // Every save after the move names a version of the new form, and no answer goes under the old key.
    for (const input of sent.slice(1)) {
      expect(input.baseVersion).toBeGreaterThanOrEqual(formChangedAt);
      expect(input.answers).not.toHaveProperty('cityOfBirth');
    }
    expect(server.state().data).toMatchObject({ birthCity: 'Lisbon, Portugal!', cityOfBirth: 'Lis' });
    expect(sync.getSnapshot()).toMatchObject({ unsent: false, saving: false });
  });

  it('a live update of another form is not taken as it is: the engine waits for the move', () => {
    const server = fakeServer({ a: 'x' });
    const formChanged = vi.fn();
    const { sync } = startSync(server, {
      initial: { ...server.state(), formKey: 't/1' },
      onFormChanged: formChanged,
    });
    server.writeElsewhere({ b: 'moved' });
    sync.applyRemote({ ...server.state(), formKey: 't/2' });
    expect(formChanged).toHaveBeenCalledTimes(1);
    expect(sync.getSnapshot().version).toBe(1);
    expect(sync.view()).not.toHaveProperty('b');
  });
});

describe('kept answers typed against an earlier form (issue 26 §3)', () => {
  const steps = [{ version: 7, fromFormVersion: 1, moves: { cityOfBirth: 'birthCity', pet: null } }];
  it('go where the migration put the stored answers, as typed against the migration', () => {
    const moved = moveKeptAnswers(
      {
        answers: { cityOfBirth: 'Lisbon', pet: 'Rex', name: 'Ada' },
        typedAgainst: { cityOfBirth: 3, pet: 3, name: 8 },
        changedAt: { cityOfBirth: 10, pet: 10, name: 20 },
      },
      steps,
      new Set(['birthCity', 'name', 'pet']),
    );
    expect(moved).toEqual({
      answers: { birthCity: 'Lisbon', 'pet@v1': 'Rex', name: 'Ada' },
      typedAgainst: { birthCity: 7, 'pet@v1': 7, name: 8 },
      changedAt: { birthCity: 10, 'pet@v1': 10, name: 20 },
    });
  });

  it('of two landing on one key, keep the one changed last', () => {
    const moved = moveKeptAnswers(
      {
        answers: { cityOfBirth: 'older, on v1', birthCity: 'newer, on v2' },
        typedAgainst: { cityOfBirth: 3, birthCity: 8 },
        changedAt: { cityOfBirth: 10, birthCity: 20 },
      },
      steps,
      new Set(['birthCity']),
    );
    expect(moved.answers).toEqual({ birthCity: 'newer, on v2' });
  });
});
