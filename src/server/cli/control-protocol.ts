import path from 'node:path';
import { z } from 'zod';

/**
 * The CLI ↔ server protocol on the control socket (decision 031): JSON lines. The client sends one
 * request naming a CLI command line; the server runs it and streams its output, then the exit code.
 */
export const CONTROL_SOCKET_FILE = 'control.sock';

export function controlSocketPath(dataDir: string): string {
  return path.join(dataDir, CONTROL_SOCKET_FILE);
}

/**
 * A Unix socket address holds about 104 bytes (macOS; 108 on Linux). Depending on the platform a
 * longer path fails with an obscure EINVAL or binds a truncated path: both sides check first.
 */
export const MAX_SOCKET_PATH_BYTES = 103;

export function socketPathProblem(socketPath: string): string | undefined {
  const length = Buffer.byteLength(socketPath);
  return length > MAX_SOCKET_PATH_BYTES
    ? `the path ${socketPath} is ${length} bytes long, more than a Unix socket address holds ` +
        `(${MAX_SOCKET_PATH_BYTES}): choose a shorter DATA_DIR`
    : undefined;
}

/** Longest request line accepted: a command line, not a payload. */
export const MAX_REQUEST_BYTES = 64 * 1024;

export const controlRequestSchema = z
  .object({
    type: z.literal('run'),
    argv: z.array(z.string().max(4096)).min(1).max(64),
  })
  .strict();
export type ControlRequest = z.infer<typeof controlRequestSchema>;

export type ControlMessage =
  | { type: 'output'; stream: 'stdout' | 'stderr'; text: string }
  | { type: 'exit'; code: number };

export function encodeMessage(message: ControlMessage | ControlRequest): string {
  return `${JSON.stringify(message)}\n`;
}

/**
 * Splits a byte stream into lines. More than `maxBytes` without a newline calls `onOverflow`
 * and drops the rest, so a peer cannot make the other side buffer without end.
 */
export function createLineSplitter(
  onLine: (line: string) => void,
  options: { maxBytes: number; onOverflow: () => void },
): (chunk: Buffer) => void {
  let pending = '';
  let overflowed = false;
  return (chunk) => {
    if (overflowed) return;
    pending += chunk.toString('utf8');
    let newline = pending.indexOf('\n');
    while (newline !== -1) {
      const line = pending.slice(0, newline);
      pending = pending.slice(newline + 1);
      if (line.trim() !== '') onLine(line);
      newline = pending.indexOf('\n');
    }
    if (Buffer.byteLength(pending) > options.maxBytes) {
      overflowed = true;
      pending = '';
      options.onOverflow();
    }
  };
}
