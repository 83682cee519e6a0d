/** Issue 25: what new work is told while the memory guard holds it back (HTTP 503, or a socket's error). */
export const SERVER_BUSY_MESSAGE =
  'The server is busy right now. Nothing was changed; try again in a few seconds.';
