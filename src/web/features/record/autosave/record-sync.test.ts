import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerStructure, changesStructure } from '#domain/answer-structure.ts';
import { GraphQLRequestError } from '#web/lib/graphql-client.ts';
import { fakeServer, keptAt, startSync } from '../test-support/fake-save-server.ts';
import {
  type Answers,
  CHOOSE_KEPT_ANSWERS_FIRST,
  MAX_SAVE_BYTES,
  type RecordSync,
  SAVE_DEBOUNCE_MS,
  SAVE_TIMEOUT_MS,
  type SaveInput,
} from './record-sync.ts';
import { RETRY_MAX_MS } from './save-failure.ts';

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const settle = () => vi.advanceTimersByTimeAsync(0);
/** The snapshot with what the screen shows. */
const shown = (sync: RecordSync) => ({ ...sync.getSnapshot(), view: sync.view() });

describe('RecordSync: the save queue (customer-app §4, DESIGN §7)', () => {
  it('shows an edit at once, keeps it, and saves only the changed answers with the base version', async () => {
    const server = fakeServer({ name: 'Ada', city: 'London' });
    const { sync, lastKept } = startSync(server);
    sync.edit({ city: 'Paris' });
    expect(sync.view()).toMatchObject({ name: 'Ada', city: 'Paris' });
    expect(sync.getSnapshot().unsent).toBe(true);
    // Kept in this browser at once (issue 26 §4: a crash right after the key loses nothing).
    expect(lastKept()).toEqual({ city: 'Paris' });
    expect(server.requests).toEqual([]);

    await vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS);
    expect(server.requests).toEqual([{ baseVersion: 1, answers: { city: 'Paris' } }]);
    expect(shown(sync)).toMatchObject({ unsent: false, saving: false, version: 2 });
    // Deleted from the browser the moment the server acknowledged it.
    expect(lastKept()).toEqual({});
  });

  it('waits for a whole pause after the last key before saving, however long the typing went on (issue 32)', async () => {
    const server = fakeServer();
    const { sync } = startSync(server);
    let typed = '';
    for (let key = 0; key < 10; key++) {
      typed += 'a';
      sync.edit({ a: typed });
      await vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS / 4);
    }
    expect(server.requests).toEqual([]);
    await vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS - SAVE_DEBOUNCE_MS / 4 - 1);
    expect(server.requests).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.requests).toEqual([{ baseVersion: 1, answers: { a: typed } }]);
  });

  it('sends only the latest data after the save on its way, and resolves the waiting batch together', async () => {
    const server = fakeServer();
    const { sync } = startSync(server);
    server.nextSaves('hold');
    sync.edit({ a: 'h' });
    const first = sync.flush();
    await settle();
    sync.edit({ a: 'he' });
    const second = sync.flush();
    sync.edit({ a: 'hel', b: 'x' });
    const third = sync.flush();
    const resolved: string[] = [];
    void second.then(() => resolved.push('second'));
    void third.then(() => resolved.push('third'));
    server.release();
    await first;
    await Promise.all([second, third]);
    expect(resolved).toEqual(['second', 'third']);
    expect(server.requests).toEqual([
      { baseVersion: 1, answers: { a: 'h' } },
      { baseVersion: 2, answers: { a: 'hel', b: 'x' } },
    ]);
    expect(shown(sync)).toMatchObject({ unsent: false, view: { a: 'hel', b: 'x' } });
  });

  it('retries a save that timed out after 10 s, with back-off, until it goes through', async () => {
    const server = fakeServer();
    const { sync, stopped } = startSync(server);
    server.nextSaves('hang', 'hang');
    sync.edit({ a: '1' });
    await vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS);
    expect(sync.getSnapshot().saving).toBe(true);
    await vi.advanceTimersByTimeAsync(SAVE_TIMEOUT_MS);
    expect(shown(sync)).toMatchObject({ saving: false, retrying: true, unsent: true });
    await vi.advanceTimersByTimeAsync(1000); // first retry after 1 s
    expect(server.requests).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(SAVE_TIMEOUT_MS + 2000); // second time-out, then 2 s
    expect(server.requests).toHaveLength(3);
    expect(shown(sync)).toMatchObject({ unsent: false, retrying: false });
    expect(stopped).toEqual([]);
  });

  it('keeps retrying network failures, waits longer each time, and goes at once when the network is back', async () => {
    const server = fakeServer();
    const { sync } = startSync(server);
    const offline = new TypeError('Failed to fetch');
    server.nextSaves({ fail: offline }, { fail: offline }, { fail: offline }, { fail: offline });
    sync.edit({ a: '1' });
    await vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS);
    await vi.advanceTimersByTimeAsync(1000 + 2000 + 4000);
    expect(server.requests).toHaveLength(4);
    // Typing while a retry waits does not send more requests: the retry carries the latest answers.
    sync.edit({ a: '12' });
    await vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS);
    expect(server.requests).toHaveLength(4);
    sync.retryNow();
    await settle();
    expect(server.requests.at(-1)).toEqual({ baseVersion: 1, answers: { a: '12' } });
    expect(sync.getSnapshot().unsent).toBe(false);
  });

  it('never waits longer than the back-off cap between retries', async () => {
    const server = fakeServer();
    const { sync } = startSync(server);
    const offline = new TypeError('Failed to fetch');
    server.nextSaves(...Array.from({ length: 12 }, () => ({ fail: offline })));
    sync.edit({ a: '1' });
    await vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS + 60_000);
    const before = server.requests.length;
    await vi.advanceTimersByTimeAsync(RETRY_MAX_MS);
    expect(server.requests.length).toBe(before + 1);
  });

  it.each([
    ['a server failure (5xx)', new GraphQLRequestError('The server answered 503', 503)],
    ['an internal error', new GraphQLRequestError('Something went wrong', 200, 'INTERNAL_SERVER_ERROR')],
  ])('treats %s as passing and retries', async (_name, error) => {
    const server = fakeServer();
    const { sync, stopped } = startSync(server);
    server.nextSaves({ fail: error });
    sync.edit({ a: '1' });
    await vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS + 1000);
    expect(stopped).toEqual([]);
    expect(sync.getSnapshot().unsent).toBe(false);
  });

  it('stops autosave for the session after a refusal, keeps the answers, and says so once', async () => {
    const server = fakeServer();
    const { sync, stopped, lastKept } = startSync(server);
    const refusal = new GraphQLRequestError(
      'Only the person this record belongs to can change it.',
      403,
      'FORBIDDEN',
    );
    server.nextSaves({ fail: refusal });
    sync.edit({ a: '1' });
    await vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS);
    expect(stopped).toEqual([refusal]);
    sync.edit({ b: '2' });
    await sync.flush();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.requests).toHaveLength(1);
    expect(shown(sync)).toMatchObject({
      autosaveStopped: true,
      unsent: true,
      view: { a: '1', b: '2' },
    });
    expect(lastKept()).toEqual({ a: '1', b: '2' });
    expect(stopped).toHaveLength(1);
  });

  it('a save refused because the record was submitted elsewhere makes it read-only, not "auto-save is off" (issue 44 §7)', async () => {
    const server = fakeServer();
    const { sync, stopped } = startSync(server);
    server.nextSaves({
      fail: new GraphQLRequestError(
        'This record has been submitted and can no longer be changed.',
        409,
        'CONFLICT',
      ),
    });
    sync.edit({ a: '1' });
    await vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS);
    expect(stopped).toEqual([]);
    expect(sync.getSnapshot().submitted).toBe(true);
  });

  it('re-sends an answer the server refused as stale, from the newer version', async () => {
    const server = fakeServer();
    const { sync } = startSync(server);
    server.writeElsewhere({ a: 'from the other device' });
    sync.edit({ a: 'mine', b: 'also mine' });
    await vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS);
    await settle();
    expect(server.requests).toEqual([
      { baseVersion: 1, answers: { a: 'mine', b: 'also mine' } },
      { baseVersion: 3, answers: { a: 'mine' } },
    ]);
    expect(server.state().data).toEqual({ a: 'mine', b: 'also mine' });
    expect(sync.getSnapshot().unsent).toBe(false);
  });

  it('sends what follows from the answers along with them, only where it changed', async () => {
    const server = fakeServer({ age: 40 });
    const { sync } = startSync(server, {
      derive: (view) => ({ age: view.dateOfBirth ? 45 : null, untouched: view.untouched }),
    });
    sync.edit({ dateOfBirth: '1980-12-10' });
    await vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS);
    expect(server.requests).toEqual([{ baseVersion: 1, answers: { age: 45, dateOfBirth: '1980-12-10' } }]);
  });
});

