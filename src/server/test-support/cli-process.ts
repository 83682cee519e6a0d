import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import { fileURLToPath } from 'node:url';

/** Runs the CLI and the server as real child processes, as an operator would from a terminal. */
export const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

const PRODUCTION_VARIABLES = [
  'DATABASE_URL',
  'OIDC_ISSUER',
  'SMTP_URL',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'OPENAI_API_KEY',
  'OPENAI_BASE_URL',
  'PUBLIC_URL',
  'PORT',
];

/** The environment of a child: the embedded defaults, quiet logs, and the given variables. */
export function childEnv(variables: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent' };
  for (const name of PRODUCTION_VARIABLES) delete env[name];
  return { ...env, ...variables };
}

export interface ProcessResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function runCliProcess(args: string[], variables: Record<string, string>): Promise<ProcessResult> {
  const child = spawn(process.execPath, ['src/server/cli/main.ts', ...args], {
    cwd: repoRoot,
    env: childEnv(variables),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface ServerProcess {
  pid: number;
  url: string;
  output(): string;
  /** Whether the process is still running (it did not crash or exit). */
  running(): boolean;
  /** SIGTERM, then waits for the process to exit. */
  stop(): Promise<void>;
}

/** `node src/server/main.ts` on a free port; resolves once /healthz answers. */
export async function startServerProcess(
  variables: Record<string, string>,
  options: { port?: number } = {},
): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['src/server/main.ts'], {
    cwd: repoRoot,
    env: childEnv({ LOG_LEVEL: 'warn', ...variables, PORT: String(port), PUBLIC_URL: url }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  let alive = true;
  void exited.then(() => {
    alive = false;
  });

  const deadline = Date.now() + 45_000;
  for (;;) {
    if (!alive) throw new Error(`The server exited while starting:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The server did not answer /healthz in time:\n${output}`);
    }
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    pid: child.pid ?? -1,
    url,
    output: () => output,
    running: () => alive,
    stop: async () => {
      if (alive) child.kill('SIGTERM');
      await exited;
    },
  };
}
