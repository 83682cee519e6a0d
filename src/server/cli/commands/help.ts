import type { CliCommand } from '../cli-command.ts';
import { CLI_INVOCATION, commandDetails, synopsis } from '../cli-usage.ts';

/** `help`, `--help` and no command at all: every command with its options. */
export function formatHelp(commands: readonly CliCommand[]): string {
  return [
    'Life Record command-line tool',
    '',
    `Usage: ${CLI_INVOCATION} <command> [options]`,
    '',
    'Commands:',
    ...commands.flatMap((command) => ['', `  ${synopsis(command)}`, ...indent(commandDetails(command))]),
    '',
    '  help [COMMAND]',
    "      Lists the commands and their options (or one command's). Every command also takes --help.",
    '',
    'The commands use the configuration of the environment (DATA_DIR, DATABASE_URL, OIDC_ISSUER, …).',
    'With the embedded database they also work while the server runs: the command is then carried out by',
    'the running server, through its control socket DATA_DIR/control.sock.',
  ].join('\n');
}

function indent(lines: string[]): string[] {
  return lines.map((line) => (line === '' ? line : `      ${line}`));
}
