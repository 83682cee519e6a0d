import os from 'node:os';
import path from 'node:path';

/** Where the browser tests' server listens and keeps its data; shared by the config and fixtures. */
export const e2ePort = Number(process.env.E2E_PORT ?? 8190);
export const e2eBaseUrl = `http://localhost:${e2ePort}`;
export const e2eDataDir = path.join(os.tmpdir(), `life-record-e2e-${e2ePort}`);

export function e2eServerEnv(): Record<string, string> {
  return {
    NODE_ENV: 'test',
    PORT: String(e2ePort),
    PUBLIC_URL: e2eBaseUrl,
    DATA_DIR: e2eDataDir,
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
  };
}
