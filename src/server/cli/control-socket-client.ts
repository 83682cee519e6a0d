import net from 'node:net';
import type { CommandOutput } from './cli-command.ts';
import {
  type ControlMessage,
  createLineSplitter,
  encodeMessage,
  socketPathProblem,
} from './control-protocol.ts';

export type RemoteRunResult = { reached: true; code: number } | { reached: false; reason: string };

const CONNECT_TIMEOUT_MS = 3000;
// Server output lines are bounded by what a command prints; this only guards against a broken peer.
const MAX_MESSAGE_BYTES = 16 * 1024 * 1024;

/**
 * Sends a command line to the running server's control socket and relays its output. `reached`
 * is false when nobody answers there (no socket, a stale one, a server without it), so the
 * caller can say who holds the database instead.
 */
export function runThroughServer(
  socketPath: string,
  argv: readonly string[],
  out: CommandOutput,
): Promise<RemoteRunResult> {
  const pathProblem = socketPathProblem(socketPath);
  if (pathProblem) return Promise.resolve({ reached: false, reason: pathProblem });
  return new Promise((resolve) => {
    let settled = false;
    let connected = false;
    const finish = (result: RemoteRunResult) => {
      if (settled) return;
      settled = true;
      socket.destroy();
      resolve(result);
    };
    const socket = net.createConnection(socketPath);
    socket.setTimeout(CONNECT_TIMEOUT_MS, () => {
      if (!connected) finish({ reached: false, reason: 'no answer' });
    });
    socket.on('connect', () => {
      connected = true;
      socket.setTimeout(0);
      socket.write(encodeMessage({ type: 'run', argv: [...argv] }));
    });
    socket.on(
      'data',
      createLineSplitter(
        (line) => {
          let message: ControlMessage;
          try {
            message = JSON.parse(line) as ControlMessage;
          } catch {
            return;
          }
          if (message.type === 'output') {
            for (const text of message.text.split('\n')) {
              if (message.stream === 'stdout') out.info(text);
              else out.warn(text);
            }
          } else if (message.type === 'exit') {
            finish({ reached: true, code: message.code === 0 ? 0 : 1 });
          }
        },
        { maxBytes: MAX_MESSAGE_BYTES, onOverflow: () => finish({ reached: true, code: 1 }) },
      ),
    );
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (!connected) {
        finish({ reached: false, reason: error.code ?? error.message });
      } else {
        out.warn(`The connection to the server broke: ${error.message}`);
        finish({ reached: true, code: 1 });
      }
    });
    socket.on('close', () => {
      if (!connected) return finish({ reached: false, reason: 'closed' });
      out.warn('The server closed the connection before the command finished; it may not have completed.');
      finish({ reached: true, code: 1 });
    });
  });
}
