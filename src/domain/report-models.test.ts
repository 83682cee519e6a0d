import { describe, expect, it } from 'vitest';
import { chooseModel, DEFAULT_MODEL, defaultModel, modelChoices, REPORT_MODELS } from './report-models.ts';

describe('report models (customer-app §9, admin-app §9)', () => {
  it('offers the eight models of the spec, in its order', () => {
    expect(REPORT_MODELS).toEqual([
      'gpt-5',
      'gpt-4o',
      'gpt-4o-mini',
      'gpt-4-turbo',
      'gpt-4-1106-preview',
      'gpt-4',
      'gpt-3.5-turbo-0125',
      'gpt-3.5-turbo',
    ]);
    expect(DEFAULT_MODEL).toBe('gpt-4o-mini');
  });

  it.each<[string, string | null | undefined, string]>([
    ['the type’s model', 'gpt-4o', 'gpt-4o'],
    ['the type’s model, trimmed', ' gpt-4 ', 'gpt-4'],
    ['gpt-4o-mini when the type names none', null, 'gpt-4o-mini'],
    ['gpt-4o-mini when the type’s model is blank', '  ', 'gpt-4o-mini'],
    ['gpt-4o-mini when the type’s model is no model name', 'gpt 4o; drop', 'gpt-4o-mini'],
    ['a model of a local server the admin set on the type', 'llama3.1:8b', 'llama3.1:8b'],
  ])('the default is %s', (_case, typeModel, expected) => {
    expect(defaultModel(typeModel)).toBe(expected);
  });

  it('adds the type’s own model to the choices only when the spec’s list lacks it', () => {
    expect(modelChoices('gpt-4o')).toEqual([...REPORT_MODELS]);
    expect(modelChoices('llama3.1')).toEqual([...REPORT_MODELS, 'llama3.1']);
    expect(modelChoices(null)).toEqual([...REPORT_MODELS]);
  });

  it.each<[string, unknown, string | null, { ok: boolean; model?: string }]>([
    ['a listed model', 'gpt-3.5-turbo', 'gpt-4o', { ok: true, model: 'gpt-3.5-turbo' }],
    ['no model: the type’s', undefined, 'gpt-4', { ok: true, model: 'gpt-4' }],
    ['an empty model: the type’s', '', 'gpt-4', { ok: true, model: 'gpt-4' }],
    ['no model and no type model', null, null, { ok: true, model: 'gpt-4o-mini' }],
    ['the type’s own unlisted model', 'llama3.1', 'llama3.1', { ok: true, model: 'llama3.1' }],
    ['an unknown model', 'gpt-9-ultra', 'gpt-4o', { ok: false }],
    ['another type’s unlisted model', 'llama3.1', 'gpt-4o', { ok: false }],
    ['a number', 4, 'gpt-4o', { ok: false }],
  ])('choosing %s', (_case, requested, typeModel, expected) => {
    const choice = chooseModel(requested, typeModel);
    expect(choice.ok).toBe(expected.ok);
    if (choice.ok) expect(choice.model).toBe(expected.model);
    else
      expect(choice.error).toMatch(/^(Unknown model "gpt-9-ultra"|Unknown model "llama3.1"|The model must)/);
  });
});
