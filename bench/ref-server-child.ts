// Issue 31 §2: starts a commit's server the way that commit's own benchmark starts it, through its
// bench/bench-server.ts (`startBenchServer`, whose contract every commit has kept), and hands the
// current benchmark what it needs to drive it. bench/ref-server.ts runs this in a child process
// with the job as its argument; closing its standard input stops the server.
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export const READY_MARKER = 'ref-server-ready ';

interface Job {
  checkout: string;
  kind: 'pglite' | 'postgres';
  postgresUrl?: string;
  port?: number;
  editors: number;
}

interface StartedServer {
  baseUrl: string;
  wsUrl: string;
  editors: { userId: string; recordId: string; token: string }[];
  pid: number;
  stop(): Promise<void>;
}

if (import.meta.main) {
  const job = JSON.parse(process.argv[2] ?? '{}') as Job;
  const module = (await import(pathToFileURL(path.join(job.checkout, 'bench/bench-server.ts')).href)) as {
    startBenchServer(options: Omit<Job, 'checkout'>): Promise<StartedServer>;
  };
  const server = await module.startBenchServer({
    kind: job.kind,
    editors: job.editors,
    ...(job.postgresUrl ? { postgresUrl: job.postgresUrl } : {}),
    ...(job.port ? { port: job.port } : {}),
  });
  const { baseUrl, wsUrl, editors, pid } = server;
  console.log(`${READY_MARKER}${JSON.stringify({ baseUrl, wsUrl, editors, pid })}`);
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await server.stop();
    process.exit(0);
  };
  process.stdin.on('end', () => void stop());
  process.stdin.on('close', () => void stop());
  process.stdin.resume();
  process.on('SIGTERM', () => void stop());
}
