import fs from 'node:fs';
import path from 'node:path';
import {
  KeyEncryptionKeyError,
  type Keyring,
  parseKeyEncryptionKey,
  readKeyFile,
  writeNewKeyFile,
} from './key-encryption-keys.ts';
import { type KeyStoreTarget, siblingKeyDatabaseUrl } from './key-store.ts';

/** Issue 30 §1: the encryption part of the configuration (config.ts reads the variables). */
export interface EncryptionConfig {
  /** DATA_ENCRYPTION_KEY: the KEK itself (base64 or hex). */
  key?: string;
  /** DATA_ENCRYPTION_KEY_FILE: a file holding it. */
  keyFile?: string;
  /** DATA_ENCRYPTION_KEY_PREVIOUS: older KEKs still unwrapping keys during a rotation (§5). */
  previousKeys: readonly string[];
  /** DATA_DIR/keys: the generated KEK (embedded, no key configured) and the embedded key store. */
  keyDir: string;
  /** KEY_DATABASE_URL (PostgreSQL mode): the key store's database; `<name>_keys` when unset. */
  keyDatabaseUrl?: string;
}

export const GENERATED_KEY_FILE = 'data-encryption-key';
/** A rotation's new KEK, written before any key is re-wrapped under it (rotate-key, §5). */
export const NEXT_KEY_FILE = 'data-encryption-key.next';
export const KEY_STORE_FILE = 'data-keys.sqlite';

export function encryptionConfigFromEnv(env: NodeJS.ProcessEnv, dataDir: string): EncryptionConfig {
  const text = (name: string) => env[name]?.trim() || undefined;
  return {
    key: text('DATA_ENCRYPTION_KEY'),
    keyFile: text('DATA_ENCRYPTION_KEY_FILE'),
    previousKeys: (text('DATA_ENCRYPTION_KEY_PREVIOUS') ?? '')
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean),
    keyDir: path.join(dataDir, 'keys'),
    keyDatabaseUrl: text('KEY_DATABASE_URL'),
  };
}

/** Problems a configuration has before anything is opened (config.ts turns them into ConfigError). */
export function encryptionConfigProblems(
  config: EncryptionConfig,
  isProduction: boolean,
): { variable: string; message: string }[] {
  const problems: { variable: string; message: string }[] = [];
  const check = (variable: string, value: string) => {
    try {
      parseKeyEncryptionKey(value, variable);
    } catch (error) {
      if (error instanceof KeyEncryptionKeyError)
        problems.push({ variable, message: error.message.slice(variable.length + 2) });
    }
  };
  if (config.key && config.keyFile)
    problems.push({
      variable: 'DATA_ENCRYPTION_KEY_FILE',
      message: 'set either DATA_ENCRYPTION_KEY or DATA_ENCRYPTION_KEY_FILE, not both',
    });
  if (config.key) check('DATA_ENCRYPTION_KEY', config.key);
  for (const previous of config.previousKeys) check('DATA_ENCRYPTION_KEY_PREVIOUS', previous);
  if (isProduction && !config.key && !config.keyFile)
    problems.push({
      variable: 'DATA_ENCRYPTION_KEY',
      message:
        'is required in production (or DATA_ENCRYPTION_KEY_FILE): the key-encryption key of every answer, kept apart from the database and its backups (README, "Encryption at rest")',
    });
  return problems;
}

/**
 * The KEKs to use. Configured: DATA_ENCRYPTION_KEY or its file. Otherwise (development, embedded)
 * generated at first start into DATA_DIR/keys (mode 0600), apart from the database files; a
 * rotation's `.next` file, when present, is the current KEK and the older one still unwraps.
 */
export function resolveKeyring(config: EncryptionConfig): Keyring {
  const previous = config.previousKeys.map((key) =>
    parseKeyEncryptionKey(key, 'DATA_ENCRYPTION_KEY_PREVIOUS'),
  );
  if (config.key) return { current: parseKeyEncryptionKey(config.key, 'DATA_ENCRYPTION_KEY'), previous };
  if (config.keyFile) return { current: readKeyFile(config.keyFile, 'DATA_ENCRYPTION_KEY_FILE'), previous };
  const file = path.join(config.keyDir, GENERATED_KEY_FILE);
  const existing = fs.existsSync(file) ? readKeyFile(file, 'the generated key file') : writeNewKeyFile(file);
  const next = path.join(config.keyDir, NEXT_KEY_FILE);
  if (fs.existsSync(next))
    return { current: readKeyFile(next, 'the rotation key file'), previous: [existing, ...previous] };
  return { current: existing, previous };
}

/** Where the wrapped data keys of a database live (decision 130). */
export function keyStoreTargetOf(
  database: { kind: 'pglite'; dir: string } | { kind: 'postgres'; url: string },
  config: EncryptionConfig,
): KeyStoreTarget {
  if (database.kind === 'pglite')
    return database.dir.startsWith('memory://')
      ? { kind: 'memory' }
      : { kind: 'sqlite', file: path.join(config.keyDir, KEY_STORE_FILE) };
  return config.keyDatabaseUrl
    ? { kind: 'postgres', url: config.keyDatabaseUrl }
    : { kind: 'postgres', url: siblingKeyDatabaseUrl(database.url), createWith: database.url };
}
