import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface Checkout {
  /** What was asked for: a ref, or "working tree". */
  ref: string;
  sha: string;
  dir: string;
}

const CACHE = path.join(os.tmpdir(), 'life-record-bench-refs');
const READY = '.bench-ready';

function git(root: string, ...args: string[]): string {
  return execFileSync('git', ['-C', root, ...args], { encoding: 'utf8' }).trim();
}

function run(command: string, args: string[], cwd: string, what: string): void {
  console.log(`  ${what}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, {
    cwd,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
  });
  if (result.status !== 0) throw new Error(`${what} failed in ${cwd} (exit ${result.status})`);
}

/**
 * Issue 31 §2: a commit's files, installed and built, in a directory of its own under the system's
 * temporary directory (one per commit, reused by later runs once ready). The files come from
 * `git archive`, so the repository gains no worktree entries. node_modules: a hard-link copy of
 * this checkout's when the lockfiles are the same (seconds, no network), else `npm ci`. Then the
 * commit's own `npm run build`, as `npm start` would build its client.
 */
export function prepareCheckout(root: string, ref: string): Checkout {
  const sha = git(root, 'rev-parse', '--verify', `${ref}^{commit}`);
  const dir = path.join(CACHE, sha.slice(0, 12));
  if (fs.existsSync(path.join(dir, READY))) {
    console.log(`${ref} (${sha.slice(0, 9)}): reusing ${dir}`);
    return { ref, sha, dir };
  }
  console.log(`${ref} (${sha.slice(0, 9)}): checking out into ${dir}`);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const archive = spawnSync('sh', ['-c', `git -C "${root}" archive ${sha} | tar -x -C "${dir}"`], {
    stdio: 'inherit',
  });
  if (archive.status !== 0) throw new Error(`git archive of ${sha} failed`);
  const lock = (at: string) => fs.readFileSync(path.join(at, 'package-lock.json'), 'utf8');
  if (fs.existsSync(path.join(root, 'node_modules')) && lock(dir) === lock(root)) {
    run(
      'cp',
      ['-al', path.join(root, 'node_modules'), path.join(dir, 'node_modules')],
      dir,
      'node_modules (same lockfile, hard links)',
    );
  } else {
    run('npm', ['ci', '--no-audit', '--no-fund'], dir, 'install (its own lockfile)');
  }
  run('npm', ['run', 'build'], dir, 'build');
  fs.writeFileSync(path.join(dir, READY), `${sha}\n`);
  return { ref, sha, dir };
}

/** The working tree itself (uncommitted changes included), built if it has no client build yet. */
export function workingTree(root: string): Checkout {
  const sha = git(root, 'rev-parse', 'HEAD');
  const dirty = git(root, 'status', '--porcelain').length > 0;
  if (!fs.existsSync(path.join(root, 'dist/client/index.html'))) run('npm', ['run', 'build'], root, 'build');
  return { ref: dirty ? 'working tree (uncommitted changes)' : 'working tree', sha, dir: root };
}
