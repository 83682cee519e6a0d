import type { FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { bearerToken } from '../kernel/authentication.ts';
import type { Viewer } from '../modules/identity/viewer.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The bearer token a WebSocket connection was admitted with (subscriptions re-check it). */
    socketToken?: string;
  }
}

export const GRAPHQL_WS_PROTOCOL = 'graphql-transport-ws';

/** Close codes of the graphql-transport-ws protocol, with reasons a person can read. */
export const SOCKET_CLOSE = {
  badRequest: 4400,
  unauthorized: 4401,
  subprotocolNotAcceptable: 4406,
  initTimeout: 4408,
  tooManyInits: 4429,
} as const;
export const SESSION_EXPIRED_REASON = 'Your sign-in has expired. Sign in again.';
const INIT_TIMEOUT_MS = 10_000;
const MAX_MESSAGES_BEFORE_ADMISSION = 20;
// setTimeout holds at most 2^31-1 ms; a longer-lived token is checked again when that fires.
const MAX_TIMER_MS = 2_147_483_647;

type SocketHandler = (this: unknown, socket: WebSocket, request: FastifyRequest) => unknown;

/**
 * Wraps Mercurius' WebSocket handler (customer-app §7 call 10; DESIGN §8): nothing reaches
 * Mercurius before `connection_init` has carried a valid bearer token (`authorization`, or
 * `Authorization`, or either inside `headers`). Without one the socket is closed with 4401 and the
 * reason; a connection lives no longer than its token (closed with 4401 at `exp`).
 */
export function gateSocket(
  handler: SocketHandler,
  authenticate: (token: string) => Promise<Viewer>,
  onAdmitted?: (socket: WebSocket, viewer: Viewer, token: string) => void,
  /** Puts itself between the admitted socket and Mercurius (socket-operations.ts). */
  govern?: (socket: WebSocket, viewer: Viewer) => void,
): SocketHandler {
  return function gated(this: unknown, socket, request) {
    if (socket.protocol !== GRAPHQL_WS_PROTOCOL) {
      socket.close(
        SOCKET_CLOSE.subprotocolNotAcceptable,
        `Subprotocol not acceptable: use ${GRAPHQL_WS_PROTOCOL}.`,
      );
      return;
    }
    const held: Array<[Buffer, boolean]> = [];
    const initTimer = setTimeout(
      () => socket.close(SOCKET_CLOSE.initTimeout, 'Connection initialisation timeout'),
      INIT_TIMEOUT_MS,
    );
    const hold = (data: Buffer, isBinary: boolean) => {
      held.push([data, isBinary]);
      if (held.length === 1) void admit(data);
      else if (held.length > MAX_MESSAGES_BEFORE_ADMISSION)
        socket.close(SOCKET_CLOSE.badRequest, 'Too many messages before connection_ack.');
    };
    socket.on('message', hold);
    socket.once('close', () => clearTimeout(initTimer));

    const admit = async (first: Buffer) => {
      const refusal = initRefusal(first);
      let viewer: Viewer | undefined;
      let token: string | undefined;
      if (refusal === undefined) {
        try {
          token = bearerToken(tokenHeader(first));
          viewer = await authenticate(token);
        } catch (error) {
          const message = error instanceof Error ? error.message : 'Unauthorized';
          return closeWith(socket, SOCKET_CLOSE.unauthorized, message);
        }
      } else {
        return closeWith(socket, refusal.code, refusal.reason);
      }
      clearTimeout(initTimer);
      if (socket.readyState !== socket.OPEN) return;
      const admittedToken = token ?? '';
      // Issue 38 §5: at the session's time limit the reason says so (the screen names the cause).
      endAtExpiry(socket, viewer.tokenExpiresAt, () =>
        authenticate(admittedToken).then(
          () => SESSION_EXPIRED_REASON,
          (error: unknown) => (error instanceof Error ? error.message : SESSION_EXPIRED_REASON),
        ),
      );
      request.viewer = viewer;
      request.socketToken = token;
      socket.off('message', hold);
      // Mercurius starts listening synchronously; then it gets the messages held so far, in order.
      // graphql-transport-ws: a second connection_init closes the socket with 4429 (issue 14 §13;
      // Mercurius acknowledged it again).
      const refuseSecondInit = (data: Buffer) => {
        if (parseMessage(data)?.type === 'connection_init')
          closeWith(socket, SOCKET_CLOSE.tooManyInits, 'Too many initialisation requests');
      };
      if (held.slice(1).some(([data]) => parseMessage(data)?.type === 'connection_init')) {
        return closeWith(socket, SOCKET_CLOSE.tooManyInits, 'Too many initialisation requests');
      }
      govern?.(socket, viewer);
      // The governor may have refused the connection (too many for this person).
      if (socket.readyState !== socket.OPEN) return;
      handler.call(this, socket, request);
      for (const [data, isBinary] of held) socket.emit('message', data, isBinary);
      socket.on('message', refuseSecondInit);
      onAdmitted?.(socket, viewer, token ?? '');
    };
  };
}

