import type { WebSocket } from 'ws';
import { retryAfterSeconds, SOCKET_FLOOD_REASON } from '#domain/fair-share.ts';
import { findInputProblem, INPUT_LIMIT_MESSAGES } from '#domain/input-limits.ts';
import { SERVER_BUSY_MESSAGE } from '../kernel/messages.ts';
import { type FairShare, RATE_LIMITED_CODE } from './fair-share.ts';
import { type PersonLimiter, TOO_MANY_WAITING_MESSAGE } from './person-limiter.ts';
import { graphqlRequestProblem } from './request-shape.ts';
import { RESTART_CLOSE_CODE, RESTART_REASON, type SocketDrains } from './socket-drains.ts';
import { outgoingOf, parseMessage } from './socket-messages.ts';

/** Issue 25 §3: live subscriptions one connection may hold, and one person over all connections. */
export const MAX_SUBSCRIPTIONS_PER_SOCKET = 20;
export const MAX_SUBSCRIPTIONS_PER_PERSON = 40;
/** Open connections of one person (a tab holds one): a flood of sockets cannot pile up memory. */
export const MAX_SOCKETS_PER_PERSON = 20;
/** Issue 25 §4: queries and mutations one connection runs at once; more wait on that connection. */
export const MAX_OPERATIONS_IN_FLIGHT_PER_SOCKET = 2;
const MAX_OPERATIONS_WAITING_PER_SOCKET = 16;
/** Bytes queued for a reader that does not read; past this the connection is closed. */
export const MAX_BUFFERED_BYTES = 32 * 1024 * 1024;

export const TOO_MANY_SUBSCRIPTIONS_MESSAGE = `Too many live subscriptions on this connection (at most ${MAX_SUBSCRIPTIONS_PER_SOCKET}). Complete one before starting another.`;
export const TOO_MANY_PERSON_SUBSCRIPTIONS_MESSAGE = `Too many live subscriptions for your account (at most ${MAX_SUBSCRIPTIONS_PER_PERSON} over all connections). Close a tab or complete one first.`;
export const TOO_MANY_SOCKETS_REASON = `Too many open connections for your account (at most ${MAX_SOCKETS_PER_PERSON}). Close a tab first.`;
export const SLOW_READER_REASON = 'The connection does not read its messages; it was closed.';
type Kind = 'subscription' | 'operation';
export interface OperationCheck {
  kind: Kind;
  /** GraphQL errors as they are sent (message, extensions): syntax, validation, limits. */
  errors: readonly unknown[];
}
interface Active {
  kind: Kind;
  /** Until the server's first message for it, a subscription is still being set up in Mercurius. */
  started: boolean;
  /** The client's `complete` that arrived during set-up, passed on once the set-up is done. */
  completeHeld?: { data: Buffer; isBinary: boolean };
  release?: () => void;
}

/** What every connection of one person shares (the subscription count over all their sockets). */
export interface PersonSockets {
  subscriptions: Map<string, number>;
  sockets: Map<string, number>;
}

export function createPersonSockets(): PersonSockets {
  return { subscriptions: new Map(), sockets: new Map() };
}

/** Counts the socket for its person until it closes; false (and the socket closed) past the cap. */
function admitSocket(socket: WebSocket, person: string, people: PersonSockets): boolean {
  const open = people.sockets.get(person) ?? 0;
  if (open >= MAX_SOCKETS_PER_PERSON) {
    // 1008 (policy violation): graphql-ws clients do not retry it, so no reconnect storm follows.
    socket.close(1008, TOO_MANY_SOCKETS_REASON);
    return false;
  }
  people.sockets.set(person, open + 1);
  socket.once('close', () => {
    const left = (people.sockets.get(person) ?? 1) - 1;
    if (left <= 0) people.sockets.delete(person);
    else people.sockets.set(person, left);
  });
  return true;
}

/**
 * Stands between an admitted socket and Mercurius (issue 25 §2–§4, §6–§7): every `subscribe` is
 * checked as an HTTP request is (query as text, variables without NUL or deep nesting, the memory
 * guard), subscriptions are capped per connection and per person, and queries and mutations take
 * a slot of the connection and of the person (shared with HTTP) before Mercurius sees them; the
 * slot is freed by the server's `complete` or `error` for that id.
 */
