import fs from 'node:fs';
import net from 'node:net';
import fp from 'fastify-plugin';
import type { CommandOutput } from '../cli/cli-command.ts';
import { findCommand, runCommandLine } from '../cli/command-line.ts';
import {
  type ControlMessage,
  controlRequestSchema,
  controlSocketPath,
  createLineSplitter,
  encodeMessage,
  MAX_REQUEST_BYTES,
  socketPathProblem,
} from '../cli/control-protocol.ts';

export interface ControlSocketOptions {
  /** Off unless asked: `main.ts` asks; tests that build apps in-process do not, unless they test it. */
  enabled: boolean;
}

const REQUEST_TIMEOUT_MS = 10_000;

/**
 * PGlite is one process's database (STACK-NOTES trap 6), so while the server holds it the CLI hands
 * its command to the server through the Unix socket DATA_DIR/control.sock, and the server runs the
 * very same command function on its own connection (decision 031). The socket file is 0600: only
 * the OS user running the server (and root) can connect, the same people who could open the data
 * directory itself. Only CLI command lines are accepted, one per connection, parsed like the CLI's.
 */
export const controlSocketPlugin = fp<ControlSocketOptions>(
  async (app, { enabled }) => {
    if (!enabled || app.config.database.kind !== 'pglite' || process.platform === 'win32') return;
    const socketPath = controlSocketPath(app.config.dataDir);
    const server = net.createServer({ allowHalfOpen: false }, (connection) => handleConnection(connection));
    let listening = false;
    // Commands run one at a time, as they would from a terminal that owned the database.
    let queue: Promise<unknown> = Promise.resolve();

    function handleConnection(connection: net.Socket): void {
      let received = false;
      const send = (message: ControlMessage) => {
        if (!connection.destroyed) connection.write(encodeMessage(message));
      };
      const refuse = (text: string) => {
        send({ type: 'output', stream: 'stderr', text });
        send({ type: 'exit', code: 1 });
        connection.end();
      };
      connection.setTimeout(REQUEST_TIMEOUT_MS, () => connection.destroy());
      connection.on('error', () => {});
      connection.on(
        'data',
        createLineSplitter(
          (line) => {
            if (received) return;
            received = true;
            connection.setTimeout(0);
            let request: unknown;
            try {
              request = JSON.parse(line);
            } catch {
              return refuse('The control socket accepts only requests of the Life Record CLI.');
            }
            const parsed = controlRequestSchema.safeParse(request);
            if (!parsed.success)
              return refuse('The control socket accepts only requests of the Life Record CLI.');
            const argv = parsed.data.argv;
            const run = queue.then(() => runRequest(argv, send));
            queue = run.catch(() => {});
            void run.finally(() => connection.end());
          },
          { maxBytes: MAX_REQUEST_BYTES, onOverflow: () => refuse('The request is too long.') },
        ),
      );
    }

    async function runRequest(argv: string[], send: (message: ControlMessage) => void): Promise<void> {
      const out: CommandOutput = {
        info: (text) => send({ type: 'output', stream: 'stdout', text }),
        warn: (text) => send({ type: 'output', stream: 'stderr', text }),
      };
      // Only the command's name is logged: its arguments may hold a password.
      const name = argv[0] && findCommand(argv[0]) ? argv[0] : 'unknown';
      app.log.info({ command: name }, 'CLI command received on the control socket');
      let code: number;
      try {
        code = await runCommandLine(argv, { db: app.database.db, config: app.config, out });
      } catch (error) {
        app.log.error(error, 'CLI command failed on the control socket');
        out.warn(`The server could not run the command: ${(error as Error).message}`);
        code = 1;
      }
      send({ type: 'exit', code });
    }

    app.addHook('onReady', async () => {
      const pathProblem = socketPathProblem(socketPath);
      if (pathProblem) {
        app.log.warn(`The CLI cannot reach this server: ${pathProblem}.`);
        return;
      }
      if (!(await clearStaleSocket(socketPath))) {
        app.log.warn(`${socketPath} is served by another process: the CLI cannot reach this server.`);
        return;
      }
      try {
        await listenPrivately(server, socketPath);
        listening = true;
      } catch (error) {
        // A DATA_DIR path longer than a socket address allows, a read-only directory…: the server
        // still serves; the CLI then says which process holds the database.
        app.log.warn(`The CLI control socket ${socketPath} could not be opened: ${(error as Error).message}`);
      }
    });

    app.addHook('preClose', async () => {
      if (!listening) return;
      listening = false;
      // Stop taking commands, let the one running finish while the database is still open.
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      await queue;
      await closed;
      fs.rmSync(socketPath, { force: true });
    });
  },
  { name: 'control-socket', dependencies: ['database'] },
);

/**
 * True when the path is free for us: absent, or a socket file nobody answers on (left by a server
 * that crashed). Anything else at that path is not ours to remove.
 */
async function clearStaleSocket(socketPath: string): Promise<boolean> {
  let stat: fs.Stats;
  try {
    stat = fs.lstatSync(socketPath);
  } catch {
    return true;
  }
  if (!stat.isSocket()) return false;
  const answered = await new Promise<boolean>((resolve) => {
    const probe = net.createConnection(socketPath);
    probe.once('connect', () => {
      probe.destroy();
      resolve(true);
    });
    probe.once('error', () => resolve(false));
  });
  if (answered) return false;
  fs.rmSync(socketPath, { force: true });
  return true;
}

/** Binds with a umask that leaves the socket 0600 from its first instant, then makes sure of it. */
async function listenPrivately(server: net.Server, socketPath: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    // process.umask cannot be changed in a worker thread; chmod below still closes the gap.
    let previous: number | undefined;
    try {
      previous = process.umask(0o177);
    } catch {
      previous = undefined;
    }
    try {
      // net binds a Unix socket synchronously inside listen(), so the umask applies to it alone.
      server.listen(socketPath, () => {
        server.off('error', reject);
        resolve();
      });
    } finally {
      if (previous !== undefined) process.umask(previous);
    }
  });
  fs.chmodSync(socketPath, 0o600);
}
