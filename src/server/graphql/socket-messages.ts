// The graphql-transport-ws messages a socket's governor reads (socket-operations.ts).

export function parseMessage(data: Buffer): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(data.toString('utf8'));
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

// Mercurius writes `{"type":…,"id":…,"payload":…}`: the type and id are read from the start, so a
// large `next` is never parsed again here.
const OUTGOING = /^\{"type":"(next|complete|error)","id":("(?:[^"\\]|\\.)*")/;

export function outgoingOf(data: string): { type: string; id: string } | undefined {
  const match = OUTGOING.exec(data.slice(0, 300));
  if (!match?.[1] || !match[2]) return undefined;
  return { type: match[1], id: JSON.parse(match[2]) as string };
}
