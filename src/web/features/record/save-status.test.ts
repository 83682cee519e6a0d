import { describe, expect, it } from 'vitest';
import { saveStateOf } from './save-status.tsx';

const idle = { saving: false, unsent: false, serverFaulty: false, autosaveStopped: false };

describe('saveStateOf', () => {
  it.each<[string, Partial<typeof idle>, boolean, string]>([
    ['nothing unsent', {}, true, 'saved'],
    ['typed, not yet sent', { unsent: true }, true, 'saving'],
    ['a save on its way', { saving: true, unsent: true }, true, 'saving'],
    ['offline with answers kept', { unsent: true }, false, 'offline'],
    ['offline with nothing unsent', {}, false, 'saved'],
    ['the server failing saves', { unsent: true, serverFaulty: true }, true, 'serverTrouble'],
    ['autosave stopped', { unsent: true, autosaveStopped: true }, true, 'stopped'],
  ])('%s → %s', (_case, state, online, expected) => {
    expect(saveStateOf({ ...idle, ...state }, online)).toBe(expected);
  });
});