describe('RecordSync: live updates (customer-app §4 Editing flag, §7 calls 10–11)', () => {
  it('applies a newer stored state when the person is neither editing nor saving', () => {
    const server = fakeServer({ a: '1' });
    const { sync } = startSync(server);
    server.writeElsewhere({ b: 'typed elsewhere' });
    sync.applyRemote(server.state());
    expect(shown(sync)).toMatchObject({ view: { a: '1', b: 'typed elsewhere' }, version: 2 });
  });

  it('ignores a state that is not newer (a slow poll answered after a save)', async () => {
    const server = fakeServer({ a: '1' });
    const { sync } = startSync(server);
    const old = server.state();
    sync.edit({ a: '2' });
    await vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS);
    sync.applyRemote(old);
    expect(sync.view().a).toBe('2');
  });

  it('waits while the person edits, and applies on blur without touching the field they left unsent', () => {
    const server = fakeServer();
    const { sync } = startSync(server);
    sync.focus('a');
    sync.edit({ a: 'mine' });
    server.writeElsewhere({ a: 'theirs', b: 'theirs too' });
    sync.applyRemote(server.state());
    expect(sync.view()).toEqual({ a: 'mine' });
    sync.blur();
    expect(sync.view()).toEqual({ a: 'mine', b: 'theirs too' });
  });

  it('waits while a save is on its way, and applies when it ends', async () => {
    const server = fakeServer();
    const { sync } = startSync(server);
    server.nextSaves('hang');
    sync.edit({ a: 'mine' });
    await vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS);
    const other = fakeServer({ b: 'theirs' });
    other.writeElsewhere({});
    other.writeElsewhere({});
    sync.applyRemote({ ...other.state(), version: 5 });
    expect(sync.view()).toEqual({ a: 'mine' });
    await vi.advanceTimersByTimeAsync(SAVE_TIMEOUT_MS);
    expect(sync.view()).toEqual({ a: 'mine', b: 'theirs' });
  });

  it('never replaces the focused field under the cursor, even once a save cleared the editing flag', async () => {
    const server = fakeServer({ a: 'start' });
    const { sync } = startSync(server);
    sync.focus('a');
    sync.edit({ a: 'typed' });
    await vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS);
    expect(sync.getSnapshot().unsent).toBe(false);
    server.writeElsewhere({ a: 'theirs', b: 'other field' });
    sync.applyRemote(server.state());
    expect(sync.view()).toEqual({ a: 'typed', b: 'other field' });
    sync.blur();
    expect(sync.view()).toEqual({ a: 'theirs', b: 'other field' });
  });

  it('shows the record as submitted when another device submitted it, and stops saving', async () => {
    const server = fakeServer({ a: '1' });
    const { sync } = startSync(server);
    sync.applyRemote({ ...server.state(), version: 2, submitted: true });
    sync.edit({ a: '2' });
    await vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS);
    expect(server.requests).toEqual([]);
    expect(shown(sync)).toMatchObject({ submitted: true, view: { a: '1' } });
  });
});

