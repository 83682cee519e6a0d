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

  // Issue 28 §1: content note, "Why we ask" and the sensitive marker are optional and bounded.
  const careful = (step: Record<string, unknown>, field: Record<string, unknown>) => ({
    formId: 'f',
    formTitle: 'F',
    steps: [
      {
        stepTitle: 'Separation',
        fields: [{ id: 'why', label: 'Why?', type: 'textarea', ...field }],
        ...step,
      },
    ],
  });

  it.each([
    ['a content note', careful({ contentNote: 'This section asks about separation.' }, {})],
    ['a content note of 1,000 characters', careful({ contentNote: 'n'.repeat(1000) }, {})],
    ['"Why we ask" and sensitive', careful({}, { whyWeAsk: 'It helps us understand.', sensitive: true })],
    ['"Why we ask" of 500 characters', careful({}, { whyWeAsk: 'w'.repeat(500) })],
  ])('keeps %s as written', (_label, input) => {
    expect(parseFormTemplate(input)).toEqual({ ok: true, form: input });
  });

  it('leaves a template without them unchanged (no property added)', () => {
    // toStrictEqual: not even a `contentNote: undefined` may appear.
    expect(parseFormTemplate(form)).toStrictEqual({ ok: true, form });
  });

  it.each([
    [
      'a content note over 1,000 characters',
      careful({ contentNote: 'n'.repeat(1001) }, {}),
      'Invalid form template at steps.0.contentNote: A content note can be at most 1,000 characters.',
    ],
    [
      '"Why we ask" over 500 characters',
      careful({}, { whyWeAsk: 'w'.repeat(501) }),
      'Invalid form template at steps.0.fields.0.whyWeAsk: "Why we ask" can be at most 500 characters.',
    ],
  ])('refuses %s, naming where', (_label, input, error) => {
    expect(parseFormTemplate(input)).toEqual({ ok: false, error });
  });

  it.each([
    ['a content note that is not text', careful({ contentNote: 5 }, {})],
    ['a sensitive marker that is not a boolean', careful({}, { sensitive: 'yes' })],
  ])('refuses %s', (_label, input) => {
    expect(parseFormTemplate(input).ok).toBe(false);
  });
});
