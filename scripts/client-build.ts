import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const stampFile = path.join(root, 'dist/client/.build-stamp');
// Everything the client bundle is made from; a change to any of them makes the build stale.
const inputs = ['src/web', 'src/domain', 'vite.config.ts', 'package-lock.json', 'tsconfig.json'];

/** A hash of the content of every client input, so a stale build is detected even after a checkout. */
export function clientSourceHash(): string {
  const hash = createHash('sha256');
  for (const file of inputs.flatMap((input) => listFiles(path.join(root, input))).sort()) {
    if (/\.test\.tsx?$/.test(file)) continue;
    hash.update(path.relative(root, file));
    hash.update(fs.readFileSync(file));
  }
  return hash.digest('hex');
}

function listFiles(target: string): string[] {
  if (!fs.existsSync(target)) return [];
  if (!fs.statSync(target).isDirectory()) return [target];
  return fs
    .readdirSync(target, { withFileTypes: true })
    .flatMap((entry) => listFiles(path.join(target, entry.name)));
}

export function isClientBuildFresh(): boolean {
  try {
    return (
      fs.readFileSync(stampFile, 'utf8') === clientSourceHash() &&
      fs.existsSync(path.join(root, 'dist/client/index.html'))
    );
  } catch {
    return false;
  }
}

/** Runs `vite build` when the client build is missing or stale; returns whether it built. */
export function ensureClientBuild(log: (line: string) => void = console.log): boolean {
  if (isClientBuildFresh()) return false;
  log('Building the web client (it is missing or out of date)…');
  const vite = path.join(root, 'node_modules/vite/bin/vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
    // Always the production React build, even when started from tests (NODE_ENV=test).
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error('The web client build failed (see the output above).');
  fs.writeFileSync(stampFile, clientSourceHash());
  return true;
}