describe('RecordSync: unsent answers kept in the browser (DESIGN §7)', () => {
  it('re-sends answers restored from an earlier visit, dropping those the server already has', async () => {
    const server = fakeServer({ a: 'saved' });
    const { sync, kept } = startSync(server, { restored: keptAt({ a: 'saved', b: 'typed offline' }) });
    expect(sync.view()).toEqual({ a: 'saved', b: 'typed offline' });
    await settle();
    expect(server.requests).toEqual([{ baseVersion: 1, answers: { b: 'typed offline' } }]);
    expect(kept.at(-1)).toEqual({});
  });

  it('says answers are unsent while a save is on its way (the beforeunload warning)', async () => {
    const server = fakeServer();
    const { sync } = startSync(server);
    expect(sync.hasUnsent()).toBe(false);
    server.nextSaves('hang');
    sync.edit({ a: '1' });
    expect(sync.hasUnsent()).toBe(true);
    await vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS);
    expect(sync.hasUnsent()).toBe(true);
  });
});

describe('RecordSync: kept answers carry the version they were typed against (issue 13 §2)', () => {
  it('sends an answer kept on an earlier visit against its own version: a newer one is not replaced', async () => {
    const server = fakeServer({ story: 'first' });
    server.writeElsewhere({ story: 'newer, from the phone' }); // version 2, after the kept answer's 1
    const { sync, lastKept, keptVersions } = startSync(server, {
      initial: server.state(),
      restored: keptAt({ story: 'typed offline' }, 1),
    });
    await settle();
    expect(server.requests).toEqual([{ baseVersion: 1, answers: { story: 'typed offline' } }]);
    expect(server.state().data).toMatchObject({ story: 'newer, from the phone' });
    // Both texts are offered; the newer one is shown; the kept one stays kept until the choice.
    expect(sync.keptConflicts()).toEqual([
      { key: 'story', mine: 'typed offline', stored: 'newer, from the phone' },
    ]);
    expect(sync.view()).toMatchObject({ story: 'newer, from the phone' });
    expect(shown(sync)).toMatchObject({ unsent: false });
    await sync.persisted();
    expect(lastKept()).toEqual({ story: 'typed offline' });
    expect(keptVersions.at(-1)).toEqual({ story: 1 });
    expect(server.requests).toHaveLength(1); // never re-sent by itself
    await expect(sync.submit(async () => server.state())).rejects.toThrow(CHOOSE_KEPT_ANSWERS_FIRST);

    sync.resolveConflict('story', 'mine');
    await settle();
    expect(server.state().data).toMatchObject({ story: 'typed offline' });
    expect(sync.keptConflicts()).toEqual([]);
    await sync.persisted();
    expect(lastKept()).toEqual({});
  });

  it('lets the newer answer stay when the person chooses it, and forgets the kept one', async () => {
    const server = fakeServer({ story: 'first' });
    server.writeElsewhere({ story: 'newer' });
    const { sync, lastKept } = startSync(server, {
      initial: server.state(),
      restored: keptAt({ story: 'old draft' }, 1),
    });
    await settle();
    sync.resolveConflict('story', 'stored');
    await sync.persisted();
    expect(lastKept()).toEqual({});
    expect(server.state().data).toMatchObject({ story: 'newer' });
    expect(server.requests).toHaveLength(1);
  });

  it('sends kept answers nobody changed since, and live answers in a save of their own', async () => {
    const server = fakeServer({ a: 'x' });
    server.writeElsewhere({ other: 'y' }); // version 2 changes another answer only
    const { sync } = startSync(server, { initial: server.state(), restored: keptAt({ a: 'kept' }, 1) });
    sync.edit({ b: 'typed now' });
    await settle();
    expect(server.requests[0]).toEqual({ baseVersion: 1, answers: { a: 'kept' } });
    expect(server.requests[1]).toMatchObject({ answers: { b: 'typed now' } });
    expect(server.state().data).toMatchObject({ a: 'kept', b: 'typed now', other: 'y' });
    expect(sync.keptConflicts()).toEqual([]);
  });

  it('drops a kept answer once a live update shows the server has it (a reply that came too late)', async () => {
    const server = fakeServer();
    const { sync, lastKept } = startSync(server);
    server.nextSaves('hang');
    sync.edit({ a: 'committed late' });
    await vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS);
    // The save reached the server, but its reply is lost to the time-out.
    server.writeElsewhere({ a: 'committed late' });
    await vi.advanceTimersByTimeAsync(SAVE_TIMEOUT_MS);
    await sync.persisted();
    expect(lastKept()).toEqual({ a: 'committed late' });
    sync.applyRemote(server.state()); // the poll
    await sync.persisted();
    expect(lastKept()).toEqual({});
  });
});

