import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { stopProcess } from './bench-processes.ts';
import { READY_MARKER } from './ref-server-child.ts';
import type { BenchEditor } from './seed-editors.ts';

export interface RefServer {
  baseUrl: string;
  wsUrl: string;
  editors: BenchEditor[];
  /** The server process itself (for its memory), not the helper that started it. */
  pid: number;
  stop(): Promise<void>;
}

const child = fileURLToPath(new URL('./ref-server-child.ts', import.meta.url));

/** A checkout's server on a fresh database, seeded by that checkout's own code (ref-server-child.ts). */
export function startRefServer(options: {
  checkout: string;
  kind: 'pglite' | 'postgres';
  postgresUrl?: string;
  port?: number;
  editors: number;
}): Promise<RefServer> {
  const helper = spawn(process.execPath, [child, JSON.stringify(options)], {
    cwd: options.checkout,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let pending = '';
    let started = false;
    helper.stdout.on('data', (chunk: Buffer) => {
      pending += chunk.toString();
      let newline = pending.indexOf('\n');
      while (newline >= 0) {
        const line = pending.slice(0, newline);
        pending = pending.slice(newline + 1);
        if (line.startsWith(READY_MARKER)) {
          started = true;
          const ready = JSON.parse(line.slice(READY_MARKER.length)) as Omit<RefServer, 'stop'>;
          resolve({
            ...ready,
            stop: async () => {
              const exited = new Promise<void>((done) => helper.once('exit', () => done()));
              helper.stdin.end();
              const late = setTimeout(() => void stopProcess(helper), 30_000);
              await exited;
              clearTimeout(late);
            },
          });
        } else if (line.trim()) console.log(line); // the server's own warnings
        newline = pending.indexOf('\n');
      }
    });
    helper.once('error', reject);
    helper.once('exit', (code) => {
      if (!started) reject(new Error(`the server of ${options.checkout} did not start (exit ${code})`));
    });
  });
}
