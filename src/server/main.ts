import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { openDatabase } from './db/database.ts';
import { KeyEncryptionKeyError } from './db/encryption/key-encryption-keys.ts';
import { migrateDatabase } from './db/migrate.ts';

/** Reads the configuration, opens and migrates the database, listens; shuts down cleanly on a signal. */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(config.database, {
    purpose: `Life Record server on port ${config.port}`,
    encryption: config.encryption,
    pgliteInWorker: config.pgliteInWorker,
  });
  try {
    await migrateDatabase(database, config.database, (line) => console.log(line));
  } catch (error) {
    await database.close();
    throw error;
  }
  const app = await buildApp({ config, database, controlSocket: true });
  app.addHook('onClose', async () => database.close());

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received: closing`);
    const forced = setTimeout(() => process.exit(1), 10_000);
    forced.unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    app.log.error(error);
    await app.close();
    throw error;
  }
  app.log.info(`${config.productName} is running at ${config.publicUrl}`);
}

main().catch((error: unknown) => {
  if (
    error instanceof ConfigError ||
    error instanceof DataDirLockedError ||
    error instanceof KeyEncryptionKeyError
  ) {
    console.error(error.message);
  } else {
    console.error('The server could not start:', error);
  }
  process.exit(1);
});