describe('RecordSync: Complete & Send (customer-app §4 Record submitted)', () => {
  it('saves what is unsent, then submits with what follows from it, and keeps nothing afterwards', async () => {
    const server = fakeServer();
    const { sync, lastKept } = startSync(server, {
      derive: (view, reason) => (reason === 'submit' && view.devices === undefined ? { devices: false } : {}),
    });
    sync.edit({ a: '1' });
    const submitted: SaveInput[] = [];
    await sync.submit(async (input) => {
      submitted.push(input);
      const saved = server.writeElsewhere(input.answers);
      return { data: saved.data, version: saved.version, updatedAt: saved.updatedAt, submitted: true };
    });
    expect(server.requests[0]).toEqual({ baseVersion: 1, answers: { a: '1' } });
    expect(submitted).toEqual([{ baseVersion: 2, answers: { devices: false } }]);
    expect(shown(sync)).toMatchObject({
      submitted: true,
      unsent: false,
      view: { a: '1', devices: false },
    });
    await sync.persisted();
    expect(lastKept()).toEqual({});
  });

  it('throws when the unsent answers cannot be saved, and loses nothing', async () => {
    const server = fakeServer();
    const { sync } = startSync(server);
    server.nextSaves({ fail: new TypeError('Failed to fetch') });
    sync.edit({ a: '1' });
    const send = vi.fn();
    await expect(sync.submit(send)).rejects.toThrow('Failed to fetch');
    expect(send).not.toHaveBeenCalled();
    expect(shown(sync)).toMatchObject({ submitted: false, unsent: true, view: { a: '1' } });
  });

  it('after autosave stopped, sends the unsent answers with the submit "as of now"', async () => {
    const server = fakeServer();
    const { sync } = startSync(server);
    server.nextSaves({ fail: new GraphQLRequestError('Refused', 400, 'BAD_USER_INPUT') });
    sync.edit({ a: '1' });
    await vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS);
    const submitted: SaveInput[] = [];
    await sync.submit(async (input) => {
      submitted.push(input);
      return { ...server.state(), version: 9, submitted: true };
    });
    expect(submitted).toEqual([{ baseVersion: null, answers: { a: '1' } }]);
  });
});

