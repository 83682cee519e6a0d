import { describe, expect, it } from 'vitest';
import { checkJobPayload, MAX_PAYLOAD_BYTES } from './job-payload.ts';

// Decision 180: job payloads are stored in the clear, so they hold ids and settings only.
describe('checkJobPayload', () => {
  it.each([
    ['a record id', { recordId: '3b241101-e2bb-4255-8caf-4136c566a962' }],
    ['settings', { format: 'pdf', pageSize: 'us-letter', locale: 'pt-BR', timeZone: 'America/Sao_Paulo' }],
    ['numbers, booleans and null', { part: 2, of: 5, fraction: 0.5, retry: true, previous: null }],
    ['a list of ids', { sectionIds: ['s1', 's2', 'a-b_c.d'] }],
    ['a nested setting', { page: { size: 'a4', margins: { top: 20 } } }],
    ['an ISO date', { dueAt: '2026-11-22T09:00:00.000Z' }],
    ['an empty object', {}],
  ])('accepts %s', (_name, payload) => expect(checkJobPayload(payload)).toEqual({ ok: true }));

  it.each([
    ['an answer under a content key', { answer: 'yes' }, '$.answer: "answer" names'],
    ['a transcript', { recordingId: 'r1', transcript: 'x' }, '$.transcript'],
    ['a person’s name', { Name: 'Ada' }, '$.Name: "Name" names'],
    [
      'a sentence under an innocent key',
      { kind: 'I was born in a small village' },
      '$.kind: looks like text',
    ],
    ['an e-mail address', { to: 'ada@example.com' }, '$.to: looks like text'],
    ['letters outside A–Z', { word: 'naïve' }, '$.word: looks like text'],
    ['text deep in a list', { steps: [{ id: 'a' }, { id: 'b c' }] }, '$.steps[1].id: looks like text'],
    ['a long blob', { sealed: 'A'.repeat(129) }, '$.sealed: a string of 129 characters'],
    ['a line break', { id: 'a\nb' }, '$.id: looks like text'],
    ['an odd key', { 'first name': 'x' }, '$.first name: keys are short identifiers'],
    ['nesting too deep', { a: { b: { c: { d: { e: 1 } } } } }, 'nested deeper'],
    ['a non-finite number', { n: Number.NaN }, '$.n: numbers must be finite'],
    ['a Date object', { at: new Date(0) }, '$.at: only JSON values (no Date)'],
    ['a string instead of an object', 'recording r1', '$: the payload must be an object'],
    ['an array instead of an object', ['r1'], '$: the payload must be an object'],
  ])('refuses %s', (_name, payload, problem) => {
    const check = checkJobPayload(payload);
    expect(check.ok).toBe(false);
    expect(check.ok ? '' : check.problem).toContain(problem);
  });

  it('refuses a payload over the size limit even when every part is an id', () => {
    const ids = Array.from(
      { length: 60 },
      (_, index) => `3b241101-e2bb-4255-8caf-${String(index).padStart(12, '0')}`,
    );
    const check = checkJobPayload({ ids });
    expect(check).toEqual({ ok: false, problem: expect.stringContaining(`at most ${MAX_PAYLOAD_BYTES}`) });
  });
});
