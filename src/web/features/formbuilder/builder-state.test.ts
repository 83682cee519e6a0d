import { describe, expect, it } from 'vitest';
import type { Field } from '#domain/form-template.ts';
import { builderReducer, hasUnsavedChanges, initialBuilderState, moveItem } from './builder-state.ts';

const field = (id: string): Field => ({ id, label: id.toUpperCase(), type: 'text' });

describe('builderReducer', () => {
  it('adds sections and fields, edits and moves them, and undoes and redoes each step', () => {
    let state = initialBuilderState();
    state = builderReducer(state, { type: 'addSection', title: 'Family' });
    state = builderReducer(state, { type: 'saveField', section: 0, field: field('a'), index: null });
    state = builderReducer(state, { type: 'saveField', section: 0, field: field('b'), index: null });
    state = builderReducer(state, { type: 'moveField', section: 0, from: 1, to: 0 });
    expect(state.document.form.steps[0]?.fields.map((f) => f.id)).toEqual(['b', 'a']);
    state = builderReducer(state, { type: 'undo' });
    expect(state.document.form.steps[0]?.fields.map((f) => f.id)).toEqual(['a', 'b']);
    state = builderReducer(state, { type: 'redo' });
    expect(state.document.form.steps[0]?.fields.map((f) => f.id)).toEqual(['b', 'a']);
    state = builderReducer(state, { type: 'saveField', section: 0, field: field('c'), index: 1 });
    expect(state.document.form.steps[0]?.fields.map((f) => f.id)).toEqual(['b', 'c']);
    expect(state.future).toEqual([]);
    state = builderReducer(state, { type: 'deleteSection', section: 0 });
    expect(state.document.form.steps).toEqual([]);
    for (let i = 0; i < 5; i++) state = builderReducer(state, { type: 'undo' });
    expect(state.document.form.steps).toEqual([{ stepTitle: 'Family', fields: [] }]);
  });

  it('knows unsaved changes until saved, and a load starts afresh', () => {
    let state = builderReducer(initialBuilderState(), { type: 'setDetail', key: 'name', value: 'Memoir' });
    expect(hasUnsavedChanges(state)).toBe(true);
    state = builderReducer(state, { type: 'saved' });
    expect(hasUnsavedChanges(state)).toBe(false);
    state = builderReducer(state, { type: 'load', document: { ...state.document, name: 'Other' } });
    expect(state.past).toEqual([]);
    expect(hasUnsavedChanges(state)).toBe(false);
  });
});

describe('setContentNote (issue 28 §1)', () => {
  it.each([
    ['sets a note', 'Hard topics ahead.', { stepTitle: 'S', fields: [], contentNote: 'Hard topics ahead.' }],
    ['removes the note when blank, leaving the section as it was', '   ', { stepTitle: 'S', fields: [] }],
  ])('%s', (_case, note, expected) => {
    let state = builderReducer(initialBuilderState(), { type: 'addSection', title: 'S' });
    state = builderReducer(state, { type: 'setContentNote', section: 0, note: 'Old.' });
    state = builderReducer(state, { type: 'setContentNote', section: 0, note });
    expect(state.document.form.steps[0]).toStrictEqual(expected);
  });
});

describe('moveItem', () => {
  it.each([
    [0, 2, ['b', 'c', 'a']],
    [2, 0, ['c', 'a', 'b']],
    [1, 1, ['a', 'b', 'c']],
    [0, 5, ['a', 'b', 'c']],
  ])('%s → %s', (from, to, expected) => expect(moveItem(['a', 'b', 'c'], from, to)).toEqual(expected));
});