describe('RecordSync: a keystroke costs one field (issue 15 §1)', () => {
  // As the screen wires it: `b` controls another question; every other known answer counts only
  // when it becomes filled or empty (answer-structure.ts).
  const structure = answerStructure({
    formId: 'f',
    formTitle: 'F',
    steps: [
      {
        stepTitle: 'S',
        fields: [
          { id: 'a', label: 'A', type: 'text' },
          { id: 'b', label: 'B', type: 'text' },
          { id: 'c', label: 'C', type: 'text', conditional: { fieldId: 'b', value: 'yes' } },
        ],
      },
    ],
  });
  const wired = {
    changesStructure: (key: string, before: unknown, after: unknown) =>
      changesStructure(structure, key, before, after),
  };

  function listen(sync: RecordSync) {
    const calls = { screen: 0, a: 0, b: 0 };
    sync.getSnapshot();
    sync.subscribe(() => calls.screen++);
    sync.subscribeKey('a', () => calls.a++);
    sync.subscribeKey('b', () => calls.b++);
    return calls;
  }

  it('typing on in a filled answer tells that field only, and the snapshot stays the same object', () => {
    const { sync } = startSync(fakeServer({ a: 'A' }), wired);
    sync.edit({ a: 'Ad' }); // unsent becomes true: the screen hears of that once
    const calls = listen(sync);
    const before = sync.getSnapshot();
    sync.edit({ a: 'Ada' });
    sync.edit({ a: 'Ada ' });
    expect(calls).toEqual({ screen: 0, a: 2, b: 0 });
    expect(sync.getSnapshot()).toBe(before);
    expect(sync.getAnswer('a')).toBe('Ada ');
    expect(sync.view()).toMatchObject({ a: 'Ada ' });
  });

  it('a change that can show or hide a question, or fill an answer, tells the whole screen', () => {
    const { sync } = startSync(fakeServer({ a: 'x' }), wired);
    sync.edit({ a: 'xy' }); // unsent becomes true: the screen hears of that once
    const calls = listen(sync);
    const version = sync.getSnapshot().structureVersion;
    sync.edit({ b: 'y' });
    expect(calls).toEqual({ screen: 1, a: 0, b: 1 });
    sync.edit({ a: '' });
    expect(calls.screen).toBe(2);
    expect(sync.getSnapshot().structureVersion).toBe(version + 2);
  });

  it('an answer written on another device reaches its field, and the screen only when it matters', async () => {
    const server = fakeServer({ a: 'one', b: 'no' });
    const { sync } = startSync(server, wired);
    const calls = listen(sync);
    const version = sync.getSnapshot().structureVersion;
    server.writeElsewhere({ a: 'two' });
    sync.applyRemote(server.state());
    expect(calls.a).toBe(1);
    expect(sync.getAnswer('a')).toBe('two');
    expect(sync.getSnapshot().structureVersion).toBe(version);
    server.writeElsewhere({ b: 'yes' });
    sync.applyRemote(server.state());
    expect(sync.getSnapshot().structureVersion).toBe(version + 1);
  });

  it('keeps each key at once, and a burst with one write on its way and one with the latest (issue 26 §4)', async () => {
    const kept: Answers[] = [];
    let finish = () => {};
    const { sync } = startSync(fakeServer(), {
      ...wired,
      // A write that takes a while (encryption and IndexedDB), so keys arrive while it runs.
      persist: (unsent) => {
        kept.push(unsent.answers);
        return new Promise<void>((done) => {
          finish = done;
        });
      },
    });
    sync.edit({ a: 'A' });
    expect(kept).toEqual([{ a: 'A' }]);
    for (const text of ['Ad', 'Ada', 'Ada ', 'Ada L']) sync.edit({ a: text });
    expect(kept).toHaveLength(1);
    finish();
    await settle();
    expect(kept).toEqual([{ a: 'A' }, { a: 'Ada L' }]);
    finish();
    await sync.persisted();
    expect(kept).toHaveLength(2);
  });
});

