/**
 * Issue 41 §5: a recording longer than the transcription endpoint takes in one upload (OpenAI's 25 MB)
 * is sent in pieces, each a file the endpoint can decode on its own: the container's header (WebM's
 * EBML header, Segment info and Tracks; MP4's ftyp and moov; Ogg's Opus header pages) followed by
 * whole media units (WebM clusters, MP4 fragments, Ogg pages), as many as fit under the limit.
 * Browsers' MediaRecorder writes exactly these streaming layouts (WebM clusters of unknown size,
 * fragmented MP4), which is also why a recording cut off by a crash still splits cleanly.
 */
export function audioPieces(audio: Buffer, mimeType: string, maxBytes: number): Buffer[] {
  if (audio.length <= maxBytes) return [audio];
  const layout = layoutOf(audio, mimeType);
  if (!layout || layout.boundaries.length === 0) return rawPieces(audio, maxBytes);
  const header = audio.subarray(0, layout.headerEnd);
  const units = layout.boundaries.map((start, index) =>
    audio.subarray(start, layout.boundaries[index + 1] ?? audio.length),
  );
  const pieces: Buffer[] = [];
  let current: Buffer[] = [];
  let size = header.length;
  for (const unit of units) {
    if (current.length > 0 && size + unit.length > maxBytes) {
      pieces.push(Buffer.concat([header, ...current]));
      current = [];
      size = header.length;
    }
    current.push(unit);
    size += unit.length;
  }
  if (current.length > 0) pieces.push(Buffer.concat([header, ...current]));
  return pieces;
}

/** No container we know: equal cuts (the endpoint may refuse them, and says so). */
function rawPieces(audio: Buffer, maxBytes: number): Buffer[] {
  const pieces: Buffer[] = [];
  for (let at = 0; at < audio.length; at += maxBytes) pieces.push(audio.subarray(at, at + maxBytes));
  return pieces;
}

interface Layout {
  /** Where the header ends (the first media unit starts). */
  headerEnd: number;
  /** Where each media unit starts, in order. */
  boundaries: number[];
}

function layoutOf(audio: Buffer, mimeType: string): Layout | null {
  const container = mimeType.split(';')[0]?.trim().toLowerCase();
  if (container === 'audio/webm') return webmLayout(audio);
  if (container === 'audio/mp4') return mp4Layout(audio);
  if (container === 'audio/ogg') return oggLayout(audio);
  return null;
}

const EBML_HEADER = 0x1a45dfa3;
const SEGMENT = 0x18538067;
const CLUSTER = 0x1f43b675;

/** An EBML variable-size integer at `at`: its value (marker kept for ids) and length; null past the end. */
function vint(
  audio: Buffer,
  at: number,
  keepMarker: boolean,
): { value: number; length: number; unknown: boolean } | null {
  const first = audio[at];
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 23;
  if (at + length > audio.length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    const byte = audio[at + i] ?? 0;
    value = value * 256 + byte;
    allOnes &&= byte === 0xff;
  }
  return { value, length, unknown: !keepMarker && allOnes };
}

function webmLayout(audio: Buffer): Layout | null {
  let at = 0;
  const boundaries: number[] = [];
  while (at < audio.length) {
    const id = vint(audio, at, true);
    const size = id && vint(audio, at + id.length, false);
    if (!id || !size) break;
    const contentStart = at + id.length + size.length;
    if (id.value === CLUSTER) boundaries.push(at);
    // The segment and its clusters are read into (their children follow); anything else is skipped.
    if (id.value === SEGMENT || id.value === CLUSTER || (size.unknown && id.value !== EBML_HEADER)) {
      at = contentStart;
    } else {
      at = contentStart + size.value;
    }
  }
  const headerEnd = boundaries[0];
  return headerEnd === undefined ? null : { headerEnd, boundaries };
}

function mp4Layout(audio: Buffer): Layout | null {
  let at = 0;
  const boundaries: number[] = [];
  while (at + 8 <= audio.length) {
    let size = audio.readUInt32BE(at);
    const type = audio.toString('latin1', at + 4, at + 8);
    if (size === 1 && at + 16 <= audio.length) size = Number(audio.readBigUInt64BE(at + 8));
    if (size === 0) size = audio.length - at;
    if (size < 8) break;
    if (type === 'moof') boundaries.push(at);
    at += size;
  }
  const headerEnd = boundaries[0];
  return headerEnd === undefined ? null : { headerEnd, boundaries };
}

function oggLayout(audio: Buffer): Layout | null {
  let at = 0;
  const boundaries: number[] = [];
  while (at + 27 <= audio.length && audio.toString('latin1', at, at + 4) === 'OggS') {
    const segments = audio[at + 26] ?? 0;
    if (at + 27 + segments > audio.length) break;
    let body = 0;
    for (let i = 0; i < segments; i++) body += audio[at + 27 + i] ?? 0;
    // Header pages (OpusHead, OpusTags) have granule position 0; audio pages after them do not.
    if (audio.readBigUInt64LE(at + 6) !== 0n) boundaries.push(at);
    at += 27 + segments + body;
  }
  const headerEnd = boundaries[0];
  return headerEnd === undefined ? null : { headerEnd, boundaries };
}
