import http from 'node:http';

/**
 * One POST over Node's http with the run's own keep-alive agent. Each run makes its agent and
 * destroys it at its end: fetch's process-wide pool kept sockets to the previous level's server
 * (same port, process gone) and the next level's first requests on them were reset.
 */
export function postJson(
  agent: http.Agent,
  url: string,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
        signal: AbortSignal.timeout(timeoutMs),
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
        );
        response.on('error', (error) => reject(Object.assign(error, { afterStatus: response.statusCode })));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}