describe('RecordSync: failures of the server and large sets (issue 13 §5, §8)', () => {
  it('tells the person once after three server faults in a row, keeps retrying, and keeps the answers', async () => {
    const server = fakeServer();
    const faults: unknown[] = [];
    const fault = () => ({
      fail: new GraphQLRequestError('Something went wrong', 500, 'INTERNAL_SERVER_ERROR'),
    });
    server.nextSaves(fault(), fault(), fault(), fault());
    const { sync, lastKept } = startSync(server, { onServerFaults: (error) => faults.push(error) });
    sync.edit({ story: 'kept' });
    await vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS); // fault 1
    await vi.advanceTimersByTimeAsync(1_200); // retry after about 1 s: fault 2
    expect(faults).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(2_400); // retry after about 2 s: fault 3
    expect(faults).toHaveLength(1);
    expect(sync.getSnapshot()).toMatchObject({ serverFaulty: true, autosaveStopped: false, unsent: true });
    expect(lastKept()).toEqual({ story: 'kept' });
    await vi.advanceTimersByTimeAsync(RETRY_MAX_MS * 2);
    expect(sync.getSnapshot()).toMatchObject({ serverFaulty: false, unsent: false });
    expect(server.state().data).toMatchObject({ story: 'kept' });
  });

  it('sends a set of answers larger than one request may carry in several saves', async () => {
    const server = fakeServer();
    const { sync } = startSync(server);
    const answers = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`a${i}`, 'x'.repeat(19_000)]));
    sync.edit(answers);
    await vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS);
    await settle();
    expect(server.requests.length).toBeGreaterThan(2);
    for (const request of server.requests) {
      expect(JSON.stringify(request.answers).length).toBeLessThanOrEqual(MAX_SAVE_BYTES + 1024);
    }
    expect(Object.keys(server.state().data)).toHaveLength(40);
    expect(sync.getSnapshot().unsent).toBe(false);
  });
});

describe('RecordSync: tick lists changed on two devices (issue 13 §3)', () => {
  it('keeps both devices’ ticks when a save meets the other device’s newer list', async () => {
    const server = fakeServer({ pets: ['Cat'] });
    const { sync } = startSync(server);
    // The other device ticks Dog and saves first; this one, still at the old version, ticks Fish.
    server.writeElsewhere({ pets: ['Cat', 'Dog'] });
    sync.edit({ pets: ['Cat', 'Fish'] });
    await vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS);
    await settle();
    expect(server.state().data.pets).toEqual(['Cat', 'Dog', 'Fish']);
    expect(sync.view().pets).toEqual(['Cat', 'Dog', 'Fish']);
    expect(sync.getSnapshot().unsent).toBe(false);
  });

  it('keeps an untick made here and a tick made there', async () => {
    const server = fakeServer({ pets: ['Cat', 'Dog'] });
    const { sync } = startSync(server);
    sync.edit({ pets: ['Dog'] }); // unticks Cat here
    server.writeElsewhere({ pets: ['Cat', 'Dog', 'Fish'] }); // ticks Fish there
    sync.applyRemote(server.state());
    expect(sync.view().pets).toEqual(['Dog', 'Fish']);
    await vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS);
    await settle();
    expect(server.state().data.pets).toEqual(['Dog', 'Fish']);
  });

  it('leaves text answers to the usual rule: the person’s answer is sent again', async () => {
    const server = fakeServer({ city: 'Paris' });
    const { sync } = startSync(server);
    server.writeElsewhere({ city: 'Rome' });
    sync.edit({ city: 'London' });
    await vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS);
    await settle();
    expect(server.state().data.city).toBe('London');
  });
});
