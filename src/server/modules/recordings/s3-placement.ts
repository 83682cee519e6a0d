import { randomBytes } from 'node:crypto';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { SealedPartPlacement } from './sealed-part-placement.ts';

export interface S3StoreSettings {
  /** Any S3-compatible endpoint (MinIO, Garage, Ceph…); unset: AWS itself. */
  endpoint: string | undefined;
  bucket: string;
  region: string;
  /** Unset: the SDK's own chain (AWS_* variables, an instance role). */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
}

/** A part's row keeps this many random bytes, naming its object; a sealed part is always longer. */
const LOCATOR_BYTES = 16;

/**
 * Issue 41 §3 (decision 189): sealed parts as objects of an S3-compatible bucket, one object a part,
 * under `recordings/<recording>/<offset>-<locator>`. Only sealed bytes are put (the store never sees
 * clear audio); the part's row keeps its offset, its length and the locator. The random locator
 * keeps two instances that write the same offset at once from overwriting each other's object:
 * the row of the one whose offset moved names its object, the other's is discarded.
 */
export function s3Placement(settings: S3StoreSettings): SealedPartPlacement {
  const client = new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint, forcePathStyle: true } : {}),
    ...(settings.accessKeyId && settings.secretAccessKey
      ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
      : {}),
    // Checksums only where S3 requires them: several S3-compatible stores refuse the newer ones.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = settings.bucket;
  const prefix = (recordingId: string) => `recordings/${recordingId}/`;
  const keyOf = (recordingId: string, start: number, locator: Uint8Array) =>
    `${prefix(recordingId)}${start}-${Buffer.from(locator).toString('hex')}`;
  return {
    kind: 's3',
    async place(recordingId, start, sealed) {
      const locator = randomBytes(LOCATOR_BYTES);
      await client.send(
        new PutObjectCommand({ Bucket, Key: keyOf(recordingId, start, locator), Body: sealed }),
      );
      return locator;
    },
    async fetch(recordingId, start, stored) {
      if (!stored) throw new Error(`recording ${recordingId} names no object at ${start}`);
      // A part stored in the database before the store was configured is its own sealed bytes.
      if (stored.length !== LOCATOR_BYTES) return stored;
      const object = await client.send(
        new GetObjectCommand({ Bucket, Key: keyOf(recordingId, start, stored) }),
      );
      if (!object.Body) throw new Error(`recording ${recordingId} has no object at ${start}`);
      return object.Body.transformToByteArray();
    },
    async discard(recordingId, start, stored) {
      if (stored?.length === LOCATOR_BYTES)
        await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(recordingId, start, stored) }));
    },
    // Every object under the recording's prefix, so a part whose row was never written goes too.
    async removeRecordings(recordingIds) {
      for (const recordingId of recordingIds) {
        let token: string | undefined;
        do {
          const listed = await client.send(
            new ListObjectsV2Command({ Bucket, Prefix: prefix(recordingId), ContinuationToken: token }),
          );
          // One at a time by key: DeleteObjects needs a checksum that not every compatible store takes.
          await Promise.all(
            (listed.Contents ?? []).map((object) =>
              client.send(new DeleteObjectCommand({ Bucket, Key: object.Key })),
            ),
          );
          token = listed.IsTruncated ? listed.NextContinuationToken : undefined;
        } while (token);
      }
    },
  };
}
