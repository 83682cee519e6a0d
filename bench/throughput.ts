import autocannon from 'autocannon';
import { saveAnswers } from './save-payload.ts';
import type { BenchEditor } from './seed-editors.ts';

export interface ThroughputResult {
  connections: number;
  durationS: number;
  savesPerSecond: number;
  latencyMs: { p50: number; p97_5: number; p99: number; max: number };
  saves: number;
  errors: number;
  non2xx: number;
  graphqlErrors: number;
}

const SAVE =
  'mutation Save($input: SaveRecordAnswersInput!) { saveRecordAnswers(input: $input) { id version } }';

/**
 * Raw save throughput: `connections` keep-alive connections send saves back to back for
 * `durationS` seconds (autocannon). The saves go round the editors' records, each from the last
 * version this run saw of it, so they are real merges, not conflicts.
 */
export async function runThroughput(options: {
  baseUrl: string;
  editors: BenchEditor[];
  connections: number;
  durationS: number;
}): Promise<ThroughputResult> {
  const versions = new Map<string, number>();
  let next = 0;
  let graphqlErrors = 0;
  const result = await autocannon({
    url: `${options.baseUrl}/graphql`,
    connections: options.connections,
    duration: options.durationS,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => {
          const n = next++;
          const editor = options.editors[n % options.editors.length];
          if (!editor) return request;
          return {
            ...request,
            headers: { 'content-type': 'application/json', authorization: `Bearer ${editor.token}` },
            body: JSON.stringify({
              query: SAVE,
              variables: {
                input: {
                  id: editor.recordId,
                  baseVersion: versions.get(editor.recordId) ?? 1,
                  // The editors' payload, which the raw UPDATE rate sends too (issue 31 §3).
                  answers: saveAnswers(n % options.editors.length, n),
                },
              },
            }),
          };
        },
        onResponse: (status, body) => {
          if (status !== 200) return;
          const parsed = JSON.parse(body) as {
            data?: { saveRecordAnswers?: { id: string; version: number } };
            errors?: unknown[];
          };
          const saved = parsed.data?.saveRecordAnswers;
          if (parsed.errors || !saved) graphqlErrors++;
          else versions.set(saved.id, Math.max(versions.get(saved.id) ?? 0, saved.version));
        },
      },
    ],
  });
  const saves = result.requests.total - result.non2xx - graphqlErrors;
  return {
    connections: options.connections,
    durationS: options.durationS,
    savesPerSecond: saves / options.durationS,
    latencyMs: {
      p50: result.latency.p50,
      p97_5: result.latency.p97_5,
      p99: result.latency.p99,
      max: result.latency.max,
    },
    saves,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    graphqlErrors,
  };
}
