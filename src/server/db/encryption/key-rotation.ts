import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../database.ts';
import { type EncryptionConfig, GENERATED_KEY_FILE, NEXT_KEY_FILE } from './encryption-settings.ts';
import { readKeyFile, writeNewKeyFile } from './key-encryption-keys.ts';
import { RecordUnreadableError, type RecordVault } from './record-vault.ts';
import {
  rewrapServerState,
  ServerStateUnreadableError,
  serverSecretsNotUnder,
} from './server-state-sealing.ts';

/**
 * Issue 30 §5 (decision 130): every data key re-wrapped under the current key-encryption key; the
 * answers themselves are not touched. Resumable: each wrapped key carries its KEK's id, so a run
 * that stopped re-wraps only what is left, and the old KEK is kept until nothing is under it.
 *
 * With a configured KEK (DATA_ENCRYPTION_KEY or its file) the operator sets the new one there and
 * the old one in DATA_ENCRYPTION_KEY_PREVIOUS, restarts, and runs this. With the generated key
 * (embedded, none configured) this generates the new one itself: written first to
 * DATA_DIR/keys/data-encryption-key.next (so a stop half-way resumes with it), then, once every key
 * is under it, renamed over the old file in one step.
 */
export interface RotationOutcome {
  rewrapped: number;
  /** Issue 38 §1: server secrets and sign-in state entries re-sealed (when the database was given). */
  resealed: number;
  kekId: string;
  previousKekId?: string;
}

const BATCH = 500;

export class RotationError extends Error {}

export async function rotateKeyEncryptionKey(
  vault: RecordVault,
  config: EncryptionConfig,
  /** Issue 38 §1: the answers' database, whose server secrets and sign-in state are re-sealed too. */
  db?: Db,
): Promise<RotationOutcome> {
  const generated = !config.key && !config.keyFile;
  const keyFile = path.join(config.keyDir, GENERATED_KEY_FILE);
  const nextFile = path.join(config.keyDir, NEXT_KEY_FILE);
  let previousKekId: string | undefined;
  if (generated) {
    const old = readKeyFile(keyFile, 'the generated key file');
    const next = fs.existsSync(nextFile)
      ? readKeyFile(nextFile, 'the rotation key file')
      : writeNewKeyFile(nextFile);
    previousKekId = old.id;
    // From here new data keys are wrapped under the new KEK; the old one still unwraps.
    vault.replaceKeyring({
      current: next,
      previous: [old, ...vault.keyring.previous.filter((k) => k.id !== old.id && k.id !== next.id)],
    });
  }
  let rewrapped = 0;
  let resealed = 0;
  try {
    for (;;) {
      const done = await vault.rewrapBatch(BATCH);
      rewrapped += done;
      if (done === 0) break;
    }
    if (db) resealed = await rewrapServerState(db, vault.keyring);
  } catch (error) {
    if (error instanceof ServerStateUnreadableError)
      throw new RotationError(
        `Stopped after re-wrapping ${rewrapped} keys: ${error.message} Set the old key in DATA_ENCRYPTION_KEY_PREVIOUS and run rotate-key again.`,
      );
    if (!(error instanceof RecordUnreadableError)) throw error;
    throw new RotationError(
      `Stopped after re-wrapping ${rewrapped} keys: the key of record ${error.recordId} is under a key-encryption key ` +
        'this server does not have. Set the old key in DATA_ENCRYPTION_KEY_PREVIOUS and run rotate-key again.',
    );
  }
  const left = [...(await vault.keyCounts()).entries()].filter(([id]) => id !== vault.keyring.current.id);
  const secretsLeft = db ? await serverSecretsNotUnder(db, vault.keyring.current.id) : 0;
  if (left.length > 0 || secretsLeft > 0)
    throw new RotationError(
      `Re-wrapped ${rewrapped} keys, but ${left.reduce((n, [, c]) => n + c, 0) + secretsLeft} are still under older keys: run rotate-key again.`,
    );
  if (generated) {
    fs.renameSync(nextFile, keyFile);
    vault.replaceKeyring({ current: vault.keyring.current, previous: [] });
  }
  return {
    rewrapped,
    resealed,
    kekId: vault.keyring.current.id,
    ...(previousKekId ? { previousKekId } : {}),
  };
}
