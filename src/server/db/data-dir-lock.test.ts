import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError, lockFilePath } from './data-dir-lock.ts';

const dirs: string[] = [];
function tempDatabaseDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lr-lock-'));
  dirs.push(dir);
  return path.join(dir, 'pg');
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('data directory lock', () => {
  it('lets one holder in and refuses a second with a message naming the holder', () => {
    const dir = tempDatabaseDir();
    const lock = acquireDataDirLock(dir, 'server on port 8080');
    expect(() => acquireDataDirLock(dir, 'cli')).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dir, 'cli')).toThrow(/server on port 8080, pid \d+/);
    lock.release();
    acquireDataDirLock(dir, 'cli').release();
  });

  it('takes over a lock left by a process that died', () => {
    const dir = tempDatabaseDir();
    // A real process that has exited: its pid is certainly not running any more.
    const dead = spawnSync(process.execPath, ['-e', '']).pid ?? 999_999;
    fs.mkdirSync(path.dirname(dir), { recursive: true });
    fs.writeFileSync(
      lockFilePath(dir),
      JSON.stringify({ pid: dead, hostname: os.hostname(), startedAt: 'earlier', purpose: 'crashed server' }),
    );
    const lock = acquireDataDirLock(dir, 'server');
    expect(JSON.parse(fs.readFileSync(lock.path, 'utf8')).pid).toBe(process.pid);
    lock.release();
    expect(fs.existsSync(lockFilePath(dir))).toBe(false);
  });
});
