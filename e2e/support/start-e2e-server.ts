// Starts the real server for the browser tests: a fresh data directory, the embedded defaults,
// and a client build that is current.
import fs from 'node:fs';
import { ensureClientBuild } from '../../scripts/client-build.ts';
import { e2eDataDir, e2eServerEnv } from './e2e-environment.ts';

fs.rmSync(e2eDataDir, { recursive: true, force: true });
Object.assign(process.env, e2eServerEnv());
for (const name of [
  'DATABASE_URL',
  'OIDC_ISSUER',
  'SMTP_URL',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'OPENAI_API_KEY',
  'OPENAI_BASE_URL',
]) {
  delete process.env[name];
}
ensureClientBuild((line) => console.error(line));
await import('../../src/server/main.ts');
