import { randomBytes } from 'node:crypto';

/**
 * A WebM stream laid out as a browser's MediaRecorder writes it (issue 41): the EBML header, a
 * Segment of unknown size with Info and Tracks, then Clusters of unknown size, each a timestamp and
 * one SimpleBlock of `blockBytes` random bytes (so no run of them occurs anywhere by chance).
 */
export function fakeWebm(clusters: number, blockBytes: number): Buffer {
  const element = (id: number[], body: Buffer) => Buffer.concat([Buffer.from(id), size(body.length), body]);
  const unknownSize = Buffer.from([0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]);
  const header = element([0x1a, 0x45, 0xdf, 0xa3], element([0x42, 0x82], Buffer.from('webm')));
  const info = element(
    [0x15, 0x49, 0xa9, 0x66],
    element([0x2a, 0xd7, 0xb1], Buffer.from([0x0f, 0x42, 0x40])),
  );
  const tracks = element([0x16, 0x54, 0xae, 0x6b], element([0xae], element([0x86], Buffer.from('A_OPUS'))));
  const body = Array.from({ length: clusters }, (_, index) =>
    Buffer.concat([
      Buffer.from([0x1f, 0x43, 0xb6, 0x75]),
      unknownSize,
      element([0xe7], Buffer.from([(index * 5) & 0xff])),
      element([0xa3], randomBytes(blockBytes)),
    ]),
  );
  return Buffer.concat([header, Buffer.from([0x18, 0x53, 0x80, 0x67]), unknownSize, info, tracks, ...body]);
}

function size(length: number): Buffer {
  const bytes = Buffer.alloc(8);
  bytes[0] = 0x01;
  bytes.writeUIntBE(length, 2, 6);
  return bytes;
}
