import { describe, expect, it } from 'vitest';
import { UsageError } from './cli-command.ts';
import { CLI_COMMANDS, parseCommandLine } from './command-line.ts';

const user = ['--email', 'a@example.com', '--name', 'A', '--password', 'long-enough-pw', '--role', 'admin'];

function usageErrorOf(argv: string[]): UsageError {
  try {
    parseCommandLine(argv);
  } catch (error) {
    if (error instanceof UsageError) return error;
    throw error;
  }
  throw new Error(`no usage error for ${argv.join(' ')}`);
}

describe('parseCommandLine', () => {
  it.each([[[]], [['help']], [['--help']], [['-h']]])('gives the full help for %j', (argv) => {
    const parsed = parseCommandLine(argv);
    expect(parsed.kind).toBe('help');
    if (parsed.kind !== 'help') return;
    for (const command of CLI_COMMANDS) expect(parsed.text).toContain(`  ${command.name}`);
    expect(parsed.text).toContain(
      'create-user --email E --name N [--password P] --role admin|client|customer|user [--organization NAME]',
    );
  });

  it.each([[['help', 'seed-demo']], [['seed-demo', '--help']], [['seed-demo', '-h']]])(
    "gives one command's usage for %j",
    (argv) => {
      expect(parseCommandLine(argv)).toEqual({
        kind: 'help',
        text: expect.stringMatching(/^Usage: npm run cli -- seed-demo\n/),
      });
    },
  );

  it('accepts a complete create-user line without opening anything', () => {
    const parsed = parseCommandLine(['create-user', ...user, '--organization', 'Acme']);
    expect(parsed).toMatchObject({ kind: 'run', command: { name: 'create-user' } });
  });

  it('accepts --option=value, so a password may start with a dash', () => {
    expect(
      parseCommandLine(['create-user', ...user.slice(0, 4), '--password=-dash-first-pw', '--role=user']),
    ).toMatchObject({ kind: 'run' });
  });

  it.each([
    [['launch-rockets'], 'Unknown command "launch-rockets".', undefined],
    [['help', 'launch-rockets'], 'Unknown command "launch-rockets".', undefined],
    [['create-user', ...user, '--colour', 'red'], "Unknown option '--colour'.", 'create-user'],
    [['create-user', ...user, 'extra'], 'Unexpected argument', 'create-user'],
    [
      ['create-user', '--email', 'a@example.com', '--name', 'A', '--role', 'admin', '--password'],
      "Option '--password <value>' argument missing",
      'create-user',
    ],
    [['create-user', '--email', 'a@example.com', '--role', 'admin'], 'Missing --name.', 'create-user'],
    [
      ['create-user', ...user.slice(0, 6), '--role', 'owner'],
      '--role: must be one of admin, client, customer, user.',
      'create-user',
    ],
    [
      ['create-user', '--email', 'not-an-email', ...user.slice(2)],
      '--email: Enter a valid e-mail address.',
      'create-user',
    ],
    [
      ['create-user', ...user.slice(0, 4), '--password', 'short', '--role', 'admin'],
      '--password: Password must be at least 10 characters.',
      'create-user',
    ],
    [
      ['create-user', ...user, '--organization', '  '],
      '--organization: Enter the organization name.',
      'create-user',
    ],
    [['seed-demo', '--force'], "Unknown option '--force'.", 'seed-demo'],
    [['create-record', '--type', 'Life Inventory'], 'Missing --client-email.', 'create-record'],
  ])('refuses %j: %s', (argv, message, commandName) => {
    const error = usageErrorOf(argv);
    expect(error.message).toContain(message);
    expect(error.command?.name).toBe(commandName);
  });
});
