import { describe, expect, it } from 'vitest';
import { saveStateOf } from './save-status.tsx';

const idle = {
  saving: false,
  unsent: false,
  serverFaulty: false,
  autosaveStopped: false,
  signInNeeded: false,
  conflicts: 0,
};

describe('saveStateOf', () => {
  it.each<[string, Partial<typeof idle>, boolean, string]>([
    ['nothing unsent', {}, true, 'saved'],
    ['typed, not yet sent', { unsent: true }, true, 'saving'],
    ['a save on its way', { saving: true, unsent: true }, true, 'saving'],
    ['offline with answers kept', { unsent: true }, false, 'offline'],
    ['offline with nothing unsent', {}, false, 'saved'],
    ['the server failing saves', { unsent: true, serverFaulty: true }, true, 'serverTrouble'],
    ['autosave stopped', { unsent: true, autosaveStopped: true }, true, 'stopped'],
    // Issue 26 §1: the server refused the sign-in; the answers wait for the person to sign in.
    ['the sign-in ended, answers unsent', { unsent: true, signInNeeded: true }, true, 'signedOut'],
    ['the sign-in ended while offline', { unsent: true, signInNeeded: true }, false, 'offline'],
    // Issue 26 §6: never "All changes saved" while a kept answer waits for the person's choice.
    ['a kept answer waits for a choice', { conflicts: 1 }, true, 'needsChoice'],
    ['a choice waits and a save is on its way', { conflicts: 1, saving: true }, true, 'saving'],
  ])('%s → %s', (_case, state, online, expected) => {
    expect(saveStateOf({ ...idle, ...state }, online)).toBe(expected);
  });
});
