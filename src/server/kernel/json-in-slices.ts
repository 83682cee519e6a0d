import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Issue 39 §3 (docs/decisions/155): a record's answers may reach 2 MB (MAX_RECORD_BYTES), and one
 * JSON.stringify of 1.56 MB of them held the event loop 3 to 6 ms, twice in every save (the caps
 * check and the value sealed). Here an object is written one top-level entry at a time, and the
 * event loop gets a turn after each SLICE_CHARS written, so no slice holds it much over half a
 * millisecond. A small record is never cut: it is written in one go, as before.
 */
export const SLICE_CHARS = 128 * 1024;

/** Calls `visit` with each entry JSON.stringify would write, as it would write its key and value. */
async function eachEntry(
  value: Record<string, unknown>,
  visit: (key: string, written: string) => void,
): Promise<void> {
  let sinceTurn = 0;
  for (const key of Object.keys(value)) {
    const written = JSON.stringify(value[key]);
    // JSON.stringify leaves out an entry whose value it cannot write (undefined, a function).
    if (written === undefined) continue;
    visit(JSON.stringify(key), written);
    sinceTurn += written.length;
    if (sinceTurn >= SLICE_CHARS) {
      sinceTurn = 0;
      await nextTurn();
    }
  }
}

// An object that writes itself (toJSON) is left to JSON.stringify; answers are plain data.
const writesItself = (value: Record<string, unknown>) => typeof value.toJSON === 'function';

/**
 * `sizeHint`: about how long the text will be (a save knows its record's last size). Under a slice,
 * one JSON.stringify is written at once: writing entry by entry cost a small record more than that.
 */
const fitsOneSlice = (sizeHint: number) => sizeHint < SLICE_CHARS / 2;

/** Exactly `JSON.stringify(value)` for an object (same keys, order and text). */
export async function stringifyInSlices(
  value: Record<string, unknown>,
  sizeHint = Infinity,
): Promise<string> {
  if (writesItself(value) || fitsOneSlice(sizeHint)) return JSON.stringify(value);
  const entries: string[] = [];
  await eachEntry(value, (key, written) => entries.push(`${key}:${written}`));
  return `{${entries.join(',')}}`;
}

/**
 * `Buffer.byteLength(JSON.stringify(value), 'utf8')`, without making the whole text: the caps check
 * of a save (issue 14 §1) measures the record and keeps nothing, so it allocates no 1.5 MB string.
 */
export async function jsonBytesInSlices(
  value: Record<string, unknown>,
  sizeHint = Infinity,
): Promise<number> {
  if (writesItself(value) || fitsOneSlice(sizeHint)) return Buffer.byteLength(JSON.stringify(value), 'utf8');
  let bytes = 2; // the braces
  let count = 0;
  await eachEntry(value, (key, written) => {
    bytes += Buffer.byteLength(key, 'utf8') + 1 + Buffer.byteLength(written, 'utf8');
    count++;
  });
  return bytes + Math.max(0, count - 1); // the commas
}
