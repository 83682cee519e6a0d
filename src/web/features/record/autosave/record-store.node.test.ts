import { describe, expect, it } from 'vitest';
import { RecordStore } from './record-store.ts';

// The store alone: who is told what when the engine emits (issue 15 §1, issue 32).

function storeOver(answers: Record<string, unknown>, status = { saving: false }) {
  const store = new RecordStore(
    () => ({ ...status }),
    (key) => answers[key],
  );
  const told: string[] = [];
  for (const key of Object.keys(answers)) store.subscribeKey(key, () => told.push(key));
  let screenTold = 0;
  store.subscribe(() => screenTold++);
  return { store, told, screen: () => screenTold, status };
}

describe('telling fields and the screen', () => {
  it('tells the typed answer’s field only, whatever else changed', () => {
    const answers: Record<string, unknown> = { a: 'x', b: 'y' };
    const { store, told } = storeOver(answers);
    answers.a = 'xz';
    answers.b = 'other';
    store.emit(['a']);
    expect(told).toEqual(['a']);
  });

  it('tells no field when a save starts or ends and no answer changed (issue 32)', () => {
    const answers = { a: 'x', b: ['one'], c: null };
    const { store, told, screen, status } = storeOver(answers);
    status.saving = true;
    store.emit();
    status.saving = false;
    store.emit();
    expect(told).toEqual([]);
    expect(screen()).toBe(2);
  });

  it('tells the fields whose answer another value replaced, once', () => {
    const answers: Record<string, unknown> = { a: 'x', b: ['one'], c: 'same' };
    const { store, told } = storeOver(answers);
    answers.a = 'from another device';
    answers.b = ['one']; // equal, but read afresh: the field compares for itself
    store.emit();
    store.emit();
    expect(told).toEqual(['a', 'b']);
  });

  it('tells a field of a change made between a keyed emit and the next whole one', () => {
    const answers: Record<string, unknown> = { a: 'x', b: 'y' };
    const { store, told } = storeOver(answers);
    answers.a = 'xy';
    store.emit(['a']);
    answers.b = 'changed without its own emit';
    store.emit();
    expect(told).toEqual(['a', 'b']);
  });

  it('without a way to read answers, tells every field on a whole emit', () => {
    const store = new RecordStore(() => ({ v: 1 }));
    const told: string[] = [];
    store.subscribeKey('a', () => told.push('a'));
    store.subscribeKey('b', () => told.push('b'));
    store.emit();
    expect(told).toEqual(['a', 'b']);
  });

  it('forgets a key once its last field unsubscribed, and reads it afresh on the next', () => {
    const answers: Record<string, unknown> = { a: 'x' };
    const store = new RecordStore(
      () => ({}),
      (key) => answers[key],
    );
    const told: string[] = [];
    store.subscribeKey('a', () => told.push('first'))();
    answers.a = 'changed while no field showed it';
    store.subscribeKey('a', () => told.push('second'));
    store.emit();
    expect(told).toEqual([]);
  });
});
