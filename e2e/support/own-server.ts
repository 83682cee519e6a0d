// A server process a spec starts, stops and starts again itself, on its own port and data directory
// (the shared e2e server must stay up for the other specs). The client build is the one the e2e
// server's start made current.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { e2eSecondPort, e2eServerEnv } from './e2e-environment.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

export interface OwnServer {
  baseUrl: string;
  /** Its DATA_DIR (embedded database, key store, outbox). */
  dataDir: string;
  /** The environment the CLI needs to reach this server. */
  env: Record<string, string>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** `serverEnv` adds to the server's environment (e.g. OPENAI_BASE_URL of a test's model API). */
export function ownServer(port = e2eSecondPort, serverEnv: Record<string, string> = {}): OwnServer {
  const dataDir = path.join(os.tmpdir(), `life-record-e2e-own-${port}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  const env = e2eServerEnv(port, dataDir);
  const baseUrl = `http://localhost:${port}`;
  let child: ChildProcess | null = null;

  async function waitUntilReady() {
    // A machine under load (a shared CI box) may need longer: E2E_SERVER_START_MS.
    const deadline = Date.now() + Number(process.env.E2E_SERVER_START_MS ?? 60_000);
    while (Date.now() < deadline) {
      if (child?.exitCode !== null) throw new Error(`The server on port ${port} exited while starting.`);
      const ready = await fetch(`${baseUrl}/readyz`).then(
        (response) => response.ok,
        () => false,
      );
      if (ready) return;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`The server on port ${port} was not ready within 60 s.`);
  }

  return {
    baseUrl,
    dataDir,
    env,
    async start() {
      const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
      for (const name of [
        'DATABASE_URL',
        'OIDC_ISSUER',
        'SMTP_URL',
        'STRIPE_SECRET_KEY',
        'OPENAI_API_KEY',
        'OPENAI_BASE_URL',
      ]) {
        delete childEnv[name];
      }
      Object.assign(childEnv, serverEnv);
      child = spawn(process.execPath, ['src/server/main.ts'], { cwd: root, env: childEnv, stdio: 'ignore' });
      try {
        await waitUntilReady();
      } catch (error) {
        // A server too slow to start must not stay behind on its port, answering the next run.
        child?.kill('SIGTERM');
        child = null;
        throw error;
      }
    },
    async stop() {
      const running = child;
      if (!running || running.exitCode !== null) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGTERM');
      await exited;
      child = null;
    },
  };
}