function initRefusal(first: Buffer): { code: number; reason: string } | undefined {
  const message = parseMessage(first);
  if (message?.type === 'connection_init') return undefined;
  // graphql-transport-ws: subscribing before the acknowledgement is "Unauthorized".
  if (message?.type === 'subscribe') return { code: SOCKET_CLOSE.unauthorized, reason: 'Unauthorized' };
  return { code: SOCKET_CLOSE.badRequest, reason: 'The first message must be connection_init.' };
}

function tokenHeader(first: Buffer): string | undefined {
  const payload = parseMessage(first)?.payload;
  if (typeof payload !== 'object' || payload === null) return undefined;
  const record = payload as Record<string, unknown>;
  const headers = (
    typeof record.headers === 'object' && record.headers !== null ? record.headers : {}
  ) as Record<string, unknown>;
  const value =
    record.authorization ?? record.Authorization ?? headers.authorization ?? headers.Authorization;
  return typeof value === 'string' ? value : undefined;
}

function parseMessage(data: Buffer): { type?: unknown; payload?: unknown } | undefined {
  try {
    const value: unknown = JSON.parse(data.toString('utf8'));
    return typeof value === 'object' && value !== null ? value : undefined;
  } catch {
    return undefined;
  }
}

function endAtExpiry(socket: WebSocket, expiresAt: number, reason: () => Promise<string>): void {
  let timer: NodeJS.Timeout | undefined;
  const schedule = () => {
    const left = expiresAt - Date.now();
    if (left <= 0) {
      void reason().then((text) => closeWith(socket, SOCKET_CLOSE.unauthorized, text));
      return;
    }
    timer = setTimeout(schedule, Math.min(left, MAX_TIMER_MS));
  };
  schedule();
  socket.once('close', () => clearTimeout(timer));
}

/** A close reason may hold at most 123 bytes (RFC 6455 §5.5). */
function closeWith(socket: WebSocket, code: number, reason: string): void {
  let text = reason;
  if (Buffer.byteLength(text) > 123) {
    while (Buffer.byteLength(text) > 120) text = text.slice(0, -1);
    text = `${text}…`;
  }
  socket.close(code, text);
}

/**
 * The admitted sockets by user (issue 14 §3): when a user changes (logout, password reset, roles),
 * each of their sockets' tokens is checked again, and a socket whose token no longer passes closes
 * with 4401 and the reason.
 */
export function socketRegistry(authenticate: (token: string) => Promise<Viewer>) {
  const byUser = new Map<string, Map<WebSocket, string>>();
  return {
    admitted(socket: WebSocket, viewer: Viewer, token: string) {
      let sockets = byUser.get(viewer.userId);
      if (!sockets) {
        sockets = new Map();
        byUser.set(viewer.userId, sockets);
      }
      sockets.set(socket, token);
      socket.once('close', () => {
        sockets.delete(socket);
        if (sockets.size === 0) byUser.delete(viewer.userId);
      });
    },
    recheck(userId: string) {
      for (const [socket, token] of byUser.get(userId) ?? []) {
        authenticate(token).catch((error: unknown) => {
          const reason = error instanceof Error ? error.message : 'Unauthorized';
          closeWith(socket, SOCKET_CLOSE.unauthorized, reason);
        });
      }
    },
  };
}
