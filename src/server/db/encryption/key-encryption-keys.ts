import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { KEY_BYTES } from './sealed-value.ts';

/**
 * Issue 30 §1: the key-encryption key (KEK) that wraps every record's data key. Its id, a short
 * fingerprint, is stored beside each wrapped key, so a rotation knows which keys are still under
 * the old one and can stop and resume (§5).
 */
export interface KeyEncryptionKey {
  readonly id: string;
  readonly key: Buffer;
}

/** The current KEK (wraps new data keys), and older ones still able to unwrap during a rotation. */
export interface Keyring {
  readonly current: KeyEncryptionKey;
  readonly previous: readonly KeyEncryptionKey[];
}

export const KEY_FORMAT_MESSAGE =
  'must be 32 random bytes written as base64 (44 characters) or hex (64 characters), e.g. the output of `openssl rand -base64 32`';

export class KeyEncryptionKeyError extends Error {
  readonly variable: string;
  constructor(variable: string, message: string) {
    super(`${variable}: ${message}`);
    this.name = 'KeyEncryptionKeyError';
    this.variable = variable;
  }
}

export function keyEncryptionKeyId(key: Buffer): string {
  return createHash('sha256').update('life-record-kek-id\0').update(key).digest('hex').slice(0, 16);
}

export function toKeyEncryptionKey(key: Buffer): KeyEncryptionKey {
  return { id: keyEncryptionKeyId(key), key };
}

/** A KEK written as base64 or hex; `source` names where it came from in the error. */
export function parseKeyEncryptionKey(text: string, source: string): KeyEncryptionKey {
  const trimmed = text.trim();
  let key: Buffer | undefined;
  if (/^[0-9a-fA-F]{64}$/.test(trimmed)) key = Buffer.from(trimmed, 'hex');
  else if (/^[A-Za-z0-9+/_-]{43}=?$/.test(trimmed)) key = Buffer.from(trimmed, 'base64');
  if (!key || key.length !== KEY_BYTES) throw new KeyEncryptionKeyError(source, KEY_FORMAT_MESSAGE);
  return toKeyEncryptionKey(key);
}

export function readKeyFile(file: string, source: string): KeyEncryptionKey {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    throw new KeyEncryptionKeyError(source, `cannot read ${file}: ${(error as Error).message}`);
  }
  return parseKeyEncryptionKey(text, `${source} (${file})`);
}

/**
 * Writes a new random KEK to `file` (mode 0600, its directory 0700) without ever leaving a partial
 * file: written beside it, flushed, then renamed into place.
 */
export function writeNewKeyFile(file: string): KeyEncryptionKey {
  const key = randomBytes(KEY_BYTES);
  writeKeyFile(file, key);
  return toKeyEncryptionKey(key);
}

export function writeKeyFile(file: string, key: Buffer): void {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  fs.chmodSync(path.dirname(file), 0o700);
  const temporary = `${file}.${process.pid}.tmp`;
  const handle = fs.openSync(temporary, 'w', 0o600);
  try {
    fs.writeSync(handle, `${key.toString('base64')}\n`);
    fs.fsyncSync(handle);
  } finally {
    fs.closeSync(handle);
  }
  fs.renameSync(temporary, file);
}
