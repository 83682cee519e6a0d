// The CLI for browser-test fixtures: it reaches the running e2e server through its control socket
// (the server holds the embedded database), exactly as an operator's `npm run cli -- …` would.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { e2eServerEnv } from './e2e-environment.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Runs one CLI command; returns its standard output, throws with its error output on failure.
 * `server` is the environment of the server to reach (by default the e2e server).
 */
export function runCli(args: string[], server: Record<string, string> = e2eServerEnv()): string {
  const env: NodeJS.ProcessEnv = { ...process.env, ...server };
  for (const name of ['DATABASE_URL', 'OIDC_ISSUER']) delete env[name];
  try {
    return execFileSync(process.execPath, ['src/server/cli/main.ts', ...args], {
      cwd: root,
      env,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (error) {
    const failed = error as { stderr?: string; status?: number };
    throw new Error(`npm run cli -- ${args[0]} failed (exit ${failed.status}): ${failed.stderr ?? error}`);
  }
}

export interface CliUser {
  email: string;
  name: string;
  password: string;
  role: 'admin' | 'customer' | 'client' | 'user';
  organization?: string;
}

/** A verified account with its user row, role and organization: it can sign in at once. */
export function createUser(user: CliUser, server?: Record<string, string>): void {
  runCli(
    [
      'create-user',
      '--email',
      user.email,
      '--name',
      user.name,
      `--password=${user.password}`,
      '--role',
      user.role,
      ...(user.organization ? ['--organization', user.organization] : []),
    ],
    server,
  );
}

/** "Demo Organization", the "Life Inventory" and "Family Stories" types, products and credits. */
export function seedDemo(server?: Record<string, string>): void {
  runCli(['seed-demo'], server);
}

/** A record of the named type owned by the user; returns its id. */
export function createRecord(
  record: { clientEmail: string; type: string; organization?: string },
  server?: Record<string, string>,
): string {
  const output = runCli(
    [
      'create-record',
      '--client-email',
      record.clientEmail,
      '--type',
      record.type,
      ...(record.organization ? ['--organization', record.organization] : []),
    ],
    server,
  );
  const id = /Created record ([0-9a-f-]{36})/.exec(output)?.[1];
  if (!id) throw new Error(`create-record printed no record id:\n${output}`);
  return id;
}
