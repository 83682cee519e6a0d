import { vaultOf } from '../../db/database.ts';
import { RotationError, rotateKeyEncryptionKey } from '../../db/encryption/key-rotation.ts';
import { type CliCommand, CommandFailure } from '../cli-command.ts';

/** Issue 30 §5: re-wraps every record's data key under the current key-encryption key. */
export const rotateKeyCommand: CliCommand = {
  name: 'rotate-key',
  summary:
    "Re-wraps every record's data key, the server's secrets and the sign-in state under a new key-encryption key (the answers are not re-encrypted). " +
    'Resumable: run it again after an interruption.',
  options: {},
  notes: [
    'With DATA_ENCRYPTION_KEY (or _FILE) set: put the new key there and the old one in',
    'DATA_ENCRYPTION_KEY_PREVIOUS, restart the server, run this, then remove DATA_ENCRYPTION_KEY_PREVIOUS.',
    'With the generated key (embedded, none set): a new key is generated in DATA_DIR/keys and replaces',
    'the old file once every data key is under it. Back up the new key file.',
  ],
  prepare:
    () =>
    async ({ db, config, out }) => {
      try {
        const outcome = await rotateKeyEncryptionKey(vaultOf(db), config.encryption, db);
        out.info(
          `Re-wrapped ${outcome.rewrapped} data keys; every key is now under key-encryption key ${outcome.kekId}` +
            (outcome.previousKekId ? ` (was ${outcome.previousKekId}).` : '.'),
        );
        out.info(`Re-sealed ${outcome.resealed} server secrets and sign-in state entries.`);
        if (config.encryption.previousKeys.length > 0)
          out.info('DATA_ENCRYPTION_KEY_PREVIOUS is no longer needed: remove it and restart.');
      } catch (error) {
        if (error instanceof RotationError) throw new CommandFailure(error.message);
        throw error;
      }
    },
};
