import { describe, expect, it } from 'vitest';
import { fakeWebm } from '../../test-support/webm-fixture.ts';
import { audioPieces } from './audio-pieces.ts';

const EBML_MAGIC = Buffer.from([0x1a, 0x45, 0xdf, 0xa3]);
const CLUSTER = Buffer.from([0x1f, 0x43, 0xb6, 0x75]);

function mp4(fragments: number, mdatBytes: number): Buffer {
  const box = (type: string, body: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(8 + body.length, 0);
    head.write(type, 4, 'latin1');
    return Buffer.concat([head, body]);
  };
  return Buffer.concat([
    box('ftyp', Buffer.from('isom')),
    box('moov', Buffer.alloc(40)),
    ...Array.from({ length: fragments }, () =>
      Buffer.concat([box('moof', Buffer.alloc(16)), box('mdat', Buffer.alloc(mdatBytes, 7))]),
    ),
  ]);
}

function ogg(pages: number, bodyBytes: number): Buffer {
  const page = (granule: bigint, body: Buffer) => {
    const head = Buffer.alloc(27 + 1);
    head.write('OggS', 0, 'latin1');
    head.writeBigUInt64LE(granule, 6);
    head[26] = 1;
    head[27] = body.length;
    return Buffer.concat([head, body]);
  };
  return Buffer.concat([
    page(0n, Buffer.from('OpusHead')),
    page(0n, Buffer.from('OpusTags')),
    ...Array.from({ length: pages }, (_, index) =>
      page(BigInt((index + 1) * 960), Buffer.alloc(bodyBytes, 3)),
    ),
  ]);
}

describe('audioPieces (issue 41 §5: split under the endpoint limit, each piece a file of its own)', () => {
  it('leaves audio under the limit whole', () => {
    const audio = fakeWebm(3, 100);
    expect(audioPieces(audio, 'audio/webm;codecs=opus', audio.length)).toEqual([audio]);
  });

  it.each([
    ['WebM', fakeWebm(40, 5_000), 'audio/webm;codecs=opus', 30_000],
    ['WebM cut off mid-cluster (a crash)', fakeWebm(40, 5_000).subarray(0, 150_000), 'audio/webm', 30_000],
    ['MP4 fragments (Safari)', mp4(30, 4_000), 'audio/mp4', 25_000],
    ['Ogg pages', ogg(60, 200), 'audio/ogg;codecs=opus', 3_000],
  ])(
    '%s: every piece under the limit, starting with the header, the media units in order',
    (_name, audio, mime, limit) => {
      const pieces = audioPieces(audio, mime, limit);
      expect(pieces.length).toBeGreaterThan(1);
      for (const piece of pieces) expect(piece.length).toBeLessThanOrEqual(limit);
      const header = pieces[0]?.subarray(0, headerLength(audio, mime)) ?? Buffer.alloc(0);
      for (const piece of pieces) expect(piece.subarray(0, header.length).equals(header)).toBe(true);
      const media = Buffer.concat(pieces.map((piece) => piece.subarray(header.length)));
      expect(Buffer.concat([header, media]).equals(audio)).toBe(true);
      if (mime.startsWith('audio/webm')) {
        expect(header.subarray(0, 4).equals(EBML_MAGIC)).toBe(true);
        for (const piece of pieces)
          expect(piece.subarray(header.length, header.length + 4).equals(CLUSTER)).toBe(true);
      }
    },
  );

  it('cuts audio it cannot read into equal pieces', () => {
    const pieces = audioPieces(Buffer.alloc(10_000, 1), 'audio/webm', 3_000);
    expect(pieces.map((piece) => piece.length)).toEqual([3_000, 3_000, 3_000, 1_000]);
  });
});

function headerLength(audio: Buffer, mime: string): number {
  if (mime.startsWith('audio/webm')) return audio.indexOf(CLUSTER);
  if (mime.startsWith('audio/mp4')) return audio.indexOf(Buffer.from('moof')) - 4;
  let at = 0;
  for (let page = 0; page < 2; page++) at += 28 + (audio[at + 27] ?? 0);
  return at;
}
