import { createCipheriv, createDecipheriv, type KeyObject, randomBytes } from 'node:crypto';

/**
 * Issue 30 §1: the format of every encrypted value (decision 130). One version byte, so the format
 * can change later without guessing; then AES-256-GCM's 12-byte nonce, its 16-byte tag and the
 * ciphertext. The associated data binds a value to its record and to what it is (answers, narrative,
 * a generation's text, a migration's previous answers, a wrapped data key): a value copied into
 * another row, or another column, fails to open.
 */
export const SEALED_FORMAT_V1 = 0x01;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
export const KEY_BYTES = 32;

export type SealedPurpose =
  | 'answers'
  | 'narrative'
  | 'generation'
  | 'data-key'
  // Issue 42 §4: what a person chose for a book, and the made file (docs/decisions/191).
  | 'book-request'
  | 'book'
  // Issue 41 §3: a part of a recording (docs/decisions/186).
  | 'audio'
  // Issue 38 §1: the server's own secrets and the sign-in provider's state (docs/decisions/140).
  | 'server-secret'
  | 'provider-state';

/**
 * A key as a KeyObject where it is used often (a record's data key, issue 39 §1): Node 24 checks a
 * Buffer key by first trying it as a KeyObject, which made each seal and open about 3× slower
 * (50–60 µs against 16–23 µs for 3 KB, measured on this machine).
 */
export type SecretKey = KeyObject | Buffer;

export class SealedValueError extends Error {
  readonly reason: 'unknown-format' | 'tampered';
  constructor(reason: 'unknown-format' | 'tampered') {
    super(reason === 'unknown-format' ? 'unknown encryption format' : 'authentication failed');
    this.name = 'SealedValueError';
    this.reason = reason;
  }
}

/**
 * `binding` narrows it further where one record holds many values of a purpose (issue 41: a part of
 * a recording is bound to its recording and byte offset, so parts cannot be swapped or moved).
 */
function associatedData(purpose: SealedPurpose, recordId: string, binding?: string): Buffer {
  const base = `life-record/v1/${purpose}/${recordId}`;
  return Buffer.from(binding === undefined ? base : `${base}/${binding}`, 'utf8');
}

export function seal(
  key: SecretKey,
  purpose: SealedPurpose,
  recordId: string,
  plaintext: Buffer,
  binding?: string,
): Buffer {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  cipher.setAAD(associatedData(purpose, recordId, binding));
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([Buffer.from([SEALED_FORMAT_V1]), nonce, cipher.getAuthTag(), body]);
}

/** The plaintext, or SealedValueError: never garbage (GCM checks the tag before anything is used). */
export function open(
  key: SecretKey,
  purpose: SealedPurpose,
  recordId: string,
  sealed: Uint8Array,
  binding?: string,
): Buffer {
  const value = Buffer.from(sealed.buffer, sealed.byteOffset, sealed.byteLength);
  if (value.length < 1 + NONCE_BYTES + TAG_BYTES || value[0] !== SEALED_FORMAT_V1)
    throw new SealedValueError('unknown-format');
  const nonce = value.subarray(1, 1 + NONCE_BYTES);
  const tag = value.subarray(1 + NONCE_BYTES, 1 + NONCE_BYTES + TAG_BYTES);
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, nonce);
    decipher.setAAD(associatedData(purpose, recordId, binding));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(value.subarray(1 + NONCE_BYTES + TAG_BYTES)), decipher.final()]);
  } catch {
    throw new SealedValueError('tampered');
  }
}

export function newDataKey(): Buffer {
  return randomBytes(KEY_BYTES);
}
