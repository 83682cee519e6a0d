/**
 * Issue 31 §1: every failure the load generator meets is counted by kind, never thrown. The kinds
 * are what an operator acts on: a reset or refused connection (the server's accept queue or file
 * limit), a time-out (it is too slow), a closed WebSocket, a GraphQL error code.
 */

/** Errors' `code`s as Node (net, http), undici (fetch) and ws report them, by what they mean here. */
const KIND_BY_CODE: Record<string, string> = {
  ECONNRESET: 'connection reset',
  ECONNREFUSED: 'connection refused',
  EPIPE: 'connection closed',
  ECONNABORTED: 'connection closed',
  UND_ERR_SOCKET: 'connection closed',
  UND_ERR_CLOSED: 'connection closed',
  ETIMEDOUT: 'time-out',
  UND_ERR_CONNECT_TIMEOUT: 'time-out',
  UND_ERR_HEADERS_TIMEOUT: 'time-out',
  UND_ERR_BODY_TIMEOUT: 'time-out',
  EADDRNOTAVAIL: 'out of local ports',
  EMFILE: 'out of file descriptors',
  ENFILE: 'out of file descriptors',
};

/** WebSocket close codes (RFC 6455, graphql-ws) worth their own name. */
const KIND_BY_CLOSE_CODE: Record<number, string> = {
  1006: 'connection lost (1006)',
  1011: 'server error (1011)',
  1013: 'try again later (1013)',
  4400: 'bad request (4400)',
  4401: 'unauthorized (4401)',
  4403: 'forbidden (4403)',
  4408: 'time-out (connection init, 4408)',
  4499: 'terminated (4499)',
  4504: 'time-out (no acknowledgement, 4504)',
};

type Loose = Record<string, unknown>;
const isObject = (value: unknown): value is Loose => typeof value === 'object' && value !== null;

/** The first `code` string on the error or what it wraps (fetch's `cause`, ws's ErrorEvent `error`). */
function codeOf(error: unknown, depth = 0): string | undefined {
  if (!isObject(error) || depth > 4) return undefined;
  if (typeof error.code === 'string') return error.code;
  return codeOf(error.cause, depth + 1) ?? codeOf(error.error, depth + 1);
}

function isTimeout(error: unknown, depth = 0): boolean {
  if (!isObject(error) || depth > 4) return false;
  if (error.name === 'TimeoutError') return true;
  return isTimeout(error.cause, depth + 1) || isTimeout(error.error, depth + 1);
}

/** The error's own message, or that of what it wraps (ws's ErrorEvent keeps it on `error`). */
function messageOf(error: unknown, depth = 0): string {
  if (!isObject(error) || depth > 4) return '';
  if (typeof error.message === 'string' && error.message) return error.message;
  return messageOf(error.error, depth + 1) || messageOf(error.cause, depth + 1);
}

/** What went wrong, in a few words, from whatever a fetch, a socket or graphql-ws handed over. */
export function classifyFailure(error: unknown): string {
  if (isTimeout(error)) return 'time-out';
  const code = codeOf(error);
  if (code !== undefined) return KIND_BY_CODE[code] ?? `other (${code})`;
  if (Array.isArray(error)) {
    // graphql-ws hands a subscription's GraphQL errors over as an array.
    const first: unknown = error[0];
    const extensions = isObject(first) && isObject(first.extensions) ? first.extensions : undefined;
    return `GraphQL ${typeof extensions?.code === 'string' ? extensions.code : 'error'}`;
  }
  if (isObject(error) && typeof error.code === 'number' && 'reason' in error) {
    return KIND_BY_CLOSE_CODE[error.code] ?? `closed (${error.code})`;
  }
  const message = messageOf(error);
  if (/socket hang up/i.test(message)) return 'connection closed';
  if (/handshake has timed out/i.test(message)) return 'time-out (WebSocket handshake)';
  const upgrade = /Unexpected server response: (\d+)/.exec(message);
  if (upgrade) return `HTTP ${upgrade[1]} on WebSocket upgrade`;
  if (isObject(error) && error.name === 'AbortError') return 'aborted';
  if (message) return `other: ${message.slice(0, 60)}`;
  const name = isObject(error) && typeof error.name === 'string' ? error.name : typeof error;
  return `other (${name})`;
}

/**
 * A WebSocket's own error or close, as graphql-ws hands it to a subscription that dies with its
 * socket: already counted as the socket's failure, so not counted again as the subscription's.
 */
export function isSocketFailure(error: unknown): boolean {
  if (!isObject(error) || Array.isArray(error)) return false;
  return error.type === 'error' || (typeof error.code === 'number' && 'reason' in error);
}

/** Failures by "channel: kind", e.g. "save: time-out" or "websocket: connection reset". */
export class FailureCounts {
  private readonly counts = new Map<string, number>();

  add(channel: string, kind: string, count = 1): void {
    const key = `${channel}: ${kind}`;
    this.counts.set(key, (this.counts.get(key) ?? 0) + count);
  }

  get total(): number {
    let sum = 0;
    for (const n of this.counts.values()) sum += n;
    return sum;
  }

  /** Most frequent first. */
  toRecord(): Record<string, number> {
    return Object.fromEntries([...this.counts].sort((a, b) => b[1] - a[1]));
  }
}