export function governSocketOperations(
  socket: WebSocket,
  options: {
    person: string;
    limiter: PersonLimiter;
    people: PersonSockets;
    /** Issue 39 §4: the account's budgets, and this connection's message rate. */
    fairShare?: FairShare;
    /** Issue 39 §7: the server's close drains this socket. */
    drains?: SocketDrains;
    nearMemoryLimit: () => boolean;
    /** Parses and validates as an HTTP request is (the same rules); the errors are sent as they are. */
    check: (query: string, operationName: string | undefined) => OperationCheck;
  },
): void {
  const { person, limiter, people } = options;
  if (options.drains?.closing) {
    socket.close(RESTART_CLOSE_CODE, RESTART_REASON);
    return;
  }
  if (!admitSocket(socket, person, people)) return;
  const active = new Map<string, Active>();
  const waiting: Array<() => void> = [];
  let running = 0;
  let subscriptions = 0;
  const messageWithinRate = options.fairShare?.socketMessages() ?? (() => true);
  const emit = socket.emit.bind(socket) as (event: string, ...args: unknown[]) => boolean;
  const send = socket.send.bind(socket) as (data: unknown, ...rest: unknown[]) => void;

  const personSubscriptions = (change: number) => {
    const count = (people.subscriptions.get(person) ?? 0) + change;
    if (count <= 0) people.subscriptions.delete(person);
    else people.subscriptions.set(person, count);
  };
  const refuseWith = (id: string, errors: readonly unknown[]) =>
    send(JSON.stringify({ type: 'error', id, payload: errors }));
  const refuse = (id: string, message: string, code = 'BAD_REQUEST') =>
    refuseWith(id, [{ message, extensions: { code } }]);

  let draining: Promise<void> | undefined;
  /** Operations handed to Mercurius and not yet answered. */
  const started = () =>
    [...active.values()].filter((entry) => entry.kind === 'operation' && entry.release).length;
  // After the send in progress (the `complete` is passed on after finish()).
  const closeWhenAnswered = () => {
    if (draining && started() === 0)
      setImmediate(() => {
        if (socket.readyState === socket.OPEN) socket.close(RESTART_CLOSE_CODE, RESTART_REASON);
      });
  };
  const drain = () => {
    if (socket.readyState === socket.CLOSED) return Promise.resolve();
    draining ??= new Promise<void>((resolve) => socket.once('close', () => resolve()));
    closeWhenAnswered();
    return draining;
  };
  options.drains?.sockets.add(drain);

  const finish = (id: string) => {
    const entry = active.get(id);
    if (!entry) return;
    active.delete(id);
    if (entry.kind === 'subscription') {
      subscriptions--;
      personSubscriptions(-1);
    } else {
      entry.release?.();
      running--;
      waiting.shift()?.();
      closeWhenAnswered();
    }
  };

  const onSubscribe = (message: Record<string, unknown>, data: Buffer, isBinary: boolean) => {
    // Closing: nothing new starts, nor is answered; the client sends it again after the 1012 close.
    if (draining) return;
    const id = message.id;
    if (typeof id !== 'string' || id === '') {
      socket.close(4400, 'A subscribe message needs an id.');
      return;
    }
    // graphql-transport-ws: a second operation under an id in use closes the connection.
    if (active.has(id)) {
      socket.close(4409, `Subscriber for ${id.slice(0, 60)} already exists`);
      return;
    }
    // Issue 25 §6–§7: the same checks as an HTTP request's, before Mercurius sees anything.
    const payload = message.payload as Record<string, unknown> | undefined;
    const shapeProblem = graphqlRequestProblem(payload);
    if (shapeProblem) return refuse(id, shapeProblem);
    const inputProblem = findInputProblem(payload?.variables);
    if (inputProblem) return refuse(id, INPUT_LIMIT_MESSAGES[inputProblem], 'BAD_USER_INPUT');
    if (options.nearMemoryLimit()) return refuse(id, SERVER_BUSY_MESSAGE, 'SERVER_BUSY');
    const name = typeof payload?.operationName === 'string' ? payload.operationName : undefined;
    const checked = options.check(payload?.query as string, name);
    if (checked.errors.length > 0) return refuseWith(id, checked.errors);
    const kind = checked.kind;
    if (kind === 'subscription') {
      if (subscriptions >= MAX_SUBSCRIPTIONS_PER_SOCKET)
        return refuse(id, TOO_MANY_SUBSCRIPTIONS_MESSAGE, 'TOO_MANY_SUBSCRIPTIONS');
      if ((people.subscriptions.get(person) ?? 0) >= MAX_SUBSCRIPTIONS_PER_PERSON)
        return refuse(id, TOO_MANY_PERSON_SUBSCRIPTIONS_MESSAGE, 'TOO_MANY_SUBSCRIPTIONS');
    } else if (waiting.length >= MAX_OPERATIONS_WAITING_PER_SOCKET)
      return refuse(id, TOO_MANY_WAITING_MESSAGE, 'TOO_MANY_REQUESTS');
    // Issue 39 §4: over the account's budget, this operation waits briefly or is refused; only the
    // account's own operations are held up.
    const verdict = options.fairShare?.take(person, data.length) ?? { ok: true, waitMs: 0 };
    if (!verdict.ok) {
      const seconds = retryAfterSeconds(verdict.retryAfterMs);
      return refuseWith(id, [
        { message: verdict.message, extensions: { code: RATE_LIMITED_CODE, retryAfterSeconds: seconds } },
      ]);
    }
    if (kind === 'subscription') {
      subscriptions++;
      personSubscriptions(1);
      active.set(id, { kind, started: false });
      later(verdict.waitMs, () => {
        if (!draining) emit('message', data, isBinary);
      });
      return;
    }
    const entry: Active = { kind, started: false };
    active.set(id, entry);
    const start = async () => {
      running++;
      if (verdict.waitMs > 0) await new Promise((resolve) => setTimeout(resolve, verdict.waitMs));
      const release = await limiter.acquire(person);
      if (!release) {
        finish(id);
        return refuse(id, TOO_MANY_WAITING_MESSAGE, 'TOO_MANY_REQUESTS');
      }
      if (socket.readyState !== socket.OPEN || draining) return release();
      entry.release = release;
      emit('message', data, isBinary);
    };
    if (running < MAX_OPERATIONS_IN_FLIGHT_PER_SOCKET) void start();
    else waiting.push(() => void start());
  };

  socket.emit = ((event: string, ...args: unknown[]) => {
    if (event !== 'message') return emit(event, ...args);
    const [data, isBinary] = args as [Buffer, boolean];
    // Issue 39 §4: a connection that floods is closed; the others never see its messages.
    if (!messageWithinRate()) {
      if (socket.readyState === socket.OPEN) socket.close(1008, SOCKET_FLOOD_REASON);
      return true;
    }
    const message = parseMessage(data);
    if (message?.type === 'subscribe') {
      onSubscribe(message, data, isBinary);
      return true;
    }
    if (message?.type === 'complete' && typeof message.id === 'string') {
      const entry = active.get(message.id);
      // A query runs to its end whatever the client says: its slot is freed when it has answered.
      if (entry?.kind === 'operation') return true;
      if (entry && !entry.started) {
        entry.completeHeld = { data, isBinary };
        return true;
      }
      finish(message.id);
    }
    return emit('message', data, isBinary);
  }) as typeof socket.emit;

  socket.send = ((data: unknown, ...rest: unknown[]) => {
    if (typeof data === 'string') {
      const outgoing = outgoingOf(data);
      if (outgoing) {
        const entry = active.get(outgoing.id);
        if (outgoing.type === 'next' && entry && !entry.started) {
          entry.started = true;
          // Mercurius has the subscription now, so the held `complete` can end it.
          if (entry.completeHeld) {
            const held = entry.completeHeld;
            queueMicrotask(() => socket.emit('message', held.data, held.isBinary));
          }
        }
        // Issue 39 §4: what the account is sent counts against its budget as sent: an answer, and
        // a live update with only the answers written since the last one (decision 152), not the
        // whole record's size, which put a person with a long story in debt at every save.
        if (outgoing.type === 'next' && entry) options.fairShare?.paceLive(person, data.length);
        if (outgoing.type !== 'next') finish(outgoing.id);
        else if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
          socket.close(1008, SLOW_READER_REASON);
          return;
        }
      }
    }
    send(data, ...rest);
  }) as typeof socket.send;

  /** Runs `then` after `ms` while the connection is open (at once for 0). */
  function later(ms: number, then: () => void) {
    if (ms <= 0) return then();
    setTimeout(() => {
      if (socket.readyState === socket.OPEN) then();
    }, ms);
  }

  socket.once('close', () => {
    options.drains?.sockets.delete(drain);
    for (const id of [...active.keys()]) finish(id);
    for (const next of waiting.splice(0)) next();
  });
}
