import os from 'node:os';
import path from 'node:path';

/** Where the browser tests' server listens and keeps its data; shared by the config and fixtures. */
export const e2ePort = Number(process.env.E2E_PORT ?? 8190);
export const e2eBaseUrl = `http://localhost:${e2ePort}`;
export const e2eDataDir = path.join(os.tmpdir(), `life-record-e2e-${e2ePort}`);

/** A second server some specs start and stop themselves (its own port and data directory). */
export const e2eSecondPort = Number(process.env.E2E_SECOND_PORT ?? e2ePort + 1);

/** The environment of the e2e server, or of another one on its own port and data directory. */
export function e2eServerEnv(port = e2ePort, dataDir = e2eDataDir): Record<string, string> {
  return {
    NODE_ENV: 'test',
    PORT: String(port),
    PUBLIC_URL: `http://localhost:${port}`,
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    // The whole suite signs dozens of people in from 127.0.0.1; the per-network limits themselves
    // are tested by the server tests (sign-in-protection, support-routes).
    NETWORK_RATE_LIMIT_FACTOR: '50',
  };
}
