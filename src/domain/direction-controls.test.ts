import { describe, expect, it } from 'vitest';
import { directionControlMessage, hasDirectionControl } from './direction-controls.ts';

describe('hasDirectionControl (issue 38 §5)', () => {
  it.each([
    ['https://example.org/help', false],
    ['Call 0800 123 456', false],
    ['Hilfe für Angehörige – rund um die Uhr', false],
    ['مرحبا بالعالم', false],
    ['שלום', false],
    ['https://example.org/\u202Egpj.exe', true],
    ['\u202Ahttps://example.org', true],
    ['\u202Bx', true],
    ['x\u202C', true],
    ['\u202Dx', true],
    ['0800\u2066123\u2069', true],
    ['\u2067x', true],
    ['\u2068x', true],
    ['a\u200Eb', true],
    ['a\u200Fb', true],
    ['a\u061Cb', true],
    // Zero-width joiners are not direction controls (emoji and some scripts need them).
    ['👩\u200D👩', false],
  ])('%j → %s', (text, expected) => {
    expect(hasDirectionControl(text)).toBe(expected);
  });

  it('names the field in the message', () => {
    expect(directionControlMessage('The support link')).toMatch(/^The support link may not contain/);
  });
});
