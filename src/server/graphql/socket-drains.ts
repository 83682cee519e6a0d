/** 1012 (service restart): graphql-ws clients connect again and send what was never answered. */
export const RESTART_CLOSE_CODE = 1012;
export const RESTART_REASON = 'The server is restarting; connect again.';

/**
 * Issue 39 §7: the server's close drains the sockets. Operations already started run to their
 * answer; those not started yet are never started (the client sends them again after the 1012
 * close, to the next server), so a rolling restart loses no save and runs none twice.
 */
export interface SocketDrains {
  closing: boolean;
  sockets: Set<() => Promise<void>>;
}

export function createSocketDrains(): SocketDrains {
  return { closing: false, sockets: new Set() };
}

/** Stops every socket starting work, and resolves once each has answered what it started and closed (or after `timeoutMs`). */
export async function drainSockets(drains: SocketDrains, timeoutMs: number): Promise<void> {
  drains.closing = true;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    Promise.all([...drains.sockets].map((drain) => drain())),
    new Promise((resolve) => {
      timer = setTimeout(resolve, timeoutMs);
    }),
  ]);
  clearTimeout(timer);
}
