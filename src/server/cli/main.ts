// `npm run cli -- <command> [options]`: see `help`. Exit code 0 on success, 1 on any failure.
import { type Config, ConfigError, loadConfig } from '../config.ts';
import { DataDirLockedError } from '../db/data-dir-lock.ts';
import { type Database, openDatabase } from '../db/database.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { type CommandOutput, UsageError } from './cli-command.ts';
import {
  executeCommand,
  type ParsedCommandLine,
  parseCommandLine,
  reportUsageError,
} from './command-line.ts';
import { controlSocketPath } from './control-protocol.ts';
import { runThroughServer } from './control-socket-client.ts';

const terminal: CommandOutput = {
  info: (line) => process.stdout.write(`${line}\n`),
  warn: (line) => process.stderr.write(`${line}\n`),
};

async function main(argv: string[]): Promise<number> {
  let parsed: ParsedCommandLine;
  try {
    parsed = parseCommandLine(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    reportUsageError(error, terminal);
    return 1;
  }
  if (parsed.kind === 'help') {
    terminal.info(parsed.text);
    return 0;
  }

  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    terminal.warn(error.message);
    return 1;
  }

  let database: Database;
  try {
    database = await openDatabase(config.database, {
      purpose: `Life Record CLI (${parsed.command.name})`,
      encryption: config.encryption,
      pgliteInWorker: config.pgliteInWorker,
    });
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    // The embedded database belongs to a running process (STACK-NOTES trap 6): never open it a
    // second time; hand the command to that server instead (decision 031).
    return runOnServer(argv, config, error);
  }
  try {
    await migrateDatabase(database, config.database);
    return await executeCommand(parsed, { db: database.db, config, out: terminal });
  } finally {
    await database.close();
  }
}

const STARTING_UP = new Set(['ENOENT', 'ECONNREFUSED']);

async function runOnServer(argv: string[], config: Config, locked: DataDirLockedError): Promise<number> {
  const { pid, purpose } = locked.holder;
  const socketPath = controlSocketPath(config.dataDir);
  let result = await runThroughServer(socketPath, argv, terminal);
  // A server that is still starting (migrating) holds the lock before its socket listens.
  for (let attempt = 0; !result.reached && STARTING_UP.has(result.reason) && attempt < 5; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 300));
    result = await runThroughServer(socketPath, argv, terminal);
  }
  if (result.reached) return result.code;
  terminal.warn(
    `The embedded database in ${config.database.kind === 'pglite' ? config.database.dir : config.dataDir} ` +
      `is in use by pid ${pid} (${purpose}), which does not answer on ${socketPath}. ` +
      `Only one process may open it at a time: stop pid ${pid}, then run the command again.`,
  );
  if (result.reason.startsWith('the path'))
    terminal.warn(`The control socket cannot work here: ${result.reason}.`);
  return 1;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('The command failed:', error);
    process.exit(1);
  },
);
