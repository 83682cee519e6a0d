import type { FastifyInstance } from 'fastify';
import { graphql, socketUrl, TestSocket } from './graphql-client.ts';

// customer-app §7 calls 7 and 10 as the record subscription tests make them: a save, and the
// record's live updates over a real WebSocket (graphql-transport-ws).

export const RECORD_SUBSCRIPTION = `subscription Live($id: ID!) {
  record(id: $id) {
    id updatedAt version submitted data
    user { id name email federatedId } organization { id name } inventoryType { id name model }
    reportGenerations { id dateGenerated response model }
  }
}`;

export interface LiveRecord {
  version: number;
  submitted: boolean;
  data: Record<string, unknown>;
  user: { name?: string | null; email: string | null } | null;
  reportGenerations: { id: string; response: string }[];
}

/** The subscription's next record; its `error` message thrown. */
export async function nextRecord(socket: TestSocket, id = '1'): Promise<LiveRecord> {
  const message = await socket.next((m) => m.id === id && (m.type === 'next' || m.type === 'error'));
  if (message.type === 'error') throw new Error(`subscription error: ${JSON.stringify(message.payload)}`);
  return (message.payload as { data: { record: LiveRecord } }).data.record;
}

export function saveAnswers(
  app: FastifyInstance,
  headers: Record<string, string>,
  recordId: string,
  baseVersion: number,
  answers: Record<string, unknown>,
) {
  return graphql(
    app,
    'mutation($i: SaveRecordAnswersInput!) { saveRecordAnswers(input: $i) { version } }',
    { i: { id: recordId, baseVersion, answers } },
    headers,
  );
}

/** Sockets to a listening app, each closed by `closeAll` (afterAll). */
export function recordSockets(appOf: () => FastifyInstance) {
  const sockets: TestSocket[] = [];
  const open = (options: { origin?: string; protocol?: string } = {}) => {
    const socket = new TestSocket(socketUrl(appOf()), options);
    sockets.push(socket);
    return socket;
  };
  return {
    open,
    async connected(authorization: string) {
      const socket = open();
      await socket.init(authorization);
      await socket.next((m) => m.type === 'connection_ack');
      return socket;
    },
    closeAll() {
      for (const socket of sockets) socket.close();
    },
  };
}
