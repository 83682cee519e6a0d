import { type ParseArgsOptionsConfig, parseArgs } from 'node:util';
import {
  type CliCommand,
  type CommandContext,
  CommandFailure,
  type CommandOutput,
  type OptionValues,
  UsageError,
} from './cli-command.ts';
import { CLI_INVOCATION, commandUsage } from './cli-usage.ts';
import { createRecordCommand } from './commands/create-record.ts';
import { createUserCommand } from './commands/create-user.ts';
import { formatHelp } from './commands/help.ts';
import { rotateKeyCommand } from './commands/rotate-key.ts';
import { seedDemoCommand } from './commands/seed-demo.ts';
import { sendReminderNowCommand } from './commands/send-reminder-now.ts';

/** Every command the CLI (and the server's control socket) accepts; `help` is handled here. */
export const CLI_COMMANDS: readonly CliCommand[] = [
  createUserCommand,
  seedDemoCommand,
  createRecordCommand,
  rotateKeyCommand,
  sendReminderNowCommand,
];

export type ParsedCommandLine =
  | { kind: 'help'; text: string }
  | { kind: 'run'; command: CliCommand; execute: (context: CommandContext) => Promise<void> };

export function findCommand(name: string): CliCommand | undefined {
  return CLI_COMMANDS.find((command) => command.name === name);
}

/** Reads `<command> [options]`; throws UsageError for anything it cannot run. Opens nothing. */
export function parseCommandLine(argv: readonly string[]): ParsedCommandLine {
  const [name, ...rest] = argv;
  if (name === undefined || name === 'help' || name === '--help' || name === '-h') {
    const topic = name === 'help' ? rest[0] : undefined;
    if (topic === undefined) return { kind: 'help', text: formatHelp(CLI_COMMANDS) };
    const command = findCommand(topic);
    if (!command) throw unknownCommand(topic);
    return { kind: 'help', text: commandUsage(command) };
  }
  const command = findCommand(name);
  if (!command) throw unknownCommand(name);

  const options: ParseArgsOptionsConfig = { help: { type: 'boolean', short: 'h' } };
  for (const [option, spec] of Object.entries(command.options)) options[option] = { type: spec.type };
  let values: OptionValues;
  try {
    values = parseArgs({ args: [...rest], options, strict: true, allowPositionals: false })
      .values as OptionValues;
  } catch (error) {
    throw new UsageError(argumentProblem(error as NodeJS.ErrnoException), command);
  }
  if (values.help === true) return { kind: 'help', text: commandUsage(command) };
  delete values.help;
  for (const [option, spec] of Object.entries(command.options)) {
    if (spec.required && values[option] === undefined) throw new UsageError(`Missing --${option}.`, command);
  }
  try {
    return { kind: 'run', command, execute: command.prepare(values) };
  } catch (error) {
    if (error instanceof UsageError && !error.command) throw new UsageError(error.message, command);
    throw error;
  }
}

/** Runs a parsed command; every failure becomes a message on `warn` and exit code 1. */
export async function executeCommand(
  parsed: Extract<ParsedCommandLine, { kind: 'run' }>,
  context: CommandContext,
): Promise<number> {
  try {
    await parsed.execute(context);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      reportUsageError(new UsageError(error.message, error.command ?? parsed.command), context.out);
    } else if (error instanceof CommandFailure) {
      context.out.warn(error.message);
    } else {
      context.out.warn(`${parsed.command.name} failed: ${(error as Error).message ?? String(error)}`);
    }
    return 1;
  }
}

/** Parse and run in one go: what the server does for a command sent to its control socket. */
export async function runCommandLine(argv: readonly string[], context: CommandContext): Promise<number> {
  let parsed: ParsedCommandLine;
  try {
    parsed = parseCommandLine(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    reportUsageError(error, context.out);
    return 1;
  }
  if (parsed.kind === 'help') {
    context.out.info(parsed.text);
    return 0;
  }
  return executeCommand(parsed, context);
}

export function reportUsageError(error: UsageError, out: CommandOutput): void {
  out.warn(`Error: ${error.message}`);
  out.warn('');
  out.warn(
    error.command ? commandUsage(error.command) : `Run "${CLI_INVOCATION} help" to list the commands.`,
  );
}

function unknownCommand(name: string): UsageError {
  return new UsageError(`Unknown command "${name}".`);
}

/** parseArgs explains at length how to pass values starting with a dash; the first sentence says enough. */
function argumentProblem(error: NodeJS.ErrnoException): string {
  const end = error.message.indexOf('. ');
  const sentence = (end === -1 ? error.message : error.message.slice(0, end)).replace(/\.$/, '');
  return error.code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL'
    ? `${sentence}: every value follows its option (quote values that contain spaces).`
    : `${sentence}.`;
}
