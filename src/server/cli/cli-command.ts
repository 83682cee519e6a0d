import type { z } from 'zod';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';

/** Where a command writes: `info` to standard output, `warn` to standard error (or the socket's streams). */
export interface CommandOutput {
  info(line: string): void;
  warn(line: string): void;
}

/**
 * What a command runs with: the database and configuration of whoever runs it, the CLI itself or the
 * running server (through its control socket), so a command behaves the same either way.
 */
export interface CommandContext {
  db: Db;
  config: Config;
  out: CommandOutput;
}

export interface OptionSpec {
  type: 'string' | 'boolean';
  /** The value's placeholder in usage lines (`--email E`). */
  value?: string;
  description: string;
  required?: boolean;
}

export type OptionValues = Record<string, string | boolean | undefined>;

export interface CliCommand {
  name: string;
  summary: string;
  options: Record<string, OptionSpec>;
  /** Lines shown after the options in the command's usage. */
  notes?: string[];
  /**
   * Validates the parsed options (throws UsageError) and returns the work to run on a database.
   * Separate from running, so bad arguments are refused before any database is opened.
   */
  prepare(values: OptionValues): (context: CommandContext) => Promise<void>;
}

/** Bad arguments: the message, then the command's usage, exit code 1. */
export class UsageError extends Error {
  readonly command: CliCommand | undefined;
  constructor(message: string, command?: CliCommand) {
    super(message);
    this.name = 'UsageError';
    this.command = command;
  }
}

/** An expected refusal (unknown e-mail, conflicting rows): the message alone, exit code 1. */
export class CommandFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CommandFailure';
  }
}

/** One zod schema per input (STYLE 4); its first problem becomes a usage error naming the option. */
export function parseOptions<T>(schema: z.ZodType<T>, values: OptionValues): T {
  const parsed = schema.safeParse(values);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const option = issue?.path[0];
  throw new UsageError(
    option === undefined ? String(issue?.message) : `--${String(option)}: ${issue?.message}`,
  );
}
