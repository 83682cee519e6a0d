import { describe, expect, it } from 'vitest';
import { EMPTY_FORM, parseFormTemplate } from './form-template.ts';

const form = {
  formId: 'f1',
  formTitle: 'Life',
  steps: [
    {
      stepTitle: 'About you',
      fields: [
        { id: 'name', label: 'Name', type: 'text', required: true },
        {
          id: 'siblings',
          label: 'Siblings',
          type: 'table',
          rows: [{ fields: [{ id: 'sibName', label: 'Name', type: 'text' }] }],
        },
      ],
    },
  ],
};

describe('parseFormTemplate', () => {
  it.each([
    ['an object', form],
    ['a JSON string', JSON.stringify(form)],
    ['a double-encoded JSON string', JSON.stringify(JSON.stringify(form))],
  ])('reads %s', (_label, input) => {
    expect(parseFormTemplate(input)).toEqual({ ok: true, form });
  });

  it.each([null, undefined, '', '   '])('gives the empty form for %j', (input) => {
    expect(parseFormTemplate(input)).toEqual({ ok: true, form: EMPTY_FORM });
  });

  it('refuses text that is not JSON with the builder message', () => {
    expect(parseFormTemplate('{not json')).toEqual({ ok: false, error: 'Invalid JSON format in form data.' });
  });

  it('refuses a field without an id, naming where', () => {
    const result = parseFormTemplate({
      steps: [{ stepTitle: 'A', fields: [{ id: '', label: 'x', type: 'text' }] }],
    });
    expect(result).toEqual({
      ok: false,
      error: 'Invalid form template at steps.0.fields.0.id: Every field needs an id.',
    });
  });

  it('refuses an unknown field type', () => {
    const result = parseFormTemplate({
      steps: [{ stepTitle: 'A', fields: [{ id: 'a', label: 'x', type: 'slider' }] }],
    });
    expect(result.ok).toBe(false);
  });
});
