import type { RowMode } from '@electric-sql/pglite';
import type { PreparedStatement } from './pglite-prepared.ts';

// The messages between the server's thread and the embedded database's worker (decision 151).

/** What the server's thread asks; `tx` names a transaction `begin` opened. */
export type WorkerRequest = { id: number } & (
  | { op: 'query'; text: string; params: unknown[]; rowMode: RowMode; rawTypes: number[]; tx?: number }
  | { op: 'exec'; text: string; tx?: number }
  | { op: 'script'; text: string }
  | { op: 'prepared'; statement: PreparedStatement }
  | { op: 'begin' }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'rollback'; tx: number }
  | { op: 'listen'; channel: string }
  | { op: 'unlisten'; channel: string }
  | { op: 'close' }
);

/** Distributes Omit over the union above, so a request can be written without its `id`. */
export type WorkerRequestBody = WorkerRequest extends infer R
  ? R extends { id: number }
    ? Omit<R, 'id'>
    : never
  : never;

export type WorkerReply =
  | { kind: 'ready' }
  | { kind: 'failed'; error: SerializedError }
  | { kind: 'result'; id: number; result: unknown }
  | { kind: 'error'; id: number; error: SerializedError }
  | { kind: 'notification'; channel: string; payload: string };

/** An error that crossed the thread: PGlite's DatabaseError fields (code, constraint…) kept. */
export interface SerializedError {
  database: boolean;
  name?: string;
  message: string;
  stack?: string;
  fields: Record<string, unknown>;
}
