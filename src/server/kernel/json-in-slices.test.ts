import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonBytesInSlices, SLICE_CHARS, stringifyInSlices } from './json-in-slices.ts';

// Issue 39 §3 (decision 155): the answers written in slices are the text JSON.stringify writes.
describe('stringifyInSlices', () => {
  it('writes exactly what JSON.stringify writes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.dictionary(fc.string({ unit: 'binary' }), fc.jsonValue()), async (value) => {
        expect(await stringifyInSlices(value)).toBe(JSON.stringify(value));
        expect(await jsonBytesInSlices(value)).toBe(Buffer.byteLength(JSON.stringify(value), 'utf8'));
        // Told it is small (issue 39 §1), it writes it in one go: the same text.
        expect(await stringifyInSlices(value, 10)).toBe(JSON.stringify(value));
        expect(await jsonBytesInSlices(value, 10)).toBe(Buffer.byteLength(JSON.stringify(value), 'utf8'));
      }),
    );
    const odd = { a: undefined, b: () => 1, c: new Date(0), d: [undefined], e: 'é\u2028"', f: null };
    expect(await stringifyInSlices(odd)).toBe(JSON.stringify(odd));
    expect(await jsonBytesInSlices(odd)).toBe(Buffer.byteLength(JSON.stringify(odd), 'utf8'));
    expect(await stringifyInSlices({})).toBe('{}');
    expect(await jsonBytesInSlices({})).toBe(2);
  });

  it('gives the event loop a turn between slices of a large record, none for a small one', async () => {
    const large = Object.fromEntries(Array.from({ length: 80 }, (_, i) => [`big${i}`, 'x'.repeat(19_500)]));
    const countTurns = async (value: Record<string, unknown>, sizeHint?: number) => {
      let turns = 0;
      let counting = true;
      const tick = () => {
        if (!counting) return;
        turns++;
        setImmediate(tick);
      };
      setImmediate(tick);
      const text = await stringifyInSlices(value, sizeHint);
      counting = false;
      return { text, turns };
    };
    const sliced = await countTurns(large);
    expect(sliced.text).toBe(JSON.stringify(large));
    expect(sliced.turns).toBeGreaterThanOrEqual(Math.floor(sliced.text.length / SLICE_CHARS) - 1);
    expect((await countTurns({ a: 'one answer' })).turns).toBe(0);
    // Told its real size, a large record is still written in slices.
    const hinted = await countTurns(large, sliced.text.length);
    expect(hinted.text).toBe(sliced.text);
    expect(hinted.turns).toBeGreaterThanOrEqual(Math.floor(sliced.text.length / SLICE_CHARS) - 1);
  });
});
